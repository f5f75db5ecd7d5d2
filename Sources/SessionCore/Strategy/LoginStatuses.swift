#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// The statuses of a session as they change, from ``LoginUsecase/statuses()``:
/// the status now, then a new one each time the phase or the credential
/// changes, for a write in this process or another, or for the access token
/// expiring with nothing written. A status equal to the one before is not
/// repeated; several changes in a burst may come as one, but the last state
/// always comes.
///
/// ```swift
/// for try await status in usecase.statuses() {
///     button.title = status.strategy.label(for: locale)
/// }
/// ```
///
/// It ends when the task iterating it is cancelled, and leaves no watch,
/// timer, thread or descriptor behind. It fails with the error the store's
/// `load()` throws (a ``SessionFileError`` for a file that turned corrupt),
/// or that its ``LoginStateRepository/stateChanges()`` throws.
public struct LoginStatuses: AsyncSequence, Sendable {
    /// Each element is the session's status at a change.
    public typealias Element = LoginStatus

    private let stream: AsyncThrowingStream<LoginStatus, any Error>

    init(_ stream: AsyncThrowingStream<LoginStatus, any Error>) {
        self.stream = stream
    }

    /// An iterator over the statuses; the watch started when the sequence was made.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator())
    }

    /// Gives the statuses one by one.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<LoginStatus, any Error>.Iterator

        /// The next status; `nil` once the iterating task is cancelled.
        public mutating func next() async throws -> LoginStatus? {
            try await base.next()
        }
    }
}

extension LoginStatus {
    /// Whether `other` shows the same: the phase, the session and
    /// whether it refreshes on use, whenever each was decided.
    package func showsSame(as other: LoginStatus) -> Bool {
        phase == other.phase && session == other.session && refreshesOnUse == other.refreshesOnUse
    }

    /// The next moment this status changes with nothing written: the
    /// access token's expiry, when it is still ahead.
    package var nextChange: Date? {
        guard let expiresAt = session?.expiresAt, expiresAt > checkedAt else { return nil }
        return expiresAt
    }
}
