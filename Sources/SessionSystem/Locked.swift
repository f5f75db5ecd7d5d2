#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value that one thread at a time may read or change.
///
/// The package targets macOS 13 / iOS 16, where `Synchronization.Mutex` is not
/// available, so this small wrapper over `pthread_mutex_t` is the only place in
/// the package that touches a lock. Everything else calls `withLock`.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
package final class Locked<Value>: @unchecked Sendable {
    fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

extension Locked where Value == Void {
    /// Runs `body` while holding the lock, for a lock that guards no value
    /// (a critical section).
    ///
    /// It does not touch the empty stored value: an `inout` access to a
    /// zero-sized property shares its address with the mutex pointer, and
    /// ThreadSanitizer reports that as a race with every other thread's read
    /// of the pointer.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
