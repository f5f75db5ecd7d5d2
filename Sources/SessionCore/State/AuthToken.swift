/// A bearer secret: an access token or a refresh token.
///
/// The value is validated when the token is made (1 to
/// ``SessionLimits/tokenLength`` bytes of visible
/// ASCII), so a token can never smuggle a newline into an HTTP header or a
/// space into a file. Everything that prints a token — `print`, string
/// interpolation, `debugPrint`, `dump` — shows only ``redacted``; the secret
/// comes out only through an explicit read of ``value``.
///
/// ```swift
/// let token = try AuthToken("ghp_1234567890abcdef")
/// print(token)          // ghp_********
/// request.setValue("Bearer \(token.value)", forHTTPHeaderField: "Authorization")
/// ```
public struct AuthToken: Sendable, Hashable, Codable, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable
{
    /// The secret itself. Read it only to send it where it belongs.
    public let value: String

    /// For a stand-in: the generation of the keyring items that hold the
    /// secret (``SecretsLocation/keyring``); `nil` for a token that holds its value.
    package let keyringGeneration: String?

    /// Makes a token, validating it.
    ///
    /// - Parameter value: The secret: 1 to ``SessionLimits/tokenLength`` bytes, each a visible ASCII
    ///   character (0x21–0x7E).
    /// - Throws: ``AuthTokenError`` when the value is empty, too long, or has
    ///   any other byte. The error never contains the value.
    public init(_ value: String) throws {
        try Self.validate(value)
        self.value = value
        keyringGeneration = nil
    }

    /// A stand-in for a secret kept in the keyring: what a session file
    /// holds of it (its redacted form) and where the secret is.
    package init(standingInFor shown: String, keyringGeneration: String) {
        value = shown
        self.keyringGeneration = keyringGeneration
    }

    /// Whether this is a stand-in for a secret kept apart from the session
    /// file (``SecretsLocation/keyring``), as the file holds it: ``value``
    /// is its redacted form, not the secret. Never handed out: what lists
    /// sessions gives a ``SessionSummary``, and ``LoginStateRepository/load()`` the secret.
    package var isStandIn: Bool { keyringGeneration != nil }

    /// What a person may see: the first four characters and a mask for a token
    /// of 12 or more characters, the mask alone for a shorter one (so the mask
    /// does not tell the length either).
    public var redacted: String {
        guard !isStandIn else { return value }
        return value.utf8.count >= 12 ? String(value.prefix(4)) + Self.mask : Self.mask
    }

    /// What `print` and string interpolation show; never a secret.
    public var description: String { redacted }
    /// What `debugPrint` shows: the same as `description`.
    public var debugDescription: String { "AuthToken(\(redacted))" }
    /// What `dump` shows: the redacted form, never the secret.
    public var customMirror: Mirror { Mirror(self, children: ["redacted": redacted]) }

    /// Decodes and validates the value; an invalid one is a `DecodingError` that never contains it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            try self.init(container.decode(String.self))
        } catch let error as AuthTokenError {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: error.description,
                    underlyingError: error))
        }
    }

    /// Encodes the token as a plain string (for the session file).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)  // a stand-in's is its redacted form
    }

    static let mask = "********"

    private static func validate(_ value: String) throws {
        let bytes = value.utf8
        guard !bytes.isEmpty else { throw AuthTokenError.empty }
        guard bytes.count <= SessionLimits.tokenLength else {
            throw AuthTokenError.tooLong(byteCount: bytes.count)
        }
        for (offset, byte) in bytes.enumerated() where !(0x21...0x7E).contains(byte) {
            throw AuthTokenError.invalidByte(AuthTokenError.ByteClass(byte), offset: offset)
        }
    }
}
