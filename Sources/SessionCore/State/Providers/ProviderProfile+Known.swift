#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The four providers most people sign in at, each as its documentation says
// and as the widely used clients cope with it (golang/oauth2's
// `endpoints/endpoints.go`, gh's `cli/oauth`, MSAL, google-auth-library).
// What every provider may bend (forms, numbers as strings, errors with 200)
// is read by the one reader of answers, not here.
extension ProviderProfile {
    /// GitHub: no discovery document with endpoints (docs.github.com,
    /// "Authorizing OAuth apps"); the account is `login` at
    /// `GET https://api.github.com/user`; the token is for the API and for
    /// git at github.com; no client may revoke its grant (RFC 7009): a
    /// person does at github.com/settings/applications.
    public static let github = ProviderProfile(
        named: "github", displayName: "GitHub", issuer: known("https://github.com"),
        publishesDiscovery: false,
        endpoints: Endpoints(
            authorization: known("https://github.com/login/oauth/authorize"),
            token: known("https://github.com/login/oauth/access_token"),
            deviceAuthorization: known("https://github.com/login/device/code"),
            userinfo: known("https://api.github.com/user")),
        hosts: ["github.com", "api.github.com"], server: known("https://api.github.com"),
        gitServers: [known("https://github.com")], accountClaim: "login",
        grantsPage: known("https://github.com/settings/applications"))

    /// GitLab.com: discovery without the device endpoint (GitLab 17.x;
    /// kubelogin#1584), which is `/oauth/authorize_device`; git takes an
    /// OAuth token as the password of `oauth2` (GitLab's `lib/gitlab/auth.rb`);
    /// `openid` for its userinfo.
    public static let gitlab = ProviderProfile(
        named: "gitlab", displayName: "GitLab", issuer: known("https://gitlab.com"),
        endpoints: Endpoints(deviceAuthorization: known("https://gitlab.com/oauth/authorize_device")),
        hosts: ["gitlab.com"], gitUsername: "oauth2", defaultScopes: ["openid", "profile", "email"],
        requiredScopes: ["openid"])

    /// Google: discovery at accounts.google.com, endpoints at
    /// oauth2.googleapis.com and openidconnect.googleapis.com; its APIs at
    /// www.googleapis.com; a refresh token in the browser only with
    /// `access_type=offline`, and again only with `prompt=consent`; ID
    /// tokens whose `iss` may lack the scheme; revoking one token ends the
    /// whole grant (developers.google.com/identity/protocols/oauth2).
    public static let google = ProviderProfile(
        named: "google", displayName: "Google", issuer: known("https://accounts.google.com"),
        hosts: ["accounts.google.com", "oauth2.googleapis.com", "openidconnect.googleapis.com"],
        server: known("https://www.googleapis.com"), defaultScopes: ["openid", "email"],
        requiredScopes: ["openid", "email"],
        authorizationParameters: [Parameter(name: "access_type", value: "offline")], defaultPrompt: .consent,
        clientAuthentication: .clientSecretPost,
        idTokenIssuerAliases: ["accounts.google.com"], sharesOneGrant: true)

    /// Microsoft Entra ID: the `organizations` tenant unless another is
    /// given as its issuer; the common documents name the `{tenantid}`
    /// template; a refresh token only with `offline_access`; redirects at
    /// `localhost` (any port); no revocation endpoint; userinfo and the
    /// token's usual API at graph.microsoft.com (learn.microsoft.com,
    /// "Microsoft identity platform and OAuth 2.0").
    public static let microsoft = ProviderProfile(
        named: "microsoft", displayName: "Microsoft",
        issuer: known("https://login.microsoftonline.com/organizations/v2.0"),
        hosts: ["login.microsoftonline.com", "graph.microsoft.com"],
        server: known("https://graph.microsoft.com"),
        defaultScopes: ["openid", "profile", "offline_access", "User.Read"],
        requiredScopes: ["openid", "profile", "offline_access"], redirectHost: .localhost, hasTenants: true)

    private init(
        named name: String, displayName: String, issuer: URL, publishesDiscovery: Bool = true,
        endpoints: Endpoints = Endpoints(), hosts: Set<String>, server: URL? = nil, gitServers: [URL] = [],
        gitUsername: String? = nil, defaultScopes: [String] = [], requiredScopes: [String] = [],
        authorizationParameters: [Parameter] = [], defaultPrompt: SignInPrompt? = nil,
        clientAuthentication: ClientAuthenticationMethod? = nil, redirectHost: LoopbackRedirect.Host? = nil,
        accountClaim: String? = nil,
        idTokenIssuerAliases: [String] = [], hasTenants: Bool = false, grantsPage: URL? = nil,
        sharesOneGrant: Bool = false
    ) {
        self.name = name
        self.displayName = displayName
        self.issuer = issuer
        self.publishesDiscovery = publishesDiscovery
        self.endpoints = endpoints
        self.hosts = hosts
        self.server = server
        self.gitServers = gitServers
        self.gitUsername = gitUsername
        self.defaultScopes = defaultScopes
        self.requiredScopes = requiredScopes
        self.authorizationParameters = authorizationParameters
        self.defaultPrompt = defaultPrompt
        self.clientAuthentication = clientAuthentication
        self.redirectHost = redirectHost
        self.accountClaim = accountClaim
        self.idTokenIssuerAliases = idTokenIssuerAliases
        self.hasTenants = hasTenants
        self.grantsPage = grantsPage
        self.sharesOneGrant = sharesOneGrant
    }
}

/// A URL written here, which is one.
private func known(_ text: String) -> URL {
    guard let url = URL(string: text) else { preconditionFailure("\(text) is not a URL") }
    return url
}
