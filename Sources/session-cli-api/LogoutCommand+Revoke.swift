import Foundation
import SessionCLIKit
import SessionCore
import SessionNetworking

extension LogoutCommand {
    /// The longest wait for the provider at logout: the local session goes anyway.
    static let revocationTimeout: TimeInterval = 5

    /// Revokes the grant at the provider, then removes the session whatever
    /// the provider said, and says on stderr how the revocation went.
    func revokeAndRemove(context: CommandContext) async throws -> ExitCode {
        try context.refuseWhileOverridden("log out")
        if case .loggedIn(let credential) = try context.store.load() {
            Self.revokeReportingOutcome(credential)
        }
        return try await run(context: context)
    }

    /// Revokes `credential`'s grant with a short timeout; one line on stderr
    /// either way. Never throws: a logout or a new login goes on regardless.
    static func revokeReportingOutcome(_ credential: Credential) {
        guard let provider = credential.provider, let endpoint = provider.revocationEndpoint else { return }
        let outcome = Locked<(any Error)??>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await NetworkClient(
                    baseURL: endpoint, transport: URLSessionTransport(timeout: revocationTimeout)
                )
                .run(GrantRevocation(credential: credential))
                outcome.withLock { $0 = .some(nil) }
            } catch {
                outcome.withLock { $0 = .some(error) }
            }
            done.signal()
        }
        // The hard limit, whatever the transport does.
        _ = done.wait(timeout: .now() + revocationTimeout + 1)
        let issuer = provider.issuer.absoluteString
        switch outcome.withLock({ $0 }) {
        case .some(nil):
            Console.error("Revoked the grant at \(issuer).")
        case .some(let error?):
            Console.error(
                "session-cli: warning: could not revoke the grant at \(issuer) (\(describe(error))); "
                    + "the local session is removed anyway")
        case nil:
            Console.error(
                "session-cli: warning: \(issuer) did not answer within \(Int(revocationTimeout)) s; "
                    + "the grant may still be valid there; the local session is removed anyway")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case NetworkError.transport(let underlying):
            (underlying as? URLError)?.localizedDescription ?? "it could not be reached"
        case let error as SignInError: error.description
        default: "\(type(of: error))"
        }
    }
}
