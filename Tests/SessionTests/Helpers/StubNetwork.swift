import Foundation
import SessionCLIKit
import SessionCore
import SessionSupport
import SessionSystem

/// A ``Network`` that answers from what the test says and records what it
/// was asked: for the commands' logic, with no server.
final class StubNetwork: Network {
    /// What a command asked for, in order.
    enum Call: Equatable {
        case signIn(issuer: URL, clientID: String)
        case currentCredential
        case refreshed(replacing: TokenFingerprint)
        case userInfo
        case revoke(token: TokenFingerprint)
        case endSession(token: TokenFingerprint)
        case send(method: String, path: String, server: URL, carriesOverride: Bool)
    }

    private let recorded = Locked<[Call]>([])
    var calls: [Call] { recorded.withLock { $0 } }

    /// The credential a sign-in ends with.
    let signedIn: Credential?
    /// The credential a refresh hands out; `nil` to hand out the stored one.
    let refreshed: Credential?
    /// What the provider says of the account.
    let account: UserInfo
    /// How a revocation goes.
    let revocation: Revocation
    /// How `logout --everywhere` goes at the provider.
    let signOut: ProviderSignOut
    /// How the server answers `api`, and the body of a 2xx.
    let answer: APIAnswer
    let body: [UInt8]

    init(
        signedIn: Credential? = nil, refreshed: Credential? = nil,
        account: UserInfo = UserInfo(subject: "1", preferredUsername: "alice"),
        revocation: Revocation = .revoked(issuer: "https://login.example.com"), answer: APIAnswer = .success,
        body: [UInt8] = [], signOut: ProviderSignOut = .signedOut(issuer: "https://login.example.com")
    ) {
        self.signOut = signOut
        self.signedIn = signedIn
        self.refreshed = refreshed
        self.account = account
        self.revocation = revocation
        self.answer = answer
        self.body = body
    }

    func signIn(_ request: SignInRequest, events: @escaping @Sendable (SignInEvent) -> Void)
        -> any CredentialProvider
    {
        recorded.withLock { $0.append(.signIn(issuer: request.issuer, clientID: request.clientID)) }
        return Provider(credential: signedIn)
    }

    func currentCredential(of session: any LoginStateRepository) async throws -> Credential? {
        recorded.withLock { $0.append(.currentCredential) }
        return try await currentCredentialQuietly(of: session)
    }

    func refreshed(_ session: any LoginStateRepository, replacing: TokenFingerprint) async throws
        -> Credential?
    {
        recorded.withLock { $0.append(.refreshed(replacing: replacing)) }
        if let refreshed {
            try session.save(refreshed)
            return refreshed
        }
        return try session.load().credential
    }

    /// No signing here: a bound session's proofs are tested against the real networking half.
    func dpopProof(of session: any LoginStateRepository, method: String, url: URL, nonce: String?)
        async throws
        -> (token: AuthToken, proof: String)?
    {
        nil
    }

    func userInfo(of session: any LoginStateRepository) async throws -> UserInfo? {
        recorded.withLock { $0.append(.userInfo) }
        guard try await currentCredentialQuietly(of: session) != nil else { return nil }
        return account
    }

    /// ``currentCredential(of:)`` without recording the call.
    private func currentCredentialQuietly(of session: any LoginStateRepository) async throws -> Credential? {
        if let refreshed {
            try session.save(refreshed)
            return refreshed
        }
        return try session.load().credential
    }

    func revoke(_ credential: Credential) async -> Revocation {
        recorded.withLock { $0.append(.revoke(token: credential.token.fingerprint)) }
        return revocation
    }

    func endSession(
        _ credential: Credential, opensBrowser: Bool, language: Language,
        events: @escaping @Sendable (SignInEvent) -> Void
    ) async -> ProviderSignOut {
        recorded.withLock { $0.append(.endSession(token: credential.token.fingerprint)) }
        events(.logoutURL(URL(fileURLWithPath: "/end-session"), opening: opensBrowser))
        return signOut
    }

    func send(
        _ request: APIRequest, session: any LoginStateRepository, token: AuthToken?,
        head: @escaping @Sendable (APIHead) -> Void, body: @escaping @Sendable ([UInt8]) -> Bool
    ) async throws -> APIAnswer {
        recorded.withLock {
            $0.append(
                .send(
                    method: request.method, path: request.path, server: request.server,
                    carriesOverride: token != nil))
        }
        if case .success = answer, !self.body.isEmpty, !body(self.body) { return .outputFailed }
        return answer
    }

    private struct Provider: CredentialProvider {
        let credential: Credential?
        func credential() async throws -> Credential {
            guard let credential else {
                throw CLIError(.signInAccessDenied)
            }
            return credential
        }
    }
}
