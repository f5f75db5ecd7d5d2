import SessionCore
import SessionHTTP
package import SessionSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The account name of a session, from OpenID Connect claims: the first
/// present of `preferred_username`, `email` and `name`, else `sub` (an
/// opaque identifier, but better than nothing).
package enum AccountClaims {
    /// The claims that name an account, in the order they are preferred.
    static let order = ["preferred_username", "email", "name", "sub"]

    /// The claims of a userinfo answer, if it is a 200 with a JSON object.
    static func claims(fromUserinfo answer: SequenceResponse) -> JSONObject? {
        guard answer.response.status.code == 200 else { return nil }
        return try? OAuthWire.object(answer, from: "userinfo")
    }

    /// The account in the first of `sources` that names one; a known
    /// provider's own claim (GitHub's `login`) first.
    package static func name(in sources: [JSONObject], preferring first: String? = nil) -> String? {
        for key in [first].compactMap({ $0 }) + order {
            for claims in sources {
                if case .string(let name)? = claims[key], isShowable(name) { return name }
            }
        }
        return nil
    }

    /// 1 to 256 characters, none that could drive a terminal or reorder
    /// the text around it (``TerminalText``): a claim with one is passed over.
    private static func isShowable(_ name: String) -> Bool {
        !name.isEmpty && name.count <= SessionLimits.accountNameLength && TerminalText.isSafe(name)
    }
}
