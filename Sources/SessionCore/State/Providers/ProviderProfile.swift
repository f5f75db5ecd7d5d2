#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What is known of an identity provider that bends the standard: the
/// endpoints it does not list, the hosts they live at, the scopes and
/// parameters that get a refresh token, where its token is used, and what a
/// logout can do there. One value per provider (``github``, ``gitlab``,
/// ``google``, ``microsoft``), found by its issuer: the sign-in flows read
/// its fields and never ask which provider they talk to.
///
/// Discovery (`ProviderMetadata.discover(issuer:)`) applies the profile of
/// the issuer it is given, so an app that signs in at
/// `https://accounts.google.com` gets Google's ways without naming them:
///
/// ```swift
/// let profile = ProviderProfile.matching(URL(string: "https://github.com")!)   // .github
/// profile?.server                                                           // https://api.github.com
/// ```
public struct ProviderProfile: Sendable, Hashable {
    /// The name `session-cli login --provider` takes: `github`.
    public let name: String
    /// The provider's own name: `GitHub`.
    public let displayName: String
    /// The issuer the profile signs in at when none is given (for
    /// ``microsoft``, the `organizations` tenant).
    public var issuer: URL { Self.url(issuerText) }
    /// Whether the provider publishes a discovery document at its issuer;
    /// without one (GitHub), its ``endpoints`` are all there is.
    public let publishesDiscovery: Bool
    /// The endpoints it does not list: each fills in what discovery lacks.
    public var endpoints: Endpoints { Endpoints(texts: endpointTexts) }
    /// The only hosts its endpoints may be at. An endpoint elsewhere
    /// (a discovery document that names another host) is refused, so the
    /// client's secret and the tokens go to the provider's own hosts only.
    public let hosts: [String]
    /// Where the session's token is used, when that is not the issuer's
    /// origin: the provider's API (`https://api.github.com`).
    public var server: URL? { serverText.map(Self.url) }
    /// Where git may use the session's token too, besides ``server``
    /// (`https://github.com`), and nowhere else.
    public var gitServers: [URL] { gitServerTexts.map(Self.url) }
    /// The user name git must send with the token, when the provider wants
    /// one (GitLab takes an OAuth token only as `oauth2`'s password).
    public let gitUsername: String?
    /// The scopes asked for when none is given.
    public let defaultScopes: [String]
    /// The scopes always asked for (Microsoft sends a refresh token only
    /// with `offline_access`, and MSAL always asks for `openid profile offline_access`).
    public let requiredScopes: [String]
    /// Parameters a browser sign-in adds to its request (Google sends a
    /// refresh token only with `access_type=offline`).
    public let authorizationParameters: [Parameter]
    /// What a browser sign-in asks the provider to show when the person
    /// names nothing (Google gives a refresh token again only with `consent`).
    public let defaultPrompt: SignInPrompt?
    /// How its client secret is sent, when discovery allows it (Google's
    /// documentation and golang/oauth2's `google.Endpoint` send it in the body).
    public let clientAuthentication: ClientAuthenticationMethod?
    /// The loopback host its redirects must name (Microsoft lets any port
    /// through for `localhost` only).
    public let redirectHost: LoopbackRedirect.Host?
    /// The claim that names the account, before the standard ones (GitHub's `login`).
    public let accountClaim: String?
    /// How else its ID tokens may spell the issuer (Google's
    /// `accounts.google.com`, without the scheme: google-auth-library accepts both).
    public let idTokenIssuerAliases: [String]
    /// Whether the issuer's first path segment is a tenant (Microsoft):
    /// every tenant's issuer at this host is this provider's, and a
    /// discovery document may name the `{tenantid}` template or the tenant's ID.
    public let hasTenants: Bool
    /// Where a person revokes the app's grant, when the provider lets no
    /// client do it (GitHub).
    public var grantsPage: URL? { grantsPageText.map(Self.url) }
    /// Whether every sign-in of one client and one account continues one
    /// grant at the provider (Google): revoking the tokens a new sign-in
    /// replaces would revoke the new ones too, so a login never does.
    public let sharesOneGrant: Bool

    // The URLs as written: parsing a URL costs `status` far more than the
    // rest of a profile, and it reads only a provider's name.
    let issuerText: String
    let endpointTexts: [String?]
    let serverText: String?
    let gitServerTexts: [String]
    let grantsPageText: String?

    /// A parameter of a request: a name and its value.
    public struct Parameter: Sendable, Hashable {
        /// The parameter's name: `access_type`.
        public let name: String
        /// Its value: `offline`.
        public let value: String
    }

    /// The endpoints a provider does not list in discovery.
    public struct Endpoints: Sendable, Hashable {
        /// Where the browser signs in.
        public let authorization: URL?
        /// Where codes and refresh tokens are exchanged for tokens.
        public let token: URL?
        /// Where the device flow starts.
        public let deviceAuthorization: URL?
        /// Where a grant is revoked.
        public let revocation: URL?
        /// Where the account is read (GitHub: `https://api.github.com/user`).
        public let userinfo: URL?

        /// The endpoints written in `texts`, in the order of the properties.
        init(texts: [String?]) {
            let urls = (0..<5).map { index in
                index < texts.count ? texts[index].map(ProviderProfile.url) : nil
            }
            (authorization, token, deviceAuthorization, revocation, userinfo) = (
                urls[0], urls[1], urls[2], urls[3], urls[4]
            )
        }
    }

    /// The profiles the tool and the library know, in the order help lists them.
    public static let all: [ProviderProfile] = [github, gitlab, google, microsoft]

    /// The profile named `name` (`github`), if there is one.
    public static func named(_ name: String) -> ProviderProfile? {
        all.first { $0.name == name.lowercased() }
    }

    /// The profile whose issuer `issuer` is: its own issuer (with or
    /// without a trailing slash), or for a provider with tenants any
    /// `https://HOST/TENANT/v2.0` at its host.
    public static func matching(_ issuer: URL) -> ProviderProfile? {
        // By the issuer's host first: reading a session of any other provider builds no profile
        // (`status` shows every session's provider, and a profile costs it a tenth of its start).
        let candidate: ProviderProfile? =
            switch issuer.host?.lowercased() {
            case "github.com": .github
            case "gitlab.com": .gitlab
            case "accounts.google.com": .google
            case "login.microsoftonline.com": .microsoft
            default: nil
            }
        return candidate.flatMap { $0.matches(issuer) ? $0 : nil }
    }

    /// Whether `issuer` is this provider's.
    public func matches(_ issuer: URL) -> Bool {
        guard issuer.scheme?.lowercased() == "https", issuer.port == nil || issuer.port == 443,
            issuer.host?.lowercased() == String(host), issuer.user == nil, issuer.query == nil,
            issuer.fragment == nil
        else { return false }
        guard hasTenants else { return Self.trimmed(issuer.path) == Self.trimmed(issuerPath) }
        let segments = issuer.path.split(separator: "/", omittingEmptySubsequences: false)
        // "", TENANT, "v2.0": a tenant is a name, a domain or an ID, never a path of its own.
        return segments.count == 3 && segments[2] == "v2.0" && Self.isTenant(segments[1])
    }

    /// Whether `url` is at one of the provider's ``hosts``: where its
    /// endpoints, its client's secret and its tokens may go.
    public func hosts(_ url: URL) -> Bool {
        hosts.contains(url.host?.lowercased() ?? "")
    }

    /// The issuer's host, as written: `github.com`.
    private var host: Substring { issuerText.dropFirst("https://".count).prefix { $0 != "/" } }

    /// The issuer's path, as written: empty for `https://github.com`.
    private var issuerPath: Substring { issuerText.dropFirst("https://".count).drop { $0 != "/" } }

    /// Whether a discovery document at `asked` may name `documentIssuer`
    /// instead of `asked` itself: for a provider with tenants, the
    /// `{tenantid}` template (the `common` and `organizations` tenants) or
    /// the tenant's ID (a tenant asked for by its domain name), at the same
    /// host and in the same shape; for any other provider, never.
    public func acceptsDocumentIssuer(_ documentIssuer: String, askedAt asked: URL) -> Bool {
        // Read as text: `{` and `}` are not URL characters, and the template is not a URL.
        let origin = "https://" + host
        guard hasTenants, matches(asked), documentIssuer.hasPrefix(origin + "/") else { return false }
        let segments = documentIssuer.dropFirst(origin.count + 1).split(
            separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 2, segments[1] == "v2.0" else { return false }
        return segments[0] == Self.tenantPlaceholder || Self.isTenantID(segments[0])
    }

    /// How a provider with tenants writes "the tenant of the token" in its
    /// common discovery documents: `{tenantid}`.
    public static let tenantPlaceholder = "{tenantid}"

    /// A tenant's ID: a GUID, as Microsoft gives them (`tid`).
    package static func isTenantID(_ text: Substring) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12]
            && groups.allSatisfy {
                $0.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            }
    }

    /// A tenant in an issuer's path: letters, digits, `.`, `-` and `_`.
    private static func isTenant(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 256
            && text.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                    || $0 == 0x2E || $0 == 0x2D || $0 == 0x5F
            }
    }

    private static func trimmed(_ path: some StringProtocol) -> Substring {
        let path = Substring(path)
        return path.hasSuffix("/") ? path.dropLast() : path
    }

    /// A URL written in a profile, which is one.
    static func url(_ text: String) -> URL {
        guard let url = URL(string: text) else { preconditionFailure("\(text) is not a URL") }
        return url
    }

    /// The scopes a sign-in asks for when the person asked for `given`:
    /// ``defaultScopes`` for none, then any of ``requiredScopes`` missing.
    public func scopes(given: [String]) -> [String] {
        let chosen = given.isEmpty ? defaultScopes : given
        return chosen + requiredScopes.filter { !chosen.contains($0) }
    }
}
