import SessionSupport
import SessionSystem

/// A file a person named on the command line, read whole with a limit
/// (``SmallFile``): a pipe (`<(command)`) too.
enum FileContents {
    /// The file's bytes; `nil` when it holds more than `limit`. `failure`
    /// makes the error from the system's words for why it cannot be read.
    static func read(_ path: String, limit: Int, failure: (String) -> CLIError) throws(CLIError) -> [UInt8]? {
        let file: SmallFile.Contents
        do {
            file = try SmallFile.read(path, limit: limit)
        } catch {
            throw failure(error.description)
        }
        return file.exceedsLimit ? nil : file.bytes
    }
}
