/// Something that ends a wait early at the person's interrupt (Ctrl-C): the
/// program's own signal handling, which the library never installs. While a
/// wait runs, the descriptor ``begin()`` returns becomes readable when the
/// interrupt comes; ``end()`` is called when the wait is over, and only
/// after a ``begin()`` that returned a descriptor.
package protocol InterruptSource: Sendable {
    /// Starts listening; the descriptor to poll beside the wait, or `nil` when none can be had.
    func begin() -> Int32?
    /// Stops listening.
    func end()
}
