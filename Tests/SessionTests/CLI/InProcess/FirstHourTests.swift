import Foundation
import SessionCLIKit
import SessionCore
import SessionSystem
import Testing

/// What a person meets in their first hour with the tool, run in this
/// process: words for what is missing, hints that name the missing option,
/// one name for the account, a switch that asks, Japanese everywhere, and
/// the completion's own questions.
@Suite struct FirstHourTests {
    static let issuer = url("https://login.example.com")

    /// A sign-in whose provider named no account says so, and status shows
    /// the account as unknown, never a blank.
    @Test func aSignInWithNoAccountSaysTheProviderNamedNone() async throws {
        let signedIn = Credential(
            token: Sample.token("at_signed_in_0123456789"), server: Self.issuer,
            expiresAt: Date(timeIntervalSinceNow: 3600),
            provider: OAuthProvider(issuer: Self.issuer, clientID: "cli", tokenEndpoint: Self.issuer))
        let tool = Tool(network: StubNetwork(signedIn: signedIn))
        let login = await tool.run([
            "login", "--device", "--issuer", Self.issuer.absoluteString, "--client-id", "cli",
        ])
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout == "Logged in on https://login.example.com; the provider named no account.\n")
        #expect(!login.stdout.contains("as  on"))
        let status = await tool.run(["status"])
        #expect(
            status.stdout.split(separator: "\n").contains {
                $0.hasPrefix("  Account:") && $0.hasSuffix(" unknown")
            })
        let japanese = await tool.run(["--lang", "ja", "logout", "--local"])
        #expect(japanese.stdout.hasPrefix("https://login.example.com (アカウントなし) からログアウトしました。"))
    }

    /// A pasted token with no account, no server, or neither: each case in its own words.
    @Test(arguments: [
        (
            ["--server", "https://api.example.com"],
            "Logged in on https://api.example.com, with no account (--account NAME names one).\n"
        ),
        (
            ["--account", "alice"],
            "Logged in as alice, with no server (api needs --server URL).\n"
        ),
        ([], "Logged in, with no server and no account (api needs --server URL).\n"),
    ])
    func aTokenLoginSaysWhatItDoesNotKnow(options: [String], said: String) async throws {
        let tool = Tool(network: nil)
        let login = await tool.run(["login", "--with-token"] + options, stdin: Sample.secret)
        #expect(login.status == 0)
        #expect(login.stdout == said)
    }

    /// `--account` at login, like every other command, and `--user` as its alias.
    @Test func loginTakesAccountAndKeepsUserAsAnAlias() async throws {
        let tool = Tool(network: nil)
        for (option, account) in [("--account", "alice"), ("--user", "bob")] {
            let login = await tool.run(
                ["login", "--with-token", "--server", "https://api.example.com", option, account],
                stdin: "tok_\(account)_0123456789")
            #expect(login.stdout.hasPrefix("Logged in as \(account) on https://api.example.com."))
        }
        #expect(try tool.store.sessions().map(\.key.account) == ["bob", "alice"])
        let both = await tool.run(
            ["login", "--with-token", "--user", "a", "--account", "b"], stdin: Sample.secret)
        #expect(both.status == 64 && both.stderr == "session-cli: --account is given more than once\n")
    }

    /// An account on two servers asks for the server, and names the servers;
    /// an account that is elsewhere says where it is.
    @Test func hintsNameTheOptionThatIsMissing() async throws {
        let tool = Tool(network: nil)
        for server in ["https://a.example.com", "https://b.example.com"] {
            _ = await tool.run(
                ["login", "--with-token", "--server", server, "--account", "bob"], stdin: Sample.secret)
        }
        let ambiguous = await tool.run(["token", "--account", "bob"])
        #expect(ambiguous.status == 64)
        #expect(
            ambiguous.stderr
                == "session-cli: bob has sessions on several servers (https://b.example.com, https://a.example.com); give --server (or SESSION_CLI_SERVER) too\n"
        )
        let elsewhere = await tool.run(["token", "--account", "bob", "--server", "https://c.example.com"])
        #expect(elsewhere.status == 1)
        #expect(
            elsewhere.stderr
                == "session-cli: no session for bob on https://c.example.com; bob has sessions on: https://b.example.com, https://a.example.com\n"
        )
        let otherAccount = await tool.run([
            "token", "--account", "carol", "--server", "https://a.example.com",
        ])
        #expect(
            otherAccount.stderr
                == "session-cli: no session for carol on https://a.example.com; the accounts on https://a.example.com are: bob\n"
        )
    }

    /// Logs in three sessions, carol's the default.
    func threeSessions(_ tool: Tool) async {
        for account in ["alice", "bob", "carol"] {
            _ = await tool.run(
                [
                    "login", "--with-token", "--server", "https://\(account).example.com", "--account",
                    account,
                ],
                stdin: "tok_\(account)_0123456789")
        }
    }

    /// On a terminal, with more than two sessions, switch lists them by
    /// number (the default marked) and reads one; Enter changes nothing, and
    /// an answer that is not a number is asked again.
    @Test func switchOnATerminalAsksWhichSession() async throws {
        let tool = Tool(network: nil)
        await threeSessions(tool)
        let chosen = await tool.run(["switch"], stdin: "x\n3\n", inputIsTerminal: true)
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(
            chosen.stderr.hasPrefix(
                """
                Sessions:
                  1. carol on https://carol.example.com (default)
                  2. bob on https://bob.example.com
                  3. alice on https://alice.example.com
                Switch to which session? [1-3, Enter for none]: Give a number from 1 to 3, or press Enter to change nothing.
                """))
        #expect(chosen.stdout == "Switched the default session to alice on https://alice.example.com.\n")
        #expect(try tool.store.sessions().first?.key.account == "alice")

        let none = await tool.run(["switch"], stdin: "\n", inputIsTerminal: true)
        #expect(none.status == 0 && none.stdout == "Nothing changed.\n")
        #expect(try tool.store.sessions().first?.key.account == "alice")
        let refused = await tool.run(["switch"], stdin: "9\nnine\n0\n", inputIsTerminal: true)
        #expect(
            refused.status == 64
                && refused.stderr.hasSuffix("session-cli: no session was chosen; nothing changed\n"))
        // Not on a terminal: the choices, and exit 64.
        let piped = await tool.run(["switch"])
        #expect(piped.status == 64 && piped.stderr.contains("choose one with --server: "))
    }

    /// Japanese reaches every kind of message: a usage error (even before the
    /// command line is parsed), a hint, a confirmation, a prompt.
    @Test func japaneseReachesErrorsHintsAndConfirmations() async throws {
        let tool = Tool(network: nil)
        let japanese: [EnvironmentVariable: String] = [.language: "ja_JP.UTF-8"]
        let unknown = await tool.run(["stauts"], environment: japanese)
        #expect(unknown.stderr == "session-cli: 不明なコマンド 'stauts' です。'status' のことですか?\n")
        let notLoggedIn = await tool.run(["token"], environment: japanese)
        #expect(notLoggedIn.stderr == "session-cli: ログインしていません。'session-cli login' を実行してください\n")
        let login = await tool.run(
            [
                "--lang", "ja", "login", "--with-token", "--server", "https://api.example.com", "--account",
                "alice",
            ],
            stdin: Sample.secret)
        #expect(login.stdout == "https://api.example.com に alice としてログインしました。\n")
        let english = await tool.run(["--lang", "en", "stauts"], environment: japanese)
        #expect(english.stderr.hasPrefix("session-cli: unknown command"), "--lang wins over LANG")
        let prompt = await tool.run(["--lang", "ja", "login"], stdin: "\n", inputIsTerminal: true)
        #expect(
            prompt.stderr
                == "トークンを貼り付けてください (入力は表示されません): \nsession-cli: プロンプトで入力されたトークンが正しくありません: トークンが空です\n")
        #expect(prompt.status == 65)
    }

    /// What the completion scripts ask the tool: the servers and the
    /// accounts of the store, each once.
    @Test func completionListsTheStoresServersAndAccounts() async throws {
        let tool = Tool(network: nil)
        await threeSessions(tool)
        _ = await tool.run(
            ["login", "--with-token", "--server", "https://alice.example.com", "--account", "bob"],
            stdin: Sample.secret)
        let servers = await tool.run(["completion", "--values", "server"])
        #expect(
            servers.stdout
                == "https://alice.example.com\nhttps://carol.example.com\nhttps://bob.example.com\n")
        let accounts = await tool.run(["completion", "--values", "account"])
        #expect(accounts.stdout == "bob\ncarol\nalice\n")
        #expect(await tool.run(["completion", "tcsh"]).status == 64)
        #expect(await tool.run(["completion"]).status == 64)
        #expect(await tool.run(["completion", "bash", "--values", "server"]).status == 64)
    }

    /// `help --man` is roff: a title, the sections, every command, and no
    /// line that roff would read as a request by mistake.
    @Test func theManualPageIsRoff() async throws {
        let page = await Tool(network: nil).run(["help", "--man"]).stdout
        #expect(page.hasPrefix(".TH SESSION-CLI 1 "))
        for section in [".SH NAME", ".SH SYNOPSIS", ".SH COMMANDS", ".SH ENVIRONMENT", ".SH EXIT STATUS"] {
            #expect(page.contains("\n\(section)\n"), "\(section)")
        }
        for spec in CommandTable.specs {
            #expect(page.contains(".SS \"session-cli \(spec.name.replacing("-", with: "\\-"))\""))
        }
        let requests = [
            ".TH ", ".SH ", ".SS ", ".TP", ".PP", ".B ", ".I ", ".nf", ".fi", ".RS", ".RE", ".ad l", ".nh",
        ]
        for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(requests.contains { line.hasPrefix($0) }, "a line roff reads as a request: \(line)")
        }
        #expect(await Tool(network: nil).run(["help", "--man", "login"]).status == 64)
    }
}
