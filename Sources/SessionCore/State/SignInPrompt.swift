/// What a browser sign-in asks the provider to show, whatever the browser
/// remembers (OpenID Connect Core §3.1.2.1, `prompt`): so a second account
/// can sign in while the browser is still signed in as the first.
///
/// ```swift
/// let flow = AuthorizationCodeFlow(configuration: configuration, prompt: .selectAccount) { _ in }
/// ```
public enum SignInPrompt: String, Sendable, Hashable, CaseIterable {
    /// Sign in again, even with a session at the provider.
    case login
    /// Choose among the accounts the browser knows.
    case selectAccount = "select_account"
    /// Ask for consent again.
    case consent
}
