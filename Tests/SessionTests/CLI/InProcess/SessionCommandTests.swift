import Foundation
import SessionCLIKit
import SessionCore
import SessionSystem
import Testing

/// Whole sessions through the commands, run in this process: login, status,
/// logout, and every way the input or the file can be bad.
@Suite struct SessionCommandTests {
    let tool = Tool()
    let secret = "sk_live_E2E_abcdef0123456789"

    func login(_ extra: [String] = [], token: String? = nil) async throws -> ToolResult {
        await tool.run(["login", "--with-token"] + extra, stdin: (token ?? secret) + "\n")
    }

    func statusJSON(_ extra: [String] = []) async throws -> (ToolResult, [String: Any]) {
        let result = await tool.run(["status", "--json"] + extra)
        let object = try JSONSerialization.jsonObject(with: result.stdout.data) as? [String: Any]
        return (result, object ?? [:])
    }

    @Test func jsonHasAStableShapeAndNoTokenUnlessAsked() async throws {
        let keys: Set = [
            "state", "account", "server", "issuedAt", "expiresAt", "expiresInSeconds", "tokenRedacted",
            "token", "secrets", "provider", "scopes", "canRefresh", "refreshesOnUse", "tokenSource", "store",
            "button", "sessions", "caFile", "clientCertificate", "dpopThumbprint",
        ]
        let (outResult, out) = try await statusJSON()
        #expect(outResult.status == 1)
        #expect(Set(out.keys) == keys)
        #expect(out["state"] as? String == "logged_out")
        #expect(out["token"] is NSNull && out["account"] is NSNull)
        #expect(out["provider"] is NSNull && out["scopes"] as? [String] == [])
        #expect(out["canRefresh"] as? Bool == false && out["tokenSource"] is NSNull)
        #expect(
            out["button"] as? [String: String] == [
                "action": "login", "label": "Log in", "color": "blue", "hex": "#007AFF",
            ])

        _ = try await login(["--server", "https://api.example.com", "--user", "alice", "--expires-in", "600"])
        let expiry = try #require(
            try FileLoginStateStore(fileURL: tool.defaultStore).load().credential?.expiresAt)
        let before = Date()
        let (inResult, loggedIn) = try await statusJSON(["--lang", "ja"])
        // Judged by when status ran, not by how soon after the login it got to run.
        let left =
            Int(
                expiry.timeIntervalSince(Date()).rounded(.up))...Int(
                expiry.timeIntervalSince(before).rounded(.up))
        #expect(inResult.status == 0)
        #expect(Set(loggedIn.keys) == keys)
        #expect(loggedIn["secrets"] as? String == "file")
        #expect(loggedIn["state"] as? String == "logged_in")
        #expect(loggedIn["token"] is NSNull)
        #expect(loggedIn["tokenRedacted"] as? String == "sk_l********")
        #expect((loggedIn["expiresInSeconds"] as? Int).map { left.contains($0) } == true)
        #expect(
            loggedIn["button"] as? [String: String] == [
                "action": "logout", "label": "ログアウト", "color": "red", "hex": "#FF3B30",
            ])
        Secret.expectAbsent([secret], in: inResult.output, "status --json")

        let (shown, withToken) = try await statusJSON(["--show-token"])
        Secret.expectEqual(withToken["token"] as? String, secret, "the token key")
        #expect(shown.stdout.split(separator: "\n").count == 1)
        Secret.expectPresent(
            "  Token:    \(secret)", in: await tool.run(["status", "--show-token"]).stdout,
            "status --show-token"
        )
    }

    @Test func anExpiredSessionIsExit1WithTheLoginButton() async throws {
        let store = FileLoginStateStore(fileURL: tool.defaultStore)
        try store.save(
            Credential(
                token: AuthToken(secret), account: "alice", expiresAt: Date(timeIntervalSinceNow: -200)))
        let result = await tool.run(["status"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("Session expired\n"))
        #expect(result.stdout.contains("  Expires:  expired 3 minutes ago ("))
        #expect(result.stdout.hasSuffix("  Button:   Log in\n"))
        let (_, json) = try await statusJSON()
        #expect(json["state"] as? String == "expired")
        #expect((json["expiresInSeconds"] as? Int).map { $0 < 0 } == true)
    }

    static let badInputs: [(String, String)] = [
        ("empty", ""), ("just a newline", "\n"), ("a space inside", "abc def"), ("a tab", "abc\tdef"),
        ("NUL", "abc\u{0}def"), ("non-ASCII", "abcdéf"), ("8193 bytes", String(repeating: "x", count: 8193)),
        ("two lines", "abc\ndef\n"), ("CR inside", "abc\rdef"),
    ]

    @Test func badTokensOnStandardInputExit65AndKeepTheSession() async throws {
        _ = try await login(["--user", "alice"])
        let before = try Data(contentsOf: tool.defaultStore)
        for (name, input) in Self.badInputs {
            let result = await tool.run(["login", "--with-token"], stdin: input)
            #expect(result.status == 65, "\(name)")
            #expect(result.stderr.hasPrefix("session-cli: invalid token on standard input: "), "\(name)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(name)")
            #expect(try Data(contentsOf: tool.defaultStore) == before, "\(name) changed the session")
        }
        // One trailing newline, or CR LF, is not part of the token.
        let crlf = try await login(token: secret + "\r")
        #expect(crlf.status == 0)
        Secret.expectEqual(
            try FileLoginStateStore(fileURL: tool.defaultStore).load().credential?.token.value, secret,
            "the saved token")
    }

    @Test(arguments: [
        ("corrupt", #"{"version": 1, "credential": "#, 65),
        ("future", #"{"version": 7, "credential": {}}"#, 65),
        ("empty", "", 65),
    ])
    func badSessionFilesExit65AndStayUntouched(name: String, content: String, code: Int32) async throws {
        try FileManager.default.createDirectory(
            at: tool.defaultStore.deletingLastPathComponent(), withIntermediateDirectories: true)
        try content.data.write(to: tool.defaultStore)
        for command in [["status"], ["status", "--json"], ["login", "--with-token"]] {
            let result = await tool.run(command, stdin: secret)
            #expect(result.status == code, "\(command)")
            #expect(result.stderr.contains(tool.defaultStore.path))
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(try Data(contentsOf: tool.defaultStore) == content.data)
        }
        #expect(await tool.run(["logout"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: tool.defaultStore.path))
    }

    @Test func aStoreThatCannotBeReadOrWrittenExits74() async throws {
        let folder = tool.home.file("folder-in-the-way")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let status = await tool.run(["status", "--store", folder.path])
        #expect(status.status == 74)
        #expect(
            status.stderr
                == "session-cli: session file \(folder.path) is a directory, not a regular file; move it out of the way\n"
        )
        #expect(await tool.run(["logout", "--store", folder.path]).status == 74)
        let fifo = tool.home.file("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(await tool.run(["status", "--store", fifo]).status == 74)
        try Data().write(to: tool.home.file("plain-file"))
        let through = await tool.run(
            ["login", "--with-token", "--store", tool.home.file("plain-file/session.json").path],
            stdin: secret)
        #expect(through.status == 74)
        Secret.expectAbsent([secret], in: through.output, "the error")
    }

    @Test func theFileIs0600AndItsFolder0700() async throws {
        _ = try await login()
        #expect(permissions(ofPath: tool.defaultStore.path) == 0o600)
        #expect(permissions(ofPath: tool.defaultStore.deletingLastPathComponent().path) == 0o700)
    }

    @Test func statusNeverWritesAndWarnsAboutAReadableFile() async throws {
        let folder = tool.defaultStore.deletingLastPathComponent().path
        #expect(await tool.run(["status"]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder), "status created the folder")

        _ = try await login()
        #expect(chmod(tool.defaultStore.path, 0o644) == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let bytes = try Data(contentsOf: tool.defaultStore)
        let result = await tool.run(["status"])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "session-cli: warning: \(tool.defaultStore.path) can be read by other users; run 'chmod 600 \(tool.defaultStore.path)' or log in again\n"
        )
        #expect(permissions(ofPath: tool.defaultStore.path) == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == before)
        #expect(try Data(contentsOf: tool.defaultStore) == bytes)
        _ = try await login()
        #expect(permissions(ofPath: tool.defaultStore.path) == 0o600)
        #expect(await tool.run(["status"]).stderr.isEmpty)
    }

    @Test func theTokenNeverAppearsInOutputUnlessAskedFor() async throws {
        var outputs = await [try login(["--user", "alice", "--server", "https://api.example.com"]).output]
        for arguments in [
            ["status"], ["status", "--json"], ["status", "--lang", "ja", "--color", "always"],
            ["status", "--help"], ["login", "--with-token", "--server", "http://x.example"],
            ["logout"], ["status"],
        ] {
            await outputs.append(tool.run(arguments, stdin: secret).output)
        }
        for output in outputs {
            Secret.expectAbsent([secret, String(secret.dropFirst(4))], in: output, "the output")
        }
    }

    @Test func colorFollowsTheOptionAndNoColor() async throws {
        let blue = "\u{1B}[1;34mLog in\u{1B}[0m"
        #expect(await tool.run(["status", "--color", "always"]).stdout.contains(blue))
        #expect(
            await tool.run(["status", "--color", "always"], environment: [.noColor: "1"]).stdout
                .contains(
                    blue))
        #expect(!(await tool.run(["status"]).stdout.contains("\u{1B}")), "a file is not a terminal")
        #expect(!(await tool.run(["status", "--color", "never"]).stdout.contains("\u{1B}")))
        _ = try await login()
        #expect(
            await tool.run(["status", "--color=always"]).stdout.contains("\u{1B}[1;31mLog out\u{1B}[0m"))
    }

    @Test func languageComesFromTheOptionThenTheEnvironment() async throws {
        let japanese = "  ボタン:  ログイン\n"
        #expect(
            await tool.run(["status"], environment: [.language: "ja_JP.UTF-8"]).stdout.hasSuffix(
                japanese))
        #expect(
            await tool.run(["status"], environment: [.messagesLocale: "ja_JP"]).stdout.hasSuffix(
                japanese))
        #expect(
            await tool.run(["status"], environment: [.allLocale: "C", .language: "ja_JP.UTF-8"]).stdout
                .hasSuffix("  Button:  Log in\n"))
        #expect(
            await tool.run(["status", "--lang", "en"], environment: [.language: "ja_JP"]).stdout
                .hasSuffix(
                    "  Button:  Log in\n"))
        #expect(await tool.run(["status", "--lang", "ja"]).stdout.hasPrefix("未ログイン\n"))
    }

    @Test func theStoreComesFromTheOptionThenTheEnvironment() async throws {
        let fromEnvironment = tool.home.file("env/session.json")
        let fromOption = tool.home.file("opt/session.json")
        let environment: [EnvironmentVariable: String] = [.store: fromEnvironment.path]
        #expect(
            await tool.run(["login", "--with-token"], stdin: secret, environment: environment)
                .status
                == 0)
        #expect(FileManager.default.fileExists(atPath: fromEnvironment.path))
        #expect(
            await tool.run(["status", "--store", fromOption.path], environment: environment).status
                == 1)
        #expect(await tool.run(["status"], environment: environment).status == 0)
        #expect(
            await tool.run(["status"], environment: [.stateHome: tool.home.file("xdg").path])
                .stdout
                .contains(tool.home.file("xdg/session-cli/session.json").path))
    }

    /// A session file written by anyone (an older version, a hand, an
    /// attacker) with an account and scopes that would drive the terminal
    /// or reorder its text: status shows them escaped, status --json as
    /// JSON escapes, and logout's message escaped too.
    @Test func hostileTextFromTheSessionFileNeverReachesTheTerminalRaw() async throws {
        let account = "eve\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}\u{202E}gpj\u{2066}\u{200B}"
        let scopes = ["read\u{1B}[31m", "\u{2066}admin\u{2069}"]
        try FileLoginStateStore(fileURL: tool.defaultStore).save(
            Credential(
                token: Sample.token(), account: account, server: URL(string: "https://api.example.com"),
                scopes: scopes))
        let raw: [Character] = ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{200B}"]
        let status = await tool.run(["status", "--color", "never"])
        #expect(status.status == 0)
        #expect(!status.output.contains { raw.contains($0) }, "a raw control or format character")
        #expect(
            status.stdout.contains("Account:  eve^[]0;owned^G^[[2J\\u{009B}\\u{202E}gpj\\u{2066}\\u{200B}"))
        #expect(status.stdout.contains("Scopes:   read^[[31m \\u{2066}admin\\u{2069}"))

        let json = await tool.run(["status", "--json"])
        #expect(!json.output.contains { raw.contains($0) }, "a raw control or format character in JSON")
        #expect(
            json.stdout.contains(#""account":"eve\u001b]0;owned\u0007\u001b[2J\u009b\u202egpj\u2066\u200b""#))
        let object = try JSONSerialization.jsonObject(with: json.stdout.data) as? [String: Any]
        #expect(object?["account"] as? String == account)
        #expect(object?["scopes"] as? [String] == scopes)

        let logout = await tool.run(["logout"])
        #expect(logout.status == 0)
        #expect(!logout.output.contains { raw.contains($0) })
        #expect(logout.stdout.hasPrefix("Logged out eve^[]0;owned"))
    }

    /// A --user that would drive the terminal is refused before anything is written.
    @Test func aHostileUserNameIsRefused() async throws {
        for name in ["eve\u{1B}[2J", "eve\u{202E}", "eve\u{200B}", "eve\u{9B}"] {
            for option in ["--user", "--account"] {
                let login = await tool.run(["login", "--with-token", option, name], stdin: secret)
                #expect(login.status == 64)
                #expect(login.stderr.contains("invalid \(option)"), "named as it was typed")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: tool.defaultStore.path))
    }
}
