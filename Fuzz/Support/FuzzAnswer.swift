// What the provider-answer targets share: a provider's metadata and an
// answer with a given status and body.
import Foundation
import SessionHTTP
import SessionNetworking

enum FuzzAnswer {
    static let metadata: ProviderMetadata = {
        guard let issuer = URL(string: "https://login.example.com"),
            let metadata = try? ProviderMetadata(
                issuer: issuer, authorizationEndpoint: issuer.appendingPathComponent("authorize"),
                tokenEndpoint: issuer.appendingPathComponent("token"),
                deviceAuthorizationEndpoint: issuer.appendingPathComponent("device"),
                userinfoEndpoint: issuer.appendingPathComponent("userinfo"))
        else { preconditionFailure("the fuzz provider's endpoints are https") }
        return metadata
    }()

    /// Microsoft's `organizations` tenant, whose document names the `{tenantid}` template.
    static let microsoft: URL = {
        guard let url = URL(string: "https://login.microsoftonline.com/organizations/v2.0") else {
            preconditionFailure("the tenant's issuer is a URL")
        }
        return url
    }()

    /// The content types an answer may say it has: none, JSON, a form (GitHub's
    /// default), or plain text (read as a form unless it is a JSON object).
    static let contentTypes: [String?] = [
        nil, "application/json", "application/x-www-form-urlencoded; charset=utf-8", "text/plain",
    ]

    static func make(status: Int, body: Data, contentType: String? = nil) -> SequenceResponse {
        let url = metadata.tokenEndpoint
        var fields = HTTPFields()
        if let contentType { fields[.contentType] = contentType }
        let response = HTTPResponse(
            status: .init(code: status), headerFields: fields, version: "HTTP/1.1", url: url)
        return SequenceResponse(request: HTTPRequest(url: url), response: response, body: body)
    }
}
