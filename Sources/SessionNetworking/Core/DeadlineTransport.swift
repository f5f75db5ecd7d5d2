package import SessionHTTP

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// A transport whose every exchange ends within `limit`, whatever the server
/// does: an idle timeout alone lets a server that sends one byte every few
/// seconds keep an exchange, and whatever lock its caller holds, forever.
///
/// Past the limit the exchange is cancelled and fails with a
/// ``DeadlineExceededError``.
package struct DeadlineTransport: Transport {
    private let base: any Transport
    private let limit: Duration

    /// `base`, with every exchange bounded by `limit`.
    package init(_ base: any Transport, limit: Duration) {
        self.base = base
        self.limit = limit
    }

    package func send(_ request: HTTPRequest, body: HTTPRequestBody?) async throws -> (Data, HTTPResponse) {
        let base = base
        return try await within(limit) { try await base.send(request, body: body) }
    }

    package func send(
        _ request: HTTPRequest, body: HTTPRequestBody?,
        receiving receive: @escaping @Sendable (HTTPResponse, Data) throws -> Void
    ) async throws -> HTTPResponse {
        let base = base
        return try await within(limit) { try await base.send(request, body: body, receiving: receive) }
    }
}

/// Runs `operation`, cancelling it once `limit` has passed; then throws
/// ``DeadlineExceededError``. The operation must end when cancelled (every
/// transport here does).
package func within<Result: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    try await withThrowingTaskGroup(of: Result?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let result = first else {
            throw DeadlineExceededError(limit: limit)
        }
        return result
    }
}
