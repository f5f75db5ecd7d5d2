import Foundation
import SessionTestSupport
import Testing

/// `session-cli` starts like a small tool because it links FoundationEssentials
/// only: no FoundationInternationalization, no ICU (about 50 MB the loader
/// would map and relocate at every start). A later import of `Foundation`
/// anywhere in its graph brings them back; this test notices.
@Suite struct CLILinkageTests {
    static let forbiddenLibraries = [
        "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
    ]
    static let icuPrefixes = ["ucal_", "udat_", "ubrk_", "ucol_", "unum_"]

    /// What `tool arguments…` prints.
    func output(_ tool: String, _ arguments: [String]) async throws -> String {
        let process = try ChildProcess(["/usr/bin/env", tool] + arguments, stdout: .pipe, stderr: .null)
        let data = try await offThePool { try process.readStandardOutput() }
        try #require(await process.exitStatus() == 0, "\(tool) failed")
        return String(decoding: data, as: UTF8.self)
    }

    #if os(Linux)
        @Test func sessionCLILinksNeitherFoundationNorICU() async throws {
            let binary = Executables.sessionCLI.path
            let needed = try await output("readelf", ["-d", binary]).split(separator: "\n").filter {
                $0.contains("(NEEDED)")
            }
            #expect(
                needed.contains { $0.contains("libFoundationEssentials.so") }, "links FoundationEssentials")
            for library in Self.forbiddenLibraries {
                #expect(!needed.contains { $0.contains("[\(library)]") }, "session-cli links \(library)")
            }
            let symbols = try await output("nm", ["-D", binary]).split(separator: "\n")
            let icu = symbols.filter { line in Self.icuPrefixes.contains { line.contains(" \($0)") } }
            #expect(icu.isEmpty, "session-cli refers to ICU: \(icu.prefix(3))")
        }

        /// The networking companion sends with the system's libcurl through the
        /// library's own HTTP types: neither FoundationNetworking nor the rest of
        /// Foundation (and its ICU) is in any binary of the tool.
        @Test func theCompanionLinksLibcurlAndFoundationEssentialsOnly() async throws {
            // The other side of the split: without this the test above could pass
            // by looking at the wrong file.
            let needed = try await output("readelf", ["-d", Executables.sessionCLIAPI.path])
            #expect(needed.contains("[libcurl.so"))
            #expect(
                !needed.contains("[libFoundationNetworking.so]"), "session-cli-api links FoundationNetworking"
            )
            // Like session-cli, FoundationEssentials only: no ICU to map at every start.
            for library in Self.forbiddenLibraries {
                #expect(!needed.contains("[\(library)]"), "session-cli-api links \(library)")
            }
            let symbols = try await output("nm", [Executables.sessionCLIAPI.path])
            #expect(
                !symbols.contains("20FoundationNetworking"), "session-cli-api refers to FoundationNetworking")
        }
    #endif
}
