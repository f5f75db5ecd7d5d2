#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Every limit, deadline and margin of the library and the command-line
/// tool, in one place: what a server, a file or a person can make them hold,
/// and how long anything may take. The code uses these names; the guides
/// link here instead of repeating the numbers.
///
/// ```swift
/// let store = FileLoginStateStore(fileURL: url, lockTimeout: SessionLimits.lockTimeout)
/// SessionLimits.refreshDeadline < .seconds(Int64(SessionLimits.lockTimeout))   // true: a writer outwaits a refresh
/// ```
public enum SessionLimits {
    // MARK: Tokens and sessions

    /// The longest token, in bytes: 8192. Longer is not a bearer token but a mistake.
    public static let tokenLength = 8192

    /// The longest lifetime a token may be given or claim: ten years, in
    /// seconds. A longer `expires_in` from a provider, or `--expires-in` at
    /// the tool, is a broken provider or a typo.
    public static let longestTokenLifetime: TimeInterval = 315_360_000

    /// The most sessions one store keeps side by side: 1000.
    public static let sessionCount = 1000

    /// The longest a session file may be: 32 MiB, room for
    /// ``sessionCount`` sessions with tokens of ``tokenLength``. A session
    /// is a few hundred bytes; a file this large is not a session file.
    public static let sessionFileSize = 32 << 20

    // MARK: Answers

    /// The most bytes of an identity provider's answer held (discovery,
    /// tokens, userinfo, revocation): 1 MiB. A larger answer is refused as
    /// it arrives.
    public static let providerAnswerSize = 1 << 20

    /// The most bytes of an API answer a ``Request`` holds by default:
    /// 16 MiB, room for any JSON answer an API sends. A streamed body is not
    /// held, so not limited.
    public static let responseBodySize = 16 << 20

    /// The most bytes of a file the command-line tool puts into a request
    /// as a field's value (`api -F key=@file`): 16 MiB. A larger body is
    /// sent with `api --input FILE`, which streams it.
    package static let fieldFileSize = 16 << 20

    /// The most requests one run of a request sequence sends, unless the
    /// sequence says otherwise: 1000. A sequence that never finishes ends there.
    public static let sequenceSteps = 1000

    /// The longest OAuth `error_description` shown, in characters: 200.
    package static let errorDescriptionLength = 200

    // MARK: Waits

    /// How long a writer waits for another process's lock on a session
    /// file: 40 s, longer than a refresh may hold it (``refreshDeadline``
    /// twice: a refresh whose answer was lost is sent once more under the
    /// same lock), so a logout started during a slow refresh waits it out.
    public static let lockTimeout: TimeInterval = 40

    /// The longest a writer may be told to wait for the lock: an hour.
    /// ``FileLoginStateStore`` clamps a longer `lockTimeout` to it, and the
    /// tool refuses a longer `SESSION_CLI_LOCK_TIMEOUT`.
    public static let longestLockTimeout: TimeInterval = 3600

    /// How long one refresh may take, from its first byte sent to its answer
    /// read, whatever the provider does: 15 s. The store's lock is held
    /// meanwhile, and through one more attempt when the answer may have been lost.
    public static let refreshDeadline: Duration = .seconds(15)

    /// How long a revocation at logout may take: 5 s. The local session is
    /// gone by then anyway.
    public static let revocationDeadline: Duration = .seconds(5)

    /// How long one exchange with the provider may take during a sign-in
    /// (discovery, a device poll, the code exchange, userinfo): 30 s.
    public static let signInExchangeDeadline: Duration = .seconds(30)

    /// How long a revocation may go without receiving a byte: 5 s, inside
    /// its overall deadline.
    package static let idleTimeout: TimeInterval = 5

    /// How long a refresh may go without receiving a byte: its whole
    /// ``refreshDeadline``. Its answer may be the only copy of a rotated
    /// refresh token, so a slow one is waited for.
    package static let refreshIdleTimeout = TimeInterval(refreshDeadline.components.seconds)

    /// How long any other request may go without receiving a byte, by
    /// default (`URLSessionTransport`): 30 s. An idle limit, not an
    /// overall one.
    public static let requestIdleTimeout: TimeInterval = 30

    /// How long one call to the system keyring (the Secret Service on the
    /// session D-Bus) may take: 5 s. Neither the bus nor the keyring times
    /// a call out by itself.
    public static let keyringCallDeadline: Duration = .seconds(5)

    /// How long a command waits for the keyring to be unlocked at its
    /// prompt: 2 minutes, then it fails rather than wait for ever.
    public static let keyringUnlockWait: Duration = .seconds(120)

    /// The most redirects followed for one request: 10.
    public static let redirects = 10

    /// How long a browser sign-in waits for the browser to come back: 5 minutes.
    public static let browserWait: Duration = .seconds(300)

    /// How long the sign-in listener holds the browser's page for the
    /// outcome (the session saved, or why not) before it answers that the
    /// app will show it: 20 s.
    public static let pageOutcomeWait: Duration = .seconds(20)

    // MARK: Refresh

    /// The longest refresh margin: an access token is due at most 60 s
    /// before it expires, and at most half its lifetime
    /// (``Credential/isDue(at:)``).
    public static let refreshMargin: TimeInterval = 60

    /// The refresh loop guard: at most this many refreshes of one session …
    package static let refreshesPerWindow = 5

    /// … within this many seconds, counted in the session itself, so across
    /// processes too.
    package static let refreshWindow: TimeInterval = 30

    /// How many of a session's refresh times it keeps for the loop guard: 10.
    package static let refreshHistory = 10

    // MARK: What outside bytes may hold
    //
    // The bounds every parser of outside bytes keeps to: the session bus, a
    // browser's request to the sign-in listener, a provider's fields, git's
    // credential input, a person's answers. Package-only: they are the
    // parsers' business, named here so there is one place to read them.

    /// How deep any nested value may go (JSON, D-Bus): 64. (The JSON reader,
    /// below this module in `SessionSupport`, keeps the same number.)
    /// The most bytes of an HTTP answer's head (status line and headers) a transport reads.
    package static let responseHeadSize = 256 << 10
    /// The most header fields of an HTTP answer a transport reads.
    package static let responseHeaderCount = 500
    package static let nestingDepth = 64
    /// The most connections the sign-in listener holds open at once: 16.
    package static let listenerConnections = 16
    /// The longest request head the sign-in listener reads: 16 KiB.
    package static let listenerRequestHead = 16_384
    /// How long a connection to the sign-in listener has to send its request head: 1 s.
    package static let listenerRequestDeadline = Duration.seconds(1)
    /// The longest device-flow user code shown: 64 characters.
    package static let userCodeLength = 64
    /// The longest device code or verification address taken from a provider: 2048 characters.
    package static let deviceCodeLength = 2048
    /// The longest a device code may claim to live: a day, in seconds.
    package static let deviceCodeLifetime = 86_400
    /// The longest authorization code taken from the browser: 4096 characters.
    package static let authorizationCodeLength = 4096
    /// The longest account name taken from a provider or a person: 256 characters.
    package static let accountNameLength = 256
    /// The longest line git sends a credential helper, its line feed included: 64 KiB.
    package static let gitCredentialLine = 65_536
    /// The most bytes of credential input read from git: 1 MiB.
    package static let gitCredentialInput = 1 << 20
    /// The most bytes of git's error output kept: 64 KiB.
    package static let gitErrorOutput = 65_536
    /// The longest answer read at a numbered prompt (`switch`): 64 characters.
    package static let promptAnswerLength = 64
}
