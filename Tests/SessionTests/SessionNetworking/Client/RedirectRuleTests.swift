import Foundation
import Testing

@testable import SessionNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport's redirect rules, one response at a time: what is
/// followed, what becomes a GET, and which headers and bodies go on.
@Suite struct RedirectRuleTests {
    func request(_ url: String, method: String = "GET", body: String? = nil) -> URLRequest {
        var request = URLRequest(url: SessionTests.url(url))
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        request.setValue("Bearer secret-token-value", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("yes", forHTTPHeaderField: "X-Custom")
        return request
    }

    func next(_ request: URLRequest, status: Int, location: String?) -> URLRequest? {
        guard let from = request.url,
            let response = HTTPURLResponse(
                url: from, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: location.map { ["Location": $0] })
        else { preconditionFailure("cannot build the redirect response") }
        return URLSessionTransport.redirect(from: request, response: response)
    }

    @Test func postBecomesGetOn301302And303() throws {
        for status in [301, 302, 303] {
            let followed = try #require(
                next(
                    request("https://a.test/form", method: "POST", body: "x=1"), status: status,
                    location: "/done"))
            #expect(followed.httpMethod == "GET", "\(status)")
            #expect(followed.httpBody == nil, "\(status)")
            #expect(followed.value(forHTTPHeaderField: "Content-Type") == nil, "\(status)")
            #expect(followed.url?.absoluteString == "https://a.test/done")
        }
        // A PUT is kept by 301/302 and turned into a GET by 303.
        #expect(
            next(request("https://a.test/x", method: "PUT", body: "b"), status: 302, location: "/y")?
                .httpMethod == "PUT")
        #expect(
            next(request("https://a.test/x", method: "PUT", body: "b"), status: 303, location: "/y")?
                .httpMethod == "GET")
    }

    @Test func a307WithABodyIsFollowedOnlyWithinTheOrigin() throws {
        for status in [307, 308] {
            let same = try #require(
                next(
                    request("https://a.test/upload", method: "POST", body: "refresh_token=r"), status: status,
                    location: "/v2/upload"))
            #expect(same.httpMethod == "POST")
            #expect(same.httpBody == Data("refresh_token=r".utf8))
            #expect(same.value(forHTTPHeaderField: "Authorization") != nil)
            #expect(
                next(
                    request("https://a.test/upload", method: "POST", body: "refresh_token=r"), status: status,
                    location: "https://b.test/upload") == nil, "\(status) carried a body to another origin")
            // Without a body, a cross-origin 307 is followed, minus the secrets.
            let bodiless = try #require(
                next(request("https://a.test/x"), status: status, location: "https://b.test/x"))
            #expect(bodiless.value(forHTTPHeaderField: "Authorization") == nil)
            #expect(bodiless.value(forHTTPHeaderField: "X-Custom") == nil)
            #expect(bodiless.value(forHTTPHeaderField: "Content-Type") == "application/json")
        }
    }

    @Test func defaultPortsAreTheSameOrigin() throws {
        let explicit = try #require(
            next(request("https://a.test/x"), status: 302, location: "https://a.test:443/y"))
        #expect(explicit.value(forHTTPHeaderField: "Authorization") != nil)
        let implicit = try #require(
            next(request("http://127.0.0.1:80/x"), status: 302, location: "http://127.0.0.1/y"))
        #expect(implicit.value(forHTTPHeaderField: "X-Custom") == "yes")
        let otherPort = try #require(
            next(request("https://a.test/x"), status: 302, location: "https://a.test:8443/y"))
        #expect(otherPort.value(forHTTPHeaderField: "Authorization") == nil)
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
            next(request("https://a.test/x"), status: 302, location: "//b.test/y")?.value(
                forHTTPHeaderField: "Authorization") == nil)
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
