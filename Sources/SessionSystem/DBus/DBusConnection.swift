import SessionSupport

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A connection to the session bus: a Unix socket (`unix:path=` or
/// `unix:abstract=`), `AUTH EXTERNAL`, `Hello`, then method calls and the
/// signals that come between their replies.
///
/// Every wait has a deadline (the bus and the services on it never time a
/// call out), every read is bounded (``DBusMessage/limit``), and writes never
/// raise SIGPIPE. Messages that arrive while a reply is awaited (signals,
/// replies to other calls) are kept for ``waitForSignal(deadline:matching:)``.
///
/// ```swift
/// let bus = try DBusConnection(address: environmentAddress, deadline: .now + .seconds(5))
/// let reply = try bus.call(.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
///                                interface: "org.freedesktop.DBus", member: "GetId"), deadline: .now + .seconds(5))
/// ```
package final class DBusConnection {
    /// The session bus's address: `address` when it is set and not empty,
    /// else `$XDG_RUNTIME_DIR/bus` when that socket exists, else `nil`.
    package static func sessionBus(address: String?, runtimeDirectory: String?) -> String? {
        if let address, !address.isEmpty { return address }
        guard let runtime = runtimeDirectory, runtime.hasPrefix("/") else { return nil }
        var info = stat()
        return stat(runtime + "/bus", &info) == 0 ? "unix:path=" + runtime + "/bus" : nil
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var nextSerial: UInt32 = 1
    private var kept: [DBusMessage] = []
    /// The name the bus gave this connection.
    package private(set) var uniqueName = ""

    /// Why the bus could not be used.
    package enum Failure: Error, Sendable, Equatable {
        /// No session bus address, or none this client can use.
        case noAddress(String)
        /// The socket could not be connected.
        case cannotConnect(String)
        /// The bus refused or garbled the authentication.
        case authentication(String)
        /// The bus sent something that is not D-Bus.
        case malformed(String)
        /// No answer before the deadline.
        case timedOut
        /// The bus closed the connection.
        case disconnected
        /// The call's answer was an error: its name and message.
        case error(name: String, message: String)
        /// The descriptor given to watch became readable first.
        case interrupted
    }

    /// Connects and authenticates to the first usable address of `address`
    /// (a `DBUS_SESSION_BUS_ADDRESS`), and says `Hello`.
    package init(address: String, deadline: ContinuousClock.Instant) throws(Failure) {
        var lastFailure = Failure.noAddress("no unix: address in DBUS_SESSION_BUS_ADDRESS")
        for entry in address.split(separator: ";") {
            guard let target = Self.socketAddress(String(entry)) else { continue }
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw .cannotConnect(Self.reason(errno)) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let length = withUnsafeMutableBytes(of: &address.sun_path) { path -> Int in
                for (index, byte) in target.bytes.prefix(path.count).enumerated() { path[index] = byte }
                return (MemoryLayout.offset(of: \sockaddr_un.sun_path) ?? 2) + target.bytes.count
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(length)) }
            }
            guard connected == 0 else {
                lastFailure = .cannotConnect("\(target.description): \(Self.reason(errno))")
                close(fd)
                continue
            }
            self.fd = fd
            do {
                try authenticate(guid: target.guid, deadline: deadline)
                let reply = try call(
                    .call(
                        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                        interface: "org.freedesktop.DBus", member: "Hello"), deadline: deadline)
                uniqueName = reply.body.first?.stringValue ?? ""
            } catch {
                close(fd)
                throw error
            }
            return
        }
        throw lastFailure
    }

    deinit { close(fd) }

    /// Sends `message` and returns its reply; messages that come meanwhile are kept.
    ///
    /// - Throws: ``Failure/error(name:message:)`` for an error reply, or why there was none.
    @discardableResult
    package func call(_ message: DBusMessage, deadline: ContinuousClock.Instant) throws(Failure)
        -> DBusMessage
    {
        let serial = nextSerial
        nextSerial &+= 1
        let bytes: [UInt8]
        do {
            bytes = try message.encoded(serial: serial)
        } catch {
            throw .malformed(error.reason)
        }
        try transmit(bytes, deadline: deadline)
        while true {
            let received = try receive(deadline: deadline)
            guard received.replySerial == serial, received.kind == .methodReturn || received.kind == .error
            else {
                if kept.count < 64 { kept.append(received) }
                continue
            }
            if received.kind == .error {
                throw .error(name: received.errorName ?? "", message: received.body.first?.stringValue ?? "")
            }
            return received
        }
    }

    /// The first signal (kept, or arriving before the deadline) that `matching` accepts.
    ///
    /// - Parameter interrupt: A descriptor that ends the wait with
    ///   ``Failure/interrupted`` when it becomes readable (a signal's pipe).
    package func waitForSignal(
        deadline: ContinuousClock.Instant, interrupt: Int32? = nil, matching: (DBusMessage) -> Bool
    ) throws(Failure) -> DBusMessage {
        if let index = kept.firstIndex(where: { $0.kind == .signal && matching($0) }) {
            return kept.remove(at: index)
        }
        while true {
            let received = try receive(deadline: deadline, interrupt: interrupt)
            if received.kind == .signal && matching(received) { return received }
        }
    }

    // MARK: The socket

    private func authenticate(guid: String?, deadline: ContinuousClock.Instant) throws(Failure) {
        let uid = String(geteuid())
        let hex = uid.utf8.map { String($0, radix: 16) }.joined()
        try transmit([0] + Array("AUTH EXTERNAL \(hex)\r\n".utf8), deadline: deadline)
        let line = try readLine(deadline: deadline)
        guard line.hasPrefix("OK ") else {
            throw .authentication(
                line.hasPrefix("REJECTED")
                    ? "the bus refused EXTERNAL authentication"
                    : "the bus answered \(TerminalText.escaped(String(line.prefix(40))))")
        }
        if let guid, String(line.dropFirst(3)) != guid {
            throw .authentication("the bus is not the one its address names (guid)")
        }
        try transmit(Array("BEGIN\r\n".utf8), deadline: deadline)
    }

    /// One line of the authentication, without its `\r\n`; what follows stays in the buffer.
    private func readLine(deadline: ContinuousClock.Instant) throws(Failure) -> String {
        while true {
            if let end = buffer.firstIndex(of: 0x0A) {
                let line = buffer[..<end].filter { $0 != 0x0D }
                buffer.removeFirst(end + 1)
                return String(decoding: line, as: UTF8.self)
            }
            guard buffer.count < SystemLimits.dbusAuthenticationLine else {
                throw .authentication(
                    "an authentication line over \(SystemLimits.dbusAuthenticationLine) bytes")
            }
            try fill(deadline: deadline)
        }
    }

    private func receive(deadline: ContinuousClock.Instant, interrupt: Int32? = nil) throws(Failure)
        -> DBusMessage
    {
        while buffer.count < 16 { try fill(deadline: deadline, interrupt: interrupt) }
        let total: Int
        do {
            total = try DBusMessage.length(ofMessageStartingWith: buffer[..<16])
        } catch {
            throw .malformed(error.reason)
        }
        while buffer.count < total { try fill(deadline: deadline, interrupt: interrupt) }
        let bytes = Array(buffer[..<total])
        buffer.removeFirst(total)
        do {
            return try DBusMessage.decode(bytes)
        } catch {
            throw .malformed(error.reason)
        }
    }

    /// Waits (until the deadline) for bytes, and adds them to the buffer.
    private func fill(deadline: ContinuousClock.Instant, interrupt: Int32? = nil) throws(Failure) {
        try wait(for: Int16(POLLIN), deadline: deadline, interrupt: interrupt)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        guard count > 0 else { throw .disconnected }
        buffer += chunk[..<count]
    }

    private func transmit(_ bytes: [UInt8], deadline: ContinuousClock.Instant) throws(Failure) {
        var sent = 0
        while sent < bytes.count {
            try wait(for: Int16(POLLOUT), deadline: deadline)
            let count = bytes[sent...].withUnsafeBytes {
                send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { throw .disconnected }
            sent += count
        }
    }

    private func wait(for events: Int16, deadline: ContinuousClock.Instant, interrupt: Int32? = nil)
        throws(Failure)
    {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw .timedOut }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, 60_000))
            var descriptors = [pollfd(fd: fd, events: events, revents: 0)]
            if let interrupt { descriptors.append(pollfd(fd: interrupt, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready >= 0 else { throw .disconnected }
            if descriptors.count > 1, descriptors[1].revents != 0 { throw .interrupted }
            if descriptors[0].revents != 0 {
                guard descriptors[0].revents & Int16(POLLNVAL) == 0 else { throw .disconnected }
                return
            }
        }
    }

    // MARK: Addresses

    private struct Target {
        let bytes: [UInt8]
        let description: String
        let guid: String?
    }

    /// A `unix:path=` or `unix:abstract=` address's socket name; `nil` for another transport.
    private static func socketAddress(_ entry: String) -> Target? {
        guard entry.hasPrefix("unix:") else { return nil }
        var values: [String: [UInt8]] = [:]
        for pair in entry.dropFirst(5).split(separator: ",") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            values[String(pair[..<equals])] = unescape(pair[pair.index(after: equals)...])
        }
        let guid = values["guid"].map { String(decoding: $0, as: UTF8.self) }
        if let path = values["path"], !path.isEmpty, path.count < 108 {
            return Target(bytes: path + [0], description: String(decoding: path, as: UTF8.self), guid: guid)
        }
        if let name = values["abstract"], !name.isEmpty, name.count < 108 {
            // An abstract name: a leading NUL, and its length is the name's (no terminator).
            return Target(
                bytes: [0] + name, description: "@" + String(decoding: name, as: UTF8.self), guid: guid)
        }
        return nil
    }

    /// A D-Bus address value's bytes: `%XX` is one byte.
    private static func unescape(_ text: Substring) -> [UInt8] {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
