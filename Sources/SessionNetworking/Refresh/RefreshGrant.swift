import Foundation
import SessionCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One refresh-token grant (RFC 6749 §6) as a sequence of one step: the
/// request, and the token endpoint's answer, read like any other.
struct RefreshGrant: RequestSequence {
    let provider: OAuthProvider
    let refreshToken: AuthToken
    private var sent = false

    init(provider: OAuthProvider, refreshToken: AuthToken) {
        self.provider = provider
        self.refreshToken = refreshToken
    }

    mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<TokenGrant.Answer> {
        if let previous { return .finish(try TokenGrant.read(previous)) }
        guard !sent else { throw SignInError.invalidResponse(from: "token endpoint", reason: "no answer") }
        sent = true
        try OAuthWire.requireSafe(provider.tokenEndpoint, "token endpoint")
        return .send(
            OAuthWire.formPost(
                to: provider.tokenEndpoint,
                [
                    ("grant_type", "refresh_token"), ("refresh_token", refreshToken.value),
                    ("client_id", provider.clientID),
                ]))
    }
}
