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
        named: "github", displayName: "GitHub", issuer: "https://github.com",
        publishesDiscovery: false,
        authorization: "https://github.com/login/oauth/authorize",
        token: "https://github.com/login/oauth/access_token",
        deviceAuthorization: "https://github.com/login/device/code",
        userinfo: "https://api.github.com/user",
        hosts: ["github.com", "api.github.com"], server: "https://api.github.com",
        gitServers: ["https://github.com"], accountClaim: "login",
        grantsPage: "https://github.com/settings/applications")

    /// GitLab.com: discovery without the device endpoint (GitLab 17.x;
    /// kubelogin#1584), which is `/oauth/authorize_device`; git takes an
    /// OAuth token as the password of `oauth2` (GitLab's `lib/gitlab/auth.rb`);
    /// `openid` for its userinfo.
    public static let gitlab = ProviderProfile(
        named: "gitlab", displayName: "GitLab", issuer: "https://gitlab.com",
        deviceAuthorization: "https://gitlab.com/oauth/authorize_device",
        hosts: ["gitlab.com"], gitUsername: "oauth2", defaultScopes: ["openid", "profile", "email"],
        requiredScopes: ["openid"])

    /// Google: discovery at accounts.google.com, endpoints at
    /// oauth2.googleapis.com and openidconnect.googleapis.com; its APIs at
    /// www.googleapis.com; a refresh token in the browser only with
    /// `access_type=offline`, and again only with `prompt=consent`; ID
    /// tokens whose `iss` may lack the scheme; revoking one token ends the
    /// whole grant (developers.google.com/identity/protocols/oauth2).
    public static let google = ProviderProfile(
        named: "google", displayName: "Google", issuer: "https://accounts.google.com",
        hosts: ["accounts.google.com", "oauth2.googleapis.com", "openidconnect.googleapis.com"],
        server: "https://www.googleapis.com", defaultScopes: ["openid", "email"],
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
        issuer: "https://login.microsoftonline.com/organizations/v2.0",
        hosts: ["login.microsoftonline.com", "graph.microsoft.com"],
        server: "https://graph.microsoft.com",
        defaultScopes: ["openid", "profile", "offline_access", "User.Read"],
        requiredScopes: ["openid", "profile", "offline_access"], redirectHost: .localhost, hasTenants: true)

    /// A profile, its URLs as written (each is parsed when it is read).
    private init(
        named name: String, displayName: String, issuer: String, publishesDiscovery: Bool = true,
        authorization: String? = nil, token: String? = nil, deviceAuthorization: String? = nil,
        userinfo: String? = nil, hosts: [String], server: String? = nil, gitServers: [String] = [],
        gitUsername: String? = nil, defaultScopes: [String] = [], requiredScopes: [String] = [],
        authorizationParameters: [Parameter] = [], defaultPrompt: SignInPrompt? = nil,
        clientAuthentication: ClientAuthenticationMethod? = nil, redirectHost: LoopbackRedirect.Host? = nil,
        accountClaim: String? = nil, idTokenIssuerAliases: [String] = [], hasTenants: Bool = false,
        grantsPage: String? = nil, sharesOneGrant: Bool = false
    ) {
        self.name = name
        self.displayName = displayName
        issuerText = issuer
        self.publishesDiscovery = publishesDiscovery
        // In the order of Endpoints' properties; no known provider lists a revocation endpoint by hand.
        endpointTexts = [authorization, token, deviceAuthorization, nil, userinfo]
        self.hosts = hosts
        serverText = server
        gitServerTexts = gitServers
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
        grantsPageText = grantsPage
        self.sharesOneGrant = sharesOneGrant
    }
}
