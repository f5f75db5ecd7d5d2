import Foundation
import SessionCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The account name of a session, from OpenID Connect claims:
/// `preferred_username`, else `email`, else `sub`.
enum AccountClaims {
    /// The name in a userinfo answer, if it is a JSON object with one.
    static func name(fromUserinfo answer: SequenceResponse) -> String? {
        guard answer.response.statusCode == 200, let object = try? OAuthWire.object(answer, from: "userinfo")
        else { return nil }
        return name(in: object)
    }

    /// The name in an ID token's claims. The signature is not checked: the
    /// token came straight from the token endpoint over a checked connection,
    /// and the name is only shown, never trusted for access.
    static func name(fromIDToken idToken: String?) -> String? {
        let parts = idToken?.split(separator: ".", omittingEmptySubsequences: false) ?? []
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            payload.count <= OAuthWire.maximumBody,
            case .object(let claims)? = try? JSONValue.parse(payload)
        else { return nil }
        return name(in: claims)
    }

    private static func name(in claims: [String: JSONValue]) -> String? {
        for key in ["preferred_username", "email", "sub"] {
            if case .string(let name)? = claims[key], isShowable(name) { return name }
        }
        return nil
    }

    /// 1 to 256 characters with no control characters: safe on a terminal.
    private static func isShowable(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 256
            && !name.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.value == 0x1B }
    }
}
