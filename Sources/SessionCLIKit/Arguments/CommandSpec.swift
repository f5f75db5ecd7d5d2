/// One option a command accepts.
public struct OptionSpec: Sendable {
    public let name: String
    /// The placeholder for the option's value; `nil` for a flag.
    public let valueName: String?
    public let help: String
    public let repeatable: Bool

    init(_ name: String, value valueName: String? = nil, repeatable: Bool = false, help: String) {
        self.name = name
        self.valueName = valueName
        self.repeatable = repeatable
        self.help = help
    }

    var takesValue: Bool { valueName != nil }
    var usage: String { "--\(name)" + (valueName.map { " \($0)" } ?? "") }
}

/// A command: its name, what it does, its options and its arguments.
public struct CommandSpec: Sendable {
    public let name: String
    public let summary: String
    public let options: [OptionSpec]
    /// The placeholder for the command's one argument, if it takes one.
    public let argument: String?
    public let discussion: String

    /// Every command the tool knows, in the order help lists them.
    public static let all = [login, logout, status, api, help]

    public static func named(_ name: String) -> CommandSpec? {
        all.first { $0.name == name }
    }

    /// Options every command accepts.
    public static let globalOptions = [
        OptionSpec(
            "store", value: "PATH",
            help: "The session file (default: $SESSION_CLI_STORE, else the XDG state folder)."),
        OptionSpec(
            "lang", value: "en|ja",
            help: "The language of the output (default: from LC_ALL, LC_MESSAGES, LANG)."),
        OptionSpec(
            "color", value: "auto|always|never",
            help: "Color the button label (default: auto: on a terminal, unless NO_COLOR is set)."),
    ]

    static let login = CommandSpec(
        name: "login", summary: "Log in with a token and save the session.",
        options: [
            OptionSpec(
                "with-token", help: "Read the token from standard input (one trailing newline is removed)."),
            OptionSpec(
                "server", value: "URL",
                help: "The server the token belongs to (https, or http to this machine)."),
            OptionSpec("user", value: "NAME", help: "The account the token belongs to."),
            OptionSpec(
                "expires-in", value: "SECONDS", help: "How long the token stays valid (default: no expiry)."),
        ],
        argument: nil,
        discussion: """
            The token is never an argument: other users can read arguments with ps.
            Without --with-token, on a terminal, the token is asked for with echo off.
            Logging in again replaces the session.

            Example:
              printf '%s' "$TOKEN" | session-cli login --with-token --server https://api.example.com --user alice
            """)

    static let logout = CommandSpec(
        name: "logout", summary: "Remove the session. Succeeds when already logged out.", options: [],
        argument: nil,
        discussion: "The session file is deleted, with any temporary file a killed writer left behind.")

    static let status = CommandSpec(
        name: "status", summary: "Show the session and the login button. Never writes.",
        options: [
            OptionSpec("json", help: "Print one JSON object (shape in the README)."),
            OptionSpec("show-token", help: "Include the full token in the output."),
        ],
        argument: nil,
        discussion: "Exits 0 when logged in with an unexpired session, 1 when logged out or expired.")

    static let api = CommandSpec(
        name: "api", summary: "Send a request to the session's server with the token.",
        options: [
            OptionSpec("method", value: "METHOD", help: "The HTTP method (default: GET)."),
            OptionSpec(
                "header", value: "'Name: value'", repeatable: true, help: "Add a request header (repeatable)."
            ),
        ],
        argument: "PATH",
        discussion: """
            PATH is joined to the session's server URL; the response body is printed.
            A 401 from the session's server logs you out.
            """)

    static let help = CommandSpec(
        name: "help", summary: "Show help for the tool or a command.", options: [], argument: "COMMAND",
        discussion: "")
}
