#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The loopback listener's system calls: listening sockets, connections
/// read and written without blocking, a wake-up pipe, and `poll` over them.
/// Every descriptor made here is close-on-exec and non-blocking.
package enum Sockets {
    /// One loopback address.
    package enum Address: Hashable, Sendable {
        case v4(UInt32)
        case v6

        package static let ipv4Loopback = Address.v4(0x7F00_0001)
    }

    /// A failed socket call's `errno`, with the cases a listener tells apart.
    package struct Failure: Error, Sendable {
        package let code: Int32

        /// Another program has the port.
        package var isAddressInUse: Bool { code == EADDRINUSE }
        /// The machine has no such address (no IPv6, say).
        package var isAddressUnavailable: Bool { code == EADDRNOTAVAIL || code == EAFNOSUPPORT }
        /// The port needs privileges.
        package var isAccessDenied: Bool { code == EACCES }
        /// The system's words for it.
        package var text: String { Errno.text(code) }
    }

    /// 127.0.0.1, and the other loopback addresses `localhost` resolves to.
    package static func resolvedLocalhost() -> [Address] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        var found: [Address] = [.ipv4Loopback]
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo("localhost", nil, &hints, &list) == 0 else { return found }
        defer { freeaddrinfo(list) }
        var entry = list
        while let info = entry?.pointee {
            defer { entry = info.ai_next }
            guard let raw = info.ai_addr else { continue }
            var address: Address?
            if info.ai_family == AF_INET {
                let ip = raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    UInt32(bigEndian: $0.pointee.sin_addr.s_addr)
                }
                if ip >> 24 == 127 { address = .v4(ip) }
            } else if info.ai_family == AF_INET6 {
                let isLoopback = raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    withUnsafeBytes(of: pointer.pointee.sin6_addr) {
                        $0.elementsEqual([UInt8](repeating: 0, count: 15) + [1])
                    }
                }
                if isLoopback { address = .v6 }
            }
            if let address, !found.contains(address) { found.append(address) }
        }
        return found
    }

    /// A socket listening on `address` at `port` (0: any), and the port it got.
    package static func listen(on address: Address, port: Int) -> Result<(fd: Int32, port: Int), Failure> {
        let family = if case .v6 = address { AF_INET6 } else { AF_INET }
        let fd = socket(family, streamType, 0)
        guard fd >= 0 else { return .failure(Failure(code: errno)) }
        Descriptors.makeNonBlocking(fd)
        var on: Int32 = 1
        // A fixed port stays usable right after the previous sign-in's connections closed.
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let socketAddress: LoopbackSocketAddress
        switch address {
        case .v4(let ip):
            socketAddress = LoopbackSocketAddress(ipv4: ip, port: port)
        case .v6:
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
            socketAddress = LoopbackSocketAddress(ipv4: nil, port: port)
        }
        let bound = socketAddress.withSockaddr { bind(fd, $0, $1) }
        let named = bound == 0 ? LoopbackSocketAddress.boundPort(of: fd) : nil
        guard bound == 0, let named, listenCall(fd, 32) == 0 else {
            let code = errno
            _ = close(fd)
            return .failure(Failure(code: code))
        }
        return .success((fd, named))
    }

    /// A connection waiting on a listening socket, or `nil` when there is none now.
    package static func accept(_ socket: Int32) -> Int32? {
        let fd = acceptCall(socket)
        guard fd >= 0 else { return nil }
        Descriptors.makeNonBlocking(fd)
        return fd
    }

    /// What one read of a connection found.
    package enum Received {
        /// Bytes arrived.
        case bytes([UInt8])
        /// Nothing yet: wait again.
        case nothingYet
        /// The peer closed the connection, or it failed.
        case closed
    }

    /// Reads at most `limit` bytes that have arrived on `fd`.
    package static func receive(_ fd: Int32, limit: Int = 4096) -> Received {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return .nothingYet }
        guard count > 0 else { return .closed }
        return .bytes(Array(buffer[..<count]))
    }

    /// Sends `bytes` within `deadline`, then ends the connection: a peer
    /// that stops reading, or has hung up, loses the rest (never a SIGPIPE).
    package static func sendAndClose(_ fd: Int32, _ bytes: [UInt8], deadline: ContinuousClock.Instant) {
        var sent = 0
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

    #if canImport(Darwin)
        private static let streamType = SOCK_STREAM
        /// Darwin has no MSG_NOSIGNAL; the tool ignores SIGPIPE there.
        private static let noSignal: Int32 = 0
    #else
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        /// Keeps a browser that hung up from killing the process with SIGPIPE.
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #endif
}

/// `listen(2)` and `accept(2)`, by names that ``Sockets``' own cannot shadow.
private func listenCall(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func acceptCall(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
