import Foundation
import SessionCLIKit
import SessionSupport
import SessionSystem
import Testing

/// Command lines that are wrong, or that ask for help: exit codes and the
/// exact words, run in this process.
@Suite struct UsageTests {
    let tool = Tool()

    @Test(arguments: CommandTable.specs.map(\.name))
    func everyCommandHasHelpThreeWays(command: String) async throws {
        let spec = try #require(CommandTable.spec(named: command))
        for arguments in [[command, "--help"], [command, "-h"], ["help", command]] {
            let result = await tool.run(arguments, environment: [.columns: "80"])
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout.hasPrefix("session-cli \(command): "))
            #expect(result.stdout.contains("USAGE: session-cli \(command)"))
            // Its own exit codes, in one line: never the table of every code.
            let codes = spec.exitCodes.map { String($0.rawValue) }.joined(separator: ", ")
            #expect(result.stdout.contains("EXIT CODES: \(codes) "))
            #expect(!result.stdout.contains("the server rejected the credentials"))
            #expect(result.stderr.isEmpty)
        }
    }

    /// Every screen of help fits an 80-column terminal, in both languages,
    /// its lines measured in the columns a terminal draws (CJK takes two).
    @Test(arguments: Language.allCases)
    func everyHelpScreenFitsEightyColumns(language: Language) async throws {
        let screens = [["help"], ["help", "exit-codes"]] + CommandTable.specs.map { ["help", $0.name] }
        for arguments in screens {
            let result = await tool.run(
                ["--lang", language.rawValue] + arguments, environment: [.columns: "80"])
            #expect(result.status == 0)
            for line in result.stdout.split(separator: "\n") where TextLayout.columns(line) > 80 {
                Issue.record("\(arguments) in \(language): \(TextLayout.columns(line)) columns: \(line)")
            }
        }
    }

    /// The width comes from COLUMNS, and a wider terminal gets longer lines.
    @Test func helpWrapsToTheWidthItIsGiven() async throws {
        let narrow = await tool.run(["help", "login"], environment: [.columns: "60"]).stdout
        let wide = await tool.run(["help", "login"], environment: [.columns: "160"]).stdout
        // Every line but the examples, which are command lines and never broken.
        let examples = Set(LoginCommand.spec.examples.map { "  " + $0 })
        for line in narrow.split(separator: "\n") where !examples.contains(String(line)) {
            #expect(TextLayout.columns(line) <= 60, "\(line)")
        }
        #expect(wide.split(separator: "\n").contains { TextLayout.columns($0) > 80 })
        #expect(narrow.split(separator: "\n").count > wide.split(separator: "\n").count)
    }

    /// The exit codes are listed once, with what each means.
    @Test func helpExitCodesListsEachCodeOnce() async throws {
        let result = await tool.run(["help", "exit-codes"], environment: [.columns: "80"])
        #expect(result.status == 0)
        for code in ExitCode.allCases {
            #expect(result.stdout.contains("\n  \(code.rawValue) "), "\(code)")
        }
        #expect(result.stdout.contains("the server rejected the credentials (401/403)"))
        let overview = await tool.run(["help"]).stdout
        #expect(!overview.contains("the server rejected the credentials"))
        #expect(overview.contains("session-cli help exit-codes"))
    }

    @Test func toolHelpListsEveryCommandOptionAndExitCode() async throws {
        let result = await tool.run(["--help"])
        #expect(result.status == 0)
        for text in CommandTable.specs.map(\.name) + [
            "--store PATH", "--lang en|ja", "--color auto|always|never", "--version",
        ] {
            #expect(result.stdout.contains(text), "missing \(text)")
        }
        #expect(await tool.run([]).stdout == result.stdout)
        #expect(await tool.run(["help"]).stdout == result.stdout)
        let login = await tool.run(["help", "login"]).stdout
        for option in ["--with-token", "--server URL", "--account NAME, --user", "--expires-in SECONDS"] {
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
                "session-cli: unknown option '--jsn' for status; did you mean '--json'?\n"
            ),
            (
                ["login", "--sever", "https://x.test"],
                "session-cli: unknown option '--sever' for login; did you mean '--server'?\n"
            ),
            (
                ["login", "--acount", "bob"],
                "session-cli: unknown option '--acount' for login; did you mean '--account'?\n"
            ),
            (
                ["status", "--strore=/tmp/x"],
                "session-cli: unknown option '--strore' for status; did you mean '--store'?\n"
            ),
            (["--jsno", "status"], "session-cli: unknown option '--jsno'; see --help\n"),
            (
                ["frobnicate"],
                "session-cli: unknown command 'frobnicate'; commands: login, logout, status, switch, token, whoami, api, git-credential, setup-git, kube-credential, completion, help\n"
            ),
            (
                ["status", "-x"],
                "session-cli: unknown option '-x' for status; see 'session-cli help status'\n"
            ),
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
                "session-cli: no help for that; give one of: login, logout, status, switch, token, whoami, api, git-credential, setup-git, kube-credential, completion, help, exit-codes\n"
            ),
            (["help", "tokne"], "session-cli: no help for that; did you mean 'token'?\n"),
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
