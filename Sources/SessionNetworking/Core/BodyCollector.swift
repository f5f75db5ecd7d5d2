import SessionCore
import SessionHTTP
import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Gathers a body as it arrives, refusing one past `limit` bytes the moment
/// it goes past (``ResponseTooLargeError``), so no more than the limit is
/// ever held.
final class BodyCollector: Sendable {
    private let limit: Int
    private let data = Locked(Data())

    init(limit: Int) {
        self.limit = limit
    }

    /// What arrived so far.
    var body: Data { data.withLock { $0 } }

    /// Takes one piece; throws once the body would pass the limit.
    func take(_ piece: Data) throws {
        try data.withLock { data in
            guard data.count + piece.count <= limit else { throw ResponseTooLargeError(limit: limit) }
            data.append(piece)
        }
    }
}
