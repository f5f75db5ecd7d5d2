/// The bounds this target puts on what another process sends it (the
/// model's own are in SessionCore's `SessionLimits`).
package enum SystemLimits {
    /// The deepest nesting of containers read, as for JSON.
    package static let nestingDepth = 64
    /// The most bytes of one D-Bus message read: 1 MiB. The Secret Service's
    /// are under 1 KiB; the protocol allows 128 MiB.
    package static let dbusMessageSize = 1 << 20
    /// The longest D-Bus array read: 64 MiB (the protocol's own bound).
    package static let dbusArraySize = 1 << 26
    /// The longest line of the D-Bus authentication exchange: 512 bytes.
    package static let dbusAuthenticationLine = 512
}
