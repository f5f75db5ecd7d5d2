/// Text laid out for a terminal: how many columns it takes, and paragraphs
/// wrapped to a width with a hanging indent.
///
/// Columns are counted as a terminal draws them: a CJK character or a
/// fullwidth form takes two, a combining mark none. Japanese has no spaces,
/// so a line may break between two CJK characters, though never before a
/// closing mark (`、` `。` `）` `」`) or after an opening one.
///
/// ```swift
/// TextLayout.columns("ログイン")                                  // 8
/// TextLayout.wrap("one two three", width: 8, indent: 2)      // ["one two", "  three"]
/// ```
package enum TextLayout {
    /// The columns `text` takes on a terminal.
    package static func columns(_ text: some StringProtocol) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += columns(scalar) }
        return total
    }

    /// The columns one scalar takes: 0, 1 or 2.
    package static func columns(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(value) ? 2 : 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default: false
        }
    }

    /// `text` followed by spaces up to `width` columns (at least `minimumGap`).
    package static func padded(_ text: String, to width: Int, minimumGap: Int = 1) -> String {
        text + String(repeating: " ", count: max(minimumGap, width - columns(text)))
    }

    /// `paragraph` (one line, its spaces collapsed) broken into lines of at
    /// most `width` columns: the first starts after `firstIndent` columns
    /// already on it (the caller writes them), every other line with
    /// `indent` spaces. A word longer than a line stays whole, on a line of
    /// its own.
    package static func wrap(_ paragraph: String, width: Int, indent: Int = 0, firstIndent: Int = 0)
        -> [String]
    {
        lay(atoms(of: paragraph), width: width, indent: indent, firstIndent: firstIndent)
    }

    /// `items` on lines of at most `width` columns, a space between two, each
    /// item kept whole (`[--server URL]` in a usage line).
    package static func wrap(items: [String], width: Int, indent: Int = 0, firstIndent: Int = 0)
        -> [String]
    {
        let atoms = items.map { Atom(text: $0, columns: columns($0), spaceBefore: true) }
        return lay(atoms, width: width, indent: indent, firstIndent: firstIndent)
    }

    private static func lay(_ atoms: [Atom], width: Int, indent: Int, firstIndent: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = firstIndent
        var lineHasText = false
        let margin = String(repeating: " ", count: indent)
        for atom in atoms {
            let gap = lineHasText && atom.spaceBefore ? 1 : 0
            let needed = gap + atom.columns
            if lineHasText && used + needed > width {
                lines.append(line)
                line = margin + atom.text
                used = indent + atom.columns
            } else {
                if gap == 1 { line += " " }
                line += atom.text
                used += needed
            }
            lineHasText = true
        }
        lines.append(line)
        return lines
    }

    /// A piece of a line that is never broken: a word, or one CJK character
    /// with the closing marks that follow it and the opening ones before it.
    private struct Atom {
        var text = ""
        var columns = 0
        /// Whether a space separates it from the atom before.
        var spaceBefore = false
        /// Whether its last character is a wide one: a narrow one after it starts a new atom.
        var endsWide = false

        mutating func append(_ character: Character, columns width: Int) {
            text.append(character)
            columns += width
            endsWide = width == 2
        }
    }

    private static func atoms(of paragraph: String) -> [Atom] {
        var atoms: [Atom] = []
        var current: Atom?
        var spaceBefore = false
        var opened = Atom()
        for character in paragraph {
            if character == " " || character == "\n" || character == "\t" {
                if let atom = current { atoms.append(atom) }
                current = nil
                // Marks that opened nothing (`( `, `[]`) are a word of their own.
                if !opened.text.isEmpty { atoms.append(opened) }
                opened = Atom()
                spaceBefore = true
                continue
            }
            let width = columns(String(character))
            let closes = closing.contains(character) || (asciiClosing.contains(character) && !spaceBefore)
            if closes, !opened.text.isEmpty {
                // It closes what was just opened (`[]`): the pair stays together.
                opened.append(character, columns: width)
                spaceBefore = false
                continue
            }
            if closes, current != nil || !atoms.isEmpty {
                // Never at the start of a line: it stays with what it closes.
                var atom = current ?? atoms.removeLast()
                atom.append(character, columns: width)
                current = atom
                spaceBefore = false
                continue
            }
            // `(` and `[` open what follows only at a word's start (after a
            // space or a CJK character); inside a word (`git-credential(1)`) they are part of it.
            let startsWord = current.map(\.endsWide) ?? true
            if opening.contains(character) || (asciiOpening.contains(character) && startsWord) {
                // Never at the end of a line: it goes with what it opens.
                if let atom = current { atoms.append(atom) }
                current = nil
                if opened.text.isEmpty { opened.spaceBefore = spaceBefore && !atoms.isEmpty }
                opened.append(character, columns: width)
                spaceBefore = false
                continue
            }
            if var atom = current, width == 1, !atom.endsWide {
                atom.append(character, columns: width)
                current = atom
            } else {
                if let atom = current { atoms.append(atom) }
                var atom = opened
                if atom.text.isEmpty { atom.spaceBefore = spaceBefore && !atoms.isEmpty }
                atom.append(character, columns: width)
                current = atom
                opened = Atom()
            }
            spaceBefore = false
        }
        if let atom = current { atoms.append(atom) }
        if !opened.text.isEmpty { atoms.append(opened) }
        return atoms
    }

    /// Marks a line never starts with.
    private static let closing: Set<Character> = [
        "、", "。", "，", "．", "）", "」", "』", "】", "！", "？", "：", "；", "・", "ー", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ",
        "っ", "ゃ", "ゅ", "ょ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ",
    ]
    /// Marks a line never ends with.
    private static let opening: Set<Character> = ["（", "「", "『", "【"]
    /// ASCII marks that stay with what they close, even after a CJK character: `(省略時: 40)`.
    private static let asciiClosing: Set<Character> = [")", "]", ",", ".", ":", ";", "!", "?"]
    /// ASCII marks that go with what they open, at a word's start.
    private static let asciiOpening: Set<Character> = ["(", "["]
}
