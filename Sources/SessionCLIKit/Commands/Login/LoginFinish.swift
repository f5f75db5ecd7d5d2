import SessionCore
import SessionSupport

/// The end every login shares: the credential saved where it belongs (a
/// new grant revoked if the keyring would not keep it), what was done said
/// in words, and the grant of a session it replaced revoked.
struct LoginFinish {
    let store: FileLoginStateStore
    let secrets: SecretsLocation?
    /// The network, when the login has it (a sign-in, or a replaced grant to revoke).
    let network: (any Network)?
    let context: CommandContext

    /// Logs in with `provider`; `signedIn` when the credential comes from a provider's sign-in.
    func run(_ provider: any CredentialProvider, signedIn: Bool) throws -> ExitCode {
        // A keyring that cannot be used fails the login before the sign-in,
        // or the token read, so before any grant exists.
        if secrets == .keyring { try store.keyring.prepare() }
        let target = LoginTarget(store, secrets: secrets)
        let state: LoginState
        do {
            state = try waitFor { try await Login(provider: provider).perform(with: target) }
        } catch let error as KeyringError {
            // Signed in, but the keyring would not keep it: the new grant is revoked, not left alive.
            if let network, let unsaved = target.unsaved, unsaved.provider?.revocationEndpoint != nil {
                context.report(try waitFor { await network.revoke(unsaved) })
            }
            throw error
        }
        if let credential = state.credential { context.say(loggedIn(credential, signedIn: signedIn)) }
        if target.saved?.secretsLocation == .keyring { context.say(.loginTokensInKeyring) }
        if let replaced = target.replaced {
            context.say(Message(.loginReplaced, messages: ["session": ErrorReport.describe(replaced.key)]))
            // One grant per app and account (Google): revoking the old tokens would end the new ones.
            let sharesTheGrant =
                replaced.provider?.profile?.sharesOneGrant == true
                && replaced.provider?.issuer == state.credential?.provider?.issuer
                && replaced.provider?.clientID == state.credential?.provider?.clientID
            if sharesTheGrant, let profile = replaced.provider?.profile {
                context.say(.loginGrantShared, ["provider": profile.displayName])
            }
            // The grant this login replaces is revoked, not left alive at the provider.
            if let network, !sharesTheGrant, let issuer = replaced.provider?.issuer,
                replaced.provider?.revocationEndpoint != nil,
                replaced.refreshToken == nil || replaced.refreshToken != state.credential?.refreshToken
            {
                let revocation =
                    if replaced.holdsStandIns {
                        // Never sent: what stands in for tokens the keyring could not give.
                        Revocation.failed(
                            issuer: issuer.absoluteString, reason: Message(.revocationKeyringUnreadableShort))
                    } else {
                        try waitFor { await network.revoke(replaced) }
                    }
                context.report(revocation)
            }
        }
        let others = try store.readSessions().entries.count - 1
        if others == 1 {
            context.say(.loginOneOtherKept)
        } else if others > 1 {
            context.say(.loginOthersKept, ["count": String(others)])
        }
        return .success
    }

    /// "Logged in as alice on https://api.example.com.", or what is known of it, each case in its own words.
    private func loggedIn(_ credential: Credential, signedIn: Bool) -> Message {
        switch (credential.account, credential.server?.absoluteString) {
        case (let account?, let server?): Message(.loggedInAs, ["account": account, "server": server])
        case (nil, let server?):
            Message(signedIn ? .loggedInProviderNamedNoAccount : .loggedInNoAccountGiven, ["server": server])
        case (let account?, nil): Message(.loggedInAsNoServer, ["account": account])
        case (nil, nil): Message(.loggedInNoServerNoAccount)
        }
    }
}
