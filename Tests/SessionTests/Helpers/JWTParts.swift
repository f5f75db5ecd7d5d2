import Foundation
import SessionSupport

/// A compact JWT's header and claims, decoded for a test's expectations
/// (never verified: the signing tests verify with openssl).
enum JWTParts {
    struct NotAJWT: Error {}

    static func read(_ jwt: String) throws -> (header: JSONObject, claims: JSONObject) {
        let pieces = jwt.split(separator: ".").map(String.init)
        guard pieces.count == 3,
            case .object(let header) = try JSONValue.parse(Base64URL.decode(pieces[0]) ?? Data()),
            case .object(let claims) = try JSONValue.parse(Base64URL.decode(pieces[1]) ?? Data())
        else { throw NotAJWT() }
        return (header, claims)
    }
}
