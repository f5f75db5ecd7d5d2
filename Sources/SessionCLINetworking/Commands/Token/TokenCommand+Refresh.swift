import Foundation
package import SessionCLIKit
import SessionCore
import SessionNetworking

extension TokenCommand: NetworkCommand {
    /// Refreshes the due token, then prints it. Many processes at once
    /// refresh once (under the store's lock); the rest use the rotated token.
    package func runWithNetworking(context: CommandContext) async throws -> ExitCode {
        guard let credential = try await TokenRefresher(repository: context.store).currentCredential() else {
            throw CLIError("not logged in; run 'session-cli login'", code: .failure)
        }
        return Self.output(credential.token)
    }
}
