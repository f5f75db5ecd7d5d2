package import SessionCore

extension Message {
    /// Where a machine's platform token comes from, in words: "the file
    /// /var/run/…", "GitHub Actions (audience …)", "the variable NAME".
    package static func assertionSource(_ source: AssertionSource) -> Message {
        switch source.kind {
        case .file(let path): Message(.assertionFromFile, ["path": path])
        case .githubActions(let audience?): Message(.assertionFromGitHubAudience, ["audience": audience])
        case .githubActions(nil): Message(.assertionFromGitHub)
        case .environment(let name): Message(.assertionFromVariable, ["name": name])
        case .application(let name): Message(.assertionFromApplication, ["name": name])
        }
    }
}
