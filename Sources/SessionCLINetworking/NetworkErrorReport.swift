import Foundation
import SessionCLIKit
import SessionCore
import SessionNetworking

/// The tool's words and exit codes for what the networking library throws:
/// the one place they are decided, applied where ``NetworkService`` hands
/// anything back to a command. The library's messages say what went wrong;
/// this adds which option or variable to use.
enum NetworkErrorReport {
    /// The tool's error for anything the networking library throws;
    /// `origin` is whom it was talking to, for "cannot reach …".
    static func cliError(for error: any Error, talkingTo origin: URL? = nil) -> CLIError {
        switch error {
        case let error as CLIError: error
        case let error as SignInError: cliError(for: error)
        case let error as SequenceError: CLIError("\(error)", code: .badProtocol)
        case NetworkError.transport(let underlying as ResponseTooLargeError):
            CLIError(
                "the identity provider sent an answer larger than \(underlying.limit >> 20) MiB; it was stopped there",
                code: .badProtocol)
        case NetworkError.transport(let underlying):
            CLIError("cannot reach \(describe(origin)): \(reason(underlying))", code: .unavailable)
        case NetworkError.invalidRequest(let reason): CLIError(reason, code: .usage)
        case NetworkError.cancelled: CLIError("the request was cancelled", code: .failure)
        case NetworkError.decoding, NetworkError.status:
            CLIError("\(error)", code: .badProtocol)
        default: ErrorReport.cliError(for: error)
        }
    }

    static func cliError(for error: SignInError) -> CLIError {
        let code: ExitCode =
            switch error {
            case .accessDenied, .refreshRefused: .noPermission
            case .deviceCodeExpired, .browserTimedOut, .refreshLoopStopped: .busy
            case .noDeviceEndpoint, .missingEndpoint, .clientSecretRequired: .usage
            case .callbackAddressUnavailable: .unavailable
            case .discoveryFailed, .issuerMismatch, .insecureEndpoint, .invalidResponse, .callbackMismatch,
                .callbackRejected, .idTokenRejected, .providerError, .unsupportedClientAuthentication:
                .badProtocol
            }
        return CLIError(error.description + (hint(for: error).map { "; \($0)" } ?? ""), code: code)
    }

    /// Which option or variable fixes it, when one does.
    private static func hint(for error: SignInError) -> String? {
        switch error {
        case .discoveryFailed: "check --issuer"
        case .issuerMismatch: "give --issuer exactly as the provider spells it"
        case .noDeviceEndpoint: "give it with --device-endpoint URL, or sign in with --web"
        case .deviceCodeExpired, .browserTimedOut: "run 'session-cli login' again"
        case .callbackAddressUnavailable:
            "choose another --callback-port (and register its redirect URI at the provider)"
        case .unsupportedClientAuthentication: "check SESSION_CLI_CLIENT_SECRET and the client's settings"
        case .clientSecretRequired: "set SESSION_CLI_CLIENT_SECRET"
        default: nil
        }
    }

    /// "https://login.example.com", or "the identity provider" when it is not known.
    private static func describe(_ url: URL?) -> String {
        url.flatMap { Origin($0) }.map(String.init(describing:)) ?? "the identity provider"
    }

    /// The transport's words for a failure, never more than its type for an unknown error.
    static func reason(_ underlying: any Error) -> String {
        switch underlying {
        case let error as URLError: error.localizedDescription
        case let error as DeadlineExceededError: error.description
        case let error as ResponseTooLargeError: error.description
        default: "it could not be reached"
        }
    }
}
