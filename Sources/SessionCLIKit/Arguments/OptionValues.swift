package import SessionCore
package import SessionSupport
import SessionSystem

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
            throw CLIError(.invalidURL, ["option": option], messages: ["reason": reason(error)])
        }
    }

    /// Why a URL cannot be a server, in the catalog's words.
    package static func reason(_ error: ServerAddressError) -> Message {
        switch error {
        case .notHTTP: Message(.urlReasonNotHTTP)
        case .hasCredentials: Message(.urlReasonCredentials)
        case .hasQueryOrFragment: Message(.urlReasonQueryOrFragment)
        case .plainHTTPToRemoteHost: Message(.urlReasonPlainHTTP)
        }
    }

    /// A file's path as given, made absolute against the current folder, so
    /// that a session that keeps it finds the same file from anywhere.
    package static func path(_ text: String, _ option: String) throws(CLIError) -> String {
        guard !text.isEmpty, !text.utf8.contains(0) else {
            throw CLIError(.optionNeedsPath, ["option": option])
        }
        if text.hasPrefix("/") { return text }
        guard let folder = Executable.currentDirectory() else {
            throw CLIError(.optionNeedsPath, ["option": option])
        }
        return (folder.hasSuffix("/") ? folder : folder + "/")
            + (text.hasPrefix("./") ? String(text.dropFirst(2)) : text)
    }

    /// An account name: 1 to 256 characters, none that could drive a terminal.
    package static func account(_ text: String, _ option: String) throws(CLIError) -> String {
        guard !text.isEmpty, text.count <= SessionLimits.accountNameLength, TerminalText.isSafe(text) else {
            throw CLIError(.invalidAccount, ["option": option])
        }
        return text
    }

    /// A client ID: 1 to 256 visible ASCII characters.
    package static func clientID(_ text: String, _ option: String) throws(CLIError) -> String {
        guard !text.isEmpty, text.utf8.count <= 256, text.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else {
            throw CLIError(.invalidClientID, ["option": option])
        }
        return text
    }

    /// One OAuth scope (RFC 6749 §3.3).
    package static func scope(_ text: String) throws(CLIError) -> String {
        guard ScopeToken.isValid(text) else { throw CLIError(.invalidScope) }
        return text
    }

    /// A port from 1 to 65535.
    package static func port(_ text: String, _ option: String) throws(CLIError) -> Int {
        guard let port = Int(text), (1...65535).contains(port), !text.hasPrefix("+") else {
            throw CLIError(.invalidPort, ["option": option])
        }
        return port
    }

    /// `127.0.0.1`, `localhost` or `::1`.
    package static func loopbackHost(_ text: String, _ option: String) throws(CLIError)
        -> LoopbackRedirect.Host
    {
        guard let host = LoopbackRedirect.Host(rawValue: text) else {
            throw CLIError(.invalidLoopbackHost, ["option": option])
        }
        return host
    }

    /// A lifetime in whole seconds, up to ``SessionLimits/longestTokenLifetime``.
    package static func lifetime(_ text: String, _ option: String) throws(CLIError) -> TimeInterval {
        let longest = Int(SessionLimits.longestTokenLifetime)
        guard let seconds = Int(text), (1...longest).contains(seconds) else {
            throw CLIError(.invalidLifetime, ["option": option, "longest": String(longest)])
        }
        return TimeInterval(seconds)
    }

    /// One of `choices`, each the raw value of a case of `Choice`.
    package static func choice<Choice: RawRepresentable<String> & CaseIterable>(
        _ text: String, _ option: String, as type: Choice.Type = Choice.self
    ) throws(CLIError) -> Choice {
        guard let choice = Choice(rawValue: text) else {
            throw CLIError(
                .invalidChoice, ["option": option],
                messages: ["choices": .alternatives(Choice.allCases.map(\.rawValue))])
        }
        return choice
    }
}
