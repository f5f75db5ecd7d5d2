/// Something the tool says, in each language it speaks: a key of the
/// catalog (``MessageKey``) and the values for its blanks.
///
/// Every line the tool writes for a person (an error, a confirmation, a
/// hint, a prompt, the help) is a message, so none can exist in one language
/// only. The values are what the tool knows at that moment: a server, an
/// account, a path, a number, or another message.
///
/// ```swift
/// let message = Message(.loggedOutOf, ["session": "alice on https://api.example.com"])
/// message.text(in: .english)    // "Logged out alice on https://api.example.com."
/// message.text(in: .japanese)   // "alice on https://api.example.com からログアウトしました。"
/// ```
package struct Message: Sendable, Equatable {
    /// The text in the catalog.
    package let key: MessageKey
    // Kept as given: a copy into another collection of pairs would make
    // every run of the tool build one more generic type at start-up.
    private let texts: KeyValuePairs<String, String>
    private let messages: KeyValuePairs<String, Message>
    /// For a list: its items, joined as the language joins a list.
    private let items: [Message]
    /// For a list of alternatives: the last item joined with "or".
    private let alternatives: Bool

    /// The message `key`, with `values` in its blanks (`{name}` in the catalog).
    package init(_ key: MessageKey, _ values: KeyValuePairs<String, String> = [:]) {
        self.key = key
        texts = values
        messages = [:]
        items = []
        alternatives = false
    }

    /// The message `key`, with text and other messages in its blanks.
    package init(
        _ key: MessageKey, _ values: KeyValuePairs<String, String> = [:],
        messages: KeyValuePairs<String, Message>
    ) {
        self.key = key
        texts = values
        self.messages = messages
        items = []
        alternatives = false
    }

    /// The words of the error `key`, as a part of another message.
    package init(_ key: ErrorKey, _ values: KeyValuePairs<String, String> = [:]) {
        self.init(key.words, values)
    }

    /// The words of the error `key`, with text and other messages in its blanks.
    package init(
        _ key: ErrorKey, _ values: KeyValuePairs<String, String> = [:],
        messages: KeyValuePairs<String, Message>
    ) {
        self.init(key.words, values, messages: messages)
    }

    /// `items` as a list: "a, b, c" in English, "a、b、c" in Japanese.
    package static func list(_ items: [Message]) -> Message {
        Message(listOf: items)
    }

    /// Words as a list, each as it is (names, URLs).
    package static func list(_ words: [String]) -> Message {
        Message(listOf: words.map { Message(.verbatim, ["text": $0]) })
    }

    /// Words to choose from: "file or keyring", "auto, always or never".
    package static func alternatives(_ words: [String]) -> Message {
        Message(listOf: words.map { Message(.verbatim, ["text": $0]) }, alternatives: true)
    }

    private init(listOf items: [Message], alternatives: Bool = false) {
        key = .listSeparator
        texts = [:]
        messages = [:]
        self.items = items
        self.alternatives = alternatives
    }

    package static func == (lhs: Message, rhs: Message) -> Bool {
        lhs.key == rhs.key && lhs.items == rhs.items && lhs.alternatives == rhs.alternatives
            && lhs.texts.elementsEqual(rhs.texts) { $0.key == $1.key && $0.value == $1.value }
            && lhs.messages.elementsEqual(rhs.messages) { $0.key == $1.key && $0.value == $1.value }
    }

    /// The text in `language`, its blanks filled.
    package func text(in language: Language) -> String {
        let (english, japanese) = key.texts
        if key == .listSeparator {
            let separator = language == .japanese ? japanese : english
            let words = items.map { $0.text(in: language) }
            guard alternatives, words.count > 1, let last = words.last else {
                return words.joined(separator: separator)
            }
            let or = Message(.listOr).text(in: language)
            return words.dropLast().joined(separator: separator) + or + last
        }
        return fill(language == .japanese ? japanese : english, language)
    }

    /// `template` with its blank `{name}` filled with `value`: for the
    /// status screen's words, which a list of a thousand sessions says once
    /// each, made without building a ``Message``.
    package static func fill(_ template: String, _ name: String, with value: String) -> String {
        fill(template) { blank in blank.elementsEqual(name.utf8) ? value : nil }
    }

    /// `template` with each blank `{name}` replaced by what `value` gives for
    /// it, or kept when it gives nothing. Read as UTF-8 bytes: the marks are
    /// ASCII, and a walk over characters costs a list of sessions dearly.
    private static func fill(_ template: String, _ value: (ArraySlice<UInt8>) -> String?) -> String {
        let bytes = Array(template.utf8)
        guard bytes.contains(0x7B) else { return template }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 32)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x7B, let close = bytes[(index + 1)...].firstIndex(of: 0x7D),
                let filled = value(bytes[(index + 1)..<close])
            {
                output += filled.utf8
                index = close + 1
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The blanks' names a template has, in order: what a test compares
    /// between the two languages.
    package static func blanks(in template: String) -> [String] {
        var names: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    private func fill(_ template: String, _ language: Language) -> String {
        // A blank nobody filled stays as it is: a test of the catalog catches it.
        Self.fill(template) { blank in
            if let text = texts.first(where: { $0.key.utf8.elementsEqual(blank) })?.value { return text }
            return messages.first(where: { $0.key.utf8.elementsEqual(blank) })?.value.text(in: language)
        }
    }
}
