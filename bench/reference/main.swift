// The floor `status` is measured against (bench/startup.sh): a static Swift
// program that imports only FoundationEssentials, reads the session file and
// prints three lines. It does no checking, no locking, no terminal handling.
import FoundationEssentials

struct Session: Decodable {
    var account: String?
    var server: String?
    var expiresAt: String?
}

let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "session.json"
let data = try Data(contentsOf: URL(fileURLWithPath: path))
let session = try JSONDecoder().decode(Session.self, from: data)
print("Logged in")
print("  account: \(session.account ?? "-")")
print("  server:  \(session.server ?? "-")")
