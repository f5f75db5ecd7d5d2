import Foundation
import Session
import SessionSupport
import SessionSystem

/// Writes what each hook saw into a shared log, tagged with its name.
struct RecordingBehavior: RequestBehavior {
    let name: String
    let log: Locked<[String]>
    var headers: [String: String] = [:]

    func additionalHeaders(for request: HTTPRequest) async throws -> [String: String] {
        log.withLock { $0.append("\(name).headers") }
        return headers
    }

    func beforeSend(_ request: HTTPRequest) async {
        log.withLock { $0.append("\(name).beforeSend") }
    }

    func afterSuccess(_ response: HTTPResponse, data: Data, for request: HTTPRequest) async {
        log.withLock { $0.append("\(name).afterSuccess") }
    }

    func afterFailure(_ error: NetworkError, for request: HTTPRequest) async {
        log.withLock { $0.append("\(name).afterFailure(\(Self.kind(of: error)))") }
    }

    static func kind(of error: NetworkError) -> String {
        switch error {
        case .transport: "transport"
        case .status(let code, _): "status \(code)"
        case .decoding: "decoding"
        case .invalidRequest: "invalidRequest"
        case .cancelled: "cancelled"
        }
    }
}
