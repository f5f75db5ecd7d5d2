#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Why a sign-in with an identity provider, a refresh or a revocation failed.
///
/// Every message says what went wrong. None repeats a token, a code or raw
/// text from the provider: what a server sends is untrusted, so at most a
/// short error code and a description made only of the characters OAuth
/// allows in one are shown. The messages name no command-line option: the
/// command-line tool adds which one to use.
///
/// ```swift
/// do { try await Login(provider: flow).perform(with: store) }
/// catch SignInError.accessDenied { print("You said no at the provider.") }
/// ```
public enum SignInError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// Neither discovery document could be read from the issuer.
    case discoveryFailed(issuer: String, reason: String)
    /// The discovery document names another issuer than the one asked for.
    case issuerMismatch(expected: String)
    /// An endpoint is not `https` (nor `http` on loopback).
    case insecureEndpoint(name: String)
    /// A known provider's endpoint is at a host that is not the provider's
    /// (``ProviderProfile/hosts``): nothing is sent there.
    case endpointOutsideProvider(name: String, provider: String)
    /// The provider lists no device authorization endpoint, and none was given.
    case noDeviceEndpoint
    /// The provider lists no endpoint of this kind.
    case missingEndpoint(name: String)
    /// An answer broke the protocol: not JSON, too large, a missing or
    /// wrong-typed field, a redirect where none is allowed.
    case invalidResponse(from: String, reason: String)
    /// The user said no at the provider (`access_denied`).
    case accessDenied
    /// The device code expired before the user approved it (`expired_token`,
    /// or `expires_in` passed).
    case deviceCodeExpired
    /// The browser never came back to the loopback redirect in time.
    case browserTimedOut(seconds: Int)
    /// The redirect came back with another `state` or `iss` than this login's.
    case callbackMismatch(String)
    /// The redirect belongs to this login but cannot be accepted: it lacks
    /// the `iss` the provider promised (RFC 9207), or has no code.
    case callbackRejected(reason: String)
    /// The ID token does not belong to this sign-in: its `iss`, `aud` or
    /// `nonce` does not match (OpenID Connect Core §3.1.3.7).
    case idTokenRejected(reason: String)
    /// The provider answered with an OAuth error code, and the
    /// `error_description` when it is safe to show.
    case providerError(code: String, description: String?)
    /// The provider refused the refresh token (`invalid_grant`, GitHub's
    /// `bad_refresh_token`): the session is over.
    case refreshRefused
    /// A refresh's answer was lost (its deadline passed after the request
    /// went out), and the provider then refused the same refresh token: it
    /// had rotated it already, and keeps no grace period for a retry. The
    /// session is over.
    case refreshAnswerLost
    /// ``TokenRefresher``'s loop guard stopped a refresh: the session was
    /// already refreshed `limit` times in the last `seconds`.
    case refreshLoopStopped(limit: Int, seconds: Int)
    /// A client secret was given, but the provider accepts it neither in
    /// HTTP Basic nor in the body.
    case unsupportedClientAuthentication
    /// The loopback redirect cannot listen where it must: a fixed port that
    /// is in use, or no loopback address at all.
    case callbackAddressUnavailable(address: String, reason: String)
    /// The client credentials grant was asked of a client without a secret:
    /// the secret is what the client signs in with.
    case clientSecretRequired
    /// The client's private key for `private_key_jwt` cannot be used: the
    /// file cannot be read, others can read it, or it holds no usable key.
    case clientKeyUnusable(path: String, reason: String)
    /// The provider takes browser sign-ins only as pushed requests (RFC
    /// 9126) but lists no endpoint to push them to.
    case pushedRequestUnavailable
    /// The message: what failed.
    public var description: String {
        switch self {
        case .discoveryFailed(let issuer, let reason):
            "cannot read the provider's discovery document at \(issuer) (\(reason)); check the issuer URL"
        case .issuerMismatch(let expected):
            "the provider's discovery document names another issuer than \(expected); "
                + "give the issuer exactly as the provider spells it"
        case .insecureEndpoint(let name):
            "the provider's \(name) is not https (plain http is allowed on this machine only); refusing it"
        case .endpointOutsideProvider(let name, let provider):
            "the \(name) named for \(provider) is at a host that is not \(provider)'s; nothing was sent there"
        case .noDeviceEndpoint:
            "the provider lists no device authorization endpoint"
        case .missingEndpoint(let name):
            "the provider lists no \(name)"
        case .invalidResponse(let from, let reason):
            "the provider's \(from) answer is not valid: \(reason)"
        case .accessDenied:
            "the sign-in was denied at the provider"
        case .deviceCodeExpired:
            "the device code expired before the sign-in was approved; sign in again"
        case .browserTimedOut(let seconds):
            "the browser did not come back within \(seconds) s; sign in again"
        case .callbackMismatch(let what):
            "the browser came back with a \(what) that does not belong to this sign-in; ignored"
        case .callbackRejected(let reason):
            "the provider's answer in the browser was refused: \(reason)"
        case .idTokenRejected(let reason):
            "the provider's ID token was refused: \(reason)"
        case .providerError(let code, let description):
            "the provider answered with the error \(code)" + (description.map { ": \($0)" } ?? "")
        case .refreshRefused:
            "the provider refused the refresh token (it expired, was revoked or was already used); log in again"
        case .refreshAnswerLost:
            "the answer to a refresh was lost, and the provider then refused the same refresh token "
                + "(it had already rotated it, with no grace period for a retry); log in again"
        case .refreshLoopStopped(let limit, let seconds):
            "the session's token was refreshed \(limit) times in the last \(seconds) s, so no more refreshes "
                + "are tried for now (a guard against a refresh loop); try again in \(seconds) s, or log in again"
        case .unsupportedClientAuthentication:
            "the provider accepts the client secret neither with HTTP Basic nor in the request body"
        case .callbackAddressUnavailable(let address, let reason):
            "cannot listen for the browser on \(address): \(reason)"
        case .clientSecretRequired:
            "the client credentials grant needs the client's secret or key"
        case .clientKeyUnusable(let path, let reason):
            "cannot use the client key \(path): \(reason)"
        case .pushedRequestUnavailable:
            "the provider requires pushed authorization requests but lists no endpoint for them"
        }
    }

    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
