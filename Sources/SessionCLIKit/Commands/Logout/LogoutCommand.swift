package import SessionCore
import SessionSupport

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
            The session is removed first (read and deleted in one step under the store's lock, with any
            temporary file a killed writer left behind), then what was removed is revoked at the provider
            (RFC 7009: the refresh token, and the access token while it is valid), within 5 s. Standard
            error says whether the revocation worked; a failed revocation does not fail the logout.
            """)

    /// `--local`: do not contact the provider.
    package let local: Bool

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        local = arguments.has(.local)
    }

    /// A logout never runs while `SESSION_CLI_TOKEN` overrides the session.
    package func check(context: CommandContext) throws {
        try context.refuseWhileOverridden("log out")
    }

    /// A session from a provider that lists a revocation endpoint is revoked
    /// there: networking. A pasted token, `--local`, or no session: none.
    package func needsNetworking(context: CommandContext) throws -> Bool {
        guard !local, case .loggedIn(let credential)? = try? context.store.load() else { return false }
        return credential.provider?.revocationEndpoint != nil
    }

    /// What a logout removed.
    package enum Removal: Sendable {
        /// This session: revoke it, and say whose it was.
        case session(Credential)
        /// Nothing: already logged out.
        case nothing
        /// A file that could not be read as a session (corrupt, from a newer version).
        case unreadable
    }

    /// Removes the session here, without the provider, and says whose it was.
    package func run(context: CommandContext) throws -> ExitCode {
        let removal = try Self.remove(context.store)
        Self.report(removal, revoking: !local)
        return .success
    }

    /// Reads and removes the session as one step under the store's writer
    /// lock, so a refresh in another process either finished before (and
    /// its rotated tokens are what is removed) or finds no session after.
    /// A file that cannot be read as a session is removed too: that is
    /// exactly what logout is for.
    package static func remove(_ store: FileLoginStateStore) throws -> Removal {
        do {
            return try store.removeCredential().map(Removal.session) ?? .nothing
        } catch let error as SessionFileError where error.isBadData {
            try store.clear()
            return .unreadable
        }
    }

    /// Says what was removed; with `revoking`, notes a provider that lists
    /// no revocation endpoint.
    package static func report(_ removal: Removal, revoking: Bool) {
        switch removal {
        case .session(let credential):
            if revoking, let provider = credential.provider, provider.revocationEndpoint == nil {
                Console.error(
                    "session-cli: note: \(provider.issuer.absoluteString) lists no revocation endpoint; "
                        + "the grant was not revoked there")
            }
            let who = CommandContext.describe(credential)
            Console.out("Logged out\(who.isEmpty ? "" : " \(who)").")
        case .nothing:
            Console.out("Not logged in; nothing to do.")
        case .unreadable:
            Console.out("Removed an unreadable session file. Logged out.")
        }
    }
}
