import Foundation

/// The bytes of a session file: `{"version": 1, "credential": {...}}`, dates in
/// ISO 8601 at whole seconds.
///
/// The version is read first, on its own, so a file from a newer format is
/// refused as such rather than as corrupt.
enum SessionFileFormat {
    static let version = 1

    private struct Envelope: Codable {
        var version: Int
        var credential: Credential
    }

    private struct VersionOnly: Decodable {
        var version: Int
    }

    static func encode(_ credential: Credential) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(Envelope(version: version, credential: credential))
        data.append(0x0A)
        return data
    }

    static func decode(_ data: Data, path: String) throws -> Credential {
        guard !data.isEmpty else { throw SessionFileError.empty(path: path) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            let found = try decoder.decode(VersionOnly.self, from: data).version
            guard found == version else {
                if found > version {
                    throw SessionFileError.unsupportedVersion(path: path, version: found)
                }
                throw SessionFileError.corrupt(path: path, reason: "unknown format version \(found)")
            }
            return try decoder.decode(Envelope.self, from: data).credential
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
