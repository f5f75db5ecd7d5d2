#if canImport(CCurl)
    import CCurl
    #if canImport(FoundationEssentials)
        package import FoundationEssentials
    #else
        package import Foundation
    #endif

    /// One libcurl easy handle, driven by a multi handle of its own, in
    /// Swift's terms: options as values, callbacks as closures, failures as
    /// ``Result``. SessionNetworking's `CurlTransfer` decides what to set and
    /// what a failure means; this type only speaks to libcurl.
    ///
    /// libcurl calls back on the thread that runs ``perform(isCancelled:)``.
    package final class CurlHandle: @unchecked Sendable {
        /// An option to set, named as in libcurl.
        package enum Option {
            case url(String)
            /// No signal is used for timeouts (threads).
            case noSignal
            case protocols(String)
            case followLocation(Bool)
            /// TLS 1.2 at least.
            case minimumTLS12
            case connectTimeout(seconds: Int)
            case lowSpeed(bytesPerSecond: Int, seconds: Int)
            case suppressConnectHeaders
            case proxy(String)
            case noProxy(String)
            /// `Accept-Encoding` with every encoding libcurl decodes ("" for all).
            case acceptEncoding(String)
            case noBody
            case httpGet
            case customRequest(String)
            /// A body from the read callback, of `length` bytes (`nil`: unknown, chunked).
            case post(length: Int?)
            case caFile(String)
            case proxyCAFile(String)
            /// Certificate authorities given as PEM bytes, for the server and the proxy.
            case caBytes(Data)
            case caFolder(String)
            case proxyCAFolder(String)
            /// A client certificate and its key, PEM files.
            case clientCertificate(certificateFile: String, keyFile: String)
            /// libcurl's own account of the transfer, handed to `debugText`.
            case verbose
        }

        /// What the caller does with what libcurl reads and asks for. Each
        /// returns the bytes it took (fewer stops the transfer).
        package struct Callbacks {
            package var header: (UnsafeBufferPointer<UInt8>) -> Int
            package var body: (UnsafeBufferPointer<UInt8>) -> Int
            /// Fills the buffer with the request's body; `nil` aborts the transfer.
            package var read: (UnsafeMutableRawBufferPointer) -> Int?
            /// One line of libcurl's own text (never a header or data), with ``Option/verbose``.
            package var debugText: (UnsafeBufferPointer<UInt8>) -> Void

            package init(
                header: @escaping (UnsafeBufferPointer<UInt8>) -> Int,
                body: @escaping (UnsafeBufferPointer<UInt8>) -> Int,
                read: @escaping (UnsafeMutableRawBufferPointer) -> Int?,
                debugText: @escaping (UnsafeBufferPointer<UInt8>) -> Void
            ) {
                self.header = header
                self.body = body
                self.read = read
                self.debugText = debugText
            }
        }

        /// How a transfer ended.
        package struct Result: Error, Sendable {
            /// The failures the caller tells apart.
            package enum Kind: Sendable {
                case ok, timedOut, peerNotVerified, caFileUnusable, clientCertificateUnusable
                case proxyUnresolved, proxyFailed, couldNotConnect, hostUnresolved
                case tlsFailed, receiveFailed, sendFailed, gotNothing, partial, other
            }

            package let kind: Kind
            /// libcurl's words: its error buffer's, else its text for the code.
            package let words: String
        }

        /// Why libcurl could not start, or could not take an option.
        package struct SetupFailure: Error, Sendable {
            package let words: String
        }

        private let easy: UnsafeMutableRawPointer
        private let multi: UnsafeMutableRawPointer
        private var headerList: UnsafeMutablePointer<curl_slist>?
        private var callbacks: Callbacks
        /// Where libcurl writes its words for a failure: memory that stays put while the handle lives.
        private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

        /// libcurl's global state, set up once before the first handle.
        private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

        package init(callbacks: Callbacks) throws(SetupFailure) {
            guard Self.globalInit, let easy = curl_easy_init() else {
                errorBuffer.deallocate()
                throw SetupFailure(words: "libcurl could not start")
            }
            guard let multi = curl_multi_init() else {
                curl_easy_cleanup(easy)
                errorBuffer.deallocate()
                throw SetupFailure(words: "libcurl could not start")
            }
            self.easy = easy
            self.multi = multi
            self.callbacks = callbacks
            errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
            let me = Unmanaged.passUnretained(self).toOpaque()
            try check(session_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer))
            try check(session_curl_set_callback(easy, CURLOPT_HEADERFUNCTION, headerCallback))
            try check(session_curl_set_pointer(easy, CURLOPT_HEADERDATA, me))
            try check(session_curl_set_callback(easy, CURLOPT_WRITEFUNCTION, writeCallback))
            try check(session_curl_set_pointer(easy, CURLOPT_WRITEDATA, me))
        }

        deinit {
            curl_multi_remove_handle(multi, easy)
            curl_easy_cleanup(easy)
            curl_multi_cleanup(multi)
            curl_slist_free_all(headerList)
            errorBuffer.deallocate()
        }

        // MARK: Setting up

        package func set(_ option: Option) throws(SetupFailure) {
            switch option {
            case .url(let url): try set(CURLOPT_URL, url)
            case .noSignal: try set(CURLOPT_NOSIGNAL, 1)
            case .protocols(let list): try set(CURLOPT_PROTOCOLS_STR, list)
            case .followLocation(let follows): try set(CURLOPT_FOLLOWLOCATION, follows ? 1 : 0)
            case .minimumTLS12: try set(CURLOPT_SSLVERSION, Int(CURL_SSLVERSION_TLSv1_2))
            case .connectTimeout(let seconds): try set(CURLOPT_CONNECTTIMEOUT, seconds)
            case .lowSpeed(let limit, let seconds):
                try set(CURLOPT_LOW_SPEED_LIMIT, limit)
                try set(CURLOPT_LOW_SPEED_TIME, seconds)
            case .suppressConnectHeaders: try set(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
            case .proxy(let proxy): try set(CURLOPT_PROXY, proxy)
            case .noProxy(let hosts): try set(CURLOPT_NOPROXY, hosts)
            case .acceptEncoding(let encodings): try set(CURLOPT_ACCEPT_ENCODING, encodings)
            case .noBody: try set(CURLOPT_NOBODY, 1)
            case .httpGet: try set(CURLOPT_HTTPGET, 1)
            case .customRequest(let method): try set(CURLOPT_CUSTOMREQUEST, method)
            case .post(let length):
                try set(CURLOPT_POST, 1)
                try check(session_curl_set_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(length ?? -1)))
                try check(session_curl_set_callback(easy, CURLOPT_READFUNCTION, readCallback))
                try check(
                    session_curl_set_pointer(
                        easy, CURLOPT_READDATA, Unmanaged.passUnretained(self).toOpaque()))
            case .caFile(let path): try set(CURLOPT_CAINFO, path)
            case .proxyCAFile(let path): try set(CURLOPT_PROXY_CAINFO, path)
            case .caBytes(let pem):
                for option in [CURLOPT_CAINFO_BLOB, CURLOPT_PROXY_CAINFO_BLOB] {
                    let code = pem.withUnsafeBytes {
                        session_curl_set_blob(easy, option, $0.baseAddress, $0.count)
                    }
                    try check(code)
                }
            case .caFolder(let path): try set(CURLOPT_CAPATH, path)
            case .proxyCAFolder(let path): try set(CURLOPT_PROXY_CAPATH, path)
            case .clientCertificate(let certificateFile, let keyFile):
                try set(CURLOPT_SSLCERT, certificateFile)
                try set(CURLOPT_SSLCERTTYPE, "PEM")
                try set(CURLOPT_SSLKEY, keyFile)
                try set(CURLOPT_SSLKEYTYPE, "PEM")
            case .verbose:
                try set(CURLOPT_VERBOSE, 1)
                try check(session_curl_set_debug_callback(easy, debugCallback))
                try check(
                    session_curl_set_pointer(
                        easy, CURLOPT_DEBUGDATA, Unmanaged.passUnretained(self).toOpaque()))
            }
        }

        /// The request's header lines, as they go ("Name: value", "Name;" for an empty value, "Name:" to drop one).
        package func setHeaderLines(_ lines: [String]) throws(SetupFailure) {
            for line in lines { headerList = curl_slist_append(headerList, line) }
            try check(session_curl_set_list(easy, CURLOPT_HTTPHEADER, headerList))
        }

        /// The file of certificate authorities libcurl was built to use, if it names one.
        package var defaultCAFile: String? {
            var path: UnsafePointer<CChar>?
            guard session_curl_get_string(easy, CURLINFO_CAINFO, &path) == CURLE_OK, let path else {
                return nil
            }
            return String(cString: path)
        }

        /// The status a proxy answered the tunnel's CONNECT with (0: none).
        package var proxyConnectStatus: Int {
            var code = 0
            _ = session_curl_get_long(easy, CURLINFO_HTTP_CONNECTCODE, &code)
            return code
        }

        private func set(_ option: CURLoption, _ value: Int) throws(SetupFailure) {
            try check(session_curl_set_long(easy, option, value))
        }

        private func set(_ option: CURLoption, _ value: String) throws(SetupFailure) {
            try check(session_curl_set_string(easy, option, value))
        }

        private func check(_ code: CURLcode) throws(SetupFailure) {
            guard code == CURLE_OK else {
                throw SetupFailure(words: String(cString: curl_easy_strerror(code)))
            }
        }

        // MARK: Running

        /// Runs the transfer to its end, sleeping until a socket is ready,
        /// one of curl's timers is due, or ``wake()``; `nil` when
        /// `isCancelled` said so first.
        package func perform(isCancelled: () -> Bool) throws(SetupFailure) -> Result? {
            guard curl_multi_add_handle(multi, easy) == CURLM_OK else {
                throw SetupFailure(words: "libcurl could not start the transfer")
            }
            var running: Int32 = 1
            while running > 0 {
                if isCancelled() { return nil }
                let code = curl_multi_perform(multi, &running)
                guard code == CURLM_OK else {
                    throw SetupFailure(words: String(cString: curl_multi_strerror(code)))
                }
                guard running > 0 else { break }
                _ = curl_multi_poll(multi, nil, 0, 10_000, nil)
            }
            var result = CURLE_OK
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                if message.pointee.msg == CURLMSG_DONE { result = message.pointee.data.result }
            }
            let words =
                errorBuffer[0] == 0
                ? String(cString: curl_easy_strerror(result)) : String(cString: errorBuffer)
            return Result(kind: Self.kind(of: result), words: words)
        }

        /// Wakes ``perform(isCancelled:)`` from another thread, to look at `isCancelled` at once.
        package func wake() {
            curl_multi_wakeup(multi)
        }

        private static func kind(of code: CURLcode) -> Result.Kind {
            switch code {
            case CURLE_OK: .ok
            case CURLE_OPERATION_TIMEDOUT: .timedOut
            case CURLE_PEER_FAILED_VERIFICATION: .peerNotVerified
            case CURLE_SSL_CACERT_BADFILE: .caFileUnusable
            case CURLE_SSL_CERTPROBLEM: .clientCertificateUnusable
            case CURLE_COULDNT_RESOLVE_PROXY: .proxyUnresolved
            case CURLE_PROXY: .proxyFailed
            case CURLE_COULDNT_CONNECT: .couldNotConnect
            case CURLE_COULDNT_RESOLVE_HOST: .hostUnresolved
            case CURLE_SSL_CONNECT_ERROR: .tlsFailed
            case CURLE_RECV_ERROR: .receiveFailed
            case CURLE_SEND_ERROR: .sendFailed
            case CURLE_GOT_NOTHING: .gotNothing
            case CURLE_PARTIAL_FILE: .partial
            default: .other
            }
        }

        // MARK: Callbacks

        fileprivate func header(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { callbacks.header(bytes) }
        fileprivate func body(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { callbacks.body(bytes) }
        fileprivate func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
            callbacks.read(buffer) ?? Int(CURL_READFUNC_ABORT)
        }
        fileprivate func debug(_ type: curl_infotype, _ bytes: UnsafeBufferPointer<UInt8>) {
            if type == CURLINFO_TEXT { callbacks.debugText(bytes) }
        }
    }

    /// The handle a callback's user data points to (set with the callback; never `nil`).
    private func handle(_ userdata: UnsafeMutableRawPointer?) -> CurlHandle? {
        userdata.map { Unmanaged<CurlHandle>.fromOpaque($0).takeUnretainedValue() }
    }

    private func bytes(_ pointer: UnsafeMutablePointer<CChar>?, _ count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer)?.assumingMemoryBound(to: UInt8.self), count: count)
    }

    // libcurl's callbacks; returning less than the bytes given (0) stops the transfer.
    private let headerCallback: session_curl_data_callback = { pointer, size, count, userdata in
        handle(userdata)?.header(bytes(pointer, size * count)) ?? 0
    }

    private let writeCallback: session_curl_data_callback = { pointer, size, count, userdata in
        handle(userdata)?.body(bytes(pointer, size * count)) ?? 0
    }

    private let debugCallback: session_curl_debug_callback = { _, type, pointer, size, userdata in
        handle(userdata)?.debug(type, bytes(pointer, size))
        return 0
    }

    private let readCallback: session_curl_data_callback = { pointer, size, count, userdata in
        guard let pointer, let handle = handle(userdata) else { return Int(CURL_READFUNC_ABORT) }
        return handle.read(UnsafeMutableRawBufferPointer(start: pointer, count: size * count))
    }
#endif
