package import SessionCore
package import SessionSupport

/// The checks of option values that more than one command or variable
/// takes: each refuses a bad value with a usage error that says what to
/// give, and never repeats the value (it could be a secret typed in the
/// wrong place).
package enum OptionValues {
    /// A URL a secret may go to, with no query or fragment: a server or a
    /// provider (``Credential/serverURL(from:)``).
    package static func url(_ text: String, _ option: String) throws(CLIError) -> URL {
        do {
            return try Credential.serverURL(from: text)
        } catch {
            throw .usage("invalid \(option): \(error)")
        }
    }

    /// An account name: 1 to 256 characters, none that could drive a terminal.
    package static func account(_ text: String, _ option: String) throws(CLIError) -> String {
        guard !text.isEmpty, text.count <= 256, TerminalText.isSafe(text) else {
            throw .usage(
                "invalid \(option): give 1 to 256 characters with no control, format or invisible separator characters"
            )
        }
        return text
    }

    /// A client ID: 1 to 256 visible ASCII characters.
    package static func clientID(_ text: String, _ option: String) throws(CLIError) -> String {
        guard !text.isEmpty, text.utf8.count <= 256, text.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else {
            throw .usage("invalid \(option): give 1 to 256 visible ASCII characters")
        }
        return text
    }

    /// One OAuth scope (RFC 6749 §3.3).
    package static func scope(_ text: String) throws(CLIError) -> String {
        guard ScopeToken.isValid(text) else {
            throw .usage(
                "invalid --scope: one scope per --scope, visible ASCII without quotes or backslashes")
        }
        return text
    }

    /// A port from 1 to 65535.
    package static func port(_ text: String, _ option: String) throws(CLIError) -> Int {
        guard let port = Int(text), (1...65535).contains(port), !text.hasPrefix("+") else {
            throw .usage("invalid \(option): give a port from 1 to 65535")
        }
        return port
    }

    /// `127.0.0.1`, `localhost` or `::1`.
    package static func loopbackHost(_ text: String, _ option: String) throws(CLIError)
        -> LoopbackRedirect.Host
    {
        guard let host = LoopbackRedirect.Host(rawValue: text) else {
            throw .usage("invalid \(option): give 127.0.0.1, localhost or ::1")
        }
        return host
    }

    /// A lifetime in whole seconds, up to ``SessionLimits/longestTokenLifetime``.
    package static func lifetime(_ text: String, _ option: String) throws(CLIError) -> TimeInterval {
        let longest = Int(SessionLimits.longestTokenLifetime)
        guard let seconds = Int(text), (1...longest).contains(seconds) else {
            throw .usage("invalid \(option): give a whole number of seconds from 1 to \(longest)")
        }
        return TimeInterval(seconds)
    }
}
