import SessionSystem

#if os(Linux)
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif
    import SessionCore
    import SessionSupport

    import SessionHTTP
    import SessionSystemNetwork

    /// One HTTP exchange (no redirect followed) on a libcurl easy handle,
    /// driven by a multi handle of its own on a thread of its own: the thread
    /// sleeps in `curl_multi_poll` until a socket or one of curl's timers
    /// wakes it, and ``cancel()`` wakes it at once (`curl_multi_wakeup`).
    ///
    /// libcurl calls back on that thread only, so what the callbacks touch
    /// (the head being read, the body's source) needs no lock; only the
    /// cancellation flag crosses threads.
    final class CurlTransfer: @unchecked Sendable {
        struct Options: Sendable {
            var trust: TrustFiles
            /// The proxy's URL (credentials and all, for libcurl only), or `nil` to go straight.
            var proxy: String?
            var timeout: TimeInterval
        }

        /// Sends `request` and returns its response, the body handed to
        /// `receive` when `deliversBody` says the response is the answer.
        static func run(
            _ hop: RedirectRule.Hop, options: Options,
            deliversBody: @escaping @Sendable (HTTPResponse) -> Bool,
            receive: @escaping @Sendable (HTTPResponse, Data) throws -> Void
        ) async throws -> HTTPResponse {
            let transfer = try CurlTransfer(
                hop, options: options, deliversBody: deliversBody, receive: receive)
            return try await withTaskCancellationHandler {
                try await OwnThread.run { try transfer.perform() }
            } onCancel: {
                transfer.cancel()
            }
        }

        /// libcurl's handle; set once in the initializer (its callbacks call back here).
        private var curl: CurlHandle!
        private let url: URL
        private let options: Options
        private let origin: String?
        private let deliversBody: @Sendable (HTTPResponse) -> Bool
        private let receive: @Sendable (HTTPResponse, Data) throws -> Void
        private let cancelled = Locked(false)

        // The head being read: reset by each status line (a 100 Continue comes before the answer).
        private var head = ResponseHead()
        private var response: HTTPResponse?
        private var bodyIsAnswer = false
        /// Why a callback stopped the transfer.
        private var failure: (any Error)?
        /// Whether the server asked for a client certificate in the TLS
        /// handshake (watched only when the session has none to give): a
        /// server that then drops the connection wants one.
        private var certificateRequested = false
        /// Where the request's body comes from.
        private var body: BodySource

        private enum BodySource {
            case none
            case bytes([UInt8], sent: Int)
            /// A file's descriptor, read to its end; closed with the transfer.
            case stream(Int32)
        }

        private init(
            _ hop: RedirectRule.Hop, options: Options,
            deliversBody: @escaping @Sendable (HTTPResponse) -> Bool,
            receive: @escaping @Sendable (HTTPResponse, Data) throws -> Void
        ) throws {
            let request = hop.request
            guard let url = request.url else { throw NetworkError.invalidRequest("the request names no URL") }
            self.url = url
            self.options = options
            self.origin = Origin(url)?.description
            self.deliversBody = deliversBody
            self.receive = receive
            switch hop.body {
            case .none: body = .none
            case .data(let data): body = .bytes([UInt8](data), sent: 0)
            case .stream(let stream):
                guard let descriptor = stream.openDescriptor() else {
                    throw BodyUnreadable(path: stream.path, code: Errno.current)
                }
                body = .stream(descriptor)
            }
            do {
                // Unowned: the handle lives only as long as this transfer.
                curl = try CurlHandle(
                    callbacks: CurlHandle.Callbacks(
                        header: { [unowned self] in header($0) }, body: { [unowned self] in write($0) },
                        read: { [unowned self] in read(into: $0) }, debugText: { [unowned self] in debug($0) }
                    ))
                try configure(request)
            } catch let failure as CurlHandle.SetupFailure {
                throw ConnectionError(.other(failure.words), origin: origin)
            }
        }

        deinit {
            if case .stream(let descriptor) = body { systemClose(descriptor) }
        }

        /// Stops the transfer: at once when it is waiting, else at its next callback.
        func cancel() {
            cancelled.withLock { $0 = true }
            curl.wake()
        }

        // MARK: Setting up

        private func configure(_ request: HTTPRequest) throws {
            try curl.set(.url(url.absoluteString))
            try curl.set(.noSignal)
            try curl.set(.protocols("http,https"))
            try curl.set(.followLocation(false))
            // TLS 1.2 at least, whatever the system's defaults (BCP 195; FAPI 2.0 §5.2.1).
            try curl.set(.minimumTLS12)
            let seconds = max(1, Int(options.timeout.rounded(.up)))
            try curl.set(.connectTimeout(seconds: seconds))
            try curl.set(.lowSpeed(bytesPerSecond: 1, seconds: seconds))
            try curl.set(.suppressConnectHeaders)
            try curl.set(.proxy(options.proxy ?? ""))
            try curl.set(.noProxy(""))
            try configureTrust()

            var lines: [String] = []
            var names = Set<String>()
            // A streamed body's length when the caller gave it; libcurl writes the header itself.
            var streamLength: Int?
            // A header's text is the caller's (a transport can be used without
            // NetworkClient): CR or LF would start another header, NUL end this one.
            if let problem = request.headerFields.problem { throw NetworkError.invalidRequest(problem) }
            for field in request.headerFields {
                let (name, value) = (field.name.rawName, field.value)
                if field.name == .contentLength {
                    streamLength = Int(value).flatMap { $0 >= 0 ? $0 : nil }
                    continue
                }
                names.insert(field.name.canonicalName)
                lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
            }
            if !names.contains("accept-encoding") { try curl.set(.acceptEncoding("")) }
            // No `Expect: 100-continue` wait before a body.
            lines.append("Expect:")

            let method = request.method.rawValue
            switch body {
            case .none where method == "HEAD":
                try curl.set(.noBody)
            case .none:
                try curl.set(.httpGet)
                if method != "GET" { try curl.set(.customRequest(method)) }
            case .bytes(let bytes, _):
                try sendsBody(method: method, length: bytes.count)
            case .stream:
                try sendsBody(method: method, length: streamLength)
                if streamLength == nil { lines.append("Transfer-Encoding: chunked") }
            }
            if case .none = body {
            } else if !names.contains("content-type") {
                // libcurl would send application/x-www-form-urlencoded.
                lines.append("Content-Type:")
            }
            try curl.setHeaderLines(lines)
        }

        private func sendsBody(method: String, length: Int?) throws {
            try curl.set(.post(length: length))
            if method != "POST" { try curl.set(.customRequest(method)) }
        }

        private func configureTrust() throws {
            let trust = options.trust
            if let sessionCAs = trust.sessionCAs {
                // The session's CAs join the bundle in use (the environment's or the system's).
                let bundle = trust.bundle ?? curl.defaultCAFile
                var pem =
                    (try? bundle.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }) ?? nil ?? Data()
                pem.append(0x0A)
                pem.append(try Data(contentsOf: URL(fileURLWithPath: sessionCAs)))
                try curl.set(.caBytes(pem))
            } else if let bundle = trust.bundle {
                try curl.set(.caFile(bundle))
                try curl.set(.proxyCAFile(bundle))
            }
            if let folder = trust.folder {
                try curl.set(.caFolder(folder))
                try curl.set(.proxyCAFolder(folder))
            }
            if trust.clientCertificate == nil && url.scheme?.lowercased() == "https" {
                // libcurl's own account of the handshake, read for one line
                // ("Request CERT") and never kept: the only way to tell a server
                // that wants a certificate from one that dropped the connection.
                try curl.set(.verbose)
            }
            if let certificate = trust.clientCertificate {
                try curl.set(
                    .clientCertificate(
                        certificateFile: certificate.certificateFile, keyFile: certificate.keyFile))
            }
        }

        // MARK: Running

        private func perform() throws -> HTTPResponse {
            let ended: CurlHandle.Result?
            do {
                // Sleeps until a socket is ready, one of curl's timers is due, or cancel() wakes it.
                ended = try curl.perform { cancelled.withLock { $0 } }
            } catch {
                throw ConnectionError(.other(error.words), origin: origin)
            }
            guard let ended else { throw CancellationError() }
            if let failure { throw failure }
            if cancelled.withLock({ $0 }) { throw CancellationError() }
            guard ended.kind == .ok else { throw error(for: ended) }
            guard let response = response ?? makeResponse() else {
                throw ConnectionError(.other("the answer had no HTTP status line"), origin: origin)
            }
            if options.proxy != nil && response.status.code == 407 {
                throw ConnectionError(.proxyRefused(status: 407), origin: origin, proxy: proxyShown)
            }
            return response
        }

        private var proxyShown: String? { options.proxy.map(ProxyAddress.redacted) }

        /// What a failed transfer means, in terms a person can act on.
        private func error(for result: CurlHandle.Result) -> ConnectionError {
            var words = result.words
            // libcurl names a proxy by its host; should it ever quote the URL, its password goes.
            if let userinfo = options.proxy.flatMap(ProxyAddress.userinfo) {
                words = words.replacing(every: userinfo, with: "…")
            }
            let proxy = proxyShown
            func make(_ reason: ConnectionError.Reason) -> ConnectionError {
                ConnectionError(reason, origin: origin, proxy: proxy)
            }
            let connectCode = curl.proxyConnectStatus
            if proxy != nil && connectCode >= 300 { return make(.proxyRefused(status: connectCode)) }
            switch result.kind {
            case .timedOut:
                return make(.noAnswer(seconds: max(1, Int(options.timeout.rounded(.up)))))
            case .peerNotVerified:
                let prefix = "SSL certificate problem: "
                return make(
                    .certificateRejected(
                        words.hasPrefix(prefix) ? String(words.dropFirst(prefix.count)) : words))
            case .caFileUnusable:
                return make(
                    .caFileUnusable(path: options.trust.sessionCAs ?? options.trust.bundle ?? "", why: words))
            case .clientCertificateUnusable:
                return make(
                    .clientCertificateUnusable(
                        path: options.trust.clientCertificate?.certificateFile ?? "", why: words))
            case .proxyUnresolved, .proxyFailed: return make(.proxyFailed(words))
            case .couldNotConnect where proxy != nil: return make(.proxyFailed(words))
            case .couldNotConnect: return make(.connectionRefused)
            case .hostUnresolved: return make(.hostNotFound)
            case .tlsFailed, .receiveFailed, .sendFailed, .gotNothing:
                if certificateRequested || words.lowercased().contains("certificate required") {
                    return make(.clientCertificateRequired)
                }
                if result.kind == .tlsFailed { return make(.tlsFailed(words)) }
                return make(.connectionLost)
            case .partial: return make(.connectionLost)
            case .ok, .other: return make(.other(words))
            }
        }

        // MARK: Callbacks

        /// The head so far as a response.
        private func makeResponse() -> HTTPResponse? {
            guard head.statusCode > 0 else { return nil }
            var fields = HTTPFields()
            for (name, value) in head.fields {
                // A name that is not a token is no field a reader could ask for.
                guard let name = HTTPField.Name(name) else { continue }
                fields.append(HTTPField(name: name, value: value))
            }
            return HTTPResponse(
                status: .init(code: head.statusCode, reasonPhrase: head.reasonPhrase), headerFields: fields,
                version: head.httpVersion, url: url)
        }

        private func header(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            // A status line starts a new head (after a 100 Continue): no response yet.
            if bytes.starts(with: "HTTP/".utf8) { response = nil }
            do {
                try head.take(bytes)
            } catch .tooLarge {
                failure = ConnectionError(.other("the answer's head is too large"), origin: origin)
                return 0
            } catch {
                failure = ConnectionError(.other("the answer's head is not HTTP"), origin: origin)
                return 0
            }
            return bytes.count
        }

        /// One line of libcurl's account of the transfer: only its own text
        /// (never a header or data) is looked at.
        private func debug(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard !certificateRequested else { return }
            certificateRequested = bytes.holds("Request CERT")
        }

        private func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            if response == nil {
                guard let made = makeResponse() else { return 0 }
                response = made
                bodyIsAnswer = deliversBody(made)
            }
            guard bodyIsAnswer, let response else { return bytes.count }
            do {
                try receive(response, Data(bytes))
                return bytes.count
            } catch {
                failure = error
                return 0
            }
        }

        /// The next bytes of the body; `nil` stops the transfer.
        private func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
            if cancelled.withLock({ $0 }) { return nil }
            switch body {
            case .none: return 0
            case .bytes(let bytes, let sent):
                let count = min(buffer.count, bytes.count - sent)
                buffer.copyBytes(from: bytes[sent..<(sent + count)])
                body = .bytes(bytes, sent: sent + count)
                return count
            case .stream(let descriptor):
                guard let start = buffer.baseAddress else { return 0 }
                let count = retryingOnInterrupt { systemRead(descriptor, start, buffer.count) }
                guard count >= 0 else {
                    failure = BodyUnreadable(path: nil, code: Errno.current)
                    return nil
                }
                return count
            }
        }
    }

    /// A request body's file that could not be opened or read: the path
    /// when it is known, and `errno`.
    struct BodyUnreadable: Error, CustomStringConvertible {
        let path: String?
        let code: Int32

        var description: String {
            "the body's file \(path.map { "\($0) " } ?? "")could not be read: \(Errno.text(code))"
        }
    }
#endif
