import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// Opens a URL in the user's browser: `open` on macOS, `xdg-open` elsewhere,
/// started directly (`posix_spawnp`, through `Spawn`), never through a shell, so nothing in
/// the URL is ever interpreted as a command.
///
/// Whether a browser really opened cannot be known, so callers always show
/// the URL as well.
///
/// ```swift
/// if !SystemBrowser.open(url) { print("Open this URL in a browser:", url) }
/// ```
package enum SystemBrowser {
    /// Starts the opener for `url`; `false` when there is none to start.
    /// Its output goes to `/dev/null`, so it never writes over the terminal.
    @discardableResult
    package static func open(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            return false
        }
        #if canImport(Darwin)
            let opener = "open"
        #else
            let opener = "xdg-open"
        #endif
        // Reaped on a thread of its own: the opener may outlive the sign-in.
        do {
            try Spawn.detached([opener, url.absoluteString])
        } catch {
            return false
        }
        return true
    }
}
