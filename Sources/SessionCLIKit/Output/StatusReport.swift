import Foundation
package import SessionCore

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
    private var label: String { status.strategy.label(for: language.locale) }
    private var token: String? { credential.map { showToken ? $0.token.value : $0.token.redacted } }
    /// Whole seconds until expiry, rounded up: a session with 0.4 s left is
    /// "in 1 second", never "expired 0 seconds ago" while it is logged in.
    private var secondsLeft: Int? {
        credential?.expiresAt.map { Int($0.timeIntervalSince(status.checkedAt).rounded(.up)) }
    }

    /// The screen: the phase, then one aligned line per known field, then the button.
    package func text(style: Style) -> String {
        let words = Messages(language: language)
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
        rows.append((words.button, style.paint(label, status.strategy.color)))
        let width = rows.map { Self.columns($0.0) }.max() ?? 0
        let lines = rows.map {
            "  " + $0.0 + ":" + String(repeating: " ", count: width - Self.columns($0.0) + 2) + $0.1
        }
        return ([words.phase(status.phase.rawValue)] + lines).joined(separator: "\n")
    }

    /// One JSON object with a fixed set of keys (absent values are `null`).
    package func json() -> String {
        let object = JSONStatus(
            state: status.phase.rawValue, account: credential?.account,
            server: credential?.server?.absoluteString,
            issuedAt: credential.map { Self.timestamp($0.issuedAt) },
            expiresAt: credential?.expiresAt.map(Self.timestamp), expiresInSeconds: secondsLeft,
            tokenRedacted: credential?.token.redacted, token: showToken ? credential?.token.value : nil,
            provider: credential?.provider.map {
                .init(
                    issuer: $0.issuer.absoluteString, clientID: $0.clientID, confidential: $0.isConfidential)
            },
            scopes: credential?.scopes ?? [], canRefresh: credential?.canRefresh ?? false,
            refreshesOnUse: status.refreshesOnUse,
            tokenSource: environmentToken ? "environment" : credential.map { _ in "store" },
            store: storePath,
            button: .init(
                action: status.strategy.action.rawValue, label: label, color: status.strategy.color.rawValue,
                hex: status.strategy.color.hex))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, numbers and nulls cannot fail.
        return (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// How many terminal columns `text` takes: CJK characters take two.
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 2 : 1) }
    }

    static func timestamp(_ date: Date) -> String {
        ISO8601.string(from: date)
    }
}

/// The `status --json` shape. Every key is always present.
private struct JSONStatus: Encodable {
    struct Button: Encodable {
        let action, label, color, hex: String
    }

    struct Provider: Encodable {
        let issuer, clientID: String
        let confidential: Bool
    }

    let state: String
    let account, server, issuedAt, expiresAt: String?
    let expiresInSeconds: Int?
    let tokenRedacted, token: String?
    let provider: Provider?
    let scopes: [String]
    let canRefresh, refreshesOnUse: Bool
    let tokenSource: String?
    let store: String
    let button: Button

    private enum CodingKeys: String, CodingKey {
        case state, account, server, issuedAt, expiresAt, expiresInSeconds, tokenRedacted, token, provider,
            scopes, canRefresh, refreshesOnUse, tokenSource, store, button
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(account, forKey: .account)
        try container.encode(server, forKey: .server)
        try container.encode(issuedAt, forKey: .issuedAt)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(expiresInSeconds, forKey: .expiresInSeconds)
        try container.encode(tokenRedacted, forKey: .tokenRedacted)
        try container.encode(token, forKey: .token)
        try container.encode(provider, forKey: .provider)
        try container.encode(scopes, forKey: .scopes)
        try container.encode(canRefresh, forKey: .canRefresh)
        try container.encode(refreshesOnUse, forKey: .refreshesOnUse)
        try container.encode(tokenSource, forKey: .tokenSource)
        try container.encode(store, forKey: .store)
        try container.encode(button, forKey: .button)
    }
}
