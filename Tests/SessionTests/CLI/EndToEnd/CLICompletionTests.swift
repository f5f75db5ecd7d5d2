import Foundation
import SessionCore
import SessionTestSupport
import Testing

/// The completion scripts, loaded into the real shells (Debian's bash, zsh
/// and fish), asked to complete the words a person types: commands, options,
/// option values, and the store's servers and accounts, which the scripts
/// ask `session-cli` for. A shell that is not installed skips its test with
/// one line, unless `SESSION_TESTS_REQUIRE_SHELLS=1` (set by CI).
@Suite(.hangGuard) struct CLICompletionTests {
    /// Whether `shell` can run here, or must (then a missing one fails).
    static func available(_ shell: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: shell)
            || ProcessInfo.processInfo.environment["SESSION_TESTS_REQUIRE_SHELLS"] == "1"
    }

    let cli = CommandRunner()
    /// The folder of the built executables, put first on PATH so the
    /// scripts find `session-cli` by name, as an installed one is found.
    var binaries: String { Executables.sessionCLI.deletingLastPathComponent().path }

    /// Two sessions on two servers, and a third store with one of its own.
    func sessions() async throws {
        for (account, server) in [("alice", "https://a.example.com"), ("bob", "https://b.example.com:8443")] {
            let login = try await cli.run(
                ["login", "--with-token", "--account", account, "--server", server], stdin: Sample.secret.data
            )
            #expect(login.status == 0, "\(login.stderr)")
        }
        let other = try await cli.run(
            [
                "--store", cli.home.file("other.json").path, "login", "--with-token", "--account", "zed",
                "--server", "https://z.example.com",
            ], stdin: Sample.secret.data)
        #expect(other.status == 0, "\(other.stderr)")
    }

    /// The script for `shell`, written to a file.
    func script(_ shell: String) async throws -> URL {
        let result = try await cli.run(["completion", shell])
        #expect(result.status == 0, "\(result.stderr)")
        let file = cli.home.file("completion." + shell)
        try Data(result.stdout.utf8).write(to: file)
        return file
    }

    /// Runs `shell` with `arguments` in the test's HOME, `session-cli` on PATH.
    func run(_ shell: String, _ arguments: [String]) async throws -> CommandResult {
        try #require(FileManager.default.isExecutableFile(atPath: shell), "\(shell) is not installed")
        var runner = cli
        runner.executable = URL(fileURLWithPath: shell)
        runner.environment["PATH"] = binaries + ":/usr/bin:/bin"
        return try await runner.run(arguments)
    }

    // MARK: bash

    /// What bash completes at the end of `line`, whose words bash split as
    /// `words` (it breaks them at `:` and `=` too).
    func bash(_ file: URL, _ line: String, words: [String]? = nil) async throws -> [String] {
        let words =
            words ?? line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            + (line.hasSuffix(" ") ? [""] : [])
        let quoted = words.map { "'" + $0.replacing("'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = """
            source '\(file.path)'
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _session_cli
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await run("/bin/bash", ["--norc", "--noprofile", "-c", program])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test(.enabled(if: available("/bin/bash"), "bash is not installed; run 'apt-get install bash'"))
    func bashCompletesCommandsOptionsValuesAndSessions() async throws {
        try await sessions()
        let file = try await script("bash")
        #expect(try await bash(file, "session-cli lo") == ["login", "logout"])
        #expect(try await bash(file, "session-cli ").contains("kube-credential"))
        #expect(try await bash(file, "session-cli login --sec") == ["--secrets"])
        #expect(try await bash(file, "session-cli login --secrets ") == ["file", "keyring"])
        #expect(try await bash(file, "session-cli login --us") == ["--user"])
        #expect(try await bash(file, "session-cli --lang ") == ["en", "ja"])
        #expect(try await bash(file, "session-cli git-credential ") == ["erase", "get", "store"])
        #expect(try await bash(file, "session-cli help ex") == ["exit-codes"])
        #expect(
            Set(try await bash(file, "session-cli api -")).isSuperset(of: [
                "-F", "-f", "-i", "--input", "--include",
            ]))
        #expect(
            try await bash(file, "session-cli status --server ")
                == ["https://a.example.com", "https://b.example.com:8443"])
        #expect(try await bash(file, "session-cli token --account ") == ["alice", "bob"])
        #expect(try await bash(file, "session-cli token --account a") == ["alice"])
        // A URL, as bash splits it at its colons: only what follows the last one is replaced.
        #expect(
            try await bash(
                file, "session-cli status --server https://b",
                words: ["session-cli", "status", "--server", "https", ":", "//b"]) == ["//b.example.com:8443"]
        )
        #expect(
            try await bash(
                file, "session-cli status --server=https://a",
                words: ["session-cli", "status", "--server", "=", "https", ":", "//a"]) == ["//a.example.com"]
        )
        // The store the line names is the one asked.
        let other = cli.home.file("other.json").path
        #expect(try await bash(file, "session-cli --store \(other) status --account ") == ["zed"])
    }

    // MARK: zsh

    /// What zsh's completion function adds for `words` (the last one being
    /// completed), with compadd, _describe and _files recorded instead of drawn.
    func zsh(_ file: URL, _ words: [String]) async throws -> [String] {
        let quoted = words.map { "'" + $0.replacing("'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = """
            compdef() { :; }
            compadd() {
                local array=0
                while [[ $1 == -* ]]; do
                    [[ $1 == -- ]] && { shift; break }
                    [[ $1 == -a ]] && array=1
                    shift
                done
                if (( array )); then print -l -- ${(P)1}; else print -l -- "$@"; fi
            }
            _describe() { local name=${@[-1]}; print -l -- ${${(P)name}%%:*}; }
            _files() { print -- '<files>'; }
            compset() { :; }
            source '\(file.path)'
            words=(\(quoted)); CURRENT=${#words}
            _session_cli
            """
        let result = try await run("/usr/bin/zsh", ["-f", "-c", program])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test(
        .enabled(
            if: available("/usr/bin/zsh"),
            "zsh is not installed; run 'apt-get install zsh' to test its completion"))
    func zshCompletesCommandsOptionsValuesAndSessions() async throws {
        try await sessions()
        let file = try await script("zsh")
        #expect(Set(try await zsh(file, ["session-cli", "lo"])).isSuperset(of: ["login", "logout"]))
        #expect(try await zsh(file, ["session-cli", "login", "--secrets", ""]) == ["file", "keyring"])
        #expect(try await zsh(file, ["session-cli", "login", "--"]).contains("--secrets"))
        #expect(try await zsh(file, ["session-cli", "--store", ""]) == ["<files>"])
        #expect(
            try await zsh(file, ["session-cli", "status", "--server", ""])
                == ["https://a.example.com", "https://b.example.com:8443"])
        #expect(try await zsh(file, ["session-cli", "token", "--account", ""]) == ["alice", "bob"])
        #expect(try await zsh(file, ["session-cli", "git-credential", ""]) == ["erase", "get", "store"])
    }

    // MARK: fish

    /// What fish completes for `line`, its own `complete -C` asked.
    func fish(_ file: URL, _ line: String) async throws -> [String] {
        let result = try await run(
            "/usr/bin/fish", ["--no-config", "-c", "source '\(file.path)'; complete -C '\(line)'"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
            .sorted()
    }

    @Test(
        .enabled(
            if: available("/usr/bin/fish"),
            "fish is not installed; run 'apt-get install fish' to test its completion"))
    func fishCompletesCommandsOptionsValuesAndSessions() async throws {
        try await sessions()
        let file = try await script("fish")
        #expect(try await fish(file, "session-cli lo") == ["login", "logout"])
        #expect(try await fish(file, "session-cli login --secrets ") == ["file", "keyring"])
        #expect(try await fish(file, "session-cli login --sec") == ["--secrets"])
        #expect(
            try await fish(file, "session-cli status --server ")
                == ["https://a.example.com", "https://b.example.com:8443"])
        #expect(try await fish(file, "session-cli token --account ") == ["alice", "bob"])
        #expect(try await fish(file, "session-cli git-credential ") == ["erase", "get", "store"])
    }
}
