public import Foundation
import SessionSupport

/// Opens a URL in the user's browser: `open` on macOS, `xdg-open` elsewhere,
/// started directly (`posix_spawnp`), never through a shell, so nothing in
/// the URL is ever interpreted as a command.
///
/// Whether a browser really opened cannot be known, so callers always show
/// the URL as well.
///
/// ```swift
/// if !SystemBrowser.open(url) { print("Open this URL in a browser:", url) }
/// ```
public enum SystemBrowser {
    /// Starts the opener for `url`; `false` when there is none to start.
    /// Its output goes to `/dev/null`, so it never writes over the terminal.
    @discardableResult
    public static func open(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            return false
        }
        #if canImport(Darwin)
            let opener = "open"
        #else
            let opener = "xdg-open"
        #endif
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(
                &actions, fd, "/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(opener), strdup(url.absoluteString), nil]
        defer { for pointer in argv { free(pointer) } }
        var child = pid_t()
        guard posix_spawnp(&child, opener, &actions, nil, argv, environ) == 0 else { return false }
        let pid = child
        // Reaped on a thread of its own: the opener may outlive the sign-in.
        Thread {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }.start()
        return true
    }
}
