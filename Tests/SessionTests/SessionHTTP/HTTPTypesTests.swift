import Foundation
import SessionHTTP
import Testing

/// The library's own HTTP types: fields keep order and repetition and
/// compare names without case; a request's parts make its URL and back.
@Suite struct HTTPTypesTests {
    @Test func fieldsKeepOrderAndRepeatedNamesAndIgnoreCase() throws {
        var fields = HTTPFields()
        fields.append(HTTPField(name: try #require(HTTPField.Name("Set-Cookie")), value: "a=1"))
        fields.append(HTTPField(name: .contentType, value: "text/plain"))
        fields.append(HTTPField(name: try #require(HTTPField.Name("set-cookie")), value: "b=2"))
        #expect(fields.map(\.value) == ["a=1", "text/plain", "b=2"])
        #expect(fields[values: .setCookie] == ["a=1", "b=2"])
        #expect(fields[.setCookie] == "a=1, b=2")
        #expect(fields[try #require(HTTPField.Name("CONTENT-TYPE"))] == "text/plain")
        // The first spelling is kept as written.
        #expect(fields.first?.name.rawName == "Set-Cookie")

        // Setting replaces every field of the name, where the first stood.
        fields[.setCookie] = "c=3"
        #expect(fields.map(\.description) == ["Set-Cookie: c=3", "Content-Type: text/plain"])
        fields[.setCookie] = nil
        #expect(!fields.contains(.setCookie) && fields.count == 1)
        // A new name goes at the end; Cookie's values join with "; ".
        fields[values: .cookie] = ["a=1", "b=2"]
        #expect(fields.last?.name == .cookie && fields[.cookie] == "a=1; b=2")
    }

    @Test func namesMustBeTokensAndValuesWithLineBreaksAreAProblem() {
        for bad in ["", "Bad Name", "X:Y", "Ünï", "X\r\nY"] {
            #expect(HTTPField.Name(bad) == nil, "\(bad.debugDescription)")
        }
        var fields: HTTPFields = [.authorization: "Bearer t0ken-value"]
        #expect(fields.problem == nil)
        fields[fieldName("X-Evil")] = "v\r\nInjected: 1"
        let problem = fields.problem ?? ""
        #expect(problem.contains("X-Evil") && !problem.contains("Injected"), "\(problem)")
        #expect(!problem.contains("t0ken"))
        for bad in ["a\u{0}b", "a\nb", "a\rb", "a\u{0B}b", "a\u{2028}b"] {
            #expect(
                HTTPFields([HTTPField(name: .accept, value: bad)]).problem != nil, "\(bad.debugDescription)")
        }
        #expect(HTTPRequest.Method("GET X") == nil && HTTPRequest.Method("PROPFIND")?.rawValue == "PROPFIND")
    }

    @Test func aRequestsPartsMakeItsURL() throws {
        let cases: [(String, String?, String?)] = [
            ("https://api.example.com/v1/items?page=2", "api.example.com", "/v1/items?page=2"),
            ("http://127.0.0.1:8080", "127.0.0.1:8080", "/"),
            ("http://[::1]:9000/a%2Fb", "[::1]:9000", "/a%2Fb"),
            ("https://example.com/x#fragment", "example.com", "/x"),
        ]
        for (text, authority, path) in cases {
            let request = HTTPRequest(url: try #require(URL(string: text)))
            #expect(request.authority == authority && request.path == path, "\(text)")
            let again = try #require(request.url)
            #expect(HTTPRequest(url: again) == request, "\(text) does not round-trip")
        }
        let built = HTTPRequest(method: .post, scheme: "https", authority: "a.test", path: "/p?q=1")
        #expect(built.url?.absoluteString == "https://a.test/p?q=1")
        #expect(HTTPRequest(method: .get, scheme: "https", authority: nil, path: "/").url == nil)
        // What a log line shows: never a header.
        let secret = HTTPRequest(
            url: URL(string: "https://a.test/x")!, headerFields: [.authorization: "Bearer s3cret"])
        #expect(secret.description == "GET https://a.test/x")
    }

    @Test func aStatusHasAKindAndAUsualPhrase() {
        #expect(HTTPResponse.Status(code: 200).description == "200 OK")
        #expect(HTTPResponse.Status(code: 404).reasonPhrase == "Not Found")
        #expect(HTTPResponse.Status(code: 200, reasonPhrase: "Fine").reasonPhrase == "Fine")
        #expect(HTTPResponse.Status(code: 200, reasonPhrase: "") == .ok, "the phrase is only words")
        #expect(HTTPResponse.Status(code: 799).description == "799")
        let kinds: [(Int, HTTPResponse.Status.Kind)] = [
            (101, .informational), (204, .successful), (308, .redirection), (429, .clientError),
            (503, .serverError), (99, .invalid), (600, .invalid),
        ]
        for (code, kind) in kinds { #expect(HTTPResponse.Status(code: code).kind == kind, "\(code)") }
    }
}
