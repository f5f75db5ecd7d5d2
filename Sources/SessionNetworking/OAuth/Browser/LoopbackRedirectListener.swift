import Dispatch
package import SessionCore
import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// Receives the browser's redirect at the end of a sign-in (RFC 8252 §7.3),
/// on a loopback address, and answers the browser only once the outcome is
/// known: AppAuth's redirect handler, with POSIX sockets.
///
/// - It serves up to 16 connections at once, each with one second to send
///   its request, so idle or slow connections (a browser's speculative
///   ones, or anyone's) never hold up the real callback.
/// - Only the callback path is served; a callback that repeats a parameter
///   or belongs to another sign-in is refused with a page saying so, and the
///   wait goes on (`onRefused` hears of it, never what it carried).
/// - The accepted callback's connection is held until ``finish(_:)`` says
///   how the sign-in ended, at most ``SignInPages/outcomeWait``; then the
///   page says the result will be shown in the app. A callback after that
///   gets a page saying the sign-in already finished.
package final class LoopbackRedirectListener: Sendable {
    /// The URI the browser comes back to: `http://127.0.0.1:<port>/callback`.
    package let redirectURI: URL
    /// The port the listener got.
    package let port: Int
    private let loop: ListenerLoop

    /// Binds the redirect's address and starts serving.
    ///
    /// - Parameters:
    ///   - accepts: Whether a callback's parameters belong to this sign-in (its `state`).
    ///   - onRefused: Hears of each refused callback, on the listener's thread.
    ///   - requestDeadline: How long each connection has to send its request (a test sets it long).
    /// - Throws: ``SignInError/callbackAddressUnavailable(address:reason:)``.
    package init(
        redirect: LoopbackRedirect, pages: SignInPages,
        requestDeadline: Duration = ListenerLoop.defaultRequestDeadline,
        accepts: @escaping @Sendable ([String: String]) -> Bool,
        onRefused: @escaping @Sendable (RefusedCallback) -> Void = { _ in }
    ) throws {
        let (sockets, port) = try ListenerSockets.open(redirect)
        guard let uri = redirect.uri(port: port) else {
            ListenerSockets.closeAll(sockets)
            throw SignInError.callbackAddressUnavailable(
                address: ListenerSockets.describe(redirect, port: port), reason: "the path is not a URL path")
        }
        redirectURI = uri
        self.port = port
        loop = try ListenerLoop(
            sockets: sockets, path: redirect.path, pages: pages, requestDeadline: requestDeadline,
            accepts: accepts, onRefused: onRefused)
        let loop = loop
        // On a thread of its own (a queue of its own runs on one Dispatch adds), not the pool's.
        DispatchQueue(label: "session.redirect-listener").async { loop.run() }
    }

    // Not waiting for a held browser's page: a listener may be dropped on
    // any thread, one of the pool's too. Close it first to wait.
    deinit { loop.stop(waiting: false) }

    /// Waits for this sign-in's callback and returns its parameters.
    ///
    /// - Throws: ``SignInError/browserTimedOut(seconds:)`` after `timeout`,
    ///   `CancellationError` as soon as the task is cancelled.
    package func callback(timeout: Duration) async throws -> [String: String] {
        try await loop.callback(timeout: timeout)
    }

    /// Serves `path` (besides the callback's) with a redirect to
    /// `location`: a short loopback URL for the terminal that takes the
    /// browser to a URL that must not be shown there (one with an ID token).
    package func forward(_ path: String, to location: URL) {
        loop.forward(path, to: location.absoluteString)
    }

    /// Answers the held callback with how the sign-in ended; later
    /// callbacks get the "already finished" page.
    package func finish(_ outcome: SignInOutcome) {
        loop.finish(outcome)
    }

    /// Stops listening, answering a held callback first (waiting a few
    /// seconds at most for its page to go out). Safe to call more than once.
    /// It blocks the calling thread: from a task, use ``closed()``.
    package func close() {
        loop.stop()
    }

    /// ``close()``, waiting on a thread of its own, not one of the pool's.
    package func closed() async {
        let loop = loop
        _ = try? await OwnThread.run { loop.stop() }
    }
}

/// How a sign-in ended, for the page the browser gets.
package enum SignInOutcome: Sendable {
    /// The session is saved: as whom, on which server.
    case signedIn(account: String?, server: String)
    /// The person cancelled or denied at the provider.
    case denied
    /// It failed, for the reason the app shows too.
    case failed(String)
    /// The provider ended the person's session there and sent the browser back (RP-initiated logout).
    case signedOut(issuer: String)
}

/// Why the listener refused a request on the callback path.
public enum RefusedCallback: Error, Sendable, Hashable, CustomStringConvertible {
    /// Its `state` is not this sign-in's: another or an older sign-in, or a forgery.
    case anotherSignIn
    /// A parameter appears more than once (RFC 6749 §3.1), or the query cannot be read.
    case malformed
    /// A pasted address that is not this sign-in's redirect URI (another
    /// host, port or path), or not an address at all.
    case anotherRedirect

    /// The reason, for one line on a terminal.
    public var description: String {
        switch self {
        case .anotherSignIn: "it belongs to another sign-in (its state does not match)"
        case .malformed: "its parameters repeat or cannot be read"
        case .anotherRedirect: "it is not this sign-in's redirect address"
        }
    }
}
