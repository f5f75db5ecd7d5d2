import Foundation
import SessionCore

/// Tokens and credentials the tests share. The secrets are recognisable, so a
/// test can search output and files for them.
enum Sample {
    static let secret = "sk_live_9f8e7d6c5b4a3210"
    static let otherSecret = "sk_test_0123456789abcdef"

    static func token(_ value: String = secret) -> AuthToken {
        PoolWatch.start()
        // The samples are valid by construction; a failure here is a broken test.
        guard let token = try? AuthToken(value) else { preconditionFailure("invalid sample token") }
        return token
    }

    /// The default expiry of ``credential(secret:expiresAt:)``: an hour from
    /// the first use, with a fraction of a second, fixed for the whole run so
    /// that two samples made a moment apart are equal (a date "from now"
    /// differed whenever a second boundary passed between the two calls).
    static let expiry = Date(timeIntervalSinceNow: 3600.75)
    /// How long a store of a test waits for another store's lock held in the
    /// same process: the holder's next step may queue behind hundreds of
    /// tests' tasks on a loaded machine's two pool threads, longer than the
    /// 40 s a person's command waits. Below the hang guard's five minutes.
    static let lockTimeoutUnderLoad: TimeInterval = 240
    /// How long a sign-in page of a test waits for the outcome that a task
    /// of the same run decides (20 s for a person's), for the same reason.
    static let outcomeWaitUnderLoad: Duration = .seconds(240)

    /// A credential with every field set and dates with fractional seconds.
    static func credential(secret: String = Sample.secret, expiresAt: Date? = Sample.expiry) -> Credential {
        Credential(
            token: token(secret), refreshToken: token("rt_" + secret), account: "alice@example.com",
            server: URL(string: "https://api.example.com:8443"),
            issuedAt: Date(timeIntervalSince1970: 1_790_000_000.987), expiresAt: expiresAt)
    }
}

extension Sample {
    /// alice's session on `server`, its token due (20 s left), whose refresh
    /// at the loopback test server at `tokenOrigin` gives `refreshed` as the
    /// new access token: what a helper must refresh before its tool uses it.
    static func dueCredential(
        server: URL, clientID: String, refreshingAt tokenOrigin: URL, to refreshed: String
    )
        -> Credential
    {
        let provider = OAuthProvider(
            issuer: tokenOrigin, clientID: clientID,
            tokenEndpoint: url(tokenOrigin.absoluteString + "/oauth/token?access=" + refreshed))
        return Credential(
            token: token("tok_due_0123456789"), refreshToken: token("rt_due_0123456789"), account: "alice",
            server: server, issuedAt: Date().addingTimeInterval(-3600),
            expiresAt: Date().addingTimeInterval(20),
            provider: provider)
    }
}

/// A URL the test wrote as a literal; one that does not parse is a broken test.
func url(_ text: String) -> URL {
    PoolWatch.start()
    guard let url = URL(string: text) else { preconditionFailure("not a URL: \(text)") }
    return url
}
