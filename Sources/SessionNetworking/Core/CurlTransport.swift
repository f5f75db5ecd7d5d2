#if os(Linux)
    #if canImport(FoundationEssentials)
        public import FoundationEssentials
    #else
        public import Foundation
    #endif
    public import SessionCore
    import SessionSupport

    public import SessionHTTP

    /// Real HTTP through the system's libcurl: the transport on Linux, where
    /// it can do what FoundationNetworking's `URLSession` cannot: trust a
    /// private certificate authority, present a client certificate, choose
    /// the proxy by curl's rules, and wait for a silent server asleep.
    ///
    /// It takes a ``ConnectionSettings``:
    /// - **Trust.** The system's certificate authorities, or those
    ///   `SSL_CERT_FILE` (else `CURL_CA_BUNDLE`) and `SSL_CERT_DIR` name
    ///   instead, plus ``ConnectionSettings/caFile``. A file that cannot be
    ///   used fails the request before anything is sent; verification is
    ///   never turned off.
    /// - **Client certificate.** ``ConnectionSettings/clientCertificate``,
    ///   presented to every server that asks; the key file must be readable
    ///   by its owner only.
    /// - **Proxy.** ``ConnectionSettings/proxy``; by default curl's
    ///   variables (`https_proxy`, `http_proxy`, `ALL_PROXY`, `NO_PROXY`),
    ///   and never for a request to this machine.
    ///
    /// Redirects follow the library's rules (<doc:RequestsAndBehaviors#Redirects>): no secret goes
    /// to another origin. Failures with no HTTP answer are
    /// ``ConnectionError``s. Each transfer runs on a thread of its own (not
    /// one of the cooperative pool's), which sleeps in `poll` while it waits;
    /// cancelling the task stops it at once.
    ///
    /// ```swift
    /// let transport = CurlTransport(settings: ConnectionSettings(caFile: "/etc/company/ca.pem"))
    /// let client = NetworkClient(baseURL: api, transport: transport)
    /// ```
    public struct CurlTransport: Transport {
        private let settings: ConnectionSettings
        private let timeout: TimeInterval
        private let environment: NetworkEnvironment

        /// - Parameters:
        ///   - settings: Trust, client certificate and proxy.
        ///   - timeout: Seconds a request may wait for data before it fails
        ///     (an idle limit, not an overall one; also the limit to connect).
        public init(
            settings: ConnectionSettings = ConnectionSettings(),
            timeout: TimeInterval = SessionLimits.requestIdleTimeout
        ) {
            self.init(settings: settings, timeout: timeout, environment: .current())
        }

        /// A transport that reads `environment` instead of the process's.
        package init(settings: ConnectionSettings, timeout: TimeInterval, environment: NetworkEnvironment) {
            self.settings = settings
            self.timeout = timeout
            self.environment = environment
        }

        /// Sends `request`, following redirects, and returns the whole body.
        public func send(_ request: HTTPRequest, body: HTTPRequestBody?) async throws -> (Data, HTTPResponse)
        {
            try await gatheringBody(request, body: body)
        }

        /// Sends `request`, following redirects, and hands the final
        /// response's body to `receive` as it arrives; when `receive` throws,
        /// the transfer stops at once.
        public func send(
            _ request: HTTPRequest, body: HTTPRequestBody?,
            receiving receive: @escaping @Sendable (HTTPResponse, Data) throws -> Void
        ) async throws -> HTTPResponse {
            let origin = request.url.flatMap(Origin.init)?.description
            let trust: TrustFiles
            do {
                trust = try TrustFiles(settings, environment: environment)
            } catch {
                throw ConnectionError(error.reason, origin: origin)
            }
            let proxies = ProxyRules(settings.proxy, environment: environment)
            let timeout = timeout
            return try await RedirectRule.follow(request, body: body) { hop, deliversBody in
                let options = CurlTransfer.Options(
                    trust: trust, proxy: hop.request.url.flatMap(proxies.proxy(for:)), timeout: timeout)
                return try await CurlTransfer.run(
                    hop, options: options, deliversBody: deliversBody, receive: receive)
            }
        }
    }
#endif
