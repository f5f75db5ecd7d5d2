import SessionCLIKit
import Testing

/// The command line as the parser reads it, without running anything: the
/// forms an experienced user types, and the mistakes a new one makes.
@Suite struct ArgumentParserTests {
    /// The command `arguments` parse to, with the global options.
    func command<C: Command>(_ arguments: [String], as type: C.Type) throws -> (
        C, ParsedArguments<GlobalOption>
    ) {
        guard case .run(let command, let globals) = try CommandTable.parse(arguments),
            let typed = command as? C
        else {
            Issue.record("\(arguments) did not parse to \(C.self)")
            throw CLIError(.commandDidNotFinish)
        }
        return (typed, globals)
    }

    /// The usage error `arguments` give.
    func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try CommandTable.parse(arguments)
            return nil
        } catch {
            #expect(error.code == .usage)
            return error.message.text(in: .english)
        }
    }

    @Test func valuesAreTakenSeparateOrInlineAndRepeatedHeadersAccumulate() throws {
        let (api, _) = try command(
            ["api", "--method=post", "--header", "X-One: 1", "--header=X-Two: 2", "/user?q=a%20b"],
            as: APICommand.self)
        #expect(api.method == "POST")
        #expect(api.path == "/user?q=a%20b")
        #expect(api.headers == ["X-One": "1", "X-Two": "2"])
    }

    @Test func globalOptionsMayComeBeforeOrAfterTheCommand() throws {
        let (_, before) = try command(
            ["--store", "/tmp/a.json", "--lang=ja", "status"], as: StatusCommand.self)
        let (_, after) = try command(
            ["status", "--color", "never", "--store=/tmp/a.json"], as: StatusCommand.self)
        #expect(before.value(.store) == "/tmp/a.json" && before.value(.lang) == "ja")
        #expect(after.value(.store) == "/tmp/a.json" && after.value(.color) == "never")
    }

    @Test func doubleDashEndsTheOptions() throws {
        let (api, _) = try command(["api", "--", "--not-an-option"], as: APICommand.self)
        #expect(api.path == "--not-an-option")
    }

    @Test func helpAndVersionWinWhereverTheyAre() throws {
        guard case .version = try CommandTable.parse(["status", "--json", "--version"]) else {
            Issue.record("--version after a command is not the version")
            return
        }
        guard case .help(let spec) = try CommandTable.parse(["logout", "-h"]), spec?.name == "logout" else {
            Issue.record("logout -h is not logout's help")
            return
        }
        let (help, _) = try command(["help", "token"], as: HelpCommand.self)
        guard case .command(let spec) = help.topic, spec.name == "token" else {
            Issue.record("help token is not token's help")
            return
        }
        guard case .help(nil) = try CommandTable.parse([]) else {
            Issue.record("no arguments is not the overview")
            return
        }
    }

    @Test func mistypedNamesGetASuggestion() {
        #expect(usageError(["stauts"])?.contains("did you mean 'status'?") == true)
        #expect(usageError(["status", "--jsn"])?.contains("did you mean '--json'?") == true)
    }

    @Test func aFlagWithAValueAMissingValueAndARepeatedOptionAreRefused() {
        #expect(usageError(["status", "--json=yes"]) == "--json takes no value")
        #expect(usageError(["status", "--store"])?.hasPrefix("--store needs a value") == true)
        #expect(usageError(["status", "--lang", "en", "--lang", "ja"]) == "--lang is given more than once")
    }

    @Test func aTokenIsNeverTakenFromArgvNorRepeatedInTheError() throws {
        let secret = "ghp_0123456789abcdefghijklmnopqrstuvwxyz"
        for arguments in [
            ["login", "--token", secret], ["login", "--with-token=\(secret)"], ["login", secret],
            ["status", "--\(secret)"], [secret],
        ] {
            let message = try #require(usageError(arguments), "\(arguments.count) arguments were accepted")
            #expect(!message.contains(secret), "the error repeats what was typed")
        }
    }

    @Test func aNegativeNumberIsAValueSoItsOwnCheckExplainsIt() {
        let message = usageError(["login", "--with-token", "--expires-in", "-5"])
        #expect(message != nil && message?.contains("needs a value") == false)
    }
}
