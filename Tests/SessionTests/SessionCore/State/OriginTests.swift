import Foundation
import SessionCore
import Testing

@Suite struct OriginTests {
    func origin(_ text: String) -> Origin? { URL(string: text).flatMap { Origin($0) } }

    @Test func loopbackIsAStrictIPLiteralOrExactlyLocalhost() {
        let loopback = [
            "http://localhost", "http://LOCALHOST:8080", "http://127.0.0.1", "http://127.255.0.9:1",
            "http://[::1]:8080", "http://[0:0:0:0:0:0:0:1]",
        ]
        let notLoopback = [
            "http://127.+0.0.1", "http://127.1", "http://0x7f.0.0.1", "http://2130706433",
            "http://127.0.0.1.nip.io", "http://api.localhost", "http://localhost.",
            "http://localhost.evil.com",
            "http://128.0.0.1", "http://[::2]", "http://[::ffff:127.0.0.1]", "http://example.com",
        ]
        for text in loopback { #expect(origin(text)?.isLoopback == true, "\(text)") }
        for text in notLoopback { #expect(origin(text)?.isLoopback != true, "\(text)") }
    }

    @Test func secretsTravelOverHTTPSOrToLoopbackOnly() throws {
        #expect(SecretDestination.permits(url("https://api.example.com")))
        #expect(SecretDestination.permits(url("http://127.0.0.1:9")))
        #expect(!SecretDestination.permits(url("http://127.+0.0.1")))
        #expect(!SecretDestination.permits(url("http://dev.localhost")))
        #expect(!SecretDestination.permits(url("https://user:pass@api.example.com")))
        #expect(!SecretDestination.permits(url("ftp://api.example.com")))
        #expect(throws: ServerAddressError.plainHTTPToRemoteHost) {
            try SecretDestination.check(url("http://api.example.com"))
        }
    }

    /// A session's token goes to its own server's origin only, and by the rule above.
    @Test func aTokenGoesToItsOwnOriginOnly() throws {
        let session = Credential(token: Sample.token(), server: url("https://api.example.com/v1"))
        #expect(session.mayBeSent(to: url("https://api.example.com:443/other")))
        #expect(!session.mayBeSent(to: url("https://api.example.com:8443/v1")))
        #expect(!session.mayBeSent(to: url("http://api.example.com/v1")))
        let anywhere = Credential(token: Sample.token())
        #expect(anywhere.mayBeSent(to: url("https://elsewhere.example")))
        #expect(!anywhere.mayBeSent(to: url("http://elsewhere.example")))
    }

    @Test func defaultPortsAreTheSameOrigin() {
        #expect(origin("https://h") == origin("https://h:443/x"))
        #expect(origin("http://h") == origin("http://h:80"))
        #expect(origin("https://h") != origin("http://h:443"))
        #expect(origin("https://h") != origin("https://h:8443"))
        #expect(origin("https://H.example") == origin("https://h.example"))
    }
}
