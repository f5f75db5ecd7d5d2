#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The one place that decides, from the stored state, which button a UI shows
/// and what pressing it does.
///
/// Logged in with an unexpired session gives ``Logout``, and so does a
/// session whose access token expired but that can refresh it
/// (``Credential/canRefresh``); logged out or expired for good gives ``Login``. Views and the command-line tool never branch on the state
/// themselves: they show the strategy's label in its color and call
/// ``loginOrLogout()``.
///
/// ```swift
/// let usecase = LoginUsecase(repository: store, provider: signInProvider)
/// let strategy = try usecase.strategy()        // Login: blue, "Log in"
/// try await usecase.loginOrLogout()            // saves the provider's credential
/// try usecase.strategy().label(for: Locale(identifier: "ja_JP"))   // "ログアウト"
/// ```
public struct LoginUsecase: Sendable {
    private let repository: any LoginStateRepository
    private let provider: (any CredentialProvider)?
    private let now: @Sendable () -> Date
    /// The writes this usecase makes (``loginOrLogout()``), for its
    /// ``statuses()``, shared by its copies: seen even in a store that
    /// cannot tell when it changed.
    private let ownWrites = ChangeSignal()

    /// - Parameters:
    ///   - repository: Where the session is kept.
    ///   - provider: Where a login gets its credential.
    ///   - now: The clock expiry is judged by (a fixed one in tests).
    public init(
        repository: any LoginStateRepository, provider: any CredentialProvider,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.repository = repository
        self.provider = provider
        self.now = now
    }

    /// A usecase that decides the button from the store alone: for a status
    /// screen, a menu bar item or the command-line tool's `status`, which show
    /// the button but never log in.
    ///
    /// Its ``Login`` strategy has the label, color and action of any other,
    /// but pressing it throws ``LoginUsecaseError/noCredentialProvider``.
    ///
    /// ```swift
    /// let status = try LoginUsecase(repository: store).status()
    /// ```
    /// - Parameters:
    ///   - repository: Where the session is kept.
    ///   - now: The clock expiry is judged by (a fixed one in tests).
    public init(repository: any LoginStateRepository, now: @escaping @Sendable () -> Date = { Date() }) {
        self.repository = repository
        self.provider = nil
        self.now = now
    }

    /// Reads the store and decides the phase and the button.
    ///
    /// The session is read without its secrets
    /// (``LoginStateRepository/sessionSummary()``): a session that keeps them
    /// in the keyring is shown without asking it.
    ///
    /// - Throws: What the store throws when it cannot be read.
    public func status() throws -> LoginStatus {
        Self.status(of: try repository.sessionSummary(), at: now(), provider: provider)
    }

    /// The phase and the button for `state` at `date`: the one rule, for a
    /// state read elsewhere (each session of a list). The status keeps the
    /// credential for its caller.
    package static func status(of state: LoginState, at date: Date, provider: (any CredentialProvider)? = nil)
        -> LoginStatus
    {
        status(
            of: state.credential.map(SessionSummary.init), credential: state.credential, at: date,
            provider: provider)
    }

    private static func status(
        of session: SessionSummary?, credential: Credential? = nil, at date: Date,
        provider: (any CredentialProvider)?
    ) -> LoginStatus {
        let login = Login(provider: provider ?? MissingCredentialProvider())
        guard let session else {
            return LoginStatus(phase: .loggedOut, session: nil, strategy: login, checkedAt: date)
        }
        return session.isUsable(at: date)
            ? LoginStatus(
                phase: .loggedIn, session: session, credential: credential, strategy: Logout(),
                checkedAt: date)
            : LoginStatus(
                phase: .expired, session: session, credential: credential, strategy: login, checkedAt: date)
    }

    /// The button to show now: ``Logout`` for an unexpired session, ``Login`` otherwise.
    public func strategy() throws -> any LoginStrategy {
        try status().strategy
    }

    /// Presses the button: logs in when logged out or expired, logs out when logged in.
    ///
    /// - Returns: The state the store is left in.
    @discardableResult
    public func loginOrLogout() async throws -> LoginState {
        defer { ownWrites.send() }
        // Read where a wait holds no cooperative thread, as the button's own save or clear is made.
        let session = try await repository.calling { try $0.sessionSummary() }
        return try await Self.status(of: session, at: now(), provider: provider).strategy.perform(
            with: repository)
    }

    /// The status now, then again each time it changes, until the task
    /// iterating it is cancelled (``LoginStatuses``).
    ///
    /// A write is seen when the store reports it
    /// (``LoginStateRepository/stateChanges()``: the file store reports
    /// every process's writes, the in-memory store its own), and when it is
    /// made by this usecase. The token expiring is seen by a timer set to
    /// its expiry, set again after each change. Nothing polls.
    ///
    /// ```swift
    /// let task = Task {
    ///     for try await status in LoginUsecase(repository: store).statuses() {
    ///         print(status.phase, status.strategy.label(forLanguage: "en"))
    ///     }
    /// }
    /// task.cancel()   // the watch, the timer and the task end with it
    /// ```
    public func statuses() -> LoginStatuses {
        // Set up before the first read, so no change after it goes unseen.
        let changes: AsyncStream<Void>
        do {
            changes = try repository.stateChanges()
        } catch {
            return LoginStatuses(AsyncThrowingStream { $0.finish(throwing: error) })
        }
        let usecase = self
        return LoginStatuses(
            Following.views(
                of: { try usecase.status() }, changes: changes, wakeUps: ownWrites.changes(),
                differs: { !$0.showsSame(as: $1) }, nextChange: { $0.nextChange }, now: now))
    }
}
