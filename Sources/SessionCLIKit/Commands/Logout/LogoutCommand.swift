import SessionCore
import SessionSupport

/// `logout`: remove the session, then revoke its grant at the provider.
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
            (RFC 7009: the refresh token, and the access token while it is valid), within \
            \(SessionLimits.revocationDeadline.components.seconds) s. Standard
            error says whether the revocation worked; a failed revocation does not fail the logout.
            """)

    /// `--local`: do not contact the provider.
    let local: Bool

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        local = arguments.has(.local)
    }

    /// What a logout removed.
    enum Removal {
        /// This session: revoke it, and say whose it was.
        case session(Credential)
        /// Nothing: already logged out.
        case nothing
        /// A file that could not be read as a session (corrupt, from a newer version).
        case unreadable
    }

    package func run(context: CommandContext) throws -> ExitCode {
        try context.refuseWhileOverridden("log out")
        let store = try context.store()
        // The network first, while nothing has changed: in session-cli this
        // is where the command line goes to session-cli-api.
        let network = try revokes(try? store.load().credential) ? context.network() : nil
        let removal = try Self.remove(store)
        if case .session(let credential) = removal, let issuer = credential.provider?.issuer, !local {
            let revocation =
                if let network, revokes(credential) {
                    try waitFor { await network.revoke(credential) }
                } else {
                    Revocation.notOffered(issuer: issuer.absoluteString)
                }
            context.console.error(revocation.message)
        }
        context.console.out(Self.describe(removal))
        return .success
    }

    /// Whether logging out `credential` revokes it at its provider.
    private func revokes(_ credential: Credential?) -> Bool {
        !local && credential?.provider?.revocationEndpoint != nil
    }

    /// Reads and removes the session as one step under the store's writer
    /// lock, so a refresh in another process either finished before (and
    /// its rotated tokens are what is removed) or finds no session after.
    /// A file that cannot be read as a session is removed too: that is
    /// exactly what logout is for.
    private static func remove(_ store: FileLoginStateStore) throws -> Removal {
        do {
            return try store.removeCredential().map(Removal.session) ?? .nothing
        } catch let error as SessionFileError where error.isBadData {
            try store.clear()
            return .unreadable
        }
    }

    private static func describe(_ removal: Removal) -> String {
        switch removal {
        case .session(let credential):
            let who = CommandContext.describe(credential)
            return "Logged out\(who.isEmpty ? "" : " \(who)")."
        case .nothing:
            return "Not logged in; nothing to do."
        case .unreadable:
            return "Removed an unreadable session file. Logged out."
        }
    }
}
