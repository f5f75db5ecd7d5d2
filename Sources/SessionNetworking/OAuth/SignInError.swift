public import Foundation

/// Why a sign-in with an identity provider failed.
///
/// Every message says what went wrong and what to do. None repeats a token,
/// a code or raw text from the provider: what a server sends is untrusted,
/// so at most a short, printable error code from it is shown.
public enum SignInError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// Neither discovery document could be read from the issuer.
    case discoveryFailed(issuer: String, reason: String)
    /// The discovery document names another issuer than the one asked for.
    case issuerMismatch(expected: String)
    /// An endpoint is not `https` (nor `http` on loopback).
    case insecureEndpoint(name: String)
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
    /// The provider answered with an OAuth error code.
    case providerError(code: String)
    /// The provider refused the refresh token (`invalid_grant`): the session is over.
    case refreshRefused

    /// The message: what failed and what to do next.
    public var description: String {
        switch self {
        case .discoveryFailed(let issuer, let reason):
            "cannot read the provider's discovery document at \(issuer) (\(reason)); check --issuer"
        case .issuerMismatch(let expected):
            "the provider's discovery document names another issuer than \(expected); "
                + "give --issuer exactly as the provider spells it"
        case .insecureEndpoint(let name):
            "the provider's \(name) is not https (plain http is allowed on this machine only); refusing it"
        case .noDeviceEndpoint:
            "the provider lists no device authorization endpoint; give it with --device-endpoint URL, "
                + "or sign in with --web"
        case .missingEndpoint(let name):
            "the provider lists no \(name)"
        case .invalidResponse(let from, let reason):
            "the provider's \(from) answer is not valid: \(reason)"
        case .accessDenied:
            "the sign-in was denied at the provider"
        case .deviceCodeExpired:
            "the device code expired before the sign-in was approved; run the login again"
        case .browserTimedOut(let seconds):
            "the browser did not come back within \(seconds) s; run the login again (or use --device)"
        case .callbackMismatch(let what):
            "the browser came back with a \(what) that does not belong to this login; ignored"
        case .providerError(let code):
            "the provider answered with the error \(code)"
        case .refreshRefused:
            "the provider refused the refresh token (invalid_grant); log in again"
        }
    }

    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
