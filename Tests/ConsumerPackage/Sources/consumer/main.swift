import Dispatch
import Session

// FoundationEssentials, as a server app on Linux imports it: then Session
// brings no more of Foundation into the binary than the app does.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The consumer's own secret store: the secrets in a dictionary, as an app
/// keeps them in the Keychain. Only `Session`'s public API is used.
final class VaultStore: SecretStore, @unchecked Sendable {
    private let lock = DispatchQueue(label: "consumer.vault")
    private var vault: [String: SessionSecrets] = [:]

    func save(_ secrets: SessionSecrets, for session: SessionKey, generation: String) throws {
        lock.sync { vault["\(session)#\(generation)"] = secrets }
    }

    func secrets(for session: SessionKey, generation: String) throws -> SessionSecrets? {
        lock.sync { vault["\(session)#\(generation)"] }
    }

    func removeSecrets(for session: SessionKey, keeping generation: String?) throws {
        lock.sync {
            vault = vault.filter {
                !$0.key.hasPrefix("\(session)#") || $0.key == "\(session)#\(generation ?? "")"
            }
        }
    }

    var count: Int { lock.sync { vault.count } }
}

func fail(_ message: String) -> Never {
    let line = Array("consumer: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }
let vault = VaultStore()
let store = FileLoginStateStore(fileURL: folder.appendingPathComponent("session.json"), secrets: vault)
let secret = "consumer-secret-token-0123456789"
var credential = Credential(
    token: try AuthToken(secret), account: "alice", server: URL(string: "https://api.example.com"))
credential.secretsLocation = .keyring
try store.save(credential)

let file = try String(contentsOf: store.fileURL, encoding: .utf8)
if file.contains(secret) { fail("the token is in the session file") }
if vault.count != 1 { fail("the secret store holds \(vault.count) generations, not 1") }
// A listed session is a summary: it has no token to give, only what a person may see of one.
let listed = try store.sessions().map(\.summary)
if listed.map(\.tokenPreview) != ["cons********"] || listed.first?.account != "alice" {
    fail("sessions() listed \(listed.map(\.tokenPreview)), not the one session's redacted token")
}
guard try store.load().credential?.token.value == secret else { fail("load() did not give the token back") }

try store.clear()
if vault.count != 0 { fail("logout left \(vault.count) generations in the secret store") }
print("consumer: the session file and sessions() held no token; load() gave it back; logout left nothing")

// One request through NetworkClient with the session's token, to the loopback
// server check.sh started, whose port is in CONSUMER_SERVER_PORT: it answers
// 200 only to `Authorization: Bearer <the token>`.
if let port = ProcessInfo.processInfo.environment["CONSUMER_SERVER_PORT"] {
    guard let server = URL(string: "http://127.0.0.1:\(port)") else { fail("bad port \(port)") }
    var local = Credential(token: try AuthToken(secret), account: "alice", server: server)
    local.secretsLocation = .keyring
    try store.save(local)
    let client = NetworkClient(
        baseURL: server, transport: local.connection.transport(),
        behavior: AuthTokenHeaderBehavior(repository: store))
    let answer: String
    do {
        answer = String(decoding: try await client.send(Request<Data>.raw(path: "/whoami")), as: UTF8.self)
    } catch {
        fail("the request failed: \(error)")
    }
    guard answer == "alice's token" else { fail("the server answered \(answer.debugDescription)") }
    try store.clear()
    if vault.count != 0 { fail("logout left \(vault.count) generations in the secret store") }
    print("consumer: one request through NetworkClient carried the session's token")
}
