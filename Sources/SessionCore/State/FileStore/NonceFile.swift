import SessionSupport

/// The last DPoP nonce each server gave (RFC 9449 §8, §9), kept beside a
/// session file (`session.json.nonces`), so that the first proof of the
/// next process carries it instead of being refused once for the lack of
/// it.
///
/// A nonce is not a secret: any client of the server gets the same. So the
/// file is written on its own, never under the session file's lock and
/// never with the secrets; two processes writing at once may lose one
/// server's newest nonce, which costs that server one refused request.
/// Each line is an origin and its nonce; the newest last, at most
/// ``capacity`` of them.
///
/// ```swift
/// let nonces = NonceFile(sessionFile: "/home/alice/.config/session/session.json")
/// nonces.keep("server-nonce-2", for: "https://api.example.com")
/// nonces.read()["https://api.example.com"]   // "server-nonce-2"
/// ```
package struct NonceFile: Sendable, Equatable {
    /// The most servers whose nonce is kept; the oldest goes first.
    package static let capacity = 32
    /// The longest nonce kept, in bytes.
    package static let nonceLimit = 512

    /// The file's path.
    package let path: String
    private let folder: String
    /// Its new versions' temporary names: the session file's own, so the
    /// store's sweep of leftovers takes a killed writer's too.
    private let temporaryPrefix: String

    /// The nonce file of the session file at `sessionFile` (an absolute path).
    package init(sessionFile: String) {
        path = sessionFile + ".nonces"
        let slash = sessionFile.lastIndex(of: "/")
        folder = slash.map { String(sessionFile[..<$0]) } ?? "."
        let name = slash.map { String(sessionFile[sessionFile.index(after: $0)...]) } ?? sessionFile
        temporaryPrefix = folder + "/." + name + ".tmp-nonces-"
    }

    /// Whether `nonce` may be kept and sent: 1 to 512 bytes of printable
    /// ASCII without a space (RFC 9449's `NQCHAR`s).
    package static func isValid(_ nonce: some StringProtocol) -> Bool {
        !nonce.isEmpty && nonce.utf8.count <= nonceLimit
            && nonce.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// The nonces the file holds, by origin; empty when there is no file or
    /// it cannot be read. A line that is not an origin and a valid nonce is
    /// skipped.
    package func read() -> [String: String] {
        var nonces: [String: String] = [:]
        for (origin, nonce) in entries() { nonces[origin] = nonce }
        return nonces
    }

    /// Keeps `nonce` as `origin`'s, the newest. Best effort: a folder that
    /// cannot be written keeps nothing, and says nothing (the nonce is
    /// still used for the rest of this process).
    package func keep(_ nonce: String, for origin: String) {
        guard Self.isValid(nonce), Self.isValid(origin) else { return }
        var kept = entries().filter { $0.origin != origin }
        kept.append((origin, nonce))
        let text = Self.render(kept.suffix(Self.capacity))
        let temporary = temporaryPrefix + String(UInt64.random(in: .min ... .max), radix: 36)
        do {
            try SessionFiles.makeDirectory(atPath: folder)
            try SessionFiles.writeNewFile(atPath: temporary, data: Data(text.utf8), flush: false)
            try SessionFiles.move(temporary, to: path)
        } catch {
            try? SessionFiles.removeFile(atPath: temporary)
        }
    }

    /// The file's lines, in order, each an origin and a valid nonce.
    private func entries() -> [(origin: String, nonce: String)] {
        let limit = Self.capacity * (Self.nonceLimit + 300)
        guard let bytes = try? SessionFiles.readRegularFile(atPath: path, limit: limit) else { return [] }
        return Self.parse(bytes)
    }

    /// The file's text for `entries`: one "origin nonce" line each.
    package static func render(_ entries: some Sequence<(origin: String, nonce: String)>) -> String {
        entries.map { "\($0.origin) \($0.nonce)\n" }.joined()
    }

    /// A file's lines that are an origin and a valid nonce, in order; any
    /// other line (any bytes a file may hold) is skipped.
    package static func parse(_ bytes: [UInt8]) -> [(origin: String, nonce: String)] {
        bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            let origin = String(decoding: parts[0], as: UTF8.self)
            let nonce = String(decoding: parts[1], as: UTF8.self)
            guard Self.isValid(origin), Self.isValid(nonce) else { return nil }
            return (origin, nonce)
        }
    }
}

/// A repository whose session file has a ``NonceFile`` beside it: a
/// ``FileLoginStateStore`` and its sessions' repositories.
package protocol KeepsNoncesBeside {
    /// The nonce file beside the session file.
    var nonceFile: NonceFile { get }
}

extension FileLoginStateStore: KeepsNoncesBeside {
    package var nonceFile: NonceFile { NonceFile(sessionFile: path) }
}

extension SessionView: KeepsNoncesBeside where Storage == FileLoginStateStore {
    package var nonceFile: NonceFile { storage.nonceFile }
}
