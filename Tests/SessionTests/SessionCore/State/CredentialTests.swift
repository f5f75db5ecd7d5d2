import Foundation
import SessionCore
import Testing

@Suite struct CredentialTests {
    @Test func roundsDatesDownToWholeSecondsWhenMadeAndWhenSet() {
        var credential = Credential(
            token: Sample.token(), issuedAt: Date(timeIntervalSince1970: 100.9),
            expiresAt: Date(timeIntervalSince1970: 200.999))
        #expect(credential.issuedAt.timeIntervalSince1970 == 100)
        #expect(credential.expiresAt?.timeIntervalSince1970 == 200)
        credential.expiresAt = Date(timeIntervalSince1970: 300.5)
        credential.issuedAt = Date(timeIntervalSince1970: -0.5)
        #expect(credential.expiresAt?.timeIntervalSince1970 == 300)
        #expect(credential.issuedAt.timeIntervalSince1970 == -1)
    }

    @Test func roundsDatesDownWhenDecoded() throws {
        let json = #"{"token":"abc","issuedAt":10.75,"expiresAt":20.25}"#
        let credential = try JSONDecoder().decode(Credential.self, from: Data(json.utf8))
        // JSONDecoder's default reads seconds since 2001, a whole number of seconds after 1970.
        #expect(credential.issuedAt.timeIntervalSinceReferenceDate == 10)
        #expect(credential.expiresAt?.timeIntervalSinceReferenceDate == 20)
    }

    @Test func expiresAtItsExpiryDateAndNeverWithoutOne() {
        let expiry = Date(timeIntervalSince1970: 1000)
        let credential = Credential(token: Sample.token(), expiresAt: expiry)
        #expect(!credential.isExpired(at: expiry.addingTimeInterval(-1)))
        #expect(credential.isExpired(at: expiry))
        #expect(!Credential(token: Sample.token()).isExpired(at: .distantFuture))
    }

    @Test func expiredSessionIsNotLoggedIn() throws {
        let store: any LoginStateRepository = InMemoryLoginStateStore(
            .loggedIn(Sample.credential(expiresAt: Date(timeIntervalSinceNow: -1))))
        #expect(try !store.isLoggedIn())
        try store.save(Sample.credential())
        #expect(try store.isLoggedIn())
        #expect(try !store.isLoggedIn(at: Date(timeIntervalSinceNow: 7200)))
        try store.clear()
        #expect(try !store.isLoggedIn())
    }
}
