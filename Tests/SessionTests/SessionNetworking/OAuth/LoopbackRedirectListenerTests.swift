import Foundation
import Session
import SessionSupport
import SessionSystem
import SessionTestSupport
import Testing

@testable import SessionNetworking

/// The loopback listener with real sockets: only the callback path, only
/// this sign-in's state, no repeated parameter, a page that waits for the
/// outcome, many connections at once, fixed ports, a timeout, cancellation.
@Suite struct LoopbackRedirectListenerTests {
    /// The pages, holding the browser for the outcome as long as the test
    /// may take: a loaded machine once took longer than the default 20 s
    /// between the callback and the test's `finish`.
    static let patientPages = SignInPages(appName: "the tests", outcomeWait: .seconds(600))

    func listener(
        _ redirect: LoopbackRedirect = LoopbackRedirect(),
        pages: SignInPages = Self.patientPages,
        refused: Locked<[RefusedCallback]> = Locked([])
    ) throws -> LoopbackRedirectListener {
        try LoopbackRedirectListener(
            redirect: redirect, pages: pages, accepts: { $0["state"] == "good" },
            onRefused: { reason in refused.withLock { $0.append(reason) } })
    }

    @Test(.hangGuard)
    func onlyTheCallbackWithTheRightStateEndsTheWait() async throws {
        let refused = Locked<[RefusedCallback]>([])
        let listener = try listener(refused: refused)
        defer { listener.close() }
        #expect(listener.redirectURI.absoluteString == "http://127.0.0.1:\(listener.port)/callback")
        let port = listener.port
        #expect(try await RawHTTP.get("/favicon.ico", port: port).status == 404)
        let forged = try await RawHTTP.get("/callback?code=c&state=forged", port: port)
        #expect(forged.status == 400)
        #expect(forged.body.contains("Not the sign-in the tests is waiting for"))
        #expect(try await RawHTTP.get("/callback?code=c&state=good&state=forged", port: port).status == 400)
        #expect(try await RawHTTP.get("/callback?code=%zz&state=good", port: port).status == 400)
        #expect(refused.withLock { $0 } == [.anotherSignIn, .malformed, .malformed])

        let browser = Task { try await RawHTTP.get("/callback?code=c+d&state=good", port: port) }
        let parameters = try await listener.callback(timeout: .seconds(30))
        #expect(parameters == ["code": "c d", "state": "good"])
        listener.finish(.signedIn(account: "alice", server: "https://api.example.com"))
        let page = try await browser.value
        #expect(page.status == 200)
        #expect(page.body.contains("the tests is signed in as alice on https://api.example.com."))
    }

    /// The page never runs ahead of the outcome: the browser's connection
    /// is held until `finish`, and then says what happened.
    @Test(.hangGuard)
    func theBrowserWaitsForTheOutcome() async throws {
        let listener = try listener()
        defer { listener.close() }
        let browser = try RawHTTP.start("/callback?code=c&state=good", port: listener.port)
        _ = try await listener.callback(timeout: .seconds(30))
        #expect(!browser.hasAnswered, "the browser got an answer before the outcome was known")
        listener.finish(.failed("the provider answered with the error invalid_grant"))
        let page = try await browser.answer()
        #expect(page.body.contains("Sign-in failed"))
        #expect(page.body.contains("the provider answered with the error invalid_grant"))
        #expect(!page.body.contains("Signed in"))
        // A second callback after the outcome: the sign-in already finished.
        let again = try await RawHTTP.get("/callback?code=c&state=good", port: listener.port)
        #expect(again.body.contains("This sign-in has already finished"))
    }

    /// No outcome within the wait: the page says the result will be in the terminal.
    @Test(.hangGuard)
    func aSlowOutcomeGetsAPageSayingWhereTheResultWillBe() async throws {
        let listener = try listener(pages: SignInPages(appName: "the tests", outcomeWait: .milliseconds(300)))
        defer { listener.close() }
        let browser = Task { try await RawHTTP.get("/callback?code=c&state=good", port: listener.port) }
        _ = try await listener.callback(timeout: .seconds(30))
        let page = try await browser.value
        #expect(page.body.contains("the result will be shown in the terminal"))
    }

    /// Ten connections that never send a request (a browser's speculative
    /// ones, or anyone's) do not hold up the real callback: it is served
    /// while all ten are still open and silent. Their deadline is set to ten
    /// minutes here, so a listener that served one connection at a time
    /// would still be waiting on the first when the test's time limit ends it.
    @Test(.hangGuard)
    func idleConnectionsDoNotDelayTheCallback() async throws {
        let idle = Locked<[RawHTTP.Pending]>([])
        let closedWhenSeen = Locked<Int?>(nil)
        let listener = try LoopbackRedirectListener(
            redirect: LoopbackRedirect(), pages: Self.patientPages, requestDeadline: .seconds(600),
            accepts: { parameters in
                let closed = idle.withLock { $0.filter(\.isClosedByServer).count }
                closedWhenSeen.withLock { $0 = $0 ?? closed }
                return parameters["state"] == "good"
            })
        defer { listener.close() }
        let connections = try (0..<10).map { _ in
            RawHTTP.Pending(fd: try RawHTTP.idleConnection(port: listener.port))
        }
        idle.withLock { $0 = connections }
        defer { for connection in connections { connection.close() } }
        let browser = try RawHTTP.start("/callback?code=c&state=good", port: listener.port)
        _ = try await listener.callback(timeout: .seconds(30))
        listener.finish(.denied)
        #expect(try await browser.answer().body.contains("Sign-in cancelled"))
        #expect(closedWhenSeen.withLock { $0 } == 0, "the callback waited for idle connections to end")
        #expect(connections.allSatisfy { !$0.hasAnswered }, "an idle connection was answered or closed")
    }

    @Test func theWaitEndsAtTheTimeout() async throws {
        let listener = try listener()
        defer { listener.close() }
        await #expect(throws: SignInError.browserTimedOut(seconds: 0)) {
            try await listener.callback(timeout: .milliseconds(300))
        }
    }

    /// The wait is ten minutes: only a cancellation that works ends it within the time limit.
    @Test(.hangGuard)
    func cancellingEndsTheWaitPromptly() async throws {
        let listener = try listener()
        defer { listener.close() }
        let waiting = Task { try await listener.callback(timeout: .seconds(600)) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    /// A fixed port is used as given, and one in use is an error naming it,
    /// never another port.
    @Test func aFixedPortIsUsedOrRefused() throws {
        // A port free a moment ago may be taken by another test meanwhile: try a few.
        var fixed: LoopbackRedirectListener?
        for _ in 0..<5 where fixed == nil {
            fixed = try? listener(LoopbackRedirect(port: try freePort()))
        }
        let first = try #require(fixed)
        defer { first.close() }
        #expect(first.redirectURI.absoluteString == "http://127.0.0.1:\(first.port)/callback")
        do {
            let second = try listener(LoopbackRedirect(port: first.port))
            second.close()
            Issue.record("a port in use was listened on again")
        } catch let error as SignInError {
            #expect("\(error)".contains("127.0.0.1:\(first.port)") && "\(error)".contains("in use"))
        }
    }

    /// `localhost` listens on 127.0.0.1 and on ::1 when the name resolves to
    /// it; `::1` alone on IPv6.
    @Test(.hangGuard)
    func localhostAndIPv6Listen() async throws {
        let local = try listener(LoopbackRedirect(host: .localhost))
        defer { local.close() }
        #expect(local.redirectURI.absoluteString == "http://localhost:\(local.port)/callback")
        #expect(try await RawHTTP.get("/other", port: local.port).status == 404)
        if ListenerSockets.resolvedLocalhost().contains(.v6) {
            #expect(try await RawHTTP.get("/other", port: local.port, ipv6: true).status == 404)
        }
        guard let six = try? listener(LoopbackRedirect(host: .ipv6)) else { return }  // no IPv6 here
        defer { six.close() }
        #expect(six.redirectURI.absoluteString == "http://[::1]:\(six.port)/callback")
        #expect(try await RawHTTP.get("/other", port: six.port, ipv6: true).status == 404)
    }

    /// Every page is small, self-contained HTML5, kept out of caches, in
    /// the language asked for.
    @Test(.hangGuard)
    func pagesAreSelfContainedAndTranslated() async throws {
        let listener = try listener(
            pages: SignInPages(appName: "session-cli", language: "ja", outcomeWait: .seconds(600)))
        defer { listener.close() }
        let browser = Task { try await RawHTTP.get("/callback?code=c&state=good", port: listener.port) }
        _ = try await listener.callback(timeout: .seconds(30))
        listener.finish(.signedIn(account: "<alice>", server: "https://api.example.com"))
        let page = try await browser.value
        #expect(page.header("Cache-Control") == "no-store")
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        #expect(page.header("Referrer-Policy") == "no-referrer")
        #expect(page.body.hasPrefix("<!doctype html>\n<html lang=\"ja\">"))
        #expect(page.body.contains("<meta charset=\"utf-8\">"))
        #expect(page.body.contains("<meta name=\"viewport\""))
        #expect(page.body.contains("サインインしました"))
        #expect(page.body.contains("&lt;alice&gt;") && !page.body.contains("<alice>"))
        #expect(!page.body.contains("http://") || !page.body.contains("src="), "an external resource")
        #expect(page.body.utf8.count < 4096)
    }

    /// A port nobody uses right now.
    private func freePort() throws -> Int {
        let probe = try listener()
        defer { probe.close() }
        return probe.port
    }
}
