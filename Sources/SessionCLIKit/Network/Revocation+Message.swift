extension Revocation {
    /// What standard error says of a revocation, at logout or when a login
    /// replaced a session: a plain line when it worked, a note or a warning
    /// (``CommandContext/warn(_:)``) when not.
    package var message: (Message, isWarning: Bool) {
        switch self {
        case .revoked(let issuer):
            (Message(.revocationDone, ["issuer": issuer]), false)
        case .notOffered(let issuer):
            (Message(.note, messages: ["text": Message(.revocationNotOffered, ["issuer": issuer])]), true)
        case .onlyByPerson(let provider, let page):
            (
                Message(
                    .note,
                    messages: [
                        "text": Message(.revocationOnlyByPerson, ["provider": provider, "page": page])
                    ]),
                true
            )
        case .timedOut(let issuer, let seconds):
            (
                Message(
                    .warning,
                    messages: [
                        "text": Message(.revocationTimedOut, ["issuer": issuer, "seconds": String(seconds)])
                    ]),
                true
            )
        case .failed(let issuer, let reason):
            (
                Message(
                    .warning,
                    messages: [
                        "text": Message(.revocationFailed, ["issuer": issuer], messages: ["reason": reason])
                    ]),
                true
            )
        }
    }
}

extension ProviderSignOut {
    /// What standard error says of `logout --everywhere` at the provider.
    package var message: (Message, isWarning: Bool) {
        switch self {
        case .signedOut(let issuer):
            (Message(.providerSignedOut, ["issuer": issuer]), false)
        case .notOffered(let issuer):
            (
                Message(.note, messages: ["text": Message(.providerSignOutNotOffered, ["issuer": issuer])]),
                true
            )
        case .noIDToken(let issuer):
            (Message(.note, messages: ["text": Message(.providerSignOutNoIDToken, ["issuer": issuer])]), true)
        case .noProvider:
            (Message(.note, messages: ["text": Message(.providerSignOutNoProvider)]), true)
        case .failed(let issuer, let reason, _):
            (
                Message(
                    .warning,
                    messages: [
                        "text": Message(
                            .providerSignOutFailed, ["issuer": issuer], messages: ["reason": reason])
                    ]),
                true
            )
        }
    }
}

extension CommandContext {
    /// Says how a revocation went, on standard error.
    package func report(_ revocation: Revocation) {
        let (message, isWarning) = revocation.message
        if isWarning { warn(message) } else { tell(message) }
    }

    /// Says how the logout at the provider went, on standard error.
    package func report(_ signOut: ProviderSignOut) {
        let (message, isWarning) = signOut.message
        if isWarning { warn(message) } else { tell(message) }
    }
}
