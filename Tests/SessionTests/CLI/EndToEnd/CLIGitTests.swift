import Foundation
import SessionCore
import SessionTestSupport
import Testing

/// Real git (Debian's) against `git http-backend` on loopback behind a check
/// of the session's token, configured only by `session-cli setup-git` in a
/// temporary HOME: clone, push, a refused token, logged out, another host,
/// and a token refreshed when due.
@Suite(.hangGuard, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git")))
struct CLIGitTests {
    let cli = CommandRunner()

    /// git with nothing from the developer's configuration, and no prompt: a
    /// missing credential fails at once instead of waiting for a person.
    var git: CommandRunner {
        var git = cli
        git.executable = URL(fileURLWithPath: "/usr/bin/git")
        git.environment.merge([
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "",
            "XDG_CONFIG_HOME": cli.home.file(".config").path,
        ]) { $1 }
        return git
    }

    func logIn(_ token: String, server: URL) async throws {
        let login = try await cli.run(
            [
                "login", "--with-token", "--server", server.absoluteString, "--user", "alice", "--expires-in",
                "3600",
            ],
            stdin: token.data)
        #expect(login.status == 0, "\(login.stderr)")
    }

    @Test(.tags(.python)) func cloneAndPushWithTheSessionConfiguredBySetupGit() async throws {
        try await withGitServer(tokens: ["tok_git_0123456789"]) { server in
            try await logIn("tok_git_0123456789", server: server.origin)
            let setup = try await cli.run(["setup-git"])
            #expect(
                setup.status == 0
                    && setup.stdout.hasPrefix("Configured git for \(server.origin.absoluteString)"))
            // Run twice, the same configuration.
            let config = try String(contentsOf: cli.home.file(".gitconfig"), encoding: .utf8)
            #expect(try await cli.run(["setup-git"]).status == 0)
            #expect(try String(contentsOf: cli.home.file(".gitconfig"), encoding: .utf8) == config)

            let clone = cli.home.file("clone").path
            let cloned = try await git.run(["clone", server.repository.absoluteString, clone])
            #expect(cloned.status == 0, "\(cloned.stderr)")
            #expect(FileManager.default.fileExists(atPath: clone + "/README.md"))
            let commit = try await git.run([
                "-C", clone, "-c", "user.name=Test", "-c", "user.email=test@example.com", "commit",
                "--allow-empty",
                "-m", "Pushed with the session",
            ])
            #expect(commit.status == 0, "\(commit.stderr)")
            let push = try await git.run(["-C", clone, "push", "origin", "HEAD:main"])
            #expect(push.status == 0, "\(push.stderr)")
            let log = try await git.run([
                "--git-dir", server.root.appendingPathComponent("repo.git").path, "log", "-1", "--format=%s",
                "main",
            ])
            #expect(log.stdout == "Pushed with the session\n")
            Secret.expectAbsent(
                ["tok_git_0123456789"], in: cloned.output + push.output + setup.output, "git's output")
            Secret.expectAbsent(["tok_git_0123456789"], in: config, "the git config")

            // --remove undoes it: git has no helper for the server any more.
            #expect(try await cli.run(["setup-git", "--remove"]).status == 0)
            let removed = (try? String(contentsOf: cli.home.file(".gitconfig"), encoding: .utf8)) ?? ""
            #expect(!removed.contains("git-credential"))
        }
    }

    /// A token the server no longer takes: git's own "Authentication failed";
    /// logged out: git's own "terminal prompts disabled". Neither waits.
    @Test(.tags(.python)) func aRefusedTokenAndNoSessionFailInGitsOwnWords() async throws {
        try await withGitServer(tokens: ["tok_other_0123456789"]) { server in
            try await logIn("tok_git_0123456789", server: server.origin)
            #expect(try await cli.run(["setup-git"]).status == 0)
            let refused = try await git.run(["ls-remote", server.repository.absoluteString])
            #expect(refused.status == 128)
            #expect(refused.stderr.contains("Authentication failed"), "\(refused.stderr)")
            Secret.expectAbsent(["tok_git_0123456789"], in: refused.output, "git's output")
            // A refused push or fetch does not end the session (erase changes nothing).
            #expect(try FileLoginStateStore(fileURL: cli.defaultStore).load().credential != nil)

            #expect(try await cli.run(["logout", "--local"]).status == 0)
            let loggedOut = try await git.run(["ls-remote", server.repository.absoluteString])
            #expect(loggedOut.status == 128)
            #expect(loggedOut.stderr.contains("terminal prompts disabled"), "\(loggedOut.stderr)")
        }
    }

    /// git asks the helper only for the session's origin; another host gets nothing from it.
    @Test(.tags(.python)) func anotherHostGetsNothingFromTheHelper() async throws {
        try await withGitServer(tokens: ["tok_git_0123456789"]) { server in
            try await logIn("tok_git_0123456789", server: server.origin)
            #expect(try await cli.run(["setup-git"]).status == 0)
            // The helper itself, for another host: nothing.
            let direct = try await cli.run(
                ["git-credential", "get"], stdin: "protocol=http\nhost=127.0.0.1:1\n".data)
            #expect(direct.status == 0)
            Secret.expectEmpty(direct.stdout, "the helper's answer for another host")
            // git, for another host: the scoped helper is not asked, nothing else is configured.
            let fill = try await git.run(
                ["credential", "fill"], stdin: "protocol=http\nhost=127.0.0.1:1\n\n".data)
            #expect(fill.status == 128 && fill.stderr.contains("terminal prompts disabled"), "\(fill.stderr)")
            Secret.expectAbsent(["tok_git_0123456789"], in: fill.output, "git's answer for another host")
        }
    }

    /// A due token is refreshed by the helper before git uses it: the server
    /// takes only the refreshed one.
    @Test(.tags(.python)) func aDueTokenIsRefreshedBeforeGitUsesIt() async throws {
        try await withLoopbackServer { tokens in
            try await withGitServer(tokens: ["tok_refreshed_0123456789"]) { server in
                let due = Sample.dueCredential(
                    server: server.origin, clientID: "git-test", refreshingAt: tokens.originA,
                    to: "tok_refreshed_0123456789")
                try FileLoginStateStore(fileURL: cli.defaultStore).save(due)
                #expect(try await cli.run(["setup-git"]).status == 0)
                let listed = try await git.run(["ls-remote", server.repository.absoluteString])
                #expect(listed.status == 0, "\(listed.stderr)")
                Secret.expectEqual(
                    try FileLoginStateStore(fileURL: cli.defaultStore).load().credential?.token.value,
                    "tok_refreshed_0123456789", "the stored token")
            }
        }
    }

    /// setup-git writes the path the person ran, the one they keep: a link
    /// on PATH stays a link (not the folder it points into), and a path given
    /// with its folder is made absolute without resolving links.
    @Test func setupGitWritesThePathAsInvokedNotTheResolvedBuild() async throws {
        try await logIn("tok_git_0123456789", server: URL(string: "https://git.example.com")!)
        // An install of both executables, reached through a link in a folder on PATH.
        let install = cli.home.file("opt/session/bin")
        let onPath = cli.home.file("bin")
        try FileManager.default.createDirectory(at: install, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: onPath, withIntermediateDirectories: true)
        for name in ["session-cli", "session-cli-api"] {
            try FileManager.default.copyItem(
                at: Executables.sessionCLI.deletingLastPathComponent().appendingPathComponent(name),
                to: install.appendingPathComponent(name))
        }
        try FileManager.default.createSymbolicLink(
            at: onPath.appendingPathComponent("session-cli"),
            withDestinationURL: install.appendingPathComponent("session-cli"))
        var shell = cli
        shell.executable = URL(fileURLWithPath: "/bin/sh")
        shell.environment["PATH"] = onPath.path + ":/usr/bin:/bin"
        let byName = try await shell.run(["-c", "session-cli setup-git"])
        #expect(byName.status == 0, "\(byName.stderr)")
        let helper = try await git.run([
            "config", "--global", "--get-all", "credential.https://git.example.com.helper",
        ])
        #expect(helper.stdout == "\n!'\(onPath.path)/session-cli' git-credential\n", "\(helper.stdout)")
        #expect(byName.stdout.contains("If you move session-cli, run 'session-cli setup-git' again."))

        // Run with a relative path from its folder: that folder's path, made absolute.
        let relative = try await shell.run(["-c", "cd \"\(cli.home.path)\" && ./bin/session-cli setup-git"])
        #expect(relative.status == 0, "\(relative.stderr)")
        let again = try await git.run([
            "config", "--global", "--get-all", "credential.https://git.example.com.helper",
        ])
        #expect(again.stdout == "\n!'\(onPath.path)/session-cli' git-credential\n", "\(again.stdout)")
    }
}
