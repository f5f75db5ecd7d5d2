/// The words one place of the tool declares: a command's folder, or a group
/// several commands share, so the catalog's tests reach every key.
///
/// A command's words are its `words` (``Command/words``); the groups that
/// several commands use by reference are ``shared``. A key written inline
/// (an option's help, an exit code's meaning) is reached through what
/// declares it, not through a catalog.
package struct WordCatalog: Sendable {
    /// What the words belong to, as a test's failure names it.
    package let name: String
    /// The file that declares them (`Module/File.swift`): a test reads it to
    /// check that no key it declares is missing from ``words``.
    package let file: String
    /// Every key the file declares.
    package let words: [MessageKey]

    /// The catalog called `name`: `words`, declared in the file it is made in.
    package init(_ name: String, _ words: [MessageKey], file: String = #fileID) {
        self.name = name
        self.words = words
        self.file = file
    }

    /// The groups several commands share, each in the folder of what it is about.
    package static let shared: [WordCatalog] = [
        .tool, .session, .libraryErrors, .network, .signIn, .environment,
    ]

    /// Every catalog: the shared groups and each command's own.
    package static var all: [WordCatalog] {
        shared + CommandTable.commands.map { $0.words }
    }
}
