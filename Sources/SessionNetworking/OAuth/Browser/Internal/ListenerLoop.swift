import Dispatch
import SessionCore
import SessionSupport
import SessionSystem

/// The loopback listener's event loop, on a thread of its own: one `poll`
/// over the listening sockets, the connections and a wake-up pipe.
package final class ListenerLoop: Sendable {
    /// At most this many connections are open at once; more wait in the backlog.
    static let connectionLimit = SessionLimits.listenerConnections
    /// How long a connection has to send its request head, by default.
    package static let defaultRequestDeadline = SessionLimits.listenerRequestDeadline
    /// The longest request head read.
    static let headLimit = SessionLimits.listenerRequestHead

    private struct Waiter {
        let continuation: CheckedContinuation<[String: String], any Error>
        let deadline: ContinuousClock.Instant
        let seconds: Int
    }

    private struct Shared {
        var waiter: Waiter?
        var received: [String: String]?
        var outcome: SignInOutcome?
        var cancelled = false
        var stopped = false
        /// A path that sends the browser on to a URL kept off the terminal (``LoopbackRedirectListener/forward(_:to:)``).
        var forward: (path: String, location: String)?
    }

    private let sockets: [Int32]
    private let path: String
    private let text: PageText
    private let outcomeWait: Duration
    private let requestDeadline: Duration
    private let accepts: @Sendable ([String: String]) -> Bool
    private let onRefused: @Sendable (RefusedCallback) -> Void
    private let wake: (read: Int32, write: Int32)
    private let shared = Locked(Shared())
    /// Signalled when the loop has ended, every held browser answered.
    private let ended = DispatchSemaphore(value: 0)

    init(
        sockets: [Int32], path: String, pages: SignInPages, requestDeadline: Duration,
        accepts: @escaping @Sendable ([String: String]) -> Bool,
        onRefused: @escaping @Sendable (RefusedCallback) -> Void
    ) throws {
        do {
            wake = try Descriptors.wakePipe()
        } catch {
            ListenerSockets.closeAll(sockets)
            throw SignInError.callbackAddressUnavailable(address: "loopback", reason: error.reason)
        }
        self.sockets = sockets
        self.path = path
        text = PageText(pages)
        outcomeWait = pages.outcomeWait
        self.requestDeadline = requestDeadline
        self.accepts = accepts
        self.onRefused = onRefused
    }

    // MARK: From other threads

    func forward(_ path: String, to location: String) {
        shared.withLock { $0.forward = (path, location) }
    }

    func callback(timeout: Duration) async throws -> [String: String] {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let result = shared.withLock { shared -> Result<[String: String], any Error>? in
                    if shared.cancelled || shared.stopped { return .failure(CancellationError()) }
                    if let received = shared.received { return .success(received) }
                    shared.waiter = Waiter(
                        continuation: continuation, deadline: .now + timeout,
                        seconds: Int(timeout.components.seconds))
                    return nil
                }
                if let result { continuation.resume(with: result) }
                signal()
            }
        } onCancel: {
            shared.withLock { $0.cancelled = true }
            signal()
        }
    }

    func finish(_ outcome: SignInOutcome) {
        shared.withLock { $0.outcome = $0.outcome ?? outcome }
        signal()
    }

    /// Stops the loop and, `waiting`, waits (a few seconds at most, a page's
    /// send limit) until a held browser has its answer, so a process that
    /// exits right after never leaves the browser without a page. The wait
    /// blocks the calling thread: not one of the pool's.
    func stop(waiting: Bool = true) {
        let first = shared.withLock { shared in
            defer { shared.stopped = true }
            return !shared.stopped
        }
        signal()
        if first && waiting { _ = ended.wait(timeout: .now() + .seconds(3)) }
    }

    deinit {
        systemClose(wake.read)
        systemClose(wake.write)
    }

    private func signal() {
        Descriptors.wake(wake.write)
    }

    // MARK: The loop

    private enum Phase {
        case reading(deadline: ContinuousClock.Instant)
        case held(until: ContinuousClock.Instant)
    }

    private struct Connection {
        let fd: Int32
        var phase: Phase
        var bytes: [UInt8] = []
    }

    func run() {
        var connections: [Connection] = []
        var accepted = false
        while true {
            let now = ContinuousClock.now
            let (stopped, outcome) = shared.withLock { ($0.stopped, $0.outcome) }
            expireWaiter(at: now)
            connections.removeAll { connection in
                switch connection.phase {
                case .held(let until):
                    if let outcome {
                        answer(connection.fd, "200 OK", page(for: outcome))
                    } else if now >= until || stopped {
                        answer(connection.fd, "200 OK", text.pending)
                    } else {
                        return false
                    }
                    return true
                case .reading(let deadline):
                    guard now >= deadline || stopped else { return false }
                    systemClose(connection.fd)
                    return true
                }
            }
            if stopped { break }

            var fds = [wake.read]
            let listening = connections.count < Self.connectionLimit
            if listening { fds += sockets }
            let readers = connections.indices.filter {
                if case .reading = connections[$0].phase { true } else { false }
            }
            fds += readers.map { connections[$0].fd }
            let ready = Descriptors.wait(readable: fds, milliseconds: 100) ?? fds.map { _ in false }

            if ready[0] { Descriptors.drain(wake.read) }
            if listening {
                for (offset, socket) in sockets.enumerated() where ready[1 + offset] {
                    acceptAll(socket, into: &connections)
                }
            }
            let firstReader = 1 + (listening ? sockets.count : 0)
            var finished: Set<Int32> = []
            for (offset, index) in readers.enumerated() where ready[firstReader + offset] {
                if !serve(&connections[index], accepted: &accepted) { finished.insert(connections[index].fd) }
            }
            connections.removeAll { finished.contains($0.fd) }
        }
        for connection in connections { systemClose(connection.fd) }
        for fd in sockets { systemClose(fd) }
        if let waiter = shared.withLock({ state in
            defer { state.waiter = nil }
            return state.waiter
        }) {
            waiter.continuation.resume(throwing: CancellationError())
        }
        ended.signal()
    }

    /// Ends a wait that timed out or was cancelled.
    private func expireWaiter(at now: ContinuousClock.Instant) {
        let expired = shared.withLock { shared -> (Waiter, any Error)? in
            guard let waiter = shared.waiter else { return nil }
            if shared.cancelled {
                shared.waiter = nil
                return (waiter, CancellationError())
            }
            guard now >= waiter.deadline else { return nil }
            shared.waiter = nil
            return (waiter, SignInError.browserTimedOut(seconds: waiter.seconds))
        }
        if let (waiter, error) = expired { waiter.continuation.resume(throwing: error) }
    }

    private func acceptAll(_ socket: Int32, into connections: inout [Connection]) {
        while connections.count < Self.connectionLimit {
            guard let fd = Sockets.accept(socket) else { return }
            connections.append(Connection(fd: fd, phase: .reading(deadline: .now + requestDeadline)))
        }
    }

    /// Reads what arrived; answers a complete request. Returns whether the
    /// connection stays open.
    private func serve(_ connection: inout Connection, accepted: inout Bool) -> Bool {
        switch Sockets.receive(connection.fd) {
        case .nothingYet: return true
        case .closed:
            systemClose(connection.fd)
            return false
        case .bytes(let bytes): connection.bytes += bytes
        }
        switch RequestHead.read(connection.bytes, limit: Self.headLimit) {
        case .incomplete:
            return true
        case .tooLarge, .invalid:
            answer(connection.fd, "400 Bad Request", text.repeated)
        case .complete(let head) where head.method != "GET":
            answer(connection.fd, "405 Method Not Allowed", text.notFound)
        case .complete(let head) where head.path == shared.withLock({ $0.forward?.path }):
            if let location = shared.withLock({ $0.forward?.location }) {
                respond(connection.fd, HTMLPage.redirect(to: location, text.forwarding, text: text))
            }
        case .complete(let head) where head.path != path:
            answer(connection.fd, "404 Not Found", text.notFound)
        case .complete where accepted:
            answer(connection.fd, "200 OK", text.finished)
        case .complete(let head):
            switch FormFields.parse(head.query) {
            case .failure:
                answer(connection.fd, "400 Bad Request", text.repeated)
                onRefused(.malformed)
            case .success(let parameters) where !accepts(parameters):
                answer(connection.fd, "400 Bad Request", text.notThisSignIn)
                onRefused(.anotherSignIn)
            case .success(let parameters):
                accepted = true
                deliver(parameters)
                connection.phase = .held(until: .now + outcomeWait)
                return true
            }
        }
        return false
    }

    private func deliver(_ parameters: [String: String]) {
        let waiter = shared.withLock { shared -> Waiter? in
            guard let waiter = shared.waiter else {
                shared.received = parameters
                return nil
            }
            shared.waiter = nil
            return waiter
        }
        waiter?.continuation.resume(returning: parameters)
    }

    private func page(for outcome: SignInOutcome) -> PageText.Page {
        switch outcome {
        case .signedIn(let account, let server): text.signedIn(account: account, server: server)
        case .denied: text.denied
        case .failed(let reason): text.failed(reason)
        case .signedOut(let issuer): text.signedOut(issuer: issuer)
        }
    }

    /// Sends a page and closes the connection. A page is a few kilobytes,
    /// well within a socket's buffer; a peer that stops reading loses it.
    private func answer(_ fd: Int32, _ status: String, _ page: PageText.Page) {
        respond(fd, HTMLPage.response(status, page, text: text))
    }

    /// Sends a whole response and closes the connection.
    private func respond(_ fd: Int32, _ bytes: [UInt8]) {
        Sockets.sendAndClose(fd, bytes, deadline: .now + .seconds(1))
    }
}
