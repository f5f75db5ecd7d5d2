import Foundation
import SessionCLIKit
import SessionCore
import SessionNetworking

extension TokenCommand {
    /// The token after a refresh: session-cli found it due and handed over.
    /// Many processes at once refresh once (the store's lock), the rest use
    /// the rotated token.
    func refreshAndPrint(context: CommandContext) async throws -> ExitCode {
        if case .print(let token) = try plan(context: context) { return Self.output(token) }
        let refresher = TokenRefresher(repository: context.store)
        guard let credential = try await refresher.currentCredential() else {
            throw CLIError("not logged in; run 'session-cli login'", code: .failure)
        }
        return Self.output(credential.token)
    }
}
