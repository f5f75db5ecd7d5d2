import Foundation
import SessionCore

/// `logout`: revoke the grant at the provider, then remove the session.
/// Already logged out is success.
package struct LogoutCommand: Command {
    /// `logout`'s options.
    package enum Option: String, CommandOption {
        case local

        /// The option's help.
        package var spec: OptionSpec {
            OptionSpec(
                rawValue, help: "Remove the session here only; do not revoke the grant at the provider.")
        }
    }

    package static let spec = CommandSpec(
        name: "logout", summary: "Revoke the grant and remove the session. Succeeds when already logged out.",
        options: Option.self,
        discussion: """
            A session from a provider is revoked there first (RFC 7009: the refresh token, else the access
            token), with a 5 s limit; then the session file is deleted whatever the provider said, with any
            temporary file a killed writer left behind. Standard error says whether the revocation worked;
            a failed revocation does not fail the logout.
            """)

    /// `--local`: do not contact the provider.
    package let local: Bool

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        local = arguments.has(.local)
    }

    /// Whether this logout revokes at a provider, so runs in the networking companion.
    package func revokes(context: CommandContext) -> Bool {
        guard !local, case .loggedIn(let credential)? = try? context.store.load() else { return false }
        return credential.provider?.revocationEndpoint != nil
    }

    /// Removes the session and says whose it was.
    package func run(context: CommandContext) async throws -> ExitCode {
        try context.refuseWhileOverridden("log out")
        // Only for the message: a corrupt file is exactly what logout must still remove.
        let previous = Result { try context.store.load() }
        _ = try await Logout().perform(with: context.store)
        switch previous {
        case .success(.loggedIn(let credential)):
            if !local, let provider = credential.provider, provider.revocationEndpoint == nil {
                Console.error(
                    "session-cli: note: \(provider.issuer.absoluteString) lists no revocation endpoint; "
                        + "the grant was not revoked there")
            }
            let who = CommandContext.describe(credential)
            Console.out("Logged out\(who.isEmpty ? "" : " \(who)").")
        case .success(.loggedOut):
            Console.out("Not logged in; nothing to do.")
        case .failure:
            Console.out("Removed an unreadable session file. Logged out.")
        }
        return .success
    }
}
