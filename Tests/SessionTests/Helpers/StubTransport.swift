import Foundation
import Session
import SessionSupport
import SessionSystem

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
        case respond(@Sendable (SentRequest) async throws -> (Data, HTTPResponse))
    }

    private let answer: Answer
    private let received = Locked<[SentRequest]>([])

    init(_ answer: Answer) {
        self.answer = answer
    }

    var requests: [SentRequest] { received.withLock { $0 } }

    func send(_ head: HTTPRequest, body: HTTPRequestBody?) async throws -> (Data, HTTPResponse) {
        let request = SentRequest(head: head, body: body)
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
    static func load(_ name: String, for request: SentRequest, from finalURL: URL? = nil) throws
        -> (Data, HTTPResponse)
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
        guard let requestURL = finalURL ?? request.url, let status = fixture["status"] as? Int else {
            throw FixtureMissing(name: name)
        }
        let headers = fixture["headers"] as? [String: String] ?? [:]
        let response = HTTPResponse(
            status: .init(code: status), headerFields: try HTTPFields(checking: headers), version: "HTTP/1.1",
            url: requestURL)
        return (body, response)
    }

    struct FixtureMissing: Error { let name: String }
}

/// What a test transport was given: the request's head and its body.
struct SentRequest: Sendable {
    let head: HTTPRequest
    let body: HTTPRequestBody?

    init(head: HTTPRequest, body: HTTPRequestBody? = nil) {
        self.head = head
        self.body = body
    }

    var url: URL? { head.url }
    var method: String { head.method.rawValue }
    var headerFields: HTTPFields { head.headerFields }
    /// The body's bytes, when it is bytes.
    var bodyData: Data? { if case .data(let data) = body { data } else { nil } }
    /// The fields by name as sent, for comparing with a dictionary.
    var headerDictionary: [String: String] {
        Dictionary(headerFields.map { ($0.name.rawName, $0.value) }, uniquingKeysWith: { $1 })
    }
}

extension Outgoing {
    var headerFields: HTTPFields { head.headerFields }
    var bodyData: Data? { body }
}

extension HTTPResponse {
    /// A response for tests: `status` from `url`, with `headers`.
    static func stub(_ status: Int, url: URL?, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(
            status: .init(code: status),
            headerFields: HTTPFields(
                headers.sorted { $0.key < $1.key }.map { HTTPField(name: fieldName($0.key), value: $0.value) }
            ),
            version: "HTTP/1.1", url: url)
    }
}

/// The field name `name`, which a test writes as a valid token.
func fieldName(_ name: String) -> HTTPField.Name {
    guard let checked = HTTPField.Name(name) else { preconditionFailure("not a token: \(name)") }
    return checked
}
