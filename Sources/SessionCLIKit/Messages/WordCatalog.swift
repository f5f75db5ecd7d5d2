/// The words one place of the tool declares: a command's folder, or a group
/// several commands share, so the catalog's tests reach every key.
///
/// A command's words are its `words` (``Command/words``); the groups that
/// several commands use by reference are ``shared``. A key declared beside
/// what says it (an option's help, an exit code's meaning) is reached
/// through the options and the exit codes, not through a catalog.
package struct WordCatalog: Sendable {
    /// What the words belong to, as a test's failure names it.
    package let name: String
    /// The file that declares them (`Module/File.swift`): a test reads it to
    /// check that no key it declares is missing from ``words``.
    package let file: String
    /// Every key of words the file declares.
    package let words: [MessageKey]
    /// Every error the file declares: its words and its exit code.
    package let errors: [ErrorKey]
    /// The statuses what uses these words ends with that no error's key
    /// gives: a signal at a prompt.
    package let statuses: [ExitCode]

    /// The catalog called `name`: `words` and `errors`, declared in the file it is made in.
    package init(
        _ name: String, words: [MessageKey], errors: [ErrorKey], statuses: [ExitCode] = [],
        file: String = #fileID
    ) {
        self.name = name
        self.words = words
        self.errors = errors
        self.statuses = statuses
        self.file = file
    }

    /// Every key, the errors' words included.
    package var keys: [MessageKey] { words + errors.map(\.words) }

    /// The exit codes its errors end with, and its other statuses.
    package var exitCodes: Set<ExitCode> { Set(errors.map(\.exitCode) + statuses) }

    /// The groups several commands share, each in the folder of what it is about.
    package static var shared: [WordCatalog] {
        [
            .tool, .session, .store, .storeLock, .keyring, .input, .prompt, .companion, .network, .signIn,
            .environment,
        ]
    }

    /// Every catalog: the shared groups and each command's own.
    package static var all: [WordCatalog] {
        shared + CommandTable.commands.map { $0.words }
    }
}
