import Foundation
import Testing

/// Command lines that are wrong, or that ask for help: exit codes and the
/// exact words, run in this process.
@Suite struct UsageTests {
    let tool = Tool()

    @Test(arguments: ["login", "logout", "status", "switch", "token", "api", "help"])
    func everyCommandHasHelpThreeWays(command: String) async throws {
        for arguments in [[command, "--help"], [command, "-h"], ["help", command]] {
            let result = await tool.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout.hasPrefix("session-cli \(command): "))
            #expect(result.stdout.contains("USAGE: session-cli \(command)"))
            #expect(result.stdout.contains("EXIT CODES:\n  0    success"))
            #expect(result.stdout.contains("  77   the server rejected the credentials (401/403)"))
            #expect(result.stderr.isEmpty)
        }
    }

    @Test func toolHelpListsEveryCommandOptionAndExitCode() async throws {
        let result = await tool.run(["--help"])
        #expect(result.status == 0)
        for text in [
            "login", "logout", "status", "api", "--store PATH", "--lang en|ja", "--color auto|always|never",
            "--version", "  64   usage error", "  65   bad data", "  69   ", "  74   ",
        ] {
            #expect(result.stdout.contains(text), "missing \(text)")
        }
        #expect(await tool.run([]).stdout == result.stdout)
        #expect(await tool.run(["help"]).stdout == result.stdout)
        let login = await tool.run(["help", "login"]).stdout
        for option in ["--with-token", "--server URL", "--user NAME", "--expires-in SECONDS"] {
            #expect(login.contains(option))
        }
        let status = await tool.run(["help", "status"]).stdout
        #expect(status.contains("--json") && status.contains("--show-token"))
    }

    @Test func versionPrintsTheVersion() async throws {
        let result = await tool.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "session-cli 0.1.0\n")
        #expect(await tool.run(["status", "--version"]).stdout == "session-cli 0.1.0\n")
    }

    @Test func unknownCommandsAndOptionsSuggestTheClosestName() async throws {
        let expectations: [([String], String)] = [
            (["stauts"], "session-cli: unknown command 'stauts'; did you mean 'status'?\n"),
            (["logn"], "session-cli: unknown command 'logn'; did you mean 'login'?\n"),
            (
                ["status", "--jsn"],
                "session-cli: unknown option '--jsn' for status; did you mean '--json'?; see --help\n"
            ),
            (
                ["login", "--sever", "https://x.test"],
                "session-cli: unknown option '--sever' for login; did you mean '--server'?; see --help\n"
            ),
            (
                ["status", "--strore=/tmp/x"],
                "session-cli: unknown option '--strore' for status; did you mean '--store'?; see --help\n"
            ),
            (
                ["frobnicate"],
                "session-cli: unknown command 'frobnicate'; commands: login, logout, status, switch, token, api, git-credential, setup-git, kube-credential, help\n"
            ),
            (["status", "-x"], "session-cli: unknown option '-x'; see --help\n"),
            (["login", "--server"], "session-cli: --server needs a value: --server URL\n"),
            (["status", "--json=yes"], "session-cli: --json takes no value\n"),
            (["status", "--json", "--json"], "session-cli: --json is given more than once\n"),
            (["status", "extra"], "session-cli: status takes no arguments; see 'session-cli help status'\n"),
            (
                ["status", "--", "--json"],
                "session-cli: status takes no arguments; see 'session-cli help status'\n"
            ),
            (
                ["help", "nope"],
                "session-cli: no help for an unknown command; commands: login, logout, status, switch, token, api, git-credential, setup-git, kube-credential, help\n"
            ),
        ]
        for (arguments, message) in expectations {
            let result = await tool.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr == message)
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func bothOptionFormsAndGlobalOptionsAnywhereWork() async throws {
        let store = tool.home.file("s.json").path
        for arguments in [
            ["status", "--store", store], ["status", "--store=\(store)"], ["--store", store, "status"],
        ] {
            let result = await tool.run(arguments + ["--json"])
            #expect(result.status == 1)
            #expect(result.stdout.contains(#""store":"\#(store)""#))
        }
    }

    @Test func aTokenOnTheCommandLineIsRefusedAndNeverEchoed() async throws {
        let secret = "sk_live_ARGV_0123456789"
        let attempts = [
            ["login", "--token", secret], ["login", "--token=\(secret)"],
            ["login", "--with-token=\(secret)"],
            ["login", "--password", secret], ["login", secret], ["login", "--with-token", secret], [secret],
            ["status", "--\(secret)"],
        ]
        for arguments in attempts {
            let result = await tool.run(arguments, stdin: "valid_token_from_stdin")
            #expect(result.status == 64, "\(arguments.count) arguments")
            Secret.expectAbsent(["ARGV_0123"], in: result.output, "the error")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(await tool.run(["login", "--token=x"]).stderr.contains("--with-token"))
        #expect(!FileManager.default.fileExists(atPath: tool.defaultStore.path))
    }

    @Test func invalidOptionValuesExit64AndWriteNothing() async throws {
        await tool.run(["login", "--with-token", "--user", "alice"], stdin: "first_token_0123456789")
        let before = try Data(contentsOf: tool.defaultStore)
        let attempts: [[String]] = [
            ["login", "--with-token", "--server", "ftp://files.example.com"],
            ["login", "--with-token", "--server", "http://api.example.com"],
            ["login", "--with-token", "--server", "https://user:pass@api.example.com"],
            ["login", "--with-token", "--server", "not a url"],
            ["login", "--with-token", "--expires-in", "0"],
            ["login", "--with-token", "--expires-in", "-5"],
            ["login", "--with-token", "--expires-in", "1h"],
            ["login", "--with-token", "--user", ""],
            ["login", "--with-token", "--lang", "fr"],
            ["login", "--with-token", "--color", "rainbow"],
            ["login", "--with-token", "--store", ""],
            ["login"],
        ]
        for arguments in attempts {
            let result = await tool.run(
                arguments, stdin: arguments.count > 1 ? "second_token_0123456789" : "")
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("session-cli: "))
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(try Data(contentsOf: tool.defaultStore) == before, "\(arguments) changed the session")
        }
        #expect(await tool.run(["login"]).stderr.contains("--with-token"))
    }
}
