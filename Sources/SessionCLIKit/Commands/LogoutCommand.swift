import SessionCore

/// `logout`: remove the session. Already logged out is success.
package struct LogoutCommand: Command {
    package typealias Option = NoOption

    package static let spec = CommandSpec(
        name: "logout", summary: "Remove the session. Succeeds when already logged out.",
        options: Option.self,
        discussion: "The session file is deleted, with any temporary file a killed writer left behind.")

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {}

    /// Removes the session and says whose it was.
    package func run(context: CommandContext) async throws -> ExitCode {
        // Only for the message: a corrupt file is exactly what logout must still remove.
        let previous = Result { try context.store.load() }
        _ = try await Logout().perform(with: context.store)
        switch previous {
        case .success(.loggedIn(let credential)):
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
