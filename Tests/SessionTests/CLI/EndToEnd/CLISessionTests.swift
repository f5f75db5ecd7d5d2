import Foundation
import SessionCore
import Testing

/// A whole session through the built binary, as a real process ends it:
/// login, status, logout and their exit codes. (Every other case of these
/// commands runs in-process, in `SessionCommandTests`.)
@Suite struct CLISessionTests {
    let cli = CommandRunner()
    let secret = "sk_live_E2E_abcdef0123456789"

    func login(_ extra: [String] = [], token: String? = nil) async throws -> CommandResult {
        try await cli.run(["login", "--with-token"] + extra, stdin: ((token ?? secret) + "\n").data)
    }

    @Test func loginStatusLogoutWithEveryExitCode() async throws {
        #expect(try await cli.run(["status"]).status == 1)
        let loggedIn = try await login([
            "--server", "https://api.example.com", "--user", "alice", "--expires-in", "3600",
        ])
        #expect(loggedIn.status == 0)
        #expect(loggedIn.stdout == "Logged in as alice on https://api.example.com.\n")

        let status = try await cli.run(["status"])
        #expect(status.status == 0)
        let lines = status.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Logged in")
        #expect(lines.contains("  Account:  alice"))
        #expect(lines.contains("  Server:   https://api.example.com"))
        #expect(lines.contains("  Token:    sk_l********"))
        #expect(
            lines.contains {
                $0.hasPrefix("  Expires:  in 59 minutes (") || $0.hasPrefix("  Expires:  in 1 hour (")
            })
        #expect(lines.contains("  Store:    \(cli.defaultStore.path)"))
        #expect(lines.last == "  Button:   Log out")

        let again = try await login(["--user", "bob"], token: "second_token_0123456789")
        #expect(
            again.stdout
                == "Logged in as bob, with no server (api needs --server URL).\n"
                + "It is the default session now; 1 other session kept (session-cli status lists it).\n")
        let both = try await cli.run(["status"])
        #expect(both.stdout.contains("  Account:  bob\n"))
        #expect(both.stdout.contains("Other sessions:\n  alice on https://api.example.com: expires in "))

        let logout = try await cli.run(["logout"])
        #expect(logout.status == 0)
        #expect(
            logout.stdout
                == "Logged out bob (no server).\nThe default session is now alice on https://api.example.com.\n"
        )
        let second = try await cli.run(["logout"])
        #expect(second.stdout == "Logged out alice on https://api.example.com.\n")
        let twice = try await cli.run(["logout"])
        #expect(twice.status == 0)
        #expect(twice.stdout == "Not logged in; nothing to do.\n")
        let out = try await cli.run(["status"])
        #expect(out.status == 1)
        #expect(out.stdout == "Not logged in\n  Store:   \(cli.defaultStore.path)\n  Button:  Log in\n")
    }
}
