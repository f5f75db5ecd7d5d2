import SessionCore

/// The words of the status screen in English and Japanese. Errors stay in
/// English so they can be searched for.
struct StatusWords {
    let language: Language

    private func pick(_ english: String, _ japanese: String) -> String {
        language == .japanese ? japanese : english
    }

    func phase(_ phase: String) -> String {
        switch phase {
        case "logged_in": pick("Logged in", "ログイン中")
        case "expired": pick("Session expired", "セッションの期限切れ")
        default: pick("Not logged in", "未ログイン")
        }
    }

    var account: String { pick("Account", "アカウント") }
    var server: String { pick("Server", "サーバー") }
    var token: String { pick("Token", "トークン") }
    var expires: String { pick("Expires", "有効期限") }
    var store: String { pick("Store", "保存先") }
    var provider: String { pick("Provider", "プロバイダー") }
    var scopes: String { pick("Scopes", "スコープ") }
    var client: String { pick("client", "クライアント") }
    var confidential: String { pick("confidential, with a secret", "機密クライアント、シークレットあり") }
    var refreshedOnUse: String { pick("refreshed on next use", "次回使用時に更新") }
    var override: String { pick("Override", "上書き") }
    var overrideText: String {
        pick(
            "SESSION_CLI_TOKEN is set: token and api use it, not this session",
            "SESSION_CLI_TOKEN が設定されています: token と api はこのセッションではなくそれを使います")
    }
    var button: String { pick("Button", "ボタン") }
    var never: String { pick("never", "なし") }
    var otherSessions: String { pick("Other sessions", "ほかのセッション") }
    var refreshable: String { pick("expired, refreshed on next use", "期限切れ、次回使用時に更新") }
    var noExpiry: String { pick("no expiry", "有効期限なし") }
    var secrets: String { pick("Secrets", "シークレット") }

    /// Where the session's tokens are kept.
    func secretsLocation(_ location: SecretsLocation) -> String {
        switch location {
        case .file: pick("in the session file", "セッションファイル内")
        case .keyring: pick("in the system keyring", "システムのキーリング内")
        }
    }

    /// "in 59 minutes" / "expired 3 minutes ago", to the largest whole unit.
    func relative(seconds: Int) -> String {
        var text = ""
        appendRelative(seconds: seconds, to: &text)
        return text
    }

    /// ``relative(seconds:)`` appended to `text`: a status lists up to a thousand sessions.
    func appendRelative(seconds: Int, to text: inout String) {
        let magnitude = abs(seconds)
        let (amount, english, japanese): (Int, String, String) =
            switch magnitude {
            case ..<60: (magnitude, "second", "秒")
            case ..<3600: (magnitude / 60, "minute", "分")
            case ..<(2 * 86400): (magnitude / 3600, "hour", "時間")
            default: (magnitude / 86400, "day", "日")
            }
        if language == .japanese {
            text += String(amount)
            text += japanese
            text += seconds > 0 ? "後" : "前に期限切れ"
            return
        }
        text += seconds > 0 ? "in " : "expired "
        text += String(amount)
        text += " "
        text += english
        if amount != 1 { text += "s" }
        if seconds <= 0 { text += " ago" }
    }
}
