#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
/// An IPv4 or IPv6 address in its bytes, read with `inet_pton`, the strict
/// parser: `127.+0.0.1`, `127.1` and `0x7f.0.0.1` are not addresses here,
/// whatever a lenient resolver would make of them.
///
/// ```swift
/// IPAddress("127.0.0.2")?.isLoopback   // true
/// IPAddress("10.0.0.7")?.isIn(IPAddress("10.0.0.0")!, prefix: 8)   // true
/// ```
package enum IPAddress: Hashable, Sendable {
    case v4([UInt8])
    case v6([UInt8])

    /// The address `text` spells, or `nil` when it is not one.
    package init?(_ text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self = .v4(withUnsafeBytes(of: &v4) { Array($0) })
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            self = .v6(withUnsafeBytes(of: &v6) { Array($0) })
            return
        }
        return nil
    }

    /// Its bytes, in network order: 4 or 16.
    package var bytes: [UInt8] {
        switch self {
        case .v4(let bytes), .v6(let bytes): bytes
        }
    }

    /// Whether the first `prefix` bits equal those of `range` (of the same family).
    package func isIn(_ range: IPAddress, prefix: Int) -> Bool {
        let mine = bytes
        let theirs = range.bytes
        guard mine.count == theirs.count else { return false }
        for bit in stride(from: 0, to: prefix, by: 8) {
            let index = bit / 8
            let mask: UInt8 = prefix - bit >= 8 ? 0xFF : ~(0xFF >> UInt8(prefix - bit))
            if mine[index] & mask != theirs[index] & mask { return false }
        }
        return true
    }

    /// Whether it is this machine: in `127.0.0.0/8`, or `::1`.
    package var isLoopback: Bool {
        switch self {
        case .v4(let bytes): bytes.first == 127
        case .v6(let bytes): bytes == [UInt8](repeating: 0, count: 15) + [1]
        }
    }
}
