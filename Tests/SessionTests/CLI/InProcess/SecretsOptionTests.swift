import Foundation
import SessionCLIKit
import SessionCore
import SessionSystem
import Testing

/// `--secrets` and `SESSION_CLI_SECRETS` as the tool reads them, and the
/// exit codes of the keyring's errors, in this process: what needs no
/// keyring. (With a real keyring: `CLIKeyringTests`.)
@Suite struct SecretsOptionTests {
    let tool = Tool()

    @Test func anUnknownPlaceIsAUsageErrorThatWritesNothing() async throws {
        let option = await tool.run(["login", "--with-token", "--secrets", "wallet"], stdin: Sample.secret)
        #expect(option.status == 64)
        #expect(option.stderr == "session-cli: invalid --secrets: give file or keyring\n")
        let variable = await tool.run(
            ["login", "--with-token"], stdin: Sample.secret, environment: [.secrets: "vault"])
        #expect(variable.status == 64)
        #expect(variable.stderr == "session-cli: invalid SESSION_CLI_SECRETS: give file or keyring\n")
        #expect(await tool.run(["status"]).stdout.contains("Not logged in"))
    }

    @Test func movingTakesOnlyWhatSelectsTheSession() async throws {
        let result = await tool.run(["login", "--secrets", "keyring", "--scope", "openid"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--scope does not go with --secrets alone"))
    }

    @Test func aSessionInTheFileSaysSoAndNeverAsksTheKeyring() async throws {
        // No bus at all: a file session needs none.
        let login = await tool.run(
            ["login", "--with-token", "--secrets", "file"], stdin: Sample.secret,
            environment: [.sessionBus: "unix:path=/nonexistent"])
        #expect(login.status == 0, "\(login.stderr)")
        let status = await tool.run(["status"], environment: [.sessionBus: "unix:path=/nonexistent"])
        #expect(status.stdout.contains("  Secrets:  in the session file\n"))
        let japanese = await tool.run(["status", "--lang", "ja"])
        #expect(japanese.stdout.contains("セッションファイル内"))
        let already = await tool.run(["login", "--secrets", "file"])
        #expect(already.status == 0 && already.stdout.contains("already in the session file"))
    }

    @Test(arguments: [
        (KeyringError.noSessionBus(reason: "DBUS_SESSION_BUS_ADDRESS is not set"), ExitCode.unavailable),
        (.noSecretService, .unavailable), (.locked, .unavailable), (.timedOut, .unavailable),
        (.noDefaultCollection, .unavailable), (.failed(reason: "a reply without a body"), .unavailable),
        (.missingSecret(item: "refresh token"), .failure), (.cancelled(promptLeftOpen: false), .interrupted),
        (.cancelled(promptLeftOpen: true), .interrupted),
    ])
    func keyringErrorsHaveTheirExitCodeAndSayWhatToDo(error: KeyringError, code: ExitCode) {
        let reported = ErrorReport.cliError(for: error)
        let message = reported.message.text(in: .english)
        #expect(reported.code == code)
        #expect(!message.contains("\n"))
        let fix = ["--secrets file", "log in again", "nothing was changed"]
        #expect(fix.contains { message.contains($0) }, "\(message)")
    }
}
