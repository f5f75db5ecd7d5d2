import Foundation
import Session
import SessionSupport
import SessionSystem
import Testing

/// Every request remembers what it carried and how it ended.
@Suite struct RequestContextTests {
    /// Keeps the context each hook ran in (``RequestContext/current``).
    final class ContextRecorder: RequestBehavior, Sendable {
        let seen = Locked<[String: RequestContext]>([:])

        func beforeSend(_ request: HTTPRequest) async {
            seen.withLock { $0["beforeSend"] = RequestContext.current }
        }

        func afterSuccess(_ response: HTTPResponse, data: Data, for request: HTTPRequest) async {
            seen.withLock { $0["success"] = RequestContext.current }
        }

        func afterFailure(_ error: NetworkError, for request: HTTPRequest) async {
            seen.withLock { $0["failure"] = RequestContext.current }
        }
    }

    func run(_ answer: StubTransport.Answer, session: Credential?) async -> RequestContext? {
        let store = InMemoryLoginStateStore(session.map(LoginState.loggedIn) ?? .loggedOut)
        let recorder = ContextRecorder()
        let client = NetworkClient(
            baseURL: url("https://api.example.com"), transport: StubTransport(answer),
            behavior: CombinedRequestBehavior([recorder, AuthTokenHeaderBehavior(repository: store)]))
        _ = try? await client.send(Request<User>(path: "/user"))
        #expect(RequestContext.current == nil, "the context leaked out of the hooks")
        return recorder.seen.withLock { seen in
            let after = seen["success"] ?? seen["failure"]
            #expect(after != nil && after === seen["beforeSend"], "the hooks of one request saw two contexts")
            return after
        }
    }

    @Test func aFailureKeepsTheFinalResponseAndItsHeaders() async throws {
        let answer = StubTransport.Answer.respond { request in
            let (body, _) = try StubTransport.load("unauthorized-401", for: request)
            let response = HTTPResponse.stub(
                401, url: URL(string: "https://api.example.com/moved")!,
                headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#, "Retry-After": "30"])
            return (body, response)
        }
        let context = try #require(await run(answer, session: Credential(token: Sample.token())))
        #expect(context.response?.status.code == 401)
        #expect(context.finalURL?.absoluteString == "https://api.example.com/moved")
        #expect(
            context.response?.headerFields[.wwwAuthenticate]
                == #"Bearer error="invalid_token""#)
        #expect(context.response?.headerFields[.retryAfter] == "30")
        #expect(context.responseBody?.isEmpty == false)
        #expect(context.request.url?.absoluteString == "https://api.example.com/user")
    }

    @Test func itRecordsTheTokenAsAFingerprintOnly() async throws {
        let context = try #require(
            await run(.fixture("user-200"), session: Credential(token: Sample.token())))
        #expect(context.carriedToken == Sample.token().fingerprint)
        Secret.expectAbsent(
            [Sample.secret], in: "\(context.carriedToken.map(String.init(describing:)) ?? "")",
            "the fingerprint")
        let anonymous = try #require(await run(.fixture("user-200"), session: nil))
        #expect(anonymous.carriedToken == nil)
    }

    @Test func aTransportFailureHasNoResponse() async throws {
        let context = try #require(
            await run(.failure(.cannotConnectToHost), session: Credential(token: Sample.token())))
        #expect(context.response == nil && context.finalURL == nil)
        #expect(context.carriedToken == Sample.token().fingerprint)
    }

    /// A behavior written to the four plain signatures (the README's) is still
    /// called by a client that calls the context forms.
    @Test func behaviorsWithThePlainSignaturesAreStillCalled() async {
        let log = Locked<[String]>([])
        let client = NetworkClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport(.fixture("unauthorized-401")),
            behavior: RecordingBehavior(name: "plain", log: log))
        _ = try? await client.send(Request<User>(path: "/user"))
        #expect(
            log.withLock { $0 } == ["plain.headers", "plain.beforeSend", "plain.afterFailure(status 401)"])
    }

    /// `case .status(let code, let body)` still matches, as outside code writes it.
    @Test func theStatusCaseStillBindsCodeAndBody() async {
        let client = NetworkClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport(.fixture("forbidden-403")))
        do {
            _ = try await client.send(Request<User>(path: "/user"))
        } catch let error as NetworkError {
            if case .status(let code, let body) = error {
                #expect(code == 403 && !body.isEmpty)
            } else {
                Issue.record("not a status error: \(error)")
            }
        } catch {
            Issue.record("not a NetworkError: \(error)")
        }
    }
}
