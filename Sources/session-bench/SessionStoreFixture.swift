import Foundation
import SessionCore

/// A session file with `count` sessions like the ones a provider's sign-in
/// leaves (a token pair, an account, the provider, scopes), the default
/// first: what `bench/many-sessions.sh` times `status` and `token` against.
///
///     session-bench make-store PATH COUNT
enum SessionStoreFixture {
    struct BadURL: Error {}

    static func url(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw BadURL() }
        return url
    }

    static func make(path: String, count: Int) throws {
        let store = FileLoginStateStore(fileURL: URL(fileURLWithPath: path))
        try store.removeAll()
        for number in (0..<count).reversed() {
            let login = try url("https://login\(number % 7).example.com")
            let provider = OAuthProvider(
                issuer: login, clientID: "session-cli-\(number)",
                tokenEndpoint: login.appendingPathComponent("oauth/token"),
                revocationEndpoint: login.appendingPathComponent("oauth/revoke"))
            var credential = Credential(
                token: try AuthToken("at_\(number)_" + String(repeating: "x", count: 40)),
                refreshToken: try AuthToken("rt_\(number)_" + String(repeating: "y", count: 40)),
                account: "user\(number)@example.com",
                server: try url("https://api\(number % 13).example.com"),
                issuedAt: Date(), expiresAt: Date().addingTimeInterval(86_400),
                scopes: ["openid", "profile", "read"],
                provider: provider)
            credential.tokenIssuedAt = Date()
            try store.save(credential)
        }
    }
}
