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
        if !local, case .loggedIn(let credential) = try context.store.load() {
            await Self.revokeReportingOutcome(credential)
        }
        return try await run(context: context)
    }

    /// Revokes `credential`'s grant within ``revocationTimeout``; one line on
    /// stderr either way. Never throws: a logout or a new login goes on
    /// regardless. The request races a timer in a task group, so no thread
    /// is blocked while it runs.
    static func revokeReportingOutcome(_ credential: Credential) async {
        guard let provider = credential.provider, let endpoint = provider.revocationEndpoint else { return }
        let outcome = await withTaskGroup(of: Result<Void, any Error>?.self) { group in
            group.addTask {
                do {
                    try await NetworkClient(
                        baseURL: endpoint, transport: URLSessionTransport(timeout: revocationTimeout)
                    ).run(GrantRevocation(credential: credential))
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(revocationTimeout + 1))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        let issuer = provider.issuer.absoluteString
        switch outcome {
        case .success?:
            Console.error("Revoked the grant at \(issuer).")
        case .failure(let error)?:
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
        case NetworkError.transport(let underlying): NetworkErrorReport.reason(underlying)
        case let error as SignInError: error.description
        default: "\(type(of: error))"
        }
    }
}
