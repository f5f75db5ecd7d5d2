import Foundation
import SessionCLIKit
import SessionCore
import Testing

/// A command's documented exit codes are those of the errors it can throw:
/// every error its folder's code throws is in a catalog the command names,
/// and every error of those catalogs comes out of the one funnel with the
/// code the documentation gives.
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

    @Test(arguments: CommandTable.commands.map { $0.spec.name })
    func everyErrorAFolderThrowsIsInACatalogItNames(command: String) throws {
        let type = try #require(CommandTable.commands.first { $0.spec.name == command })
        let declared = try Self.declaredErrors()
        let every = declared.reduce(into: Set<String>()) { $0.formUnion($1.names) }
        let named = type.spec.failures.reduce(into: Set<String>()) {
            $0.formUnion(Self.names(in: $1, declared))
        }
        #expect(named.count >= type.words.errors.count)
        // The folder of the command's words is the command's folder.
        let wordsFile = String(type.words.file.split(separator: "/").last ?? "")
        let files = try CatalogSourceTests.toolFiles()
        let folder =
            try #require(files.first { $0.path.hasSuffix("/" + wordsFile) }).path
            .split(separator: "/").dropLast().joined(separator: "/") + "/"
        for file in files where file.path.hasPrefix(folder) && !file.path.hasSuffix("Words.swift") {
            for used in try CatalogSourceTests.matches(#"(?<![\w.])\.(\w+)\b"#, in: file.text)
            where every.contains(used) && !named.contains(used) {
                Issue.record("\(file.path) throws .\(used), in no catalog \(command) names in its failures")
            }
        }
    }

    /// Each error of a command's catalogs, thrown and put through the
    /// funnel, ends with a code the command's help lists; and each code it
    /// lists but 0 and its own outcomes is one an error of it ends with.
    @Test(arguments: CommandTable.commands.map { $0.spec.name })
    func documentedCodesAreWhatItsErrorsMapTo(command: String) throws {
        let spec = try #require(CommandTable.spec(named: command))
        var reached: Set<ExitCode> = [.success]
        for catalog in spec.failures {
            for key in catalog.errors {
                let code = ErrorReport.cliError(for: CLIError(key)).code
                #expect(spec.exitCodes.contains(code), "\(command): \(key.words.english) ends with \(code)")
                reached.insert(code)
            }
            reached.formUnion(catalog.statuses)
        }
        let unexplained = Set(spec.exitCodes).subtracting(reached).subtracting(
            command == "status" ? [.failure] : [])
        #expect(
            unexplained.isEmpty,
            "\(command) documents \(unexplained.map(\.rawValue)) that no error of it gives")
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
