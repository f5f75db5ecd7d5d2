import Foundation
import Session
import SessionSupport
import SessionSystem
import SessionTestSupport
import SessionURLSession
import Testing

/// `NetworkClient.run`: every answer goes to the sequence, waits go through
/// the clock, runs are bounded, and each step gets only what its origin may have.
@Suite struct RequestSequenceTests {
    /// Polls until the answer is 200, waiting `interval` before each poll.
    struct Poll: RequestSequence {
        let url: URL
        let interval: Duration
        var seen: [Int] = []

        mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<[Int]> {
            if let previous {
                seen.append(previous.response.status.code)
                if previous.response.status.code == 200 { return .finish(seen) }
            }
            return .send(HTTPRequest(url: url), after: interval)
        }
    }

    /// Answers 400 three times, then 200.
    func pendingThenDone() -> StubTransport {
        let calls = Locked(0)
        return StubTransport(
            .respond { request in
                let call = calls.withLock { count in
                    count += 1
                    return count
                }
                return try StubTransport.load(call < 4 ? "bad-request-400" : "user-200", for: request)
            })
    }

    @Test func everyAnswerGoesToTheSequenceAndWaitsGoThroughTheClock() async throws {
        let clock = RecordingClock()
        let client = NetworkClient(baseURL: url("https://a.test"), transport: pendingThenDone(), clock: clock)
        let seen = try await client.run(Poll(url: url("https://a.test/poll"), interval: .seconds(5)))
        #expect(seen == [400, 400, 400, 200])
        #expect(clock.waits == Array(repeating: .seconds(5), count: 4))
    }

    @Test func aSequenceThatNeverFinishesIsStopped() async throws {
        let transport = StubTransport(.fixture("bad-request-400"))
        let client = NetworkClient(
            baseURL: url("https://a.test"), transport: transport, clock: RecordingClock())
        do {
            _ = try await client.run(Poll(url: url("https://a.test/poll"), interval: .zero))
            Issue.record("an endless sequence finished")
        } catch let error as SequenceError {
            #expect(error == .tooManySteps(limit: SessionLimits.sequenceSteps))
        }
        #expect(transport.requests.count == SessionLimits.sequenceSteps)
    }

    /// Cancelling the task ends a long wait at once, as `.cancelled`, and
    /// nothing more is sent. The wait is an hour on the real clock: only a
    /// cancellation that works ends it within the time limit.
    @Test(.hangGuard)
    func cancellingEndsAWaitAtOnce() async throws {
        let transport = StubTransport(.fixture("bad-request-400"))
        let client = NetworkClient(baseURL: url("https://a.test"), transport: transport)
        let task = Task {
            try await client.run(Poll(url: url("https://a.test/poll"), interval: .seconds(3600)))
        }
        task.cancel()
        let result = await task.result
        guard case .failure(NetworkError.cancelled) = result else {
            Issue.record("expected NetworkError.cancelled, got \(result)")
            return
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func stepsGoThroughTheSameChecksAsSend() async throws {
        struct One: RequestSequence {
            let request: HTTPRequest
            mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<Int> {
                previous.map { .finish($0.response.status.code) } ?? .send(request)
            }
        }
        struct Injecting: RequestBehavior {
            func additionalHeaders(for request: HTTPRequest) async throws -> [String: String] {
                ["X-Custom": "v\r\nX-Evil: 1"]
            }
        }
        let transport = StubTransport(.fixture("user-200"))
        let client = NetworkClient(
            baseURL: url("https://a.test"), transport: transport, clock: RecordingClock())
        // A behavior's header, and a step's own, are checked before anything is sent.
        await #expect(throws: NetworkError.self) {
            try await client.run(One(request: HTTPRequest(url: url("https://a.test/x"))), with: Injecting())
        }
        let injected = HTTPRequest(
            url: url("https://a.test/x"), headerFields: [fieldName("X-Custom"): "v\r\nX-Evil: 1"])
        await #expect(throws: NetworkError.self) { try await client.run(One(request: injected)) }
        // A method that is not a token cannot be made at all.
        #expect(HTTPRequest.Method("GET X") == nil)
        await #expect(throws: SequenceError.notAnHTTPURL) {
            try await client.run(One(request: HTTPRequest(url: url("file:///etc/passwd"))))
        }
        #expect(transport.requests.isEmpty)
    }

    /// The README's three-step sequence, against two real origins: ask the
    /// API where to upload, upload to the other origin, confirm with the API.
    /// The API's token goes to the API only.
    @Test(.tags(.python)) func anUploadAcrossTwoOriginsCarriesTheTokenOnlyHome() async throws {
        try await withLoopbackServer { server in
            let store = InMemoryLoginStateStore(
                .loggedIn(Credential(token: Sample.token(), server: server.originA)))
            let client = NetworkClient(
                baseURL: server.originA, transport: URLSessionTransport(timeout: 10),
                behavior: AuthTokenHeaderBehavior(repository: store))
            let receipts = try await client.run(Upload(api: server.originA, bytes: Data("hello".utf8)))
            #expect(receipts.count == 2)
            let (upload, confirm) = (receipts[0], receipts[1])
            #expect(upload.port == server.portB && upload.method == "PUT" && upload.body == "hello")
            #expect(upload.authorization.isEmpty, "the API's token went to the upload server")
            #expect(confirm.port == server.portA && confirm.path == "/echo/confirm/u1")
            Secret.expectEqual(
                confirm.authorization, ["Bearer \(Sample.secret)"], "the confirmation's Authorization")
        }
    }
}

/// The README's example of a user-written sequence.
struct Upload: RequestSequence {
    struct Slot: Decodable {
        let upload: URL
        let id: String
    }
    struct Receipt: Decodable, Sendable {
        let method: String
        let path: String
        let port: Int
        let body: String
        let headers: [[String]]
        var authorization: [String] { headers.filter { $0.first == "Authorization" }.compactMap(\.last) }
    }
    struct Refused: Error { let status: Int }

    let api: URL
    let bytes: Data
    var slot: Slot?
    var receipts: [Receipt] = []

    mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<[Receipt]> {
        guard let previous else {
            return .send(HTTPRequest(method: .post, url: api.appendingPathComponent("uploads")))
        }
        guard (200...299).contains(previous.response.status.code) else {
            throw Refused(status: previous.response.status.code)
        }
        guard let slot else {
            let slot = try JSONDecoder().decode(Slot.self, from: previous.body)
            self.slot = slot
            return .send(HTTPRequest(method: .put, url: slot.upload), body: bytes)
        }
        receipts.append(try JSONDecoder().decode(Receipt.self, from: previous.body))
        if receipts.count == 2 { return .finish(receipts) }
        return .send(HTTPRequest(method: .post, url: api.appendingPathComponent("echo/confirm/\(slot.id)")))
    }
}
