import Foundation
import SessionCore
import Testing

@Suite struct AuthTokenTests {
    @Test func acceptsVisibleASCIIFromExclamationMarkToTilde() throws {
        let token = try AuthToken("!" + String(repeating: "a", count: 10) + "~")
        #expect(token.value.utf8.first == 0x21)
        #expect(token.value.utf8.last == 0x7E)
        #expect(
            try AuthToken(String(repeating: "x", count: SessionLimits.tokenLength)).value.utf8.count == 8192)
        #expect(try AuthToken("a").value == "a")
    }

    /// An invalid token, named by its class so the test report never shows the value.
    struct InvalidToken: Sendable, CustomTestStringConvertible {
        let name: String
        let value: String
        let expected: AuthTokenError
        var testDescription: String { name }
    }

    static let invalidTokens = [
        InvalidToken(name: "empty", value: "", expected: .empty),
        InvalidToken(name: "space", value: "SECRETpart one", expected: .invalidByte(.space, offset: 10)),
        InvalidToken(name: "tab", value: "SECRETpart\tone", expected: .invalidByte(.tab, offset: 10)),
        InvalidToken(
            name: "CR", value: "SECRETpart\rone", expected: .invalidByte(.carriageReturn, offset: 10)),
        InvalidToken(name: "LF", value: "SECRETpart\none", expected: .invalidByte(.lineFeed, offset: 10)),
        InvalidToken(name: "NUL", value: "SECRETpart\u{0}one", expected: .invalidByte(.nul, offset: 10)),
        InvalidToken(name: "DEL", value: "SECRETpart\u{7F}one", expected: .invalidByte(.control, offset: 10)),
        InvalidToken(
            name: "non-ASCII", value: "SECRETpartéone", expected: .invalidByte(.nonASCII, offset: 10)),
        InvalidToken(
            name: "8193 bytes", value: "SECRET" + String(repeating: "x", count: 8187),
            expected: .tooLong(byteCount: 8193)),
    ]

    @Test(arguments: invalidTokens)
    func rejectsEveryInvalidClassWithoutRepeatingTheToken(token: InvalidToken) {
        #expect(throws: token.expected) { try AuthToken(token.value) }
        do {
            _ = try AuthToken(token.value)
        } catch {
            #expect(!"\(error)".contains("SECRET"))
            #expect(!error.localizedDescription.contains("SECRET"))
            #expect(!String(reflecting: error).contains("SECRET"))
        }
    }

    @Test func redactsLongTokensToFourCharactersAndAMask() throws {
        #expect(try AuthToken("abcdefghijkl").redacted == "abcd********")
        #expect(try AuthToken("abcdefghijk").redacted == "********")
        #expect(try AuthToken("ab").redacted == "********")
    }

    @Test func printingATokenACredentialOrAStateNeverShowsTheSecret() {
        let credential = Sample.credential()
        let values: [Any] = [Sample.token(), credential, LoginState.loggedIn(credential)]
        for value in values {
            var dumped = ""
            dump(value, to: &dumped)
            var debugPrinted = ""
            debugPrint(value, to: &debugPrinted)
            var printed = ""
            print(value, to: &printed)
            for text in [dumped, debugPrinted, printed, "\(value)", String(reflecting: value)] {
                Secret.expectAbsent(
                    [Sample.secret, String(Sample.secret.dropFirst(4))], in: text, "a description")
            }
            #expect(dumped.contains("sk_l********"))
        }
    }

    @Test func decodingAnInvalidTokenIsADecodingErrorWithoutTheToken() throws {
        let json = Data(#"["SECRET with space"]"#.utf8)
        do {
            _ = try JSONDecoder().decode([AuthToken].self, from: json)
            Issue.record("an invalid token decoded")
        } catch let error as DecodingError {
            #expect(!"\(error)".contains("SECRET"))
        }
        let encoded = try JSONEncoder().encode([Sample.token()])
        #expect(try JSONDecoder().decode([AuthToken].self, from: encoded) == [Sample.token()])
    }
}
