import Foundation
import Session
import SessionSupport
import SessionSystem
import Testing

/// The README's example behavior, with its exact signatures: if one of them
/// drifted from the protocol's, the default would run and this test would fail.
@Suite struct ReadmeBehaviorExampleTests {
    struct RequestLogger: RequestBehavior {
        let lines: Locked<[String]>
        func additionalHeaders(for request: HTTPRequest) async throws -> [String: String] {
            lines.withLock { $0.append("headers") }
            return ["X-Request-ID": "req-1"]
        }
        func beforeSend(_ request: HTTPRequest) async {
            lines.withLock { $0.append("→ \(request.method) \(request.path ?? "")") }
        }
        func afterSuccess(_ response: HTTPResponse, data: Data, for request: HTTPRequest) async {
            lines.withLock { $0.append("← \(response.status.code)") }
        }
        func afterFailure(_ error: NetworkError, for request: HTTPRequest) async {
            lines.withLock { $0.append("✗ \(error)") }
        }
    }

    @Test func everyHookOfTheExampleIsCalled() async throws {
        let lines = Locked<[String]>([])
        let base = URL(string: "https://api.example.com")!
        let transport = StubTransport(.fixture("user-200"))
        _ = try await NetworkClient(
            baseURL: base, transport: transport, behavior: RequestLogger(lines: lines)
        )
        .send(Request<User>(path: "/user"))
        #expect(transport.requests.first?.headerFields[fieldName("X-Request-ID")] == "req-1")
        _ = try? await NetworkClient(baseURL: base, transport: StubTransport(.fixture("server-error-500")))
            .send(Request<User>(path: "/user"), with: RequestLogger(lines: lines))
        #expect(
            lines.withLock { $0 } == [
                "headers", "→ GET /user", "← 200", "headers", "→ GET /user",
                "✗ the server answered with status 500",
            ])
    }

}
