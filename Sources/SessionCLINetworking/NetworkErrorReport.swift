import SessionCLIKit
import SessionCore
import SessionNetworking

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which error of the tool's (an ``ErrorKey`` of the network or sign-in
/// group, with its exit code) each thing the networking library throws is,
/// picked where ``NetworkService`` hands anything back to a command, since
/// only this half can see the library's types. The library's errors say what
/// went wrong; this adds which option or variable to use. It decides no exit
/// code: the key does. (Errors both halves can meet go to `ErrorReport`,
/// the funnel this falls back to.)
enum NetworkErrorReport {
    /// Whom the failed exchange was with: an identity provider (sign-in,
    /// refresh, revocation: a broken answer is a protocol error, 76), or the
    /// API `api` called (its answers are the person's business: 1).
    enum Peer {
        case provider
        case api
    }
    /// The tool's error for anything the networking library throws;
    /// `origin` is whom it was talking to, for "cannot reach …".
    static func cliError(for error: any Error, talkingTo origin: URL? = nil, peer: Peer = .provider)
        -> CLIError
    {
        switch error {
        case let error as CLIError: error
        case let error as SignInError: cliError(for: error)
        case let error as PlatformTokenError: cliError(for: error)
        case let error as SigningKey.Failure:
            CLIError(.dpopKeyUnusable, ["reason": error.description])
        case NetworkError.transport(let underlying as SigningKey.Failure):
            CLIError(.dpopKeyUnusable, ["reason": underlying.description])
        // An API's answers are the person's business: too large or cut short, the request failed (1).
        case NetworkError.transport(let underlying as ResponseTooLargeError) where peer == .api:
            CLIError(.serverErrorAnswerTooLarge, ["limit": String(underlying.limit >> 20)])
        case NetworkError.decoding where peer == .api, NetworkError.cancelled where peer == .api:
            CLIError(.requestDidNotComplete)
        case SequenceError.tooManySteps(let limit):
            CLIError(.sequenceTooManySteps, ["limit": String(limit)])
        case SequenceError.notAnHTTPURL: CLIError(.sequenceNotHTTP)
        case NetworkError.transport(let underlying as DeadlineExceededError):
            CLIError(
                .connectionNoCompleteAnswer, ["seconds": String(underlying.limit.components.seconds)],
                messages: ["origin": describe(origin)])
        case NetworkError.transport(let underlying as ConnectionError):
            ErrorReport.cliError(
                for: ConnectionError(
                    underlying.reason, origin: underlying.origin ?? origin.flatMap(Origin.init)?.description,
                    proxy: underlying.proxy))
        case let error as ConnectionError: ErrorReport.cliError(for: error)
        case NetworkError.transport(let underlying as ResponseTooLargeError):
            CLIError(.providerAnswerTooLarge, ["limit": String(underlying.limit >> 20)])
        case NetworkError.transport(let underlying):
            CLIError(
                .cannotReach, messages: ["origin": describe(origin), "reason": reason(underlying)])
        case NetworkError.invalidRequest(let reason):
            CLIError(.invalidRequest, ["reason": reason])
        case NetworkError.cancelled: CLIError(.requestCancelled)
        case NetworkError.status(let code, _):
            CLIError(.providerStatus, ["status": String(code)])
        case NetworkError.decoding: CLIError(.providerUndecodable)
        default: ErrorReport.cliError(for: error)
        }
    }

    static func cliError(for error: SignInError) -> CLIError {
        let said = signInError(error)
        guard let hint = hint(for: error) else { return said }
        return CLIError(
            Message(.withHint, messages: ["message": said.message, "hint": Message(hint)]), as: said)
    }

    /// A machine's platform token that could not be spent, in the catalog's words.
    static func cliError(for error: PlatformTokenError) -> CLIError {
        switch error {
        case .unavailable(let source, let reason):
            CLIError(
                .signInAssertionUnavailable, ["reason": reason],
                messages: ["source": .assertionSource(source)])
        case .unreachable(let source, let reason):
            CLIError(
                .signInAssertionUnreachable, ["reason": reason],
                messages: ["source": .assertionSource(source)])
        case .unreadable(let path, let reason):
            CLIError(.signInAssertionUnreadable, ["path": path, "reason": reason])
        case .refused(let source, let code, let description?):
            CLIError(
                .signInAssertionRefusedDescribed, ["code": code, "description": description],
                messages: ["source": .assertionSource(source)])
        case .refused(let source, let code, nil):
            CLIError(.signInAssertionRefused, ["code": code], messages: ["source": .assertionSource(source)])
        }
    }

    /// A sign-in error in the catalog's words.
    static func message(for error: SignInError) -> Message {
        signInError(error).message
    }

    /// A sign-in error in the catalog's words, without its hint.
    private static func signInError(_ error: SignInError) -> CLIError {
        switch error {
        case .discoveryFailed(let issuer, let reason):
            CLIError(.signInDiscoveryFailed, ["issuer": issuer, "reason": reason])
        case .issuerMismatch(let expected): CLIError(.signInIssuerMismatch, ["issuer": expected])
        case .insecureEndpoint(let name): CLIError(.signInInsecureEndpoint, ["name": name])
        case .endpointOutsideProvider(let name, let provider):
            CLIError(.signInEndpointOutsideProvider, ["name": name, "provider": provider])
        case .noDeviceEndpoint: CLIError(.signInNoDeviceEndpoint)
        case .missingEndpoint(let name): CLIError(.signInMissingEndpoint, ["name": name])
        case .invalidResponse(let from, let reason):
            CLIError(.signInInvalidResponse, ["from": from, "reason": reason])
        case .accessDenied: CLIError(.signInAccessDenied)
        case .deviceCodeExpired: CLIError(.signInDeviceCodeExpired)
        case .browserTimedOut(let seconds): CLIError(.signInBrowserTimedOut, ["seconds": String(seconds)])
        case .callbackMismatch(let what): CLIError(.signInCallbackMismatch, ["what": what])
        case .callbackRejected(let reason): CLIError(.signInCallbackRejected, ["reason": reason])
        case .idTokenRejected(let reason): CLIError(.signInIDTokenRejected, ["reason": reason])
        case .providerError(let code, let description?):
            CLIError(.signInProviderErrorDescribed, ["code": code, "description": description])
        case .providerError(let code, nil): CLIError(.signInProviderError, ["code": code])
        case .refreshRefused: CLIError(.signInRefreshRefused)
        case .refreshAnswerLost: CLIError(.signInRefreshAnswerLost)
        case .refreshLoopStopped(let limit, let seconds):
            CLIError(.signInRefreshLoop, ["limit": String(limit), "seconds": String(seconds)])
        case .unsupportedClientAuthentication: CLIError(.signInUnsupportedClientAuthentication)
        case .callbackAddressUnavailable(let address, let reason):
            CLIError(.signInCallbackAddressUnavailable, ["address": address, "reason": reason])
        case .clientSecretRequired: CLIError(.signInClientSecretRequired)
        case .clientKeyUnusable(let path, let reason):
            CLIError(.signInClientKeyUnusable, ["path": path, "reason": reason])
        case .pushedRequestUnavailable: CLIError(.signInPushedRequestUnavailable)
        }
    }

    /// Which option or variable fixes it, when one does.
    private static func hint(for error: SignInError) -> MessageKey? {
        switch error {
        case .discoveryFailed: .hintCheckIssuer
        case .issuerMismatch: .hintIssuerSpelling
        case .noDeviceEndpoint: .hintDeviceEndpoint
        case .deviceCodeExpired, .browserTimedOut: .hintSignInAgain
        case .callbackAddressUnavailable: .hintCallbackPort
        case .unsupportedClientAuthentication: .hintClientSecretSettings
        case .clientSecretRequired: .hintSetClientSecret
        default: nil
        }
    }

    /// "https://login.example.com", or "the identity provider" when it is not known.
    private static func describe(_ url: URL?) -> Message {
        url.flatMap { Origin($0) }.map { Message(.verbatim, ["text": String(describing: $0)]) }
            ?? Message(.theIdentityProvider)
    }

    /// The transport's failure in words, never more than its type for an unknown error.
    static func reason(_ underlying: any Error) -> Message {
        switch underlying {
        case let error as DeadlineExceededError:
            return Message(.reasonNoAnswerWithin, ["seconds": String(error.limit.components.seconds)])
        case let error as ConnectionError:
            return ErrorReport.cliError(for: error).message
        case let error as ResponseTooLargeError:
            return Message(.reasonAnswerTooLarge, ["limit": ResponseTooLargeError.format(error.limit)])
        default:
            return Message(.reasonUnreachable)
        }
    }
}
