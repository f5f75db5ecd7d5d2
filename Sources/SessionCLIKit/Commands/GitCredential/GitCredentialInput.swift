import SessionCore
import SessionSupport

/// What git writes to a credential helper (git-credential(1)): `key=value`
/// lines, ending at a blank line or at the end of the input. Read whole, and
/// checked: a line without `=`, over 64 KiB, a NUL byte or bytes that are not
/// UTF-8 refuse the input with one line and nothing on standard output.
struct GitCredentialInput: Equatable {
    /// The first value of each key, and every value of the `[]` keys.
    private(set) var values: [String: String] = [:]
    private(set) var capabilities: Set<String> = []

    /// The longest line git may send, its line feed included.
    static let lineLimit = SessionLimits.gitCredentialLine
    /// The most input read: more is refused, so an endless stream ends.
    static let sizeLimit = SessionLimits.gitCredentialInput

    var protocolName: String? { values["protocol"] }
    var host: String? { values["host"] }
    var username: String? { values["username"] }

    /// Reads standard input to a blank line or its end.
    ///
    /// - Throws: Exit 64 for a line without `=` or over 64 KiB, 65 for a NUL
    ///   byte or bytes that are not UTF-8, 74 when standard input fails.
    static func read(from input: StandardInput) throws(CLIError) -> GitCredentialInput {
        var bytes: [UInt8] = []
        // To a blank line (git's end of input when it keeps the pipe open) or the end.
        while !endsAtBlankLine(bytes) {
            let piece = try input.read(upTo: 4096)
            if piece.isEmpty { break }
            bytes += piece
            guard bytes.count <= sizeLimit else {
                throw CLIError(.gitInputTooLong, ["limit": String(sizeLimit)])
            }
        }
        return try parse(bytes)
    }

    private static func endsAtBlankLine(_ bytes: [UInt8]) -> Bool {
        bytes == [0x0A] || bytes.count >= 2 && bytes.suffix(2).elementsEqual([0x0A, 0x0A])
            || bytes.count >= 3 && bytes.suffix(3).elementsEqual([0x0A, 0x0D, 0x0A])
    }

    /// The request in `bytes`.
    static func parse(_ bytes: [UInt8]) throws(CLIError) -> GitCredentialInput {
        guard !bytes.contains(0) else { throw CLIError(.gitInputNUL) }
        var request = GitCredentialInput()
        for (number, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard raw.count < lineLimit else {
                throw CLIError(.gitLineTooLong, ["line": String(number + 1)])
            }
            var line = raw
            if line.last == 0x0D { line = line.dropLast() }
            // A blank line ends the request.
            if line.isEmpty { break }
            guard let text = String(validating: line, as: UTF8.self) else {
                throw CLIError(.gitLineNotUTF8, ["line": String(number + 1)])
            }
            guard let equals = text.firstIndex(of: "=") else {
                // Never echoed: the line may hold a secret.
                throw CLIError(.gitLineNotKeyValue, ["line": String(number + 1)])
            }
            let key = String(text[..<equals])
            let value = String(text[text.index(after: equals)...])
            if key == "capability[]" {
                request.capabilities.insert(value)
            } else if request.values[key] == nil {
                request.values[key] = value
            }
        }
        return request
    }
}
