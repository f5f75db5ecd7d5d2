import Foundation
import SessionCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The wire format of OAuth answers and requests: size-bounded JSON objects,
/// typed fields, form bodies, and text that is safe to show.
enum OAuthWire {
    /// Answers larger than this are refused before they are parsed.
    static let maximumBody = 1 << 20

    /// The JSON object of an answer, or why it is not one.
    static func object(_ answer: SequenceResponse, from endpoint: String) throws -> [String: JSONValue] {
        guard answer.body.count <= maximumBody else {
            throw SignInError.invalidResponse(from: endpoint, reason: "it is larger than 1 MiB")
        }
        guard case .object(let object)? = try? JSONValue.parse(answer.body) else {
            throw SignInError.invalidResponse(
                from: endpoint, reason: "not a JSON object (HTTP \(answer.response.statusCode))")
        }
        return object
    }

    /// A string field; `nil` when absent or null, an error when another type.
    static func string(_ object: [String: JSONValue], _ key: String, from endpoint: String) throws -> String?
    {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw SignInError.invalidResponse(from: endpoint, reason: "\(key) is not a string")
        }
    }

    /// A whole-number field within `range`; `nil` when absent or null.
    static func integer(
        _ object: [String: JSONValue], _ key: String, in range: ClosedRange<Int>, from endpoint: String
    ) throws -> Int? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let number)?:
            guard let value = Int(exactly: number), range.contains(value) else {
                throw SignInError.invalidResponse(
                    from: endpoint,
                    reason: "\(key) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        default: throw SignInError.invalidResponse(from: endpoint, reason: "\(key) is not a number")
        }
    }

    /// The OAuth `error` code of an answer, if it has a safe one.
    static func errorCode(_ object: [String: JSONValue]) -> String? {
        guard case .string(let code)? = object["error"], isSafeCode(code) else { return nil }
        return code
    }

    /// An error code as RFC 6749 allows it (%x20-21 / %x23-5B / %x5D-7E),
    /// short, and without spaces: safe to print.
    static func isSafeCode(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.utf8.allSatisfy { (0x21...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C }
    }

    /// Printable ASCII only, at most `limit` bytes: what a user code or a URL
    /// must be before it is shown on a terminal.
    static func isPrintable(_ text: String, limit: Int) -> Bool {
        !text.isEmpty && text.utf8.count <= limit && text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// A POST with an `application/x-www-form-urlencoded` body.
    static func formPost(to url: URL, _ fields: [(String, String)]) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = Data(
            fields.map { "\(formEncoded($0.0))=\(formEncoded($0.1))" }.joined(separator: "&").utf8)
        return request
    }

    /// Form encoding: unreserved characters as they are, everything else %XX.
    static func formEncoded(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(UnicodeScalar(byte))
            default:
                output += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return output
    }

    /// Whether an answer came from the URL it was asked at: a token or device
    /// request must not be redirected (the transport follows same-origin
    /// redirects, which would resend the body somewhere else on the server).
    static func wasRedirected(_ answer: SequenceResponse) -> Bool {
        guard let asked = answer.request.url, let answered = answer.response.url else { return false }
        return asked.absoluteString != answered.absoluteString
    }

    /// Throws unless a secret may travel to `url`: `https`, or `http` on loopback.
    static func requireSafe(_ url: URL, _ name: String) throws {
        guard Origin(url)?.carriesSecretsSafely == true else {
            throw SignInError.insecureEndpoint(name: name)
        }
    }

    /// A URL from the provider that a secret may travel to: `https`, or
    /// `http` on loopback.
    static func endpoint(_ text: String?, name: String) throws -> URL? {
        guard let text else { return nil }
        guard let url = URL(string: text), Origin(url) != nil, url.user == nil, url.password == nil else {
            throw SignInError.invalidResponse(from: "discovery", reason: "\(name) is not an http(s) URL")
        }
        try requireSafe(url, name)
        return url
    }
}
