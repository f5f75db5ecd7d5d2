import SessionSupport

/// One block of a PEM file (RFC 7468): its label and the DER bytes it holds.
package struct PEMBlock: Sendable, Equatable {
    /// What the block says it holds: `PRIVATE KEY`, `EC PRIVATE KEY`, `CERTIFICATE`…
    package let label: String
    package let der: [UInt8]
}

/// Reads PEM text from a file a person names: the blocks between
/// `-----BEGIN LABEL-----` and `-----END LABEL-----` lines, with text
/// before, between and after them ignored (RFC 7468 §2). Strict where a
/// reader could be fooled: an END that names another label, base64 that is
/// not canonical, a control or non-ASCII byte inside a block, more than
/// ``maximumSize`` bytes or ``maximumBlocks`` blocks are all refused.
package enum PEM {
    package static let maximumSize = 64 << 10
    package static let maximumBlocks = 16

    /// Why a PEM text was refused, in words.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The blocks, in order.
    ///
    /// - Throws: ``Failure``; a text with no block at all is one too.
    package static func blocks(_ bytes: [UInt8]) throws(Failure) -> [PEMBlock] {
        guard bytes.count <= maximumSize else { throw Failure(description: "larger than 64 KiB") }
        var blocks: [PEMBlock] = []
        var label: String?
        var body: [UInt8] = []
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var line = rawLine[...]
            while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line.removeLast() }
            if let current = label {
                if let end = boundary(line, "END") {
                    guard end == current else {
                        throw Failure(description: "a block that begins as \(current) ends as another")
                    }
                    guard let der = Base64.decode(body, .standard), !der.isEmpty else {
                        throw Failure(description: "the \(current) block is not base64")
                    }
                    blocks.append(PEMBlock(label: current, der: der))
                    guard blocks.count <= maximumBlocks else { throw Failure(description: "too many blocks") }
                    label = nil
                    body = []
                    continue
                }
                // Inside a block: base64 characters, with spaces or tabs between them.
                for byte in line where byte != 0x20 && byte != 0x09 {
                    guard byte > 0x20 && byte < 0x7F, byte != UInt8(ascii: "-") else {
                        throw Failure(description: "the \(current) block holds a line that is not base64")
                    }
                    body.append(byte)
                }
            } else if let begin = boundary(line, "BEGIN") {
                label = begin
            }
        }
        guard label == nil else { throw Failure(description: "a block has no END line") }
        guard !blocks.isEmpty else { throw Failure(description: "no PEM block") }
        return blocks
    }

    /// The label of a `-----BEGIN LABEL-----` (or END) line, or `nil`.
    private static func boundary(_ line: ArraySlice<UInt8>, _ kind: String) -> String? {
        let prefix = Array("-----\(kind) ".utf8)
        let suffix = Array("-----".utf8)
        guard line.count >= prefix.count + suffix.count, line.starts(with: prefix),
            line.suffix(suffix.count).elementsEqual(suffix)
        else { return nil }
        let label = line.dropFirst(prefix.count).dropLast(suffix.count)
        // RFC 7468 §3: printable ASCII, no hyphen at either end.
        guard !label.isEmpty, label.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), label.first != UInt8(ascii: "-"),
            label.last != UInt8(ascii: "-"), label.first != 0x20, label.last != 0x20
        else { return nil }
        return String(decoding: label, as: UTF8.self)
    }
}
