import Foundation
import Session

/// A secret store of your own: each session's secrets in a folder only
/// you can read, one file per generation, apart from the session file.
/// (An Apple app keeps them in the Keychain the same way; see the
/// catalog's "Keeping the secrets elsewhere".)
///
/// ```swift
/// let store = FileLoginStateStore(fileURL: sessionFile, secrets: FolderSecretStore(folder: vault))
/// var credential = Credential(token: token, account: "alice", server: server)
/// credential.secretsLocation = .keyring   // kept apart from the file: in the folder
/// try store.save(credential)
/// ```
struct FolderSecretStore: SecretStore {
    let folder: URL

    func save(_ secrets: SessionSecrets, for session: SessionKey, generation: String) throws {
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = self.file(session, generation)
        // 0600 before the first byte is written.
        guard
            FileManager.default.createFile(
                atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path]) }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.write(contentsOf: JSONEncoder().encode(secrets))
        try handle.synchronize()
    }

    func secrets(for session: SessionKey, generation: String) throws -> SessionSecrets? {
        guard let data = FileManager.default.contents(atPath: file(session, generation).path) else {
            return nil
        }
        return try JSONDecoder().decode(SessionSecrets.self, from: data)
    }

    func removeSecrets(for session: SessionKey, keeping generation: String?) throws {
        let prefix = name(session) + "."
        let kept = generation.map { prefix + $0 }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(prefix) && name != kept {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The session's files start with a name made of its key, safe in a file name.
    private func name(_ session: SessionKey) -> String {
        Data(session.description.utf8).base64EncodedString()
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "=", with: "")
    }

    private func file(_ session: SessionKey, _ generation: String) -> URL {
        folder.appendingPathComponent(name(session) + "." + generation)
    }
}
