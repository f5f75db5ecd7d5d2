import SessionCore

/// The words of the status screen, from the catalog, in the run's language.
struct StatusWords {
    let language: Language

    /// The text of `key`, which has no blanks.
    func callAsFunction(_ key: MessageKey) -> String {
        let (english, japanese) = key.texts
        return language == .japanese ? japanese : english
    }

    /// The text of `key`, its one blank `name` filled with `value`.
    func callAsFunction(_ key: MessageKey, _ name: String, _ value: String) -> String {
        Message.fill(self(key), name, with: value)
    }

    /// The text of `key`, its two blanks filled.
    func callAsFunction(_ key: MessageKey, _ first: (String, String), _ second: (String, String)) -> String {
        Message.fill(Message.fill(self(key), first.0, with: first.1), second.0, with: second.1)
    }

    func phase(_ phase: LoginStatus.Phase) -> String {
        switch phase {
        case .loggedIn: self(.statusLoggedIn)
        case .expired: self(.statusExpired)
        case .loggedOut: self(.statusLoggedOut)
        }
    }

    /// Where the session's tokens are kept.
    func secretsLocation(_ location: SecretsLocation) -> String {
        switch location {
        case .file: self(.secretsInFile)
        case .keyring: self(.secretsInKeyring)
        }
    }

    /// "in 59 minutes" / "expired 3 minutes ago" / "expired just now", to the largest whole unit.
    func relative(seconds: Int) -> String {
        var text = ""
        appendRelative(seconds: seconds, to: &text)
        return text
    }

    /// ``relative(seconds:)`` appended to `text`: a status lists up to a thousand sessions.
    func appendRelative(seconds: Int, to text: inout String) {
        guard seconds != 0 else {
            text += self(.expiredJustNow)
            return
        }
        let magnitude = abs(seconds)
        let (amount, one, many): (Int, MessageKey, MessageKey) =
            switch magnitude {
            case ..<60: (magnitude, .oneSecond, .seconds)
            case ..<3600: (magnitude / 60, .oneMinute, .minutes)
            case ..<(2 * 86400): (magnitude / 3600, .oneHour, .hours)
            default: (magnitude / 86400, .oneDay, .days)
            }
        let span = self(amount == 1 ? one : many, "count", String(amount))
        text += self(seconds > 0 ? .expiresIn : .expiredAgo, "span", span)
    }
}
