import SessionCore

extension SessionSet.Entry {
    /// The origins git uses this session's token at: its provider's git
    /// servers (GitHub's token is for `api.github.com` and for git at
    /// `github.com`), else its server's own. For `git-credential` and `setup-git`.
    var gitOrigins: [String] {
        let servers = (try? credential())?.provider?.profile?.gitServers ?? []
        let origins = servers.compactMap { SessionKey(server: $0, account: nil).origin }
        return origins.isEmpty ? [key.origin].compactMap { $0 } : origins
    }
}
