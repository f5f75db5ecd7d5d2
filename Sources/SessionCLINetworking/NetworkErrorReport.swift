import SessionCLIKit
import SessionCore
import SessionNetworking

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The tool's words and exit codes for what the networking library throws,
/// applied where ``NetworkService`` hands anything back to a command. The
/// library's errors say what went wrong; this adds which option or variable
/// to use, in the catalog's words. (Errors both halves can meet are mapped
/// by `ErrorReport`, which this falls back to.)
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
        case let error as SigningKey.Failure:
            CLIError(.dpopKeyUnusable, ["reason": error.description], code: .badData)
        case NetworkError.transport(let underlying as SigningKey.Failure):
            CLIError(.dpopKeyUnusable, ["reason": underlying.description], code: .badData)
        // An API's answers are the person's business: too large or cut short, the request failed (1).
        case NetworkError.transport(let underlying as ResponseTooLargeError) where peer == .api:
            CLIError(.serverErrorAnswerTooLarge, ["limit": String(underlying.limit >> 20)], code: .failure)
        case NetworkError.decoding where peer == .api, NetworkError.cancelled where peer == .api:
            CLIError(.requestDidNotComplete, code: .failure)
        case SequenceError.tooManySteps(let limit):
            CLIError(.sequenceTooManySteps, ["limit": String(limit)], code: .badProtocol)
        case SequenceError.notAnHTTPURL: CLIError(.sequenceNotHTTP, code: .badProtocol)
        case NetworkError.transport(let underlying as DeadlineExceededError):
            CLIError(
                Message(
                    .connectionNoCompleteAnswer, ["seconds": String(underlying.limit.components.seconds)],
                    messages: ["origin": describe(origin)]),
                code: .unavailable)
        case NetworkError.transport(let underlying as ConnectionError):
            ErrorReport.cliError(
                for: ConnectionError(
                    underlying.reason, origin: underlying.origin ?? origin.flatMap(Origin.init)?.description,
                    proxy: underlying.proxy))
        case let error as ConnectionError: ErrorReport.cliError(for: error)
        case NetworkError.transport(let underlying as ResponseTooLargeError):
            CLIError(.providerAnswerTooLarge, ["limit": String(underlying.limit >> 20)], code: .badProtocol)
        case NetworkError.transport(let underlying):
            CLIError(
                Message(.cannotReach, messages: ["origin": describe(origin), "reason": reason(underlying)]),
                code: .unavailable)
        case NetworkError.invalidRequest(let reason):
            CLIError(.invalidRequest, ["reason": reason], code: .usage)
        case NetworkError.cancelled: CLIError(.requestCancelled, code: .failure)
        case NetworkError.status(let code, _):
            CLIError(.providerStatus, ["status": String(code)], code: .badProtocol)
        case NetworkError.decoding: CLIError(.providerUndecodable, code: .badProtocol)
        default: ErrorReport.cliError(for: error)
        }
    }

    static func cliError(for error: SignInError) -> CLIError {
        let code: ExitCode =
            switch error {
            case .accessDenied, .refreshRefused, .refreshAnswerLost: .noPermission
            case .deviceCodeExpired, .browserTimedOut, .refreshLoopStopped: .busy
            case .noDeviceEndpoint, .missingEndpoint, .clientSecretRequired: .usage
            case .callbackAddressUnavailable: .unavailable
            case .clientKeyUnusable: .ioError
            case .discoveryFailed, .issuerMismatch, .insecureEndpoint, .endpointOutsideProvider,
                .invalidResponse, .callbackMismatch,
                .callbackRejected, .idTokenRejected, .providerError, .unsupportedClientAuthentication,
                .pushedRequestUnavailable:
                .badProtocol
            }
        let message = message(for: error)
        guard let hint = hint(for: error) else { return CLIError(message, code: code) }
        return CLIError(
            Message(.withHint, messages: ["message": message, "hint": Message(hint)]), code: code)
    }

    /// A sign-in error in the catalog's words.
    static func message(for error: SignInError) -> Message {
        switch error {
        case .discoveryFailed(let issuer, let reason):
            Message(.signInDiscoveryFailed, ["issuer": issuer, "reason": reason])
        case .issuerMismatch(let expected): Message(.signInIssuerMismatch, ["issuer": expected])
        case .insecureEndpoint(let name): Message(.signInInsecureEndpoint, ["name": name])
        case .endpointOutsideProvider(let name, let provider):
            Message(.signInEndpointOutsideProvider, ["name": name, "provider": provider])
        case .noDeviceEndpoint: Message(.signInNoDeviceEndpoint)
        case .missingEndpoint(let name): Message(.signInMissingEndpoint, ["name": name])
        case .invalidResponse(let from, let reason):
            Message(.signInInvalidResponse, ["from": from, "reason": reason])
        case .accessDenied: Message(.signInAccessDenied)
        case .deviceCodeExpired: Message(.signInDeviceCodeExpired)
        case .browserTimedOut(let seconds): Message(.signInBrowserTimedOut, ["seconds": String(seconds)])
        case .callbackMismatch(let what): Message(.signInCallbackMismatch, ["what": what])
        case .callbackRejected(let reason): Message(.signInCallbackRejected, ["reason": reason])
        case .idTokenRejected(let reason): Message(.signInIDTokenRejected, ["reason": reason])
        case .providerError(let code, let description?):
            Message(.signInProviderErrorDescribed, ["code": code, "description": description])
        case .providerError(let code, nil): Message(.signInProviderError, ["code": code])
        case .refreshRefused: Message(.signInRefreshRefused)
        case .refreshAnswerLost: Message(.signInRefreshAnswerLost)
        case .refreshLoopStopped(let limit, let seconds):
            Message(.signInRefreshLoop, ["limit": String(limit), "seconds": String(seconds)])
        case .unsupportedClientAuthentication: Message(.signInUnsupportedClientAuthentication)
        case .callbackAddressUnavailable(let address, let reason):
            Message(.signInCallbackAddressUnavailable, ["address": address, "reason": reason])
        case .clientSecretRequired: Message(.signInClientSecretRequired)
        case .clientKeyUnusable(let path, let reason):
            Message(.signInClientKeyUnusable, ["path": path, "reason": reason])
        case .pushedRequestUnavailable: Message(.signInPushedRequestUnavailable)
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
