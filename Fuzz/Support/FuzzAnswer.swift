// What the provider-answer targets share: a provider's metadata and an
// answer with a given status and body.
import Foundation
import SessionNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

    static func make(status: Int, body: Data) -> SequenceResponse {
        let url = metadata.tokenEndpoint
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)
        else { preconditionFailure("cannot build a response") }
        return SequenceResponse(request: URLRequest(url: url), response: response, body: body)
    }
}
