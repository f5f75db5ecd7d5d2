public import SessionCore
public import SessionHTTP
import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Keeps a session's access token fresh, safely across threads and processes.
///
/// - A token is due when it expires within its margin (``Credential/isDue(at:)``):
///   ``SessionLimits/refreshMargin``, or half its lifetime as issued when that
///   is shorter. A token of unknown lifetime is refreshed only after a 401.
/// - Tasks of one process share one refresh in flight.
/// - Across processes it refreshes under the store's writer lock
///   (``LoginStateRepository/withExclusiveAccess(_:)``) and reads the session
///   again once it holds it: if another process already rotated the tokens,
///   it uses theirs and sends nothing. With refresh-token rotation and reuse
///   detection, two processes refreshing with one refresh token would make
///   the provider revoke the whole grant.
/// - The rotated pair is saved (fsync, rename) before the new access token
///   is handed out.
/// - `invalid_grant` ends the session, if the stored refresh token is still
///   the one that was refused; ``SignInError/refreshRefused`` is thrown.
/// - A refresh whose answer may have been lost (its deadline passed, the
///   connection broke) is sent once more at once, under the same lock, with
///   the same refresh token: the provider may have rotated the token, and one
///   with a reuse grace period answers again with the same new pair. If it
///   refuses the token instead, ``SignInError/refreshAnswerLost`` says why.
/// - Every attempt ends within ``SessionLimits/refreshDeadline``, so the
///   store's lock is held at most twice that. A transport failure, an answer
///   over ``SessionLimits/providerAnswerSize`` or the deadline keeps the
///   session; a due token that still works is used, an expired one gets the
///   failure.
/// - A loop guard allows at most 5
///   refreshes of a session per 30 s, counted in
///   the session itself, so across processes too. When it stops a refresh of
///   a token that still works, that token is used; otherwise
///   ``SignInError/refreshLoopStopped(limit:seconds:)``.
///
/// ```swift
/// let refresher = TokenRefresher(repository: store)
/// let credential = try await refresher.currentCredential()   // refreshed first if it was due
/// ```
public final class TokenRefresher: Sendable {
    /// The longest margin: a token is due at most this long before it
    /// expires, and at most half its lifetime.
    private let margin: TimeInterval
    private let repository: any LoginStateRepository
    /// The transport given, else `nil`: the session's own (``ConnectionSettings/transport(timeout:)``).
    private let transport: (any Transport)?
    private let now: @Sendable () -> Date
    private let exclusion: Exclusion
    private let deadline: Duration
    private let inFlight = Locked<Task<Credential?, any Error>?>(nil)
    /// The application's own sources of platform tokens (``AssertionSource/application(name:read:)``).
    private let assertionSources: [AssertionSource]

    /// - Parameters:
    ///   - repository: The session's store.
    ///   - transport: How refresh requests are sent; each refresh ends within
    ///     ``SessionLimits/refreshDeadline`` whatever the transport does. By
    ///     default, the session's own (``Credential/connection``), waiting
    ///     for a slow answer that long too: one given up on may have carried
    ///     the only copy of a rotated refresh token.
    ///   - margin: The longest margin before expiry; half the token's
    ///     lifetime when that is shorter.
    ///   - now: The clock expiry is judged by.
    public convenience init(
        repository: any LoginStateRepository,
        transport: (any Transport)? = nil,
        margin: TimeInterval = SessionLimits.refreshMargin, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            repository: repository, transport: transport, margin: margin, now: now, exclusion: .storeLock)
    }

    /// A refresher that renews machine sessions whose platform token comes
    /// from the application's own sources, as the other initializer does
    /// everything else.
    ///
    /// - Parameter assertionSources: The application's sources
    ///   (``AssertionSource/application(name:read:)``), for the sessions that
    ///   kept one by its name; a session whose source is not among them
    ///   cannot be renewed (``PlatformTokenError/unavailable(source:reason:)``).
    public convenience init(
        repository: any LoginStateRepository,
        transport: (any Transport)? = nil,
        margin: TimeInterval = SessionLimits.refreshMargin, now: @escaping @Sendable () -> Date = { Date() },
        assertionSources: [AssertionSource]
    ) {
        self.init(
            repository: repository, transport: transport, margin: margin, now: now, exclusion: .storeLock,
            deadline: SessionLimits.refreshDeadline, assertionSources: assertionSources)
    }

    /// How a refresh keeps other processes out while it runs.
    package enum Exclusion: Sendable {
        /// Under the store's writer lock (``LoginStateRepository/withExclusiveAccess(_:)``),
        /// reading the session again once it holds it: what ships.
        case storeLock
        /// No cross-process step at all, as clients that coordinate refreshes
        /// within one process only do: the benchmark's and the tests'
        /// baseline, to show what the lock prevents.
        case none
    }

    /// A refresher with a chosen ``Exclusion``, and a `deadline` for each
    /// exchange with the token endpoint (the tests give a stub endpoint,
    /// whose answer may queue behind a loaded run's other tasks, more).
    package convenience init(
        repository: any LoginStateRepository,
        transport: (any Transport)? = nil,
        margin: TimeInterval = SessionLimits.refreshMargin, now: @escaping @Sendable () -> Date = { Date() },
        exclusion: Exclusion, deadline: Duration = SessionLimits.refreshDeadline
    ) {
        self.init(
            repository: repository, transport: transport, margin: margin, now: now, exclusion: exclusion,
            deadline: deadline, assertionSources: [])
    }

    private init(
        repository: any LoginStateRepository, transport: (any Transport)?, margin: TimeInterval,
        now: @escaping @Sendable () -> Date, exclusion: Exclusion, deadline: Duration,
        assertionSources: [AssertionSource]
    ) {
        self.assertionSources = assertionSources
        self.repository = repository
        self.transport = transport
        self.margin = margin
        self.now = now
        self.exclusion = exclusion
        self.deadline = deadline
        DPoPNonces.keep(beside: repository)
    }

    /// Whether `credential`'s access token should be refreshed before use.
    private func isDue(_ credential: Credential) -> Bool {
        credential.isDue(at: now(), maximumMargin: margin)
    }

    /// The session's credential to send now: as stored when its token is
    /// fresh (no request, one read), refreshed first when it is due and can
    /// be refreshed. `nil` when logged out, or expired with no way to refresh.
    ///
    /// - Throws: ``SignInError/refreshRefused`` (the session was cleared),
    ///   ``SignInError/refreshLoopStopped(limit:seconds:)``, a store error, or the `NetworkError` of a
    ///   transport failure (the session is kept), each only when the stored
    ///   token no longer works.
    public func currentCredential() async throws -> Credential? {
        guard let credential = try await repository.calling({ try $0.load() }).credential else { return nil }
        guard isDue(credential) else { return credential }
        guard credential.canRefresh else { return credential.isExpired(at: now()) ? nil : credential }
        do {
            return try await shared { [self] in try await refresh(ifStill: { [self] in isDue($0) }) }
        } catch let error where Self.isPassing(error) && !credential.isExpired(at: now()) {
            // Due but still valid: an unreachable provider, a busy store or the
            // loop guard does not stop a token that still works.
            return credential
        }
    }

    /// Refreshes after the server refused the token `refused` (a 401):
    /// unless the stored token has already changed, in which case the stored
    /// one is returned and nothing is sent.
    ///
    /// - Returns: The credential to retry with, or `nil` when there is none.
    package func refresh(replacing refused: TokenFingerprint) async throws -> Credential? {
        guard let credential = try await repository.calling({ try $0.load() }).credential else { return nil }
        guard credential.token.fingerprint == refused else { return credential }
        guard credential.canRefresh else { return nil }
        return try await shared { [self] in try await refresh(ifStill: { $0.token.fingerprint == refused }) }
    }

    /// A failure that says nothing against the session: the provider could
    /// not be reached, another writer held the store, or the loop guard said wait.
    private static func isPassing(_ error: any Error) -> Bool {
        switch error {
        case is StoreBusyError, SignInError.refreshLoopStopped, NetworkError.transport: true
        // A machine's platform token that cannot be had, or is refused, does not stop a token that still works.
        case is PlatformTokenError: true
        default: false
        }
    }

    /// One refresh in flight per refresher: a second caller waits for the first's.
    private func shared(_ work: @escaping @Sendable () async throws -> Credential?) async throws
        -> Credential?
    {
        let task = inFlight.withLock { running -> Task<Credential?, any Error> in
            if let running { return running }
            let task = Task { try await work() }
            running = task
            return task
        }
        defer { inFlight.withLock { if $0 == task { $0 = nil } } }
        return try await task.value
    }

    /// Under the store's writer lock: read again, and refresh only if the
    /// stored session still `needs` it.
    private func refresh(ifStill needs: @escaping @Sendable (Credential) -> Bool) async throws -> Credential?
    {
        try await exclusively { locked in
            guard let credential = try await calling({ try locked.load() }).credential else { return nil }
            // Another process rotated the tokens while this one waited: use theirs.
            guard needs(credential) else { return credential }
            guard let provider = credential.provider, credential.canRefresh else { return nil }
            let recent = try admitRefresh(credential)
            try OAuthWire.requireSafe(provider.tokenEndpoint, "token endpoint")
            // A machine spends a fresh platform token, read here, under the lock, within the same
            // deadline as the grant: the lock is held for the two, as for a refresh and its retry.
            let machine = provider.machine
            var platformToken: AuthToken?
            if let machine {
                platformToken = try await PlatformToken.read(
                    machine.source, applications: assertionSources,
                    transport: self.transport ?? ConnectionSettings().transport(), limit: deadline, now: now()
                )
            }
            let sentAt = now()
            // A bound session proves its key on every request to the token endpoint, each with a fresh proof.
            let client = ClientCredentials(
                provider, dpopKey: try DPoPKey.signingKey(of: credential),
                assertion: machine?.grant == .clientAssertion ? platformToken : nil)
            // A machine's grant with its fresh token; else a refresh token when the session has one;
            // else (a client signed in as itself) the grant again.
            let request =
                if let machine, let platformToken {
                    try MachineGrants.request(
                        client, provider.tokenEndpoint, machine, token: platformToken,
                        scopes: credential.scopes)
                } else if let refreshToken = credential.refreshToken {
                    try client.formPost(
                        to: provider.tokenEndpoint,
                        [("grant_type", "refresh_token"), ("refresh_token", refreshToken.value)])
                } else {
                    try ClientCredentialsGrant.request(
                        client, provider.tokenEndpoint, scopes: credential.scopes)
                }
            let transport: any Transport =
                self.transport ?? credential.connection.transport(timeout: SessionLimits.refreshIdleTimeout)
            let endpoint = NetworkClient(
                baseURL: provider.tokenEndpoint,
                transport: DeadlineTransport(transport, limit: deadline))
            var answer: TokenGrant.Answer
            var retried = false
            do {
                answer = try await endpoint.run(
                    OneRequest(try client.proving(request), read: TokenGrant.read))
            } catch let error where machine == nil && Self.mayHaveLostTheAnswer(error) {
                // The provider may have rotated the token and its answer be lost: once more,
                // at once, under the same lock, with the same refresh token. A provider with a
                // reuse grace period answers with the pair it rotated to.
                retried = true
                answer = try await endpoint.run(
                    OneRequest(try client.proving(request), read: TokenGrant.read))
            }
            if client.dpopKey != nil && DPoPKey.asksForNonce(answer) {
                // The provider wants its nonce in the proof: once more, with it.
                answer = try await endpoint.run(
                    OneRequest(try client.proving(request), read: TokenGrant.read))
            }
            switch answer {
            case .grant(let grant):
                if let machine { try MachineGrants.check(grant, machine) }
                try grant.requireBinding(client.dpopKey != nil)
                var fresh = credential
                fresh.token = grant.accessToken
                // A machine keeps no refresh token: its next renewal runs its grant again.
                fresh.refreshToken = machine != nil ? nil : grant.refreshToken ?? credential.refreshToken
                fresh.tokenIssuedAt = sentAt
                fresh.expiresAt = grant.expiry(sentAt: sentAt)
                fresh.scopes = grant.scopes ?? credential.scopes
                fresh.refreshedAt = Array((recent + [sentAt]).suffix(Credential.refreshHistoryLimit))
                if let idToken = grant.idToken {
                    // Checked as at sign-in, but for the nonce a refresh does not send (§12.2).
                    _ = try IDToken(
                        idToken, issuer: IDTokenIssuer(provider), clientID: provider.clientID, nonce: nil)
                    fresh.idToken = try? AuthToken(idToken)
                }
                // Saved durably before anyone uses the new token.
                try await calling { [fresh] in try locked.save(fresh) }
                return fresh
            case .error(let code, let description, _) where machine != nil:
                // The platform's token was refused (it expired, or names another audience): the
                // session stays, and the next renewal reads a fresh one.
                throw MachineGrants.failure(
                    code: code, description: description, provider, clientAuthenticated: client.proves)
            case .error(let code, _, _) where Self.refusals(credential).contains(code):
                // Clear only the session whose grant was refused, if no other process renewed it meanwhile.
                let stored = try await calling { try locked.load() }.credential
                let unchanged =
                    credential.refreshToken != nil
                    ? stored?.refreshToken == credential.refreshToken : stored?.token == credential.token
                if unchanged { try await calling { try locked.clear() } }
                // Only a refresh token can have been used up by an answer that was lost.
                let lost = retried && credential.refreshToken != nil
                throw lost ? SignInError.refreshAnswerLost : SignInError.refreshRefused
            case .error(let code, let description, _):
                throw SignInError.providerError(code: code, description: description)
            }
        }
    }

    /// Whether a refresh that failed so may have reached the provider, whose
    /// answer then went missing: its deadline passed, the wait for data ran
    /// out, or the connection broke. (A refused connection sent nothing.)
    private static func mayHaveLostTheAnswer(_ error: any Error) -> Bool {
        guard case NetworkError.transport(let underlying) = error else { return false }
        if underlying is DeadlineExceededError { return true }
        switch (underlying as? ConnectionError)?.reason {
        case .noAnswer?, .connectionLost?: return true
        default: return false
        }
    }

    /// The error codes that say the session's grant is over: for a refresh
    /// token `invalid_grant`, or GitHub's `bad_refresh_token` (a GitHub
    /// App's refresh token that expired or was used up by a rotation); for a
    /// client signed in as itself, a client the provider no longer knows or
    /// lets use the grant.
    private static func refusals(_ credential: Credential) -> Set<String> {
        credential.refreshToken != nil
            ? ["invalid_grant", "bad_refresh_token"]
            : ["invalid_client", "unauthorized_client", "invalid_grant"]
    }

    /// Runs a call of the locked store where a wait holds no cooperative
    /// thread (``LoginStateRepository/mayWait``).
    private func calling<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws
        -> Result
    {
        try await repository.calling { _ in try body() }
    }

    /// Runs `body` as the refresher's ``Exclusion`` says: under the store's
    /// writer lock, or (the baseline) with the store's plain operations.
    private func exclusively<Result: Sendable>(_ body: (ExclusiveLoginState) async throws -> Result)
        async throws
        -> Result
    {
        switch exclusion {
        case .storeLock:
            try await repository.withExclusiveAccess(body)
        case .none:
            try await body(
                ExclusiveLoginState(load: repository.load, save: repository.save, clear: repository.clear))
        }
    }

    /// The loop guard: at most 5 refreshes
    /// of this session in 30 s, counted from the session's own
    /// ``Credential/refreshedAt`` (read under the lock), so every process that
    /// shares the session counts the same refreshes.
    ///
    /// - Returns: The refreshes within the window.
    private func admitRefresh(_ credential: Credential) throws -> [Date] {
        let date = now()
        let recent = credential.refreshedAt.filter {
            date.timeIntervalSince($0) < SessionLimits.refreshWindow
        }
        guard recent.count < SessionLimits.refreshesPerWindow else {
            throw SignInError.refreshLoopStopped(
                limit: SessionLimits.refreshesPerWindow, seconds: Int(SessionLimits.refreshWindow))
        }
        return recent
    }
}
