#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Which session: the origin of its server (or none, for a token saved
/// without one) and its account (or none).
///
/// A store holds one session per key. Logging in with the key of a session
/// that is there replaces it; any other login adds one.
///
/// ```swift
/// let key = SessionKey(server: URL(string: "https://api.example.com/v1"), account: "alice")
/// key.server   // https://api.example.com: the origin, the path dropped
/// credential.key == key
/// ```
public struct SessionKey: Sendable, Hashable, CustomStringConvertible {
    /// The origin as text, `https://api.example.com` or with a port other
    /// than the scheme's own; what keys are compared by.
    package let origin: String?
    /// The account, or `nil`.
    public let account: String?

    /// The key of a session on `server` (only its origin counts) for `account`.
    public init(server: URL?, account: String?) {
        origin = server.map { url in Origin(url)?.description ?? url.absoluteString }
        self.account = account
    }

    /// A key from an origin already in its normal form, as a session file keeps it.
    package init(origin: String?, account: String?) {
        self.origin = origin
        self.account = account
    }

    /// The origin of the session's server (scheme, host and a port other
    /// than the scheme's own), or `nil`.
    public var server: URL? { origin.flatMap { URL(string: $0) } }

    /// "alice on https://api.example.com", or as much of it as the key has.
    public var description: String {
        switch (account, origin) {
        case (let account?, let origin?): account + " on " + origin
        case (let account?, nil): account
        case (nil, let origin?): origin
        case (nil, nil): "the session with no server and no account"
        }
    }
}

extension Credential {
    /// The key this session is kept under: its server's origin and its account.
    public var key: SessionKey { SessionKey(server: server, account: account) }
}
