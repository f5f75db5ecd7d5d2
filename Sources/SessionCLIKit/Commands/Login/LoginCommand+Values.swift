package import SessionCore
package import SessionSupport

/// The checks of `login`'s option values: each refuses a bad value with a
/// usage error that says what to give, and never repeats the value.
extension LoginCommand {
    static func parseServer(_ text: String) throws(CLIError) -> URL {
        do {
            return try Credential.serverURL(from: text)
        } catch {
            throw .usage("invalid --server: \(error)")
        }
    }

    static func parseAccount(_ text: String) throws(CLIError) -> String {
        guard !text.isEmpty, text.count <= 256, TerminalText.isSafe(text) else {
            throw .usage(
                "invalid --user: give 1 to 256 characters with no control, format or invisible separator characters"
            )
        }
        return text
    }

    /// An `https` URL, or `http` on loopback, with no credentials, query or fragment.
    package static func parseEndpoint(_ text: String, _ option: String) throws(CLIError) -> URL {
        guard let url = URL(string: text), let origin = Origin(url) else {
            throw .usage("invalid \(option): give an https URL, like https://login.example.com")
        }
        guard url.user == nil, url.password == nil, url.query == nil, url.fragment == nil else {
            throw .usage("invalid \(option): no user name, password, query or fragment")
        }
        guard origin.carriesSecretsSafely else {
            throw .usage(
                "invalid \(option): plain http is allowed only for this machine (127.0.0.1, ::1); use https")
        }
        return url
    }

    package static func parseClientID(_ text: String) throws(CLIError) -> String {
        guard !text.isEmpty, text.utf8.count <= 256, text.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else {
            throw .usage("invalid --client-id: give 1 to 256 visible ASCII characters")
        }
        return text
    }

    static func parseScope(_ text: String) throws(CLIError) -> String {
        guard ScopeToken.isValid(text) else {
            throw .usage(
                "invalid --scope: one scope per --scope, visible ASCII without quotes or backslashes")
        }
        return text
    }

    /// A port from 1 to 65535.
    package static func parsePort(_ text: String, _ option: String) throws(CLIError) -> Int {
        guard let port = Int(text), (1...65535).contains(port), !text.hasPrefix("+") else {
            throw .usage("invalid \(option): give a port from 1 to 65535")
        }
        return port
    }

    /// `127.0.0.1`, `localhost` or `::1`.
    package static func parseHost(_ text: String, _ option: String) throws(CLIError) -> LoopbackRedirect.Host
    {
        guard let host = LoopbackRedirect.Host(rawValue: text) else {
            throw .usage("invalid \(option): give 127.0.0.1, localhost or ::1")
        }
        return host
    }

    static func parseLifetime(_ text: String) throws(CLIError) -> TimeInterval {
        guard let seconds = Int(text), (1...longestLifetime).contains(seconds) else {
            throw .usage("invalid --expires-in: give a whole number of seconds from 1 to \(longestLifetime)")
        }
        return TimeInterval(seconds)
    }
}
