import Foundation
import SessionSupport
import Testing

@testable import SessionNetworking

/// The readers of keys from outside: strict base64, PEM and JWK, against
/// the RFCs' examples and keys made by openssl.
@Suite struct KeyReadingTests {
    @Test func base64IsReadStrictly() {
        #expect(Base64.decode(Array("-_8".utf8), .url) == [0xFB, 0xFF])
        #expect(Base64.decode(Array("+/8=".utf8), .standard) == [0xFB, 0xFF])
        #expect(Base64.decode(Array("".utf8), .url) == [])
        #expect(Base64.decode(Array("+/8".utf8), .standard) == nil, "standard needs its padding")
        #expect(Base64.decode(Array("-_8=".utf8), .url) == nil, "url has none")
        #expect(Base64.decode(Array("-_9".utf8), .url) == nil, "unused bits must be zero")
        #expect(Base64.decode(Array("A".utf8), .url) == nil)
        #expect(Base64.decode(Array("ab cd".utf8), .url) == nil)
        #expect(Base64.decode(Array("+/8".utf8), .url) == nil)
    }

    /// RFC 7638 §3.1: the example RSA key's thumbprint.
    @Test func theThumbprintIsRFC7638s() throws {
        let json = """
            {"kty":"RSA","n":"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw","e":"AQAB","alg":"RS256","kid":"2011-04-29"}
            """
        let jwk = try JWK(json: Array(json.utf8))
        #expect(jwk.thumbprint == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
    }

    /// RFC 9449: the example proof's key (§4.1) and its thumbprint, the `jkt` of §6.1.
    @Test func theThumbprintOfRFC9449sKeyIsItsJKT() throws {
        let json = """
            {"kty":"EC","x":"l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs","y":"9VE4jf_Ok_o64zbTTlcuNJajHmt6v9TDVrU0CdvGRDA","crv":"P-256"}
            """
        #expect(try JWK(json: Array(json.utf8)).thumbprint == "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I")
    }

    @Test func aJWKIsReadStrictly() throws {
        let x = Base64URL.encode([UInt8](repeating: 1, count: 32))
        let y = Base64URL.encode([UInt8](repeating: 2, count: 32))
        let good = #"{"kty":"EC","crv":"P-256","x":"\#(x)","y":"\#(y)"}"#
        let jwk = try JWK(json: Array(good.utf8))
        #expect(!jwk.isPrivate)
        #expect(jwk.publicJSON == #"{"crv":"P-256","kty":"EC","x":"\#(x)","y":"\#(y)"}"#)
        for bad in [
            #"{"kty":"EC","crv":"P-384","x":"\#(x)","y":"\#(y)"}"#,
            #"{"kty":"EC","crv":"P-256","x":"\#(x)"}"#,
            #"{"kty":"EC","crv":"P-256","x":"AQ","y":"\#(y)"}"#,
            #"{"kty":"EC","crv":"P-256","x":"\#(x)=","y":"\#(y)"}"#,
            #"{"kty":"EC","kty":"EC","crv":"P-256","x":"\#(x)","y":"\#(y)"}"#,
            #"{"kty":"oct","k":"AQ"}"#, #"["kty"]"#, "not json",
        ] {
            #expect(throws: JWK.Failure.self, "\(bad)") { try JWK(json: Array(bad.utf8)) }
        }
    }

    @Test func pemBlocksAreReadStrictly() throws {
        let text = """
            a comment before the block
            -----BEGIN PRIVATE KEY-----
            +/8=
            -----END PRIVATE KEY-----
            """
        #expect(try PEM.blocks(Array(text.utf8)) == [PEMBlock(label: "PRIVATE KEY", der: [0xFB, 0xFF])])
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try PEM.blocks(Array(crlf.utf8)).count == 1)
        for bad in [
            "-----BEGIN PRIVATE KEY-----\n+/8=\n-----END EC PRIVATE KEY-----\n",
            "-----BEGIN PRIVATE KEY-----\n+/8=\n",
            "-----BEGIN PRIVATE KEY-----\n+/8\n-----END PRIVATE KEY-----\n",
            "-----BEGIN PRIVATE KEY-----\n+/\u{7}8=\n-----END PRIVATE KEY-----\n",
            "no block here", "",
        ] {
            #expect(throws: PEM.Failure.self, "\(bad)") { try PEM.blocks(Array(bad.utf8)) }
        }
    }
}
