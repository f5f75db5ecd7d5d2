import Foundation
import SessionCLIKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `api` runs in a companion executable, `session-cli-api`, the way git and
/// cargo run their subcommands: networking links FoundationNetworking (libcurl
/// and some 30 libraries, ~5 ms at every start), and `status`, `login` and
/// `logout` must not pay for it.
enum APICommand {
    static let companionName = "session-cli-api"

    /// Replaces this process with the companion, passing the whole command line.
    static func forward(_ arguments: [String]) throws(CLIError) -> ExitCode {
        guard let companion = locateCompanion() else {
            throw CLIError(
                "\(companionName) is missing; install it next to session-cli or on PATH", code: .software)
        }
        let argv = ([companion] + arguments).map { strdup($0) } + [nil]
        execv(companion, argv)
        throw CLIError("cannot run \(companion): \(String(cString: strerror(errno)))", code: .software)
    }

    /// Next to this executable first (so a build folder or an install prefix
    /// stays self-contained), then on PATH.
    private static func locateCompanion() -> String? {
        let besideUs = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent(companionName).path
        let onPath = (Environment.current()["PATH"] ?? "").split(separator: ":").map {
            "\($0)/\(companionName)"
        }
        return ([besideUs].compactMap { $0 } + onPath).first { access($0, X_OK) == 0 }
    }
}
