import Foundation
package import SessionCLIKit
import SessionCore
import SessionNetworking

extension LogoutCommand: NetworkCommand {
    /// The longest wait for the provider at logout: the local session is gone by then anyway.
    static let revocationDeadline: Duration = .seconds(5)

    /// Removes the session (under the store's lock), then revokes at the
    /// provider exactly what it removed, and says on stderr how that went.
    package func runWithNetworking(context: CommandContext) async throws -> ExitCode {
        let removal = try Self.remove(context.store)
        if !local, case .session(let credential) = removal { await Self.revokeReportingOutcome(credential) }
        Self.report(removal, revoking: !local)
        return .success
    }

    /// Revokes `credential`'s grant within ``revocationDeadline``, whatever
    /// the provider does; one line on stderr either way. Never throws: a
    /// logout or a new login goes on regardless.
    static func revokeReportingOutcome(_ credential: Credential) async {
        guard let provider = credential.provider, let endpoint = provider.revocationEndpoint else { return }
        let issuer = provider.issuer.absoluteString
        do {
            try await within(revocationDeadline) {
                try await NetworkClient(baseURL: endpoint, transport: URLSessionTransport(timeout: 5))
                    .run(GrantRevocation(credential: credential))
            }
            Console.error("Revoked the grant at \(issuer).")
        } catch is DeadlineExceededError {
            Console.error(
                "session-cli: warning: \(issuer) did not answer within \(revocationDeadline.components.seconds) s; "
                    + "the grant may still be valid there; the local session is removed anyway")
        } catch {
            Console.error(
                "session-cli: warning: could not revoke the grant at \(issuer) (\(describe(error))); "
                    + "the local session is removed anyway")
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
