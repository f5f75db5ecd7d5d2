import SessionCore
import SessionSupport
import SessionSystem

/// The listening sockets of a loopback redirect: one per loopback address
/// its host stands for, all on one port.
///
/// `127.0.0.1` and `::1` are one socket each. `localhost` is 127.0.0.1 and
/// every other loopback address the name resolves to (`::1` on most
/// systems), so the browser finds the listener whichever it tries first;
/// an address the system cannot bind (no IPv6) is skipped, as long as
/// 127.0.0.1 is bound. A non-loopback answer for `localhost` is never bound.
enum ListenerSockets {
    typealias Address = Sockets.Address

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
            var failure: Sockets.Failure?
            for address in addresses {
                switch Sockets.listen(on: address, port: port) {
                case .success(let (fd, bound)):
                    sockets.append(fd)
                    port = bound
                case .failure(let error)
                where address != .ipv4Loopback && redirect.host == .localhost && error.isAddressUnavailable:
                    continue  // no IPv6 here: 127.0.0.1 is enough
                case .failure(let error):
                    failure = error
                }
                if failure != nil { break }
            }
            guard let failure else { return (sockets, port) }
            closeAll(sockets)
            if failure.isAddressInUse && redirect.port == nil { continue }
            throw SignInError.callbackAddressUnavailable(
                address: describe(redirect, port: redirect.port), reason: reason(failure))
        }
        throw SignInError.callbackAddressUnavailable(
            address: describe(redirect, port: nil), reason: "no port is free on every loopback address")
    }

    /// 127.0.0.1, and the other loopback addresses `localhost` resolves to.
    static func resolvedLocalhost() -> [Address] { Sockets.resolvedLocalhost() }

    /// Closes sockets opened here.
    static func closeAll(_ sockets: [Int32]) {
        for fd in sockets { systemClose(fd) }
    }

    /// `127.0.0.1:8400`, `[::1]:8400`, `localhost:8400`, or the host alone.
    static func describe(_ redirect: LoopbackRedirect, port: Int?) -> String {
        let host = redirect.host == .ipv6 ? "[::1]" : redirect.host.rawValue
        return port.map { "\(host):\($0)" } ?? host
    }

    private static func reason(_ failure: Sockets.Failure) -> String {
        if failure.isAddressInUse { return "the port is in use by another program" }
        if failure.isAccessDenied { return "permission denied (a port below 1024 needs privileges)" }
        if failure.isAddressUnavailable { return "this machine has no such loopback address" }
        return failure.text
    }
}
