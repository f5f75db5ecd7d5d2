import Foundation
import SessionCLIKit
import SessionCore
import SessionNetworking

/// The exit codes of what the networking library throws.
enum NetworkErrorReport {
    static func cliError(for error: SignInError) -> CLIError {
        let code: ExitCode =
            switch error {
            case .accessDenied, .refreshRefused: .noPermission
            case .deviceCodeExpired, .browserTimedOut: .busy
            case .noDeviceEndpoint, .missingEndpoint: .usage
            case .discoveryFailed, .issuerMismatch, .insecureEndpoint, .invalidResponse, .callbackMismatch,
                .providerError:
                .badProtocol
            }
        return CLIError(error.description, code: code)
    }

    /// "cannot reach <origin>: <reason>" for a transport failure.
    static func unreachable(_ url: URL, _ underlying: any Error) -> CLIError {
        let origin = Origin(url).map(String.init(describing:)) ?? url.absoluteString
        return CLIError("cannot reach \(origin): \(reason(underlying))", code: .unavailable)
    }

    /// The transport's words for a failure, never more than its type for an unknown error.
    static func reason(_ underlying: any Error) -> String {
        (underlying as? URLError)?.localizedDescription ?? "it could not be reached"
    }
}
