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

    @Test func secretsTravelOverHTTPSOrToLoopbackOnly() {
        #expect(origin("https://api.example.com")?.carriesSecretsSafely == true)
        #expect(origin("http://127.0.0.1:9")?.carriesSecretsSafely == true)
        #expect(origin("http://127.+0.0.1")?.carriesSecretsSafely != true)
        #expect(origin("http://dev.localhost")?.carriesSecretsSafely != true)
    }

    @Test func defaultPortsAreTheSameOrigin() {
        #expect(origin("https://h") == origin("https://h:443/x"))
        #expect(origin("http://h") == origin("http://h:80"))
        #expect(origin("https://h") != origin("http://h:443"))
        #expect(origin("https://h") != origin("https://h:8443"))
        #expect(origin("https://H.example") == origin("https://h.example"))
    }
}
