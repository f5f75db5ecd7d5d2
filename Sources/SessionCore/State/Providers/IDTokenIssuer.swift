package import SessionSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which `iss` an ID token of a provider may name (OpenID Connect Core
/// §3.1.3.7, item 2): the issuer exactly as the provider's discovery
/// document spells it, or a spelling its profile knows.
///
/// - Google's tokens may name `accounts.google.com` without the scheme
///   (``ProviderProfile/idTokenIssuerAliases``), for Google's issuer only.
/// - Microsoft's `common` and `organizations` documents name
///   `https://login.microsoftonline.com/{tenantid}/v2.0`: a token must then
///   name that with its own `tid` in place of `{tenantid}`, and a `tid` that
///   is not a tenant ID refuses it. The placeholder never means "any issuer".
///
/// ```swift
/// IDTokenIssuer(provider).accepts(claims)
/// ```
package struct IDTokenIssuer: Sendable, Hashable {
    /// The issuer as the discovery document spells it, `{tenantid}` and all.
    let expected: String
    /// Other spellings the provider's profile knows.
    let aliases: [String]

    /// The issuer `issuer`, spelled `documentIssuer` by its discovery
    /// document when that differs, with the aliases of its profile.
    package init(issuer: URL, documentIssuer: String? = nil) {
        expected = documentIssuer ?? issuer.absoluteString
        aliases = ProviderProfile.matching(issuer)?.idTokenIssuerAliases ?? []
    }

    /// What `provider`'s ID tokens may name.
    package init(_ provider: OAuthProvider) {
        self.init(issuer: provider.issuer, documentIssuer: provider.idTokenIssuer)
    }

    /// Whether `claims` name this issuer.
    package func accepts(_ claims: JSONObject) -> Bool {
        guard case .string(let named)? = claims["iss"] else { return false }
        let placeholder = ProviderProfile.tenantPlaceholder
        guard expected.contains(placeholder) else { return named == expected || aliases.contains(named) }
        guard case .string(let tenant)? = claims["tid"],
            ProviderProfile.isTenantID(Substring(tenant))
        else { return false }
        return named == expected.replacing(placeholder, with: tenant)
    }
}
