import Foundation

/// The bytes of a session file: `{"version": 1, "credential": {...}}`, dates in
/// ISO 8601 at whole seconds.
///
/// The version is read first, on its own, so a file from a newer format is
/// refused as such rather than as corrupt.
enum SessionFileFormat {
    static let version = 1

    /// The file's top level. Decoding reads the version first and stops there
    /// when it is not ours, so one parse serves both checks.
    private struct Envelope: Codable {
        var version: Int
        var credential: Credential

        init(version: Int, credential: Credential) {
            self.version = version
            self.credential = credential
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decode(Int.self, forKey: .version)
            guard version == SessionFileFormat.version else { throw OtherVersion(version: version) }
            credential = try container.decode(Credential.self, forKey: .credential)
        }
    }

    private struct OtherVersion: Error {
        let version: Int
    }

    // Both are safe to share: their options are set once, here.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    static func encode(_ credential: Credential) throws -> Data {
        var data = try encoder.encode(Envelope(version: version, credential: credential))
        data.append(0x0A)
        return data
    }

    static func decode(_ data: Data, path: String) throws -> Credential {
        guard !data.isEmpty else { throw SessionFileError.empty(path: path) }
        do {
            return try decoder.decode(Envelope.self, from: data).credential
        } catch let other as OtherVersion where other.version > version {
            throw SessionFileError.unsupportedVersion(path: path, version: other.version)
        } catch let other as OtherVersion {
            throw SessionFileError.corrupt(path: path, reason: "unknown format version \(other.version)")
        } catch let error as DecodingError {
            throw SessionFileError.corrupt(path: path, reason: reason(for: error))
        }
    }

    /// Describes a decoding error by where it happened, never by the text it met
    /// (which could be part of a token).
    private static func reason(for error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            "missing \(dotted(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "wrong type at \(dotted(context.codingPath))"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            "not valid JSON"
        case .dataCorrupted(let context):
            if let tokenError = context.underlyingError as? AuthTokenError {
                "invalid \(dotted(context.codingPath)): \(tokenError)"
            } else {
                "invalid value at \(dotted(context.codingPath))"
            }
        @unknown default:
            "unreadable"
        }
    }

    private static func dotted(_ path: [any CodingKey]) -> String {
        path.map(\.stringValue).joined(separator: ".")
    }
}
