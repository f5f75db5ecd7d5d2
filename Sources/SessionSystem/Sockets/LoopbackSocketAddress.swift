#if canImport(Darwin)
    package import Darwin
#elseif canImport(Glibc)
    package import Glibc
#elseif canImport(Musl)
    package import Musl
#endif
/// A socket address on this machine, IPv4 or IPv6, in the form `bind`,
/// `connect` and `getsockname` take: one place for the byte order and the
/// `sockaddr` casts that the sign-in listener and the tests' raw client share.
///
/// ```swift
/// let address = LoopbackSocketAddress(ipv4: 0x7F00_0001, port: 0)
/// let bound = address.withSockaddr { bind(fd, $0, $1) }
/// let port = LoopbackSocketAddress.boundPort(of: fd)   // the port the kernel chose
/// ```
package struct LoopbackSocketAddress {
    private var storage = sockaddr_storage()
    private let length: socklen_t

    /// `ipv4` in host byte order (`0x7F00_0001` is 127.0.0.1), or `nil` for IPv6's `::1`.
    package init(ipv4: UInt32?, port: Int) {
        if let ipv4 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = ipv4.bigEndian
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            Self.copy(address, into: &storage)
        } else {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            address.sin6_addr = in6addr_loopback
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            Self.copy(address, into: &storage)
        }
    }

    /// Calls `body` with the address as a `sockaddr` and its length (for `bind`, `connect`).
    package func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// The port `fd` is bound to (the kernel's choice after binding port 0);
    /// `nil` when `getsockname` fails.
    package static func boundPort(of fd: Int32) -> Int? {
        var named = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &named) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return nil }
        return withUnsafePointer(to: named) { pointer in
            switch Int32(named.ss_family) {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin_port))
                }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            default: nil
            }
        }
    }

    private static func copy<Address>(_ address: Address, into storage: inout sockaddr_storage) {
        withUnsafeBytes(of: address) { bytes in
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
        }
    }
}
