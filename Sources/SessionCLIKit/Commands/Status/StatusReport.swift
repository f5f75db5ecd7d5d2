package import SessionCore
import SessionSupport

/// What `status` prints, as text for a person or as one JSON object: the
/// session shown in full (the default, or the selected one), and a line for
/// each other session.
package struct StatusReport {
    let status: LoginStatus
    let storePath: String
    let showToken: Bool
    let language: Language
    let environmentToken: Bool
    /// Every session in the store, the shown one among them.
    let sessions: [StoredSession]
    /// Whether the other sessions are listed in the text (not when one was selected).
    let listsOthers: Bool

    /// A report of `status` for `storePath`; `environmentToken` when
    /// `SESSION_CLI_TOKEN` overrides the session for `token` and `api`.
    package init(
        status: LoginStatus, storePath: String, showToken: Bool, language: Language,
        environmentToken: Bool = false, sessions: [StoredSession] = [], listsOthers: Bool = true
    ) {
        self.status = status
        self.storePath = storePath
        self.showToken = showToken
        self.language = language
        self.environmentToken = environmentToken
        self.sessions = sessions
        self.listsOthers = listsOthers
    }

    private var credential: Credential? { status.credential }
    private var label: String { status.strategy.label(forLanguage: language.rawValue) }
    private var token: String? { credential.map { showToken ? $0.token.value : $0.token.redacted } }

    /// Whole seconds from `date` until `credential` expires, rounded up: a
    /// session with 0.4 s left is "in 1 second", never "expired 0 seconds
    /// ago" while it is logged in.
    private static func secondsLeft(_ credential: Credential?, at date: Date) -> Int? {
        credential?.expiresAt.map { Int($0.timeIntervalSince(date).rounded(.up)) }
    }

    /// The screen: the phase, then one aligned line per known field, then the
    /// button, then the other sessions. Every value from the session file is
    /// escaped (``TerminalText``): the file may have been written by anyone.
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
                "\(words.relative(seconds: Self.secondsLeft(credential, at: status.checkedAt) ?? 0)) "
                    + "(\(Self.timestamp(date)))" + (status.refreshesOnUse ? "; \(words.refreshedOnUse)" : "")
            }
            rows.append((words.expires, expiry ?? words.never))
        }
        rows.append((words.store, storePath))
        if environmentToken { rows.append((words.override, words.overrideText)) }
        rows = rows.map { ($0.0, TerminalText.escaped($0.1)) }
        rows.append((words.button, style.paint(label, status.strategy.color)))
        let width = rows.map { Self.columns($0.0) }.max() ?? 0
        var lines = [words.phase(status.phase.rawValue)]
        lines += rows.map {
            "  " + $0.0 + ":" + String(repeating: " ", count: width - Self.columns($0.0) + 2) + $0.1
        }
        let others = listsOthers ? sessions.filter { $0.credential != credential } : []
        if !others.isEmpty {
            lines.append(words.otherSessions + ":")
            lines += others.map {
                "  " + TerminalText.escaped($0.key.description) + ": " + summary($0, words)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// "expires in 3 hours", "refreshable", "expired 2 days ago", "no expiry".
    private func summary(_ session: StoredSession, _ words: StatusWords) -> String {
        let credential = session.credential
        guard let seconds = Self.secondsLeft(credential, at: status.checkedAt) else { return words.noExpiry }
        if seconds <= 0 && credential.canRefresh { return words.refreshable }
        return seconds > 0
            ? words.expires.lowercased() + " " + words.relative(seconds: seconds)
            : words.relative(seconds: seconds)
    }

    /// One JSON object with a fixed set of keys (absent values are `null`):
    /// the shown session's, then `sessions`, one object per session with the
    /// same fields (never a secret) and `default`.
    package func json() -> String {
        var object = Self.fields(status, showToken: showToken)
        object["tokenSource"] = .string(environmentToken ? "environment" : credential.map { _ in "store" })
        object["store"] = .string(storePath)
        object["button"] = .object([
            "action": .string(status.strategy.action.rawValue), "label": .string(label),
            "color": .string(status.strategy.color.rawValue), "hex": .string(status.strategy.color.hex),
        ])
        object["sessions"] = .array(
            sessions.map { session in
                var fields = Self.fields(Self.status(of: session, at: status.checkedAt), showToken: false)
                fields["token"] = nil
                fields["default"] = .bool(session.isDefault)
                return .object(fields)
            })
        return JSONOutput.object(object).text
    }

    /// The fields one session shows, the same for the shown one and each of `sessions`.
    private static func fields(_ status: LoginStatus, showToken: Bool) -> [String: JSONOutput] {
        let credential = status.credential
        let provider: JSONOutput =
            credential?.provider.map {
                .object([
                    "issuer": .string($0.issuer.absoluteString), "clientID": .string($0.clientID),
                    "confidential": .bool($0.isConfidential),
                ])
            } ?? .null
        return [
            "state": .string(status.phase.rawValue), "account": .string(credential?.account),
            "server": .string(credential?.server?.absoluteString),
            "issuedAt": .string(credential.map { timestamp($0.issuedAt) }),
            "expiresAt": .string(credential?.expiresAt.map(timestamp)),
            "expiresInSeconds": secondsLeft(credential, at: status.checkedAt).map { .integer($0) } ?? .null,
            "tokenRedacted": .string(credential?.token.redacted),
            "token": .string(showToken ? credential?.token.value : nil), "provider": provider,
            "scopes": .array((credential?.scopes ?? []).map { .string($0) }),
            "canRefresh": .bool(credential?.canRefresh ?? false),
            "refreshesOnUse": .bool(status.refreshesOnUse),
        ]
    }

    /// A listed session's status, judged by the usecase's rule at the same moment as the shown one's.
    private static func status(of session: StoredSession, at date: Date) -> LoginStatus {
        LoginUsecase.status(of: .loggedIn(session.credential), at: date)
    }

    /// How many terminal columns `text` takes: CJK characters take two.
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 2 : 1) }
    }

    static func timestamp(_ date: Date) -> String {
        ISO8601.string(from: date)
    }
}
