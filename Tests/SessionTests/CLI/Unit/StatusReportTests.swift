import Foundation
import SessionCLIKit
import SessionCore
import Testing

/// The words `status` prints about expiry.
@Suite struct StatusReportTests {
    func report(secondsLeft: TimeInterval, account: String? = nil, language: Language = .english) throws -> (
        text: String, json: [String: Any]
    ) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let store = InMemoryLoginStateStore(
            .loggedIn(
                Credential(token: Sample.token(), account: account, expiresAt: now.addingTimeInterval(1_000)))
        )
        // Judge the session a moment before it expires, at a fraction of a second.
        let usecase = LoginUsecase(repository: store) { now.addingTimeInterval(1_000 - secondsLeft) }
        let status = try usecase.status()
        let report = StatusReport(status: status, storePath: "/s.json", showToken: false, language: language)
        let json =
            try JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any] ?? [:]
        return (
            try report.text(
                style: try Style(option: "never", environment: Environment(), outputIsTerminal: false)), json
        )
    }

    @Test func aSessionWithLessThanASecondLeftIsNotCalledExpired() throws {
        let (text, json) = try report(secondsLeft: 0.4)
        #expect(text.hasPrefix("Logged in"))
        #expect(text.contains("in 1 second"))
        #expect(!text.contains("expired"))
        #expect(json["expiresInSeconds"] as? Int == 1)
        #expect(json["state"] as? String == "logged_in")
    }

    @Test func anExpiredSessionSaysHowLongAgo() throws {
        let (text, json) = try report(secondsLeft: -90.5)
        #expect(text.hasPrefix("Session expired"))
        #expect(text.contains("expired 1 minute ago"))
        #expect(json["expiresInSeconds"] as? Int == -90)
    }

    /// The moment a token expires reads as such, in both languages.
    @Test func aSessionThatHasJustExpiredSaysJustNow() throws {
        let (text, json) = try report(secondsLeft: -0.4)
        #expect(text.hasPrefix("Session expired"))
        #expect(text.contains("expired just now"))
        #expect(!text.contains("0 seconds"))
        #expect(json["expiresInSeconds"] as? Int == 0)
        #expect(try report(secondsLeft: -0.4, language: .japanese).text.contains("たった今期限切れ"))
    }

    /// A session that names no account says so, in its own words.
    @Test func aSessionWithNoAccountShowsTheAccountAsUnknown() throws {
        let (text, json) = try report(secondsLeft: 60)
        #expect(text.contains("\n  Account:  unknown\n"))
        #expect(json["account"] is NSNull)
        #expect(try report(secondsLeft: 60, account: "alice").text.contains("\n  Account:  alice\n"))
        let japanese = try report(secondsLeft: 60, language: .japanese).text.split(separator: "\n")
        #expect(japanese.contains { $0.hasPrefix("  アカウント:") && $0.hasSuffix(" 不明") })
    }
}
