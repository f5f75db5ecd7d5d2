import Foundation
import SessionCLIKit
import Testing

/// The tool's words live in catalogs, read from the sources: every key a
/// words file declares is in its catalog (so ``MessageCatalogTests`` checks
/// it), no other file declares one, and no sentence the tool could print is
/// written outside a catalog.
@Suite struct CatalogSourceTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    /// The targets whose text a person reads: the tool's.
    static let toolTargets = ["SessionCLIKit", "SessionCLINetworking", "session-cli", "session-cli-api"]

    /// Every Swift file of the tool, by its path under `Sources`.
    static func toolFiles() throws -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for target in toolTargets {
            let folder = sources.appendingPathComponent(target)
            let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
            for case let path as String in walker where path.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                files.append(("\(target)/\(path)", text))
            }
        }
        return files
    }

    /// The file among `files` that declares `catalog` (its `#fileID` names
    /// the file, not its folder; file names are unique in a target).
    static func file(of catalog: WordCatalog, in files: [(path: String, text: String)]) -> (
        path: String, text: String
    )? {
        let name = catalog.file.split(separator: "/").last.map(String.init) ?? catalog.file
        return files.first { $0.path.hasSuffix("/" + name) }
    }

    static func matches(_ pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    static let declaration = #"^\s*(?:package )?static var (\w+): (?:MessageKey|ErrorKey) \{"#

    @Test func everyDeclaredKeyIsInItsCatalog() throws {
        let files = try Self.toolFiles()
        for catalog in WordCatalog.all {
            let file = try #require(
                Self.file(of: catalog, in: files), "\(catalog.name): no file \(catalog.file)")
            let declared = try Self.matches(Self.declaration, in: file.text)
            // The names in the catalog's call, but its statuses (`.interrupted`).
            let call = try #require(file.text.range(of: "WordCatalog(")).upperBound
            let statuses = Set(ExitCode.allCases.map { String(describing: $0) })
            let listed = try Self.matches(#"\.(\w+)\b"#, in: String(file.text[call...]))
                .filter { !statuses.contains($0) }
            #expect(Set(declared) == Set(listed), "\(file.path): declared and listed keys differ")
            let count = catalog.words.count + catalog.errors.count
            #expect(declared.count == count, "\(file.path): \(count) in its catalog")
        }
    }

    /// Outside a catalog's file, a key is declared only beside what says
    /// it: an option's help (`statusWatchHelp`, at the end of its command's
    /// file) or an exit code's meaning (`successMeaning`), and every such key is reached
    /// through the options or the exit codes, so the catalog's tests see it.
    @Test func onlyACatalogsFileDeclaresKeysBesidesOptionsAndExitCodes() throws {
        let catalogFiles = Set(WordCatalog.all.compactMap { $0.file.split(separator: "/").last })
        let options = CommandTable.specs.flatMap(\.options) + CommandSpec.globalOptions
        let reached = Set((options.map(\.help) + ExitCode.allCases.map(\.meaning)).map(\.english))
        var besides = 0
        for file in try Self.toolFiles() {
            let name = file.path.split(separator: "/").last ?? ""
            if catalogFiles.contains(name) { continue }
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                guard let declared = try Self.matches(Self.declaration, in: String(line)).first else {
                    continue
                }
                besides += 1
                #expect(
                    declared.hasSuffix("Help") || declared.hasSuffix("Meaning"),
                    "\(file.path): \(declared) is declared outside a catalog")
                let next = lines[(number + 1)...].prefix(3).lazy.compactMap {
                    Self.literals(in: String($0)).first
                }
                let english = next.first.map(Self.unescaped) ?? ""
                #expect(
                    reached.contains(english),
                    "\(file.path): \(declared) is no option's help nor exit code's meaning")
            }
        }
        #expect(besides >= ExitCode.allCases.count)
    }

    /// A literal's text as Swift reads it, for the escapes a key's text has.
    static func unescaped(_ literal: String) -> String {
        literal.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\n", with: "\n")
            .replacingOccurrences(of: "\\\\", with: "\\")
    }

    /// Files whose string literals are not the tool's words: a program's
    /// text for a shell, and the English preface of the generated reference.
    static let notWords: Set<String> = [
        "SessionCLIKit/Commands/Completion/CompletionScript.swift",
        "SessionCLIKit/Commands/Help/CLIReference.swift",
    ]

    /// A literal that reads as words for a person: three words of letters in a row.
    static let sentence = #"[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}"#

    @Test func noSentenceOutsideACatalog() throws {
        var found: [String] = []
        for file in try Self.toolFiles() where !Self.notWords.contains(file.path) {
            // The lines after `MessageKey(` are a key's two texts.
            var keyLines = 0
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                if keyLines > 0 {
                    keyLines -= 1
                    continue
                }
                if code.hasSuffix("MessageKey(") { keyLines = 2 }
                if code.hasSuffix("ErrorKey(") { keyLines = 3 }
                for literal in Self.literals(in: code) where Self.isSentence(literal, in: code) {
                    found.append("\(file.path):\(number + 1): \"\(literal)\"")
                }
            }
        }
        // A sentence inside a key's declaration is in a catalog; the check
        // must see the others, or it proves nothing.
        #expect(found.isEmpty, "sentences outside a catalog:\n\(found.joined(separator: "\n"))")
        #expect(Self.isSentence("cannot read the file", in: #"print("cannot read the file")"#))
    }

    /// Whether `literal`, on `line`, is words a person reads written outside
    /// a catalog: not a key's text on the line of its `MessageKey(`, not a
    /// value matched against (`case "…":`), not a command line.
    static func isSentence(_ literal: String, in line: String) -> Bool {
        guard literal.range(of: sentence, options: .regularExpression) != nil else { return false }
        if line.hasPrefix("case \"") || line.contains("MessageKey(\"") || line.contains("ErrorKey(.") {
            return false
        }
        return !["session-cli ", "kubectl ", "git ", "source "].contains { literal.hasPrefix($0) }
    }

    /// The string literals of one line of code, without their quotes.
    static func literals(in line: String) -> [String] {
        var literals: [String] = []
        var current: String?
        var escaped = false
        for character in line {
            if var text = current {
                if escaped {
                    escaped = false
                    text.append(character)
                } else if character == "\\" {
                    escaped = true
                    text.append(character)
                } else if character == "\"" {
                    literals.append(text)
                    current = nil
                    continue
                } else {
                    text.append(character)
                }
                current = text
            } else if character == "\"" {
                current = ""
            }
        }
        return literals
    }
}
