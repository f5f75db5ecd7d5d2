import SessionSystem

#if canImport(CCurl)
    import CCurl
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif
    import SessionCore
    import SessionSupport

    import SessionHTTP

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

        private let easy: UnsafeMutableRawPointer
        private let multi: UnsafeMutableRawPointer
        private var headerList: UnsafeMutablePointer<curl_slist>?
        private let url: URL
        private let options: Options
        private let origin: String?
        private let deliversBody: @Sendable (HTTPResponse) -> Bool
        private let receive: @Sendable (HTTPResponse, Data) throws -> Void
        private let cancelled = Locked(false)
        /// Where libcurl writes its words for a failure: memory that stays put while the handle lives.
        private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

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

        /// libcurl's global state, set up once before the first handle.
        private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

        private init(
            _ hop: RedirectRule.Hop, options: Options,
            deliversBody: @escaping @Sendable (HTTPResponse) -> Bool,
            receive: @escaping @Sendable (HTTPResponse, Data) throws -> Void
        ) throws {
            let request = hop.request
            guard let url = request.url else { throw NetworkError.invalidRequest("the request names no URL") }
            guard Self.globalInit, let easy = curl_easy_init() else {
                throw ConnectionError(.other("libcurl could not start"))
            }
            guard let multi = curl_multi_init() else {
                curl_easy_cleanup(easy)
                throw ConnectionError(.other("libcurl could not start"))
            }
            self.easy = easy
            self.multi = multi
            self.url = url
            self.options = options
            self.origin = Origin(url)?.description
            self.deliversBody = deliversBody
            self.receive = receive
            errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
            switch hop.body {
            case .none: body = .none
            case .data(let data): body = .bytes([UInt8](data), sent: 0)
            case .stream(let stream):
                guard let descriptor = stream.openDescriptor() else {
                    throw BodyUnreadable(path: stream.path, code: Errno.current)
                }
                body = .stream(descriptor)
            }
            try configure(request)
        }

        deinit {
            if case .stream(let descriptor) = body { systemClose(descriptor) }
            curl_multi_remove_handle(multi, easy)
            curl_easy_cleanup(easy)
            curl_multi_cleanup(multi)
            curl_slist_free_all(headerList)
            errorBuffer.deallocate()
        }

        /// Stops the transfer: at once when it is waiting, else at its next callback.
        func cancel() {
            cancelled.withLock { $0 = true }
            curl_multi_wakeup(multi)
        }

        // MARK: Setting up

        private func set(_ option: CURLoption, _ value: Int) throws {
            try check(session_curl_set_long(easy, option, value))
        }

        private func set(_ option: CURLoption, _ value: String) throws {
            try check(session_curl_set_string(easy, option, value))
        }

        private func check(_ code: CURLcode) throws {
            guard code == CURLE_OK else {
                throw ConnectionError(.other(String(cString: curl_easy_strerror(code))), origin: origin)
            }
        }

        private func configure(_ request: HTTPRequest) throws {
            let me = Unmanaged.passUnretained(self).toOpaque()
            try set(CURLOPT_URL, url.absoluteString)
            try set(CURLOPT_NOSIGNAL, 1)
            try set(CURLOPT_PROTOCOLS_STR, "http,https")
            try set(CURLOPT_FOLLOWLOCATION, 0)
            // TLS 1.2 at least, whatever the system's defaults (BCP 195; FAPI 2.0 §5.2.1).
            try set(CURLOPT_SSLVERSION, Int(CURL_SSLVERSION_TLSv1_2))
            try check(session_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer))
            let seconds = max(1, Int(options.timeout.rounded(.up)))
            try set(CURLOPT_CONNECTTIMEOUT, seconds)
            try set(CURLOPT_LOW_SPEED_LIMIT, 1)
            try set(CURLOPT_LOW_SPEED_TIME, seconds)
            try set(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
            try set(CURLOPT_PROXY, options.proxy ?? "")
            try set(CURLOPT_NOPROXY, "")
            try configureTrust()

            try check(session_curl_set_callback(easy, CURLOPT_HEADERFUNCTION, curlHeaderCallback))
            try check(session_curl_set_pointer(easy, CURLOPT_HEADERDATA, me))
            try check(session_curl_set_callback(easy, CURLOPT_WRITEFUNCTION, curlWriteCallback))
            try check(session_curl_set_pointer(easy, CURLOPT_WRITEDATA, me))

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
            if !names.contains("accept-encoding") { try set(CURLOPT_ACCEPT_ENCODING, "") }
            // No `Expect: 100-continue` wait before a body.
            lines.append("Expect:")

            let method = request.method.rawValue
            switch body {
            case .none where method == "HEAD":
                try set(CURLOPT_NOBODY, 1)
            case .none:
                try set(CURLOPT_HTTPGET, 1)
                if method != "GET" { try set(CURLOPT_CUSTOMREQUEST, method) }
            case .bytes(let bytes, _):
                try sendsBody(method: method, length: bytes.count, me: me)
            case .stream:
                try sendsBody(method: method, length: streamLength, me: me)
                if streamLength == nil { lines.append("Transfer-Encoding: chunked") }
            }
            if case .none = body {
            } else if !names.contains("content-type") {
                // libcurl would send application/x-www-form-urlencoded.
                lines.append("Content-Type:")
            }
            for line in lines { headerList = curl_slist_append(headerList, line) }
            try check(session_curl_set_list(easy, CURLOPT_HTTPHEADER, headerList))
        }

        private func sendsBody(method: String, length: Int?, me: UnsafeMutableRawPointer) throws {
            try set(CURLOPT_POST, 1)
            try check(session_curl_set_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(length ?? -1)))
            try check(session_curl_set_callback(easy, CURLOPT_READFUNCTION, curlReadCallback))
            try check(session_curl_set_pointer(easy, CURLOPT_READDATA, me))
            if method != "POST" { try set(CURLOPT_CUSTOMREQUEST, method) }
        }

        private func configureTrust() throws {
            let trust = options.trust
            if let sessionCAs = trust.sessionCAs {
                // The session's CAs join the bundle in use (the environment's or the system's).
                var bundle = trust.bundle
                if bundle == nil {
                    var path: UnsafePointer<CChar>?
                    if session_curl_get_string(easy, CURLINFO_CAINFO, &path) == CURLE_OK, let path {
                        bundle = String(cString: path)
                    }
                }
                var pem =
                    (try? bundle.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }) ?? nil ?? Data()
                pem.append(0x0A)
                pem.append(try Data(contentsOf: URL(fileURLWithPath: sessionCAs)))
                for option in [CURLOPT_CAINFO_BLOB, CURLOPT_PROXY_CAINFO_BLOB] {
                    try pem.withUnsafeBytes {
                        try check(session_curl_set_blob(easy, option, $0.baseAddress, $0.count))
                    }
                }
            } else if let bundle = trust.bundle {
                try set(CURLOPT_CAINFO, bundle)
                try set(CURLOPT_PROXY_CAINFO, bundle)
            }
            if let folder = trust.folder {
                try set(CURLOPT_CAPATH, folder)
                try set(CURLOPT_PROXY_CAPATH, folder)
            }
            if trust.clientCertificate == nil && url.scheme?.lowercased() == "https" {
                // libcurl's own account of the handshake, read for one line
                // ("Request CERT") and never kept: the only way to tell a server
                // that wants a certificate from one that dropped the connection.
                try set(CURLOPT_VERBOSE, 1)
                try check(session_curl_set_debug_callback(easy, curlDebugCallback))
                try check(
                    session_curl_set_pointer(
                        easy, CURLOPT_DEBUGDATA, Unmanaged.passUnretained(self).toOpaque()))
            }
            if let certificate = trust.clientCertificate {
                try set(CURLOPT_SSLCERT, certificate.certificateFile)
                try set(CURLOPT_SSLCERTTYPE, "PEM")
                try set(CURLOPT_SSLKEY, certificate.keyFile)
                try set(CURLOPT_SSLKEYTYPE, "PEM")
            }
        }

        // MARK: Running

        private func perform() throws -> HTTPResponse {
            guard curl_multi_add_handle(multi, easy) == CURLM_OK else {
                throw ConnectionError(.other("libcurl could not start the transfer"), origin: origin)
            }
            var running: Int32 = 1
            while running > 0 {
                if cancelled.withLock({ $0 }) { throw CancellationError() }
                let code = curl_multi_perform(multi, &running)
                guard code == CURLM_OK else {
                    throw ConnectionError(.other(String(cString: curl_multi_strerror(code))), origin: origin)
                }
                guard running > 0 else { break }
                // Sleeps until a socket is ready, one of curl's timers is due, or cancel() wakes it.
                _ = curl_multi_poll(multi, nil, 0, 10_000, nil)
            }
            var result = CURLE_OK
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                if message.pointee.msg == CURLMSG_DONE { result = message.pointee.data.result }
            }
            if let failure { throw failure }
            if cancelled.withLock({ $0 }) { throw CancellationError() }
            guard result == CURLE_OK else { throw error(for: result) }
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
        private func error(for code: CURLcode) -> ConnectionError {
            var words =
                errorBuffer[0] == 0 ? String(cString: curl_easy_strerror(code)) : String(cString: errorBuffer)
            // libcurl names a proxy by its host; should it ever quote the URL, its password goes.
            if let userinfo = options.proxy.flatMap(ProxyAddress.userinfo) {
                words = words.replacing(every: userinfo, with: "…")
            }
            let proxy = proxyShown
            func make(_ reason: ConnectionError.Reason) -> ConnectionError {
                ConnectionError(reason, origin: origin, proxy: proxy)
            }
            var connectCode = 0
            _ = session_curl_get_long(easy, CURLINFO_HTTP_CONNECTCODE, &connectCode)
            if proxy != nil && connectCode >= 300 { return make(.proxyRefused(status: connectCode)) }
            switch code {
            case CURLE_OPERATION_TIMEDOUT:
                return make(.noAnswer(seconds: max(1, Int(options.timeout.rounded(.up)))))
            case CURLE_PEER_FAILED_VERIFICATION:
                let prefix = "SSL certificate problem: "
                return make(
                    .certificateRejected(
                        words.hasPrefix(prefix) ? String(words.dropFirst(prefix.count)) : words))
            case CURLE_SSL_CACERT_BADFILE:
                return make(
                    .caFileUnusable(path: options.trust.sessionCAs ?? options.trust.bundle ?? "", why: words))
            case CURLE_SSL_CERTPROBLEM:
                return make(
                    .clientCertificateUnusable(
                        path: options.trust.clientCertificate?.certificateFile ?? "", why: words))
            case CURLE_COULDNT_RESOLVE_PROXY, CURLE_PROXY: return make(.proxyFailed(words))
            case CURLE_COULDNT_CONNECT where proxy != nil: return make(.proxyFailed(words))
            case CURLE_COULDNT_CONNECT: return make(.connectionRefused)
            case CURLE_COULDNT_RESOLVE_HOST: return make(.hostNotFound)
            case CURLE_SSL_CONNECT_ERROR, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING:
                if certificateRequested || words.lowercased().contains("certificate required") {
                    return make(.clientCertificateRequired)
                }
                if code == CURLE_SSL_CONNECT_ERROR { return make(.tlsFailed(words)) }
                return make(.connectionLost)
            case CURLE_PARTIAL_FILE: return make(.connectionLost)
            default: return make(.other(words))
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

        fileprivate func header(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
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
        fileprivate func debug(_ type: curl_infotype, _ bytes: UnsafeBufferPointer<UInt8>) {
            guard type == CURLINFO_TEXT, !certificateRequested else { return }
            certificateRequested = bytes.holds("Request CERT")
        }

        fileprivate func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
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

        fileprivate func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            if cancelled.withLock({ $0 }) { return Int(CURL_READFUNC_ABORT) }
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
                    return Int(CURL_READFUNC_ABORT)
                }
                return count
            }
        }
    }

    /// The transfer a callback's user data points to (set with the callback; never `nil`).
    private func transfer(_ userdata: UnsafeMutableRawPointer?) -> CurlTransfer? {
        userdata.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
    }

    // libcurl's callbacks; returning less than the bytes given (0) stops the transfer.
    private let curlHeaderCallback: session_curl_data_callback = { pointer, size, count, userdata in
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer)?.assumingMemoryBound(to: UInt8.self), count: size * count)
        return transfer(userdata)?.header(bytes) ?? 0
    }

    private let curlWriteCallback: session_curl_data_callback = { pointer, size, count, userdata in
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer)?.assumingMemoryBound(to: UInt8.self), count: size * count)
        return transfer(userdata)?.write(bytes) ?? 0
    }

    private let curlDebugCallback: session_curl_debug_callback = { _, type, pointer, size, userdata in
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer)?.assumingMemoryBound(to: UInt8.self), count: size)
        transfer(userdata)?.debug(type, bytes)
        return 0
    }

    private let curlReadCallback: session_curl_data_callback = { pointer, size, count, userdata in
        guard let pointer, let transfer = transfer(userdata) else { return Int(CURL_READFUNC_ABORT) }
        return transfer.read(into: UnsafeMutableRawBufferPointer(start: pointer, count: size * count))
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
