package import SessionCore
import SessionSupport

/// What `status` prints, as text for a person or as one JSON object.
package struct StatusReport {
    let status: LoginStatus
    let storePath: String
    let showToken: Bool
    let language: Language
    let environmentToken: Bool

    /// A report of `status` for `storePath`; `environmentToken` when
    /// `SESSION_CLI_TOKEN` overrides the session for `token` and `api`.
    package init(
        status: LoginStatus, storePath: String, showToken: Bool, language: Language,
        environmentToken: Bool = false
    ) {
        self.status = status
        self.storePath = storePath
        self.showToken = showToken
        self.language = language
        self.environmentToken = environmentToken
    }

    private var credential: Credential? { status.credential }
    private var label: String { status.strategy.label(forLanguage: language.rawValue) }
    private var token: String? { credential.map { showToken ? $0.token.value : $0.token.redacted } }
    /// Whole seconds until expiry, rounded up: a session with 0.4 s left is
    /// "in 1 second", never "expired 0 seconds ago" while it is logged in.
    private var secondsLeft: Int? {
        credential?.expiresAt.map { Int($0.timeIntervalSince(status.checkedAt).rounded(.up)) }
    }

    /// The screen: the phase, then one aligned line per known field, then the
    /// button. Every value from the session file is escaped
    /// (``TerminalText``): the file may have been written by anyone.
    package func text(style: Style) -> String {
        let words = StatusWords(language: language)
        var rows: [(String, String)] = []
        if let account = credential?.account { rows.append((words.account, account)) }
        if let server = credential?.server { rows.append((words.server, server.absoluteString)) }
        if let token { rows.append((words.token, token)) }
        if let provider = credential?.provider {
            rows.append(
                (
                    words.provider,
                    "\(provider.issuer.absoluteString) (\(words.client) \(provider.clientID)"
                        + (provider.isConfidential ? ", \(words.confidential))" : ")")
                ))
        }
        if let scopes = credential?.scopes, !scopes.isEmpty {
            rows.append((words.scopes, scopes.joined(separator: " ")))
        }
        if let credential {
            let expiry = credential.expiresAt.map { date in
                "\(words.relative(seconds: secondsLeft ?? 0)) (\(Self.timestamp(date)))"
                    + (status.refreshesOnUse ? "; \(words.refreshedOnUse)" : "")
            }
            rows.append((words.expires, expiry ?? words.never))
        }
        rows.append((words.store, storePath))
        if environmentToken { rows.append((words.override, words.overrideText)) }
        rows = rows.map { ($0.0, TerminalText.escaped($0.1)) }
        rows.append((words.button, style.paint(label, status.strategy.color)))
        let width = rows.map { Self.columns($0.0) }.max() ?? 0
        let lines = rows.map {
            "  " + $0.0 + ":" + String(repeating: " ", count: width - Self.columns($0.0) + 2) + $0.1
        }
        return ([words.phase(status.phase.rawValue)] + lines).joined(separator: "\n")
    }

    /// One JSON object with a fixed set of keys (absent values are `null`).
    package func json() -> String {
        let provider: JSONOutput =
            credential?.provider.map {
                .object([
                    "issuer": .string($0.issuer.absoluteString), "clientID": .string($0.clientID),
                    "confidential": .bool($0.isConfidential),
                ])
            } ?? .null
        let object: [String: JSONOutput] = [
            "state": .string(status.phase.rawValue), "account": .string(credential?.account),
            "server": .string(credential?.server?.absoluteString),
            "issuedAt": .string(credential.map { Self.timestamp($0.issuedAt) }),
            "expiresAt": .string(credential?.expiresAt.map(Self.timestamp)),
            "expiresInSeconds": secondsLeft.map { .integer($0) } ?? .null,
            "tokenRedacted": .string(credential?.token.redacted),
            "token": .string(showToken ? credential?.token.value : nil), "provider": provider,
            "scopes": .array((credential?.scopes ?? []).map { .string($0) }),
            "canRefresh": .bool(credential?.canRefresh ?? false),
            "refreshesOnUse": .bool(status.refreshesOnUse),
            "tokenSource": .string(environmentToken ? "environment" : credential.map { _ in "store" }),
            "store": .string(storePath),
            "button": .object([
                "action": .string(status.strategy.action.rawValue), "label": .string(label),
                "color": .string(status.strategy.color.rawValue), "hex": .string(status.strategy.color.hex),
            ]),
        ]
        return JSONOutput.object(object).text
    }

    /// How many terminal columns `text` takes: CJK characters take two.
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 2 : 1) }
    }

    static func timestamp(_ date: Date) -> String {
        ISO8601.string(from: date)
    }
}
