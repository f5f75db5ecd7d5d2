import SessionCLIKit
import SessionCore

/// `logout`: remove the session. Already logged out is success.
enum LogoutCommand {
    static func run(context: CommandContext) async throws -> ExitCode {
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
