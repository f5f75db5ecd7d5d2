import SessionCore

/// The words of the status screen, from the catalog, in the run's language.
///
/// A status lists up to a thousand sessions, each line with a key and a
/// relative time, so the templates those lines use are cut into their
/// pieces once (``Template``, kept in stored properties: a dictionary or an
/// array of a type of its own would be one more generic type to build at
/// every start), and each line only appends pieces.
struct StatusPhrases {
    let language: Language
    /// The templates of the list's lines, cut once; `nil` until ``forLines()``.
    private let lines: LineTemplates?

    init(language: Language) {
        self.language = language
        lines = nil
    }

    private init(language: Language, lines: LineTemplates) {
        self.language = language
        self.lines = lines
    }

    /// These words with the templates of the list's lines cut once: for a
    /// list of many sessions (one session's status needs three of them).
    func forLines() -> StatusPhrases {
        StatusPhrases(language: language, lines: LineTemplates { template($0) })
    }

    /// The template of `key`, cut now.
    private func template(_ key: MessageKey) -> Template {
        Template(self(key))
    }

    /// The templates each line of the list of sessions says.
    private struct LineTemplates {
        let accountOnServer: Template
        let accountNoServer: Template
        let serverNoAccount: Template
        let expiresIn: Template
        let expiredAgo: Template
        let otherExpires: Template
        let second: (one: Template, many: Template)
        let minute: (one: Template, many: Template)
        let hour: (one: Template, many: Template)
        let day: (one: Template, many: Template)

        init(_ template: (MessageKey) -> Template) {
            accountOnServer = template(.sessionAccountOnServer)
            accountNoServer = template(.sessionAccountNoServer)
            serverNoAccount = template(.sessionServerNoAccount)
            expiresIn = template(.expiresIn)
            expiredAgo = template(.expiredAgo)
            otherExpires = template(.statusOtherExpiresIn)
            second = (template(.oneSecond), template(.seconds))
            minute = (template(.oneMinute), template(.minutes))
            hour = (template(.oneHour), template(.hours))
            day = (template(.oneDay), template(.days))
        }
    }

    /// The text of `key`, which has no blanks.
    func callAsFunction(_ key: MessageKey) -> String {
        let (english, japanese) = key.texts
        return language == .japanese ? japanese : english
    }

    /// The text of `key`, its blanks filled by name.
    func callAsFunction(_ key: MessageKey, _ first: (String, String), _ second: (String, String)? = nil)
        -> String
    {
        var text = ""
        Template(self(key)).append(to: &text, first, second)
        return text
    }

    func phase(_ phase: LoginStatus.Phase) -> String {
        switch phase {
        case .loggedIn: self(.statusLoggedIn)
        case .expired: self(.statusExpired)
        case .loggedOut: self(.statusLoggedOut)
        }
    }

    /// A session's key in words, as ``ErrorReport/describe(_:)-(SessionKey)`` says it.
    func describe(_ key: SessionKey) -> String {
        var text = ""
        switch (key.account, key.origin) {
        case (let account?, let origin?):
            (lines?.accountOnServer ?? template(.sessionAccountOnServer))
                .append(to: &text, ("account", account), ("server", origin))
        case (let account?, nil):
            (lines?.accountNoServer ?? template(.sessionAccountNoServer)).append(
                to: &text, ("account", account))
        case (nil, let origin?):
            (lines?.serverNoAccount ?? template(.sessionServerNoAccount)).append(
                to: &text, ("server", origin))
        case (nil, nil): text = self(.sessionNoServerNoAccount)
        }
        return text
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

    /// How another session's line says its expiry: "expires in 3 hours", "expired 2 days ago".
    func appendOtherExpiry(seconds: Int, to text: inout String) {
        guard seconds > 0 else { return appendRelative(seconds: seconds, to: &text) }
        var relative = ""
        appendRelative(seconds: seconds, to: &relative)
        (lines?.otherExpires ?? template(.statusOtherExpiresIn)).append(to: &text, ("relative", relative))
    }

    /// ``relative(seconds:)`` appended to `text`.
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
        let unit: Template
        if let lines {
            let cut =
                switch magnitude {
                case ..<60: lines.second
                case ..<3600: lines.minute
                case ..<(2 * 86400): lines.hour
                default: lines.day
                }
            unit = amount == 1 ? cut.one : cut.many
        } else {
            unit = template(amount == 1 ? one : many)
        }
        var span = ""
        unit.append(to: &span, ("count", String(amount)))
        let phrase =
            seconds > 0
            ? (lines?.expiresIn ?? template(.expiresIn)) : (lines?.expiredAgo ?? template(.expiredAgo))
        phrase.append(to: &text, ("span", span))
    }

    /// A template cut into its words and its blanks: words at the even
    /// places, the blanks' names at the odd ones.
    struct Template {
        let parts: [String]

        init(_ template: String) {
            // By UTF-8 bytes: the marks are ASCII, and a walk by characters costs more.
            let bytes = template.utf8
            var parts: [String] = []
            var start = bytes.startIndex
            while let open = bytes[start...].firstIndex(of: 0x7B),
                let close = bytes[bytes.index(after: open)...].firstIndex(of: 0x7D)
            {
                parts.append(String(decoding: bytes[start..<open], as: UTF8.self))
                parts.append(String(decoding: bytes[bytes.index(after: open)..<close], as: UTF8.self))
                start = bytes.index(after: close)
            }
            parts.append(String(decoding: bytes[start...], as: UTF8.self))
            self.parts = parts
        }

        /// The template with its blanks filled, appended to `text`.
        func append(to text: inout String, _ first: (String, String), _ second: (String, String)? = nil) {
            for index in parts.indices {
                let part = parts[index]
                if index % 2 == 0 {
                    text += part
                } else if part == first.0 {
                    text += first.1
                } else if let second, part == second.0 {
                    text += second.1
                } else {
                    text += "{" + part + "}"
                }
            }
        }
    }
}
