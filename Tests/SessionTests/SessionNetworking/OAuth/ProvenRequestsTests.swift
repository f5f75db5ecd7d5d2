import Foundation
import Session
import SessionSupport
import SessionTestSupport
import Testing

@testable import SessionNetworking

/// What a request to a provider proves as it leaves: a client assertion
/// for `private_key_jwt` (RFC 7523) whose audience is the endpoint's URL, a
/// DPoP proof (RFC 9449) made after a device poll's wait and answered once
/// with the provider's nonce, a pushed authorization request (RFC 9126)
/// that leaves nothing of the request in the browser's URL, and the
/// browser's way back from a provider's logout.
@Suite struct ProvenRequestsTests {
    let folder = TemporaryDirectory()

    /// A new P-256 key in a PEM file of mode `mode`, made by openssl.
    func keyFile(mode: mode_t = 0o600) async throws -> String {
        let path = folder.path + "/client-\(UUID().uuidString).pem"
        let openssl = try ChildProcess(
            [
                "/usr/bin/openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                "-out", path,
            ])
        #expect(await openssl.exitStatus() == 0)
        chmod(path, mode)
        return path
    }

    func parts(_ jwt: String) throws -> (header: JSONObject, claims: JSONObject) {
        try JWTParts.read(jwt)
    }

    func form(_ request: Outgoing) -> [String: [String]] {
        let body = String(decoding: request.bodyData ?? Data(), as: UTF8.self)
        var fields: [String: [String]] = [:]
        for pair in body.split(separator: "&") {
            let halves = pair.split(separator: "=", maxSplits: 1).map(String.init)
            let value = (halves.count > 1 ? halves[1] : "").replacingOccurrences(of: "+", with: " ")
            fields[halves[0], default: []].append(value.removingPercentEncoding ?? value)
        }
        return fields
    }

    @Test func aKeyedClientSignsAFreshAssertionForEachRequestToItsEndpoint() async throws {
        let key = ClientKey(path: try await keyFile(), keyID: "ci-1")
        let client = ClientCredentials(id: "ci", secret: nil, method: nil, key: key)
        #expect(client.method == .privateKeyJWT)
        let endpoint = url("https://login.example.com/token")
        let unsigned = try client.formPost(to: endpoint, [("grant_type", "client_credentials")])
        #expect(unsigned.headerFields[.authorization] == nil, "no secret, no Basic")
        let first = form(try client.proving(unsigned))
        let second = form(try client.proving(unsigned))
        #expect(first["client_id"] == ["ci"] && first["grant_type"] == ["client_credentials"])
        #expect(first["client_assertion_type"] == [ClientAssertion.type])
        let assertion = try #require(first["client_assertion"]?.first)
        let (header, claims) = try parts(assertion)
        #expect(header["alg"] == .string("ES256") && header["kid"] == .string("ci-1"))
        #expect(claims["iss"] == .string("ci") && claims["sub"] == .string("ci"))
        #expect(claims["aud"] == .string(endpoint.absoluteString))
        guard case .number(let issued)? = claims["iat"], case .number(let expires)? = claims["exp"] else {
            Issue.record("no iat or exp")
            return
        }
        #expect(expires - issued == 60)
        let again = try #require(second["client_assertion"]?.first)
        #expect(try parts(again).claims["jti"] != claims["jti"], "a fresh jti each time")

        // The revocation endpoint gets an assertion for itself.
        let revocation = url("https://login.example.com/revoke")
        let revoking = form(try client.proving(client.formPost(to: revocation, [("token", "t")])))
        let audience = try parts(try #require(revoking["client_assertion"]?.first)).claims["aud"]
        #expect(audience == .string(revocation.absoluteString))
    }

    /// FAPI 2.0 asks for the issuer as the audience, as a string: a key that says so gets it.
    @Test func aKeyForFAPINamesTheIssuer() async throws {
        let provider = OAuthProvider(
            issuer: url("https://login.example.com/realm"), clientID: "ci",
            tokenEndpoint: url("https://login.example.com/realm/token"),
            clientKey: ClientKey(path: try await keyFile(), audience: .issuer))
        let client = ClientCredentials(provider)
        let fields = form(try client.proving(client.formPost(to: provider.tokenEndpoint, [])))
        let claims = try parts(try #require(fields["client_assertion"]?.first)).claims
        #expect(claims["aud"] == .string("https://login.example.com/realm"))
    }

    @Test func aKeyOthersCanReadOrThatIsNoKeyIsRefusedInWords() async throws {
        let open = try await keyFile(mode: 0o644)
        let client = ClientCredentials(id: "ci", secret: nil, method: nil, key: ClientKey(path: open))
        let request = try client.formPost(to: url("https://login.example.com/token"), [])
        #expect {
            _ = try client.proving(request)
        } throws: { error in
            "\(error)"
                == "cannot use the client key \(open): the key is readable by others; make it yours only (chmod 600)"
        }
        let text = folder.path + "/not-a-key.pem"
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: text))
        chmod(text, 0o600)
        #expect(throws: SignInError.clientKeyUnusable(path: text, reason: "no PEM block")) {
            try ClientKeyFile.check(ClientKey(path: text))
        }
    }

    /// Each poll carries a fresh proof; a `use_dpop_nonce` answer is polled
    /// again at once with the nonce, once; the session keeps the key.
    @Test func aBoundDevicePollAnswersTheNonceAtOnce() async throws {
        let binding = try DPoPKey.make()
        let sequence = DeviceAuthorizationFlow(
            configuration: OAuthConfiguration(
                metadata: Recorded.metadata, clientID: "cli-device", scopes: ["read"]),
            now: { Date() }, onPrompt: { _ in }
        ).sequence(binding: binding)
        let bound = """
            {"access_token":"at_0123456789abcdef","token_type":"DPoP","expires_in":3600}
            """
        let run = await Recorded.drive(
            sequence,
            answers: [
                "device-code",
                .headed(
                    400, #"{"error":"use_dpop_nonce"}"#,
                    ["DPoP-Nonce": "n-1", "Content-Type": "application/json"]),
                .headed(200, bound, ["Content-Type": "application/json"]), "userinfo",
            ])
        let credential = try run.result.get()
        #expect(credential.dpopThumbprint == binding.thumbprint && credential.dpopKey == binding.secret)
        #expect(run.waits == [.zero, .seconds(5), .zero, .zero], "the nonce is answered without a wait")
        let proofs = try run.requests[1...2].map { try #require($0.headerFields[.dpop]) }
        #expect(run.requests[0].headerFields[.dpop] == nil, "no proof at the device endpoint")
        #expect(try parts(proofs[1]).claims["nonce"] == .string("n-1"))
        #expect(try parts(proofs[0]).claims["jti"] != parts(proofs[1]).claims["jti"])
        // The account is read with the bound token and a proof for it.
        let userinfo = run.requests[3]
        #expect(userinfo.headerFields[.authorization] == "DPoP at_0123456789abcdef")
        let ath = try parts(try #require(userinfo.headerFields[.dpop])).claims["ath"]
        #expect(ath == .string(DPoPProof.tokenHash("at_0123456789abcdef")))
    }

    /// A nonce is answered once: a provider that asks again at once ends the
    /// sign-in in words instead of being polled back to back.
    @Test func aNonceAskedForTwiceInARowEndsTheSignIn() async throws {
        var metadata = Recorded.metadata
        metadata.tokenEndpoint = url("https://nonces.example.com/token")
        let nonce = Recorded.Reply.headed(
            400, #"{"error":"use_dpop_nonce"}"#, ["DPoP-Nonce": "n-2", "Content-Type": "application/json"])
        let run = await Recorded.drive(
            DeviceAuthorizationFlow(
                configuration: OAuthConfiguration(metadata: metadata, clientID: "cli-device"),
                now: { Date() }, onPrompt: { _ in }
            ).sequence(binding: try DPoPKey.make()),
            answers: ["device-code", nonce, nonce])
        #expect(run.waits == [.zero, .seconds(5), .zero])
        #expect(throws: SignInError.providerError(code: "use_dpop_nonce", description: nil)) {
            try run.result.get()
        }
    }

    @Test func aPushedRequestLeavesTheBrowserOnlyAReference() throws {
        var metadata = Recorded.metadata
        metadata.pushedAuthorizationRequestEndpoint = url("https://login.example.com/par")
        let binding = try DPoPKey.make()
        var exchange = AuthorizationCodeExchange(
            configuration: OAuthConfiguration(metadata: metadata, clientID: "cli-web", scopes: ["openid"]),
            redirectURI: url("http://127.0.0.1:4711/callback"), now: { Date() })
        exchange.binding = binding
        #expect(try exchange.pushes())
        let push = try exchange.pushRequest()
        let fields = form(push)
        #expect(fields["client_id"] == ["cli-web"], "client_id once")
        #expect(fields["dpop_jkt"] == [binding.thumbprint] && fields["state"] == [exchange.state])
        #expect(fields["code_challenge_method"] == ["S256"] && fields["redirect_uri"] != nil)
        #expect(
            try parts(try #require(push.headerFields[.dpop])).claims["htu"]
                == .string("https://login.example.com/par"))

        exchange.requestURI = "urn:ietf:params:oauth:request_uri:abc"
        let shown = try exchange.authorizationURL()
        let items = URLComponents(url: shown, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.map(\.name) == ["client_id", "request_uri"])
        #expect(items.last?.value == "urn:ietf:params:oauth:request_uri:abc")

        metadata.pushedAuthorizationRequestEndpoint = nil
        metadata.requiresPushedAuthorizationRequests = true
        let stranded = AuthorizationCodeExchange(
            configuration: OAuthConfiguration(metadata: metadata, clientID: "cli-web"), now: { Date() })
        #expect(throws: SignInError.pushedRequestUnavailable) { try stranded.pushes() }
    }

    @Test(
        arguments: [
            (201, #"{"request_uri":"urn:x:1","expires_in":60}"#, "urn:x:1"),
            (400, #"{"error":"invalid_request","error_description":"no"}"#, nil),
            (201, #"{"request_uri":"urn:x:1"}"#, nil),
            (201, #"{"request_uri":"a b","expires_in":60}"#, nil),
            (500, "<html>", nil),
        ] as [(Int, String, String?)])
    func thePushAnswerIsChecked(status: Int, body: String, uri: String?) throws {
        let request = HTTPRequest(url: url("https://login.example.com/par"))
        let answer = SequenceResponse(
            request: request, response: .stub(status, url: request.url), body: Data(body.utf8))
        if let uri {
            #expect(try AuthorizationCodeExchange.readPush(answer) == uri)
        } else {
            #expect(throws: SignInError.self) { try AuthorizationCodeExchange.readPush(answer) }
        }
    }

    /// The browser comes back from the provider's logout with this logout's
    /// state: the page says so; another state is refused and the wait goes on.
    @Test func aLogoutEndsWhenTheBrowserComesBackWithItsState() async throws {
        var metadata = Recorded.metadata
        metadata.endSessionEndpoint = url("https://login.example.com/logout")
        var credential = Credential(token: Sample.token(), server: url("https://api.example.com"))
        credential.provider = OAuthProvider(
            issuer: metadata.issuer, clientID: "cli-web", tokenEndpoint: metadata.tokenEndpoint)
        credential.idToken = Sample.token("eyJ.id.token")

        let (urls, opened) = AsyncStream.makeStream(of: URL.self)
        let logout = ProviderLogout(
            credential: credential, metadata: metadata,
            pages: SignInPages(appName: "the tests", outcomeWait: Sample.outcomeWaitUnderLoad)
        ) {
            if case .logoutURL(let url) = $0 { opened.yield(url) }
        }
        async let outcome = logout.run()
        var iterator = urls.makeAsyncIterator()
        let shown = try #require(await iterator.next())
        // The terminal's URL is the listener's, with nothing in it; it sends the browser on.
        #expect(shown.query == nil && shown.path == "/end-session" && shown.host == "127.0.0.1")
        let forward = try await RawHTTP.get(shown.path, port: try #require(shown.port))
        #expect(forward.status == 303 && forward.header("Referrer-Policy") == "no-referrer")
        let location = try #require(forward.header("Location").flatMap(URL.init(string:)))
        #expect(location.host == "login.example.com" && location.path == "/logout")
        let items = URLComponents(url: location, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func item(_ name: String) -> String? { items.first { $0.name == name }?.value }
        #expect(item("id_token_hint") == "eyJ.id.token" && item("client_id") == "cli-web")
        let redirect = try #require(item("post_logout_redirect_uri"))
        let back = try #require(URL(string: redirect))
        let state = try #require(item("state"))
        let port = try #require(back.port)
        let forged = try await RawHTTP.get(back.path + "?state=forged", port: port)
        let real = try await RawHTTP.get(back.path + "?state=" + state, port: port)
        let page = (forged, real)
        #expect(try await outcome == .signedOut)
        #expect(page.0.status == 400)
        #expect(page.1.status == 200 && page.1.body.contains("Signed out"))

        var noToken = credential
        noToken.idToken = nil
        #expect(
            try await ProviderLogout(credential: noToken, metadata: metadata) { _ in }.run() == .noIDToken)
        metadata.endSessionEndpoint = nil
        #expect(
            try await ProviderLogout(credential: credential, metadata: metadata) { _ in }.run() == .notOffered
        )
    }
}
