package import SessionCore
package import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// The device authorization grant (RFC 8628) as a request sequence: what
/// ``DeviceAuthorizationFlow`` runs. It asks for the code, hands it to
/// `onPrompt`, then polls the token endpoint:
/// - it waits `interval` seconds (5 when the provider gives none) *before*
///   the first poll, and between polls;
/// - `slow_down` adds 5 seconds to the interval, for good, or takes the
///   interval the answer names when that is longer (GitHub's);
/// - a poll's answer is read by its `error` code whatever its HTTP status
///   (GitHub answers 200, Google 428 and 403, RFC 8628 400);
/// - it stops with ``SignInError/deviceCodeExpired`` once the waits would
///   pass `expires_in`, or when the provider says `expired_token`, however
///   many polls that takes (its ``stepLimit`` follows the code's lifetime);
/// - `access_denied` is ``SignInError/accessDenied``.
/// The waits are data in its steps, so a test reads them without sleeping.
///
/// With DPoP, each poll carries a fresh proof of the sign-in's key, made when
/// it is sent; a `use_dpop_nonce` answer is polled again at once, once.
package struct DeviceAuthorizationSequence: ProvingSequence {
    /// The wait before each poll when the provider names none, in seconds (RFC 8628 §3.5).
    package static let defaultInterval = 5
    /// What `slow_down` adds to the wait, in seconds (RFC 8628 §3.5).
    package static let slowDownStep = 5

    /// What the last request sent was.
    private enum Sent {
        case codeRequest
        case poll(deviceCode: String, sentAt: Date)
        case userinfo(TokenGrant, idToken: [JSONObject], sentAt: Date)
    }

    let configuration: OAuthConfiguration
    /// The sign-in's DPoP key, when the tokens are to be bound to it.
    let binding: DPoPKey.Binding?
    private let now: @Sendable () -> Date
    private let onPrompt: @Sendable (DeviceAuthorizationFlow.Prompt) -> Void
    private var sent: Sent?
    private var expiresIn = 0
    /// Whether the last answer asked for a nonce and was answered at once.
    private var answeredNonce = false

    /// The wait before the next poll, in seconds.
    package private(set) var interval = Self.defaultInterval
    /// The seconds waited so far, summed over the polls.
    package private(set) var waited = 0
    /// The polls sent so far.
    package private(set) var polls = 0

    package init(
        configuration: OAuthConfiguration, binding: DPoPKey.Binding? = nil,
        now: @escaping @Sendable () -> Date,
        onPrompt: @escaping @Sendable (DeviceAuthorizationFlow.Prompt) -> Void
    ) {
        self.configuration = configuration
        self.binding = binding
        self.now = now
        self.onPrompt = onPrompt
    }

    /// Room for one poll a second until the code expires, plus the code
    /// request and the account: the flow ends at the code's expiry, never at
    /// the client's general bound.
    package var stepLimit: Int { max(SessionLimits.sequenceSteps, expiresIn + 3) }

    /// A provider's answer is held up to ``SessionLimits/providerAnswerSize``.
    package var responseLimit: Int { SessionLimits.providerAnswerSize }

    /// The next step: the code request, a poll, the account, or the session.
    package mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<Credential> {
        guard let previous, let sent else { return try requestCode() }
        switch sent {
        case .codeRequest:
            return try poll(readCode(previous))
        case .poll(let deviceCode, let sentAt):
            return try readPoll(previous, deviceCode: deviceCode, sentAt: sentAt)
        case .userinfo(let grant, let idToken, let sentAt):
            if binding != nil, !answeredNonce, let endpoint = configuration.metadata.userinfoEndpoint,
                DPoPKey.asksForNonce(previous)
            {
                answeredNonce = true
                return .send(try grant.userinfoRequest(endpoint, key: binding?.key))
            }
            let userinfo = AccountClaims.claims(fromUserinfo: previous).map { [$0] } ?? []
            return .finish(
                try configuration.session(grant, claims: userinfo + idToken, sentAt: sentAt, binding: binding)
            )
        }
    }

    /// A poll with a fresh proof and assertion; the code request with a fresh assertion.
    package func prove(_ request: inout HTTPRequest, body: inout Data?) throws {
        let outgoing = Outgoing(request, body: body)
        let proven =
            switch sent {
            case .codeRequest: try configuration.client(dpop: binding).proving(outgoing, dpop: false)
            case .poll: try configuration.client(dpop: binding).proving(outgoing)
            case .userinfo, nil: outgoing
            }
        (request, body) = (proven.head, proven.body)
    }

    private mutating func requestCode() throws -> SequenceStep<Credential> {
        let metadata = configuration.metadata
        guard let endpoint = metadata.deviceAuthorizationEndpoint else { throw SignInError.noDeviceEndpoint }
        // ProviderMetadata's endpoints can be set after it was checked: check again where they are used.
        try OAuthWire.requireSafe(endpoint, "device authorization endpoint")
        try OAuthWire.requireSafe(metadata.tokenEndpoint, "token endpoint")
        sent = .codeRequest
        let scope = configuration.requestedScopes.joined(separator: " ")
        return .send(
            try configuration.client().formPost(
                to: endpoint, scope.isEmpty ? [] : [("scope", scope)], namingClient: true))
    }

    /// What a poll's answer says: the tokens (then the account), wait and
    /// poll again, or stop.
    private mutating func readPoll(_ answer: SequenceResponse, deviceCode: String, sentAt: Date) throws
        -> SequenceStep<Credential>
    {
        let read = try TokenGrant.read(answer)
        if binding != nil, !answeredNonce, DPoPKey.asksForNonce(read) {
            // The provider wants its nonce in the proof: poll again at once, with it.
            answeredNonce = true
            return try poll(deviceCode, at: 0)
        }
        answeredNonce = false
        switch read {
        case .grant(let grant):
            let metadata = configuration.metadata
            let idToken = try grant.idToken.map {
                [
                    try IDToken(
                        $0, issuer: metadata.idTokenIssuers, clientID: configuration.clientID, nonce: nil
                    )
                    .claims
                ]
            }
            guard let userinfo = metadata.userinfoEndpoint else {
                return .finish(
                    try configuration.session(grant, claims: idToken ?? [], sentAt: sentAt, binding: binding))
            }
            sent = .userinfo(grant, idToken: idToken ?? [], sentAt: sentAt)
            return .send(try grant.userinfoRequest(userinfo, key: binding?.key))
        case .error(code: "authorization_pending", _, _):
            return try poll(deviceCode)
        case .error(code: "slow_down", _, let given):
            // RFC 8628 §3.5 adds 5 s; GitHub names the new interval, and gh's cli/oauth takes it.
            interval = max(interval + Self.slowDownStep, given ?? 0)
            return try poll(deviceCode)
        case .error(code: "expired_token", _, _):
            throw SignInError.deviceCodeExpired
        case .error(let code, let description, _):
            throw TokenGrant.Answer.failure(code: code, description: description)
        }
    }

    /// Reads the device authorization answer, shows the prompt, and keeps
    /// the interval and expiry.
    private mutating func readCode(_ answer: SequenceResponse) throws -> String {
        let from = "device authorization endpoint"
        let object = try OAuthWire.answerObject(answer, from: from)
        // An error is an error whatever the status, 200 included.
        if let error = OAuthWire.error(in: object) { throw error }
        guard (200...299).contains(answer.response.status.code) else {
            throw SignInError.invalidResponse(from: from, reason: "HTTP \(answer.response.status.code)")
        }
        guard let deviceCode = try OAuthWire.string(object, "device_code", from: from),
            (try? AuthToken(deviceCode)) != nil
        else { throw SignInError.invalidResponse(from: from, reason: "device_code is missing or invalid") }
        guard let userCode = try OAuthWire.string(object, "user_code", from: from),
            OAuthWire.isPrintable(userCode, limit: SessionLimits.userCodeLength)
        else {
            throw SignInError.invalidResponse(
                from: from, reason: "user_code is missing or not printable text")
        }
        let uri =
            try OAuthWire.string(object, "verification_uri", from: from)
            ?? OAuthWire.string(object, "verification_url", from: from)
        guard let verificationURI = try shownURL(uri, "verification_uri") else {
            throw SignInError.invalidResponse(from: from, reason: "verification_uri is missing")
        }
        let complete = try shownURL(
            OAuthWire.string(object, "verification_uri_complete", from: from), "verification_uri_complete")
        guard
            let expiresIn = try OAuthWire.integer(
                object, "expires_in", in: 1...SessionLimits.deviceCodeLifetime, from: from)
        else {
            throw SignInError.invalidResponse(from: from, reason: "expires_in is missing")
        }
        // At least 1 s: an interval of 0 would poll back to back and never reach expires_in.
        interval = max(
            1, try OAuthWire.integer(object, "interval", in: 0...3600, from: from) ?? Self.defaultInterval)
        self.expiresIn = expiresIn
        onPrompt(
            DeviceAuthorizationFlow.Prompt(
                userCode: userCode, verificationURI: verificationURI, verificationURIComplete: complete,
                expiresIn: expiresIn))
        return deviceCode
    }

    /// A URL the user will see and open: printable, and `https` (or loopback `http`).
    private func shownURL(_ text: String?, _ name: String) throws -> URL? {
        guard let text else { return nil }
        guard OAuthWire.isPrintable(text, limit: SessionLimits.deviceCodeLength), !text.contains(" ") else {
            throw SignInError.invalidResponse(
                from: "device authorization endpoint", reason: "\(name) is not printable text")
        }
        return try OAuthWire.endpoint(text, name: name)
    }

    /// The next poll, after the interval (or `wait`); an error once the code would have expired.
    private mutating func poll(_ deviceCode: String, at wait: Int? = nil) throws -> SequenceStep<Credential> {
        let wait = wait ?? interval
        guard waited + wait <= expiresIn else { throw SignInError.deviceCodeExpired }
        waited += wait
        polls += 1
        sent = .poll(deviceCode: deviceCode, sentAt: now().addingTimeInterval(TimeInterval(wait)))
        let fields = [
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode),
        ]
        return .send(
            try configuration.client().formPost(to: configuration.metadata.tokenEndpoint, fields),
            after: .seconds(wait))
    }
}
