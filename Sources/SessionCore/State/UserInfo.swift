/// What a provider says of the account a session belongs to: the standard
/// claims of its OpenID Connect userinfo endpoint. Each is `nil` when the
/// provider did not say it, or said something no terminal should be shown
/// (too long, or holding control characters).
///
/// ```swift
/// let info = try await credential.userInfo()
/// print(info.preferredUsername ?? info.subject)
/// ```
public struct UserInfo: Sendable, Hashable {
    /// The account's identifier at the provider (`sub`): always there.
    public let subject: String
    /// The account's short name (`preferred_username`).
    public let preferredUsername: String?
    /// The person's full name (`name`).
    public let name: String?
    /// The account's e-mail address (`email`).
    public let email: String?

    /// The claims of one account.
    public init(subject: String, preferredUsername: String? = nil, name: String? = nil, email: String? = nil)
    {
        self.subject = subject
        self.preferredUsername = preferredUsername
        self.name = name
        self.email = email
    }
}
