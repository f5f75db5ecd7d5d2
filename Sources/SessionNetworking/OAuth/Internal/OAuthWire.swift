import SessionCore
import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The wire format of OAuth answers and requests: size-bounded JSON objects,
/// typed fields, form bodies, and text that is safe to show.
enum OAuthWire {
    /// The fields of an answer, or why it has none: a JSON object, or a
    /// form when the answer says it is one (`application/x-www-form-urlencoded`,
    /// GitHub's default) or sends `text/plain` that is not a JSON object
    /// (golang/oauth2's `internal/token.go` reads both as forms). A form's
    /// values are strings; ``integer(_:_:in:from:)`` reads digits in them.
    static func object(_ answer: SequenceResponse, from endpoint: String) throws -> JSONObject {
        guard answer.body.count <= SessionLimits.providerAnswerSize else {
            throw SignInError.invalidResponse(
                from: endpoint, reason: "it is larger than \(SessionLimits.providerAnswerSize >> 20) MiB")
        }
        let json = try? JSONValue.parse(answer.body)
        if case .object(let object)? = json { return object }
        let media = mediaType(of: answer)
        if media == "application/x-www-form-urlencoded" || media == "text/plain" && json == nil {
            return try form(answer.body, from: endpoint)
        }
        let status = answer.response.status.code
        throw SignInError.invalidResponse(
            from: endpoint,
            reason: (200...299).contains(status)
                ? "not a JSON object (HTTP \(status))"
                : "HTTP \(status), with no OAuth error in it (not a JSON object)")
    }

    /// A form body's fields, each a string; none may appear twice.
    private static func form(_ body: Data, from endpoint: String) throws -> JSONObject {
        guard let text = String(bytes: body, encoding: .utf8) else {
            throw SignInError.invalidResponse(from: endpoint, reason: "its form is not UTF-8")
        }
        switch FormFields.parse(text.trimmingWhitespace) {
        case .success(let fields):
            return JSONObject(
                fields.sorted { $0.key < $1.key }.map { (key: $0.key, value: .string($0.value)) })
        case .failure(.repeated):
            throw SignInError.invalidResponse(from: endpoint, reason: "its form names a field twice")
        case .failure(.malformed):
            throw SignInError.invalidResponse(from: endpoint, reason: "its form cannot be decoded")
        }
    }

    /// The answer's media type, lower-cased, without parameters: `text/plain`.
    private static func mediaType(of answer: SequenceResponse) -> String? {
        answer.response.headerFields[.contentType]?
            .split(separator: ";", maxSplits: 1).first?
            .trimmingWhitespace.lowercased()
    }

    /// The JSON object of an answer from an endpoint that takes a form POST
    /// (token, device authorization): such a request must not have been
    /// redirected, because the transport follows same-origin redirects and
    /// the body would have gone somewhere else on the server.
    static func answerObject(_ answer: SequenceResponse, from endpoint: String) throws -> JSONObject {
        guard !wasRedirected(answer) else {
            throw SignInError.invalidResponse(from: endpoint, reason: "it redirected the request")
        }
        return try object(answer, from: endpoint)
    }

    /// A string field; `nil` when absent or null, an error when another type.
    static func string(_ object: JSONObject, _ key: String, from endpoint: String) throws -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw SignInError.invalidResponse(from: endpoint, reason: "\(key) is not a string")
        }
    }

    /// A whole-number field within `range`; `nil` when absent or null. A
    /// string of digits counts as the number it writes: forms have nothing
    /// else, and Microsoft's older endpoints, GitHub's expiring tokens and
    /// PayPal write `"expires_in": "900"` in JSON too (golang/oauth2's
    /// `expirationTime` and MSAL read both).
    static func integer(
        _ object: JSONObject, _ key: String, in range: ClosedRange<Int>, from endpoint: String
    ) throws -> Int? {
        let value: Int?
        switch object[key] {
        case nil, .null?: return nil
        case .number(let number)?: value = Int(exactly: number)
        case .string(let digits)?
        where !digits.isEmpty && digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }):
            // More digits than any bound here has are out of range, not a crash.
            value = digits.utf8.count <= 18 ? Int(digits) : Int.max
        default: throw SignInError.invalidResponse(from: endpoint, reason: "\(key) is not a number")
        }
        guard let value, range.contains(value) else {
            throw SignInError.invalidResponse(
                from: endpoint,
                reason: "\(key) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// The OAuth `error` code of an answer, if it has one: `(unprintable)`
    /// for a code that may not be shown. Google's quota refusal at its device
    /// endpoint names its code `error_code` instead.
    static func errorCode(_ object: JSONObject) -> String? {
        for key in ["error", "error_code"] {
            switch object[key] {
            case nil, .null?: continue
            case .string(let code)? where isSafeCode(code): return code
            default: return "(unprintable)"
            }
        }
        return nil
    }

    /// The OAuth error of an answer: its code, and its `error_description`
    /// when it is one that may be shown (``shownDescription(_:)``).
    static func error(in object: JSONObject) -> SignInError? {
        guard let code = errorCode(object) else { return nil }
        let text: String? = if case .string(let text)? = object["error_description"] { text } else { nil }
        return .providerError(code: code, description: shownDescription(text))
    }

    /// An `error_description` as it may be shown: its first line (Microsoft
    /// adds lines of trace and correlation IDs after its `AADSTS` code), only
    /// when it is made of the characters RFC 6749 §5.2 allows (printable
    /// ASCII without `"` or `\`), cut to 200 characters
    /// characters; `nil` otherwise, so a provider cannot put anything else
    /// on a terminal or a page.
    static func shownDescription(_ text: String?) -> String? {
        // A Character that is a newline: "\n", "\r", and "\r\n" as one.
        guard let line = text?.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first,
            !line.isEmpty,
            line.utf8.allSatisfy({ (0x20...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C })
        else { return nil }
        let trimmed = line.trimmingWhitespace
        guard !trimmed.isEmpty else { return nil }
        let limit = SessionLimits.errorDescriptionLength
        return trimmed.count <= limit ? trimmed : String(trimmed.prefix(limit - 1)) + "…"
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

    /// `endpoint` with `fields` form-encoded after its own query; `nil` when
    /// no URL can be made of it.
    static func url(_ endpoint: URL, adding fields: [(String, String)]) -> URL? {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
            return nil
        }
        components.percentEncodedQuery =
            ([components.percentEncodedQuery].compactMap { $0 } + [formBody(fields)]).joined(separator: "&")
        return components.url
    }

    /// A POST with an `application/x-www-form-urlencoded` body.
    static func formPost(to url: URL, _ fields: [(String, String)]) -> Outgoing {
        let head = HTTPRequest(
            method: .post, url: url,
            headerFields: [.contentType: "application/x-www-form-urlencoded", .accept: "application/json"])
        return Outgoing(head, body: Data(formBody(fields).utf8))
    }

    /// `name=value&…`, form-encoded.
    static func formBody(_ fields: [(String, String)]) -> String {
        fields.map { "\(formEncoded($0.0))=\(formEncoded($0.1))" }.joined(separator: "&")
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

    /// Throws unless a secret may travel to `url` (``SecretDestination``):
    /// checked where each request to a provider is built, whatever checked
    /// the URL before.
    static func requireSafe(_ url: URL, _ name: String) throws {
        guard SecretDestination.permits(url) else { throw SignInError.insecureEndpoint(name: name) }
    }

    /// A URL from the provider that a secret may travel to (``SecretDestination``).
    static func endpoint(_ text: String?, name: String) throws -> URL? {
        guard let text else { return nil }
        guard let url = URL(string: text) else {
            throw SignInError.invalidResponse(from: "discovery", reason: "\(name) is not an http(s) URL")
        }
        do {
            try SecretDestination.check(url)
        } catch .plainHTTPToRemoteHost {
            throw SignInError.insecureEndpoint(name: name)
        } catch {
            throw SignInError.invalidResponse(from: "discovery", reason: "\(name) is not an http(s) URL")
        }
        return url
    }
}
