/// Words for a command line that a POSIX shell reads back as they are: the
/// helper `setup-git` writes for git to run, and the command `logout` prints
/// for a person to paste.
enum ShellWord {
    /// `text` in single quotes, each `'` in it closed, escaped and reopened.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// `word` bare when the shell reads it as it is (ASCII letters, digits
    /// and `-_./:@%+=,`), else ``quoted(_:)``: easier for a person to read.
    static func word(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || "-_./:@%+=,".utf8.contains(byte)
            }
        return plain ? word : quoted(word)
    }
}
