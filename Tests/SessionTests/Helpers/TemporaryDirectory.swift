import Foundation

/// A fresh folder under the system's temporary directory, removed with the object.
final class TemporaryDirectory: Sendable {
    let url: URL
    var path: String { url.path }

    init() {
        PoolWatch.start()
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("session-tests-" + UUID().uuidString, isDirectory: true)
        precondition(mkdir(url.path, 0o700) == 0, "cannot create \(url.path): errno \(errno)")
    }

    deinit {
        // A test may have made something read-only; give it back before removing.
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        try? FileManager.default.removeItem(at: url)
    }

    func file(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }

    /// Every regular file below the folder, with its bytes.
    func allFiles() -> [(path: String, data: Data)] {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
        return enumerator.compactMap { entry in
            guard let relative = entry as? String else { return nil }
            let full = path + "/" + relative
            guard let data = FileManager.default.contents(atPath: full) else { return nil }
            return (full, data)
        }
    }
}

/// Writes a program the test will run: created 0755 with `O_CLOEXEC`, so
/// that no child another test starts meanwhile inherits the open file,
/// which would make running it fail with "Text file busy" (Foundation's
/// writes and copies leave their descriptor to be inherited).
func writeExecutable(_ contents: Data, to url: URL) throws {
    let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    var offset = 0
    while offset < contents.count {
        let written = contents[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        offset += written
    }
    _ = fchmod(fd, 0o755)
}

/// The mode bits of a path (not following a link), as `stat` reports them.
func permissions(ofPath path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
}

extension Data {
    /// Whether the bytes of `needle` appear anywhere in the data.
    func contains(bytesOf needle: String) -> Bool {
        range(of: Data(needle.utf8)) != nil
    }
}
