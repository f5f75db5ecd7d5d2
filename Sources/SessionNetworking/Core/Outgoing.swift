package import SessionHTTP

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// A request's head and the bytes it carries, as the sign-in flows build
/// them and a sequence step sends them.
package struct Outgoing: Sendable {
    package var head: HTTPRequest
    package var body: Data?

    package init(_ head: HTTPRequest, body: Data? = nil) {
        self.head = head
        self.body = body
    }

    /// The URL the request is for.
    package var url: URL? { head.url }
}

extension SequenceStep {
    /// Send `outgoing` after waiting `after`.
    package static func send(_ outgoing: Outgoing, after wait: Duration = .zero) -> SequenceStep {
        .send(outgoing.head, body: outgoing.body, after: wait)
    }
}
