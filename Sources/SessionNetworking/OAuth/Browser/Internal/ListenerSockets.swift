import SessionCore
import SessionSupport

/// The listening sockets of a loopback redirect: one per loopback address
/// its host stands for, all on one port.
///
/// `127.0.0.1` and `::1` are one socket each. `localhost` is 127.0.0.1 and
/// every other loopback address the name resolves to (`::1` on most
/// systems), so the browser finds the listener whichever it tries first;
/// an address the system cannot bind (no IPv6) is skipped, as long as
/// 127.0.0.1 is bound. A non-loopback answer for `localhost` is never bound.
enum ListenerSockets {
    /// One loopback address.
    enum Address: Hashable {
        case v4(UInt32)
        case v6

        static let ipv4Loopback = Address.v4(0x7F00_0001)
    }

    /// Binds and listens on every address of `redirect`'s host.
    ///
    /// - Returns: The sockets (non-blocking, close-on-exec) and their port.
    /// - Throws: ``SignInError/callbackAddressUnavailable(address:reason:)``.
    static func open(_ redirect: LoopbackRedirect) throws -> (sockets: [Int32], port: Int) {
        let addresses: [Address] =
            switch redirect.host {
            case .ipv4: [.ipv4Loopback]
            case .ipv6: [.v6]
            case .localhost: resolvedLocalhost()
            }
        // A random port free on one address may be taken on another: try a few.
        for _ in 0..<(redirect.port == nil ? 8 : 1) {
            var sockets: [Int32] = []
            var port = redirect.port ?? 0
            var failure: Int32?
            for address in addresses {
                switch openSocket(on: address, port: port) {
                case .success(let (fd, bound)):
                    sockets.append(fd)
                    port = bound
                case .failure(let error)
                where address != .ipv4Loopback && redirect.host == .localhost
                    && [EADDRNOTAVAIL, EAFNOSUPPORT].contains(error.code):
                    continue  // no IPv6 here: 127.0.0.1 is enough
                case .failure(let error):
                    failure = error.code
                }
                if failure != nil { break }
            }
            guard let code = failure else { return (sockets, port) }
            closeAll(sockets)
            if code == EADDRINUSE && redirect.port == nil { continue }
            throw SignInError.callbackAddressUnavailable(
                address: describe(redirect, port: redirect.port), reason: reason(code))
        }
        throw SignInError.callbackAddressUnavailable(
            address: describe(redirect, port: nil), reason: "no port is free on every loopback address")
    }

    /// 127.0.0.1, and the other loopback addresses `localhost` resolves to.
    static func resolvedLocalhost() -> [Address] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
            hints.ai_socktype = SOCK_STREAM
        #else
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
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
    private static func openSocket(on address: Address, port: Int) -> Result<(Int32, Int), Errno> {
        #if canImport(Darwin)
            let type = SOCK_STREAM
        #else
            let type = Int32(SOCK_STREAM.rawValue)
        #endif
        let family = if case .v6 = address { AF_INET6 } else { AF_INET }
        let fd = socket(family, type, 0)
        guard fd >= 0 else { return .failure(Errno(code: errno)) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
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
        guard bound == 0, let named, listen(fd, 32) == 0 else {
            let code = errno
            _ = close(fd)
            return .failure(Errno(code: code))
        }
        return .success((fd, named))
    }

    /// Closes sockets opened here.
    static func closeAll(_ sockets: [Int32]) {
        for fd in sockets { _ = close(fd) }
    }

    /// A failed system call's `errno`.
    struct Errno: Error {
        let code: Int32
    }

    /// `127.0.0.1:8400`, `[::1]:8400`, `localhost:8400`, or the host alone.
    static func describe(_ redirect: LoopbackRedirect, port: Int?) -> String {
        let host = redirect.host == .ipv6 ? "[::1]" : redirect.host.rawValue
        return port.map { "\(host):\($0)" } ?? host
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case EADDRINUSE: "the port is in use by another program"
        case EACCES: "permission denied (a port below 1024 needs privileges)"
        case EADDRNOTAVAIL, EAFNOSUPPORT: "this machine has no such loopback address"
        default: String(cString: strerror(code))
        }
    }
}
