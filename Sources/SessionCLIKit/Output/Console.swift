import Foundation

#if canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#elseif canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#endif

/// Where the tool writes: standard output for results, standard error for
/// errors and warnings, one line each.
public enum Console {
    public static func out(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    public static func error(_ text: String) {
        write(text + "\n", to: STDERR_FILENO)
    }

    /// Writes bytes to standard output as they are (a response body).
    public static func out(bytes: [UInt8]) {
        write(bytes[...], to: STDOUT_FILENO)
    }

    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    static func write(_ text: String, to fd: Int32) {
        write(Array(text.utf8)[...], to: fd)
    }

    private static func write(_ bytes: ArraySlice<UInt8>, to fd: Int32) {
        var bytes = bytes
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            bytes = bytes.dropFirst(count)
        }
    }
}
