import Dispatch
import SessionCore
import SessionSupport

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
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            let code = errno
            ListenerSockets.closeAll(sockets)
            throw SignInError.callbackAddressUnavailable(
                address: "loopback", reason: String(cString: strerror(code)))
        }
        for fd in ends {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        wake = (ends[0], ends[1])
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
        _ = close(wake.read)
        _ = close(wake.write)
    }

    private func signal() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
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
                    _ = close(connection.fd)
                    return true
                }
            }
            if stopped { break }

            var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let listening = connections.count < Self.connectionLimit
            if listening { fds += sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) } }
            let readers = connections.indices.filter {
                if case .reading = connections[$0].phase { true } else { false }
            }
            fds += readers.map { pollfd(fd: connections[$0].fd, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 100)

            if fds[0].revents != 0 { drainWake() }
            if listening {
                for entry in fds[1...sockets.count] where entry.revents != 0 {
                    acceptAll(entry.fd, into: &connections)
                }
            }
            let firstReader = 1 + (listening ? sockets.count : 0)
            var finished: Set<Int32> = []
            for (offset, index) in readers.enumerated() where fds[firstReader + offset].revents != 0 {
                if !serve(&connections[index], accepted: &accepted) { finished.insert(connections[index].fd) }
            }
            connections.removeAll { finished.contains($0.fd) }
        }
        for connection in connections { _ = close(connection.fd) }
        for fd in sockets { _ = close(fd) }
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
            let fd = accept(socket, nil, nil)
            guard fd >= 0 else { return }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            connections.append(Connection(fd: fd, phase: .reading(deadline: .now + requestDeadline)))
        }
    }

    /// Reads what arrived; answers a complete request. Returns whether the
    /// connection stays open.
    private func serve(_ connection: inout Connection, accepted: inout Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return true }
        guard count > 0 else {
            _ = close(connection.fd)
            return false
        }
        connection.bytes += buffer[..<count]
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
        var sent = 0
        let deadline = ContinuousClock.now + .seconds(1)
        while sent < bytes.count, ContinuousClock.now < deadline {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, noSignal) }
            if count > 0 {
                sent += count
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 50)
            } else {
                break
            }
        }
        _ = shutdown(fd, Int32(SHUT_WR))
        _ = close(fd)
    }

    private func drainWake() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(wake.read, $0.baseAddress, $0.count) }) > 0 {}
    }
}

/// `send` flags that keep a browser that hung up from killing the process
/// with SIGPIPE (Darwin has no MSG_NOSIGNAL; the tool ignores SIGPIPE there).
#if canImport(Darwin)
    private let noSignal: Int32 = 0
#else
    private let noSignal = Int32(MSG_NOSIGNAL)
#endif
