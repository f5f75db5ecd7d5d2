import Foundation
import Session
import SessionSupport

/// A transport for unit tests of the pipeline: it answers from a JSON fixture
/// under `Fixtures/`, or fails, and records every request it was given.
final class StubTransport: Transport {
    enum Answer: Sendable {
        case fixture(String)
        case failure(URLError.Code)
        /// Waits until the task is cancelled (30 s at most).
        case hangUntilCancelled
        /// Answers with what the closure returns: a fixture from another URL
        /// (a redirect's end), or after changing the store (a late answer).
        case respond(@Sendable (URLRequest) async throws -> (Data, HTTPURLResponse))
    }

    private let answer: Answer
    private let received = Locked<[URLRequest]>([])

    init(_ answer: Answer) {
        self.answer = answer
    }

    var requests: [URLRequest] { received.withLock { $0 } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        received.withLock { $0.append(request) }
        switch answer {
        case .fixture(let name):
            return try Self.load(name, for: request)
        case .failure(let code):
            throw URLError(code)
        case .hangUntilCancelled:
            try await Task.sleep(for: .seconds(30))
            throw URLError(.timedOut)
        case .respond(let answer):
            return try await answer(request)
        }
    }

    /// `{"status": 200, "headers": {...}, "body": <JSON>}` or `"rawBody": "<text>"`,
    /// answered from `finalURL` (the request's URL unless a redirect moved it).
    static func load(_ name: String, for request: URLRequest, from finalURL: URL? = nil) throws
        -> (Data, HTTPURLResponse)
    {
        let (folder, file) =
            name.contains("/")
            ? (
                "Fixtures/" + name.split(separator: "/").dropLast().joined(separator: "/"),
                String(name.split(separator: "/").last ?? "")
            )
            : ("Fixtures", name)
        guard let url = Bundle.module.url(forResource: file, withExtension: "json", subdirectory: folder)
        else {
            throw FixtureMissing(name: name)
        }
        let fixture = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        let body: Data
        if let raw = fixture["rawBody"] as? String {
            body = Data(raw.utf8)
        } else {
            body = try JSONSerialization.data(withJSONObject: fixture["body"] ?? [:])
        }
        guard let requestURL = finalURL ?? request.url, let status = fixture["status"] as? Int,
            let response = HTTPURLResponse(
                url: requestURL, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: fixture["headers"] as? [String: String])
        else { throw FixtureMissing(name: name) }
        return (body, response)
    }

    struct FixtureMissing: Error { let name: String }
}
