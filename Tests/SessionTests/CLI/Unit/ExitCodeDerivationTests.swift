import Foundation
import SessionCLIKit
import SessionCore
import Testing

/// A command's documented exit codes are those of the errors it can throw:
/// every error its folder's code throws is in a catalog the command names,
/// comes out of the one funnel with a code its help lists, and the
/// library's errors come out of it with their group's codes.
@Suite struct ExitCodeDerivationTests {
    /// Every error key's name, by the file that declares it.
    static func declaredErrors() throws -> [(path: String, names: Set<String>)] {
        try CatalogSourceTests.toolFiles().map { file in
            (
                file.path,
                Set(
                    try CatalogSourceTests.matches(
                        #"^\s*(?:package )?static var (\w+): ErrorKey \{"#, in: file.text))
            )
        }.filter { !$0.names.isEmpty }
    }

    /// The error keys declared in `catalog`'s file.
    static func names(in catalog: WordCatalog, _ declared: [(path: String, names: Set<String>)]) -> Set<
        String
    > {
        let name = String(catalog.file.split(separator: "/").last ?? "")
        return declared.first { $0.path.hasSuffix("/" + name) }?.names ?? []
    }

    /// Every error key by its name, from the catalogs' files: the names in
    /// the order each file declares them, paired with its catalog's errors,
    /// which keep that order.
    static func errorsByName() throws -> [String: ErrorKey] {
        let declared = try declaredErrors()
        // Read once: a catalog's file is looked up among them for each catalog.
        let files = try CatalogSourceTests.toolFiles()
        var byName: [String: ErrorKey] = [:]
        for catalog in WordCatalog.all {
            let file = try #require(
                CatalogSourceTests.file(of: catalog, in: files), "\(catalog.name): no file")
            let names = try CatalogSourceTests.matches(
                #"^\s*(?:package )?static var (\w+): ErrorKey \{"#, in: file.text)
            #expect(names.count == catalog.errors.count, "\(file.path): \(names.count) errors declared")
            for (name, key) in zip(names, catalog.errors) { byName[name] = key }
        }
        #expect(byName.count == declared.reduce(0) { $0 + $1.names.count })
        return byName
    }

    /// The files of a command's folder (its words' folder), but its words.
    static func folderFiles(of type: any Command.Type) throws -> [(path: String, text: String)] {
        let files = try CatalogSourceTests.toolFiles()
        let folder =
            try #require(CatalogSourceTests.file(of: type.words, in: files)).path
            .split(separator: "/").dropLast().joined(separator: "/") + "/"
        return files.filter { $0.path.hasPrefix(folder) && !$0.path.hasSuffix("Words.swift") }
    }

    @Test(arguments: CommandTable.commands.map { $0.spec.name })
    func everyErrorAFolderThrowsIsInACatalogItNames(command: String) throws {
        let type = try #require(CommandTable.commands.first { $0.spec.name == command })
        let declared = try Self.declaredErrors()
        let every = declared.reduce(into: Set<String>()) { $0.formUnion($1.names) }
        let named = type.spec.failures.reduce(into: Set<String>()) {
            $0.formUnion(Self.names(in: $1, declared))
        }
        for file in try Self.folderFiles(of: type) {
            for used in try CatalogSourceTests.matches(#"(?<![\w.])\.(\w+)\b"#, in: file.text)
            where every.contains(used) && !named.contains(used) {
                Issue.record("\(file.path) throws .\(used), in no catalog \(command) names in its failures")
            }
        }
    }

    /// Every error a command's folder throws, put through the one funnel,
    /// ends with a code the command's help lists.
    @Test(arguments: CommandTable.commands.map { $0.spec.name })
    func documentedCodesAreWhatItsErrorsMapTo(command: String) throws {
        let type = try #require(CommandTable.commands.first { $0.spec.name == command })
        let errors = try Self.errorsByName()
        var thrown = 0
        for file in try Self.folderFiles(of: type) {
            for used in try CatalogSourceTests.matches(#"(?<![\w.])\.(\w+)\b"#, in: file.text) {
                guard let key = errors[used] else { continue }
                thrown += 1
                let code = ErrorReport.cliError(for: CLIError(key)).code
                #expect(
                    type.spec.exitCodes.contains(code),
                    "\(file.path): .\(used) ends \(command) with \(code.rawValue), which its help does not list"
                )
            }
        }
        // A command with errors of its own throws them, or this proves nothing of it.
        if !type.words.errors.isEmpty { #expect(thrown > 0) }
    }

    /// What the library throws comes out of the funnel with the code of the
    /// shared group that words it, so a command that names the group
    /// documents the code.
    @Test func theLibrarysErrorsEndWithTheirGroupsCodes() {
        let samples: [(any Error, WordCatalog)] = [
            (SessionFileError.corrupt(path: "/s", reason: "x"), .store),
            (SessionFileError.io(path: "/s", operation: "write", code: 28), .store),
            (StoreBusyError(lockPath: "/s.lock", waited: 5), .storeLock),
            (KeyringError.locked, .keyring), (KeyringError.cancelled(promptLeftOpen: false), .keyring),
            (KeyringError.missingSecret(item: "access token"), .keyring),
            (LoginStateStoreError.tooManySessions(limit: 1000), .session),
            (ConnectionError(.connectionRefused, origin: "https://a.example"), .network),
            (ConnectionError(.caFileUnusable(path: "/ca", why: "x")), .network),
        ]
        for (error, group) in samples {
            let code = ErrorReport.cliError(for: error).code
            #expect(
                group.exitCodes.contains(code),
                "\(type(of: error)) ends with \(code), not a code of \(group.name)")
        }
        // An error nobody words is the one internal error, and says its type only.
        struct Unknown: Error {}
        #expect(ErrorReport.cliError(for: Unknown()).code == .software)
    }
}
