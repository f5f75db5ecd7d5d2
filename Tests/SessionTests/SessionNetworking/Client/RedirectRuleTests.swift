import Foundation
import SessionHTTP
import Testing

/// The transport's redirect rules, one response at a time: what is
/// followed, what becomes a GET, and which headers and bodies go on.
@Suite struct RedirectRuleTests {
    func request(_ url: String, method: HTTPRequest.Method = .get, body: String? = nil) -> SentRequest {
        let head = HTTPRequest(
            method: method, url: SessionTests.url(url),
            headerFields: [
                .authorization: "Bearer secret-token-value", .contentType: "application/json",
                fieldName("X-Custom"): "yes",
            ])
        return SentRequest(head: head, body: body.map { .data(Data($0.utf8)) })
    }

    func next(_ request: SentRequest, status: Int, location: String?) -> SentRequest? {
        let response = HTTPResponse.stub(
            status, url: request.url, headers: location.map { ["Location": $0] } ?? [:])
        return RedirectRule.next(after: .init(request: request.head, body: request.body), response: response)
            .map { SentRequest(head: $0.request, body: $0.body) }
    }

    @Test func postBecomesGetOn301302And303() throws {
        for status in [301, 302, 303] {
            let followed = try #require(
                next(
                    request("https://a.test/form", method: .post, body: "x=1"), status: status,
                    location: "/done"))
            #expect(followed.method == "GET", "\(status)")
            #expect(followed.body == nil, "\(status)")
            #expect(followed.headerFields[.contentType] == nil, "\(status)")
            #expect(followed.url?.absoluteString == "https://a.test/done")
        }
        // A PUT is kept by 301/302 and turned into a GET by 303.
        #expect(
            next(request("https://a.test/x", method: .put, body: "b"), status: 302, location: "/y")?
                .method == "PUT")
        #expect(
            next(request("https://a.test/x", method: .put, body: "b"), status: 303, location: "/y")?
                .method == "GET")
    }

    @Test func a307WithABodyIsFollowedOnlyWithinTheOrigin() throws {
        for status in [307, 308] {
            let same = try #require(
                next(
                    request("https://a.test/upload", method: .post, body: "refresh_token=r"), status: status,
                    location: "/v2/upload"))
            #expect(same.method == "POST")
            #expect(same.bodyData == Data("refresh_token=r".utf8))
            #expect(same.headerFields[.authorization] != nil)
            #expect(
                next(
                    request("https://a.test/upload", method: .post, body: "refresh_token=r"), status: status,
                    location: "https://b.test/upload") == nil, "\(status) carried a body to another origin")
            // Without a body, a cross-origin 307 is followed, minus the secrets.
            let bodiless = try #require(
                next(request("https://a.test/x"), status: status, location: "https://b.test/x"))
            #expect(bodiless.headerFields[.authorization] == nil)
            #expect(bodiless.headerFields[fieldName("X-Custom")] == nil)
            #expect(bodiless.headerFields[.contentType] == "application/json")
        }
    }

    @Test func defaultPortsAreTheSameOrigin() throws {
        let explicit = try #require(
            next(request("https://a.test/x"), status: 302, location: "https://a.test:443/y"))
        #expect(explicit.headerFields[.authorization] != nil)
        let implicit = try #require(
            next(request("http://127.0.0.1:80/x"), status: 302, location: "http://127.0.0.1/y"))
        #expect(implicit.headerFields[fieldName("X-Custom")] == "yes")
        let otherPort = try #require(
            next(request("https://a.test/x"), status: 302, location: "https://a.test:8443/y"))
        #expect(otherPort.headerFields[.authorization] == nil)
    }

    @Test func aRelativeLocationResolvesAgainstTheRequest() throws {
        let cases = [
            ("https://a.test/v1/users/me", "../login", "https://a.test/v1/login"),
            ("https://a.test/v1/users/me", "/login?next=%2Fme", "https://a.test/login?next=%2Fme"),
            ("https://a.test/v1/x", "//b.test/y", "https://b.test/y"),
            ("https://a.test/v1/x", "y", "https://a.test/v1/y"),
        ]
        for (from, location, expected) in cases {
            #expect(
                next(request(from), status: 302, location: location)?.url?.absoluteString == expected,
                "\(location)")
        }
        #expect(
            next(request("https://a.test/x"), status: 302, location: "//b.test/y")?.headerFields[
                .authorization] == nil)
    }

    @Test func httpsIsNeverDowngradedToHTTP() {
        #expect(next(request("https://a.test/x"), status: 302, location: "http://a.test/x") == nil)
        #expect(next(request("https://a.test/x"), status: 301, location: "http://127.0.0.1/x") == nil)
        // The other way is allowed, minus the secrets.
        #expect(next(request("http://127.0.0.1/x"), status: 302, location: "https://a.test/x") != nil)
    }

    @Test func aLocationThatIsNotHTTPIsNotFollowed() {
        for location in [
            "file:///etc/passwd", "ftp://a.test/x", "javascript:alert(1)", "data:text/plain,hi", "mailto:a@b",
        ] {
            #expect(next(request("https://a.test/x"), status: 302, location: location) == nil, "\(location)")
        }
        #expect(next(request("https://a.test/x"), status: 302, location: nil) == nil)
        #expect(next(request("https://a.test/x"), status: 304, location: "/y") == nil)
        #expect(next(request("https://a.test/x"), status: 300, location: "/y") == nil)
    }
}
