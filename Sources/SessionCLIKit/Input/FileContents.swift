import SessionSupport

/// A file a person named on the command line, read whole with a limit.
enum FileContents {
    /// The file's bytes; `nil` when it holds more than `limit`. `failure`
    /// makes the error from the system's words for why it cannot be read.
    static func read(_ path: String, limit: Int, failure: (String) -> CLIError) throws(CLIError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= limit {
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failure(String(cString: strerror(errno))) }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
        }
        return nil
    }
}
