import Foundation
import Session
import Testing

/// Discovery driven by recorded documents.
@Suite struct DiscoveryTests {
    let discovery = ProviderDiscovery(issuer: url("https://login.example.com"))

    @Test func triesOpenIDThenRFC8414AndMergesThem() async throws {
        let run = await Recorded.drive(discovery, answers: ["discovery-openid", "discovery-oauth"])
        #expect(
            run.requests.map { $0.url?.absoluteString } == [
                "https://login.example.com/.well-known/openid-configuration",
                "https://login.example.com/.well-known/oauth-authorization-server",
            ])
        let metadata = try run.result.get()
        // The OpenID document wins; RFC 8414 fills in the revocation endpoint.
        #expect(metadata.tokenEndpoint == url("https://login.example.com/token"))
        #expect(metadata.revocationEndpoint == url("https://login.example.com/revoke"))
        #expect(metadata.deviceAuthorizationEndpoint == url("https://login.example.com/device/code"))
    }

    @Test func eitherDocumentAloneIsEnough() async throws {
        let openID = try await Recorded.drive(discovery, answers: ["discovery-openid", "not-found"]).result
            .get()
        #expect(openID.userinfoEndpoint == url("https://login.example.com/userinfo"))
        let oauth = try await Recorded.drive(discovery, answers: ["not-found", "discovery-oauth"]).result
            .get()
        #expect(oauth.tokenEndpoint == url("https://login.example.com/token-from-8414"))
        await #expect(throws: SignInError.self) {
            try await Recorded.drive(discovery, answers: ["not-found", "token-not-json"]).result.get()
        }
    }

    @Test func anotherIssuerIsRefused() async {
        let run = await Recorded.drive(discovery, answers: ["discovery-other-issuer", "not-found"])
        #expect(throws: SignInError.issuerMismatch(expected: "https://login.example.com")) {
            try run.result.get()
        }
    }

    @Test func aPlainHTTPEndpointOnAnotherHostIsRefused() async {
        let run = await Recorded.drive(discovery, answers: ["discovery-http-endpoint", "not-found"])
        #expect(throws: SignInError.insecureEndpoint(name: "token endpoint")) { try run.result.get() }
        await #expect(throws: SignInError.insecureEndpoint(name: "issuer")) {
            try await Recorded.drive(ProviderDiscovery(issuer: url("http://login.example.com")), answers: [])
                .result
                .get()
        }
    }

    /// RFC 8414 puts the well-known part before the issuer's path.
    @Test func anIssuerWithAPathKeepsItInBothDocuments() async {
        let run = await Recorded.drive(
            ProviderDiscovery(issuer: url("https://login.example.com/tenant")), answers: [])
        #expect(
            run.requests.map { $0.url?.absoluteString } == [
                "https://login.example.com/tenant/.well-known/openid-configuration"
            ])
        let urls = ProviderDiscoveryURLs.of(url("https://login.example.com/tenant"))
        #expect(urls.last == "https://login.example.com/.well-known/oauth-authorization-server/tenant")
    }
}

/// The URLs discovery asks, read from its first two steps.
enum ProviderDiscoveryURLs {
    static func of(_ issuer: URL) -> [String] {
        var discovery = ProviderDiscovery(issuer: issuer)
        var urls: [String] = []
        var previous: SequenceResponse?
        for _ in 0..<2 {
            guard case .send(let request, _, _)? = try? discovery.next(after: previous),
                let target = request.url
            else { break }
            let response = HTTPResponse.stub(404, url: target)
            urls.append(target.absoluteString)
            previous = SequenceResponse(request: request, response: response, body: Data())
        }
        return urls
    }
}
