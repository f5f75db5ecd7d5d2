import Foundation
import SessionCore
import Testing

/// The strategy swap, run over both stores: the usecase must behave the same
/// whatever keeps the session.
@Suite struct LoginUsecaseTests {
    let english = Locale(identifier: "en_US")
    let japanese = Locale(identifier: "ja_JP")

    @Test(arguments: StoreKind.allCases)
    func loggedOutShowsABlueLoginButton(kind: StoreKind) throws {
        let (store, directory) = kind.makeStore()
        let strategy = try LoginUsecase(
            repository: store, provider: StaticCredentialProvider(Sample.credential())
        )
        .strategy()
        #expect(strategy.action == .logIn)
        #expect(strategy.color == .blue)
        #expect(strategy.label(for: english) == "Log in")
        #expect(strategy.label(for: japanese) == "ログイン")
        _ = directory
    }

    @Test(arguments: StoreKind.allCases)
    func pressingTheButtonLogsInThenOutAgain(kind: StoreKind) async throws {
        let (store, directory) = kind.makeStore()
        let credential = Sample.credential()
        let usecase = LoginUsecase(repository: store, provider: StaticCredentialProvider(credential))

        #expect(try await usecase.loginOrLogout() == .loggedIn(credential))
        #expect(try store.load() == .loggedIn(credential))
        let logout = try usecase.strategy()
        #expect(logout.action == .logOut)
        #expect(logout.color == .red)
        #expect(logout.label(for: english) == "Log out")
        #expect(logout.label(for: japanese) == "ログアウト")

        #expect(try await usecase.loginOrLogout() == .loggedOut)
        #expect(try store.load() == .loggedOut)
        #expect(try usecase.strategy().action == .logIn)
        _ = directory
    }

    @Test(arguments: StoreKind.allCases)
    func expiredSessionShowsLoginButtonAndLogsInAgain(kind: StoreKind) async throws {
        let (store, directory) = kind.makeStore()
        let now = Date()
        try store.save(Sample.credential(expiresAt: now))
        let fresh = Sample.credential(secret: Sample.otherSecret)
        let usecase = LoginUsecase(repository: store, provider: StaticCredentialProvider(fresh), now: { now })

        let status = try usecase.status()
        #expect(status.phase == .expired)
        #expect(status.strategy.action == .logIn)
        #expect(status.strategy.color == .blue)
        #expect(try await usecase.loginOrLogout() == .loggedIn(fresh))
        #expect(try usecase.status().phase == .loggedIn)
        _ = directory
    }

    @Test func otherLanguagesFallBackToEnglish() {
        for identifier in ["fr_FR", "de", "zh-Hans", "jv", ""] {
            let locale = Locale(identifier: identifier)
            #expect(Logout().label(for: locale) == "Log out")
            #expect(
                Login(provider: StaticCredentialProvider(Sample.credential())).label(for: locale) == "Log in")
        }
        #expect(Logout().label(for: Locale(identifier: "ja")) == "ログアウト")
    }

    @Test func colorTokensHaveTheirHexValues() {
        #expect(ColorToken.blue.hex == "#007AFF")
        #expect(ColorToken.red.hex == "#FF3B30")
        #expect(LoginAction.logIn.rawValue == "login")
        #expect(LoginAction.logOut.rawValue == "logout")
    }

    @Test func aFailingProviderSavesNothing() async throws {
        struct Refused: Error {}
        struct RefusingProvider: CredentialProvider {
            func credential() async throws -> Credential { throw Refused() }
        }
        let store = InMemoryLoginStateStore()
        let usecase = LoginUsecase(repository: store, provider: RefusingProvider())
        await #expect(throws: Refused.self) { try await usecase.loginOrLogout() }
        #expect(store.load() == .loggedOut)
    }

    /// An expired access token with a refresh token and a provider is still
    /// a session: Log out, refreshed on use. Without a way to refresh, it is
    /// expired: Log in.
    @Test func anExpiredSessionThatCanRefreshStaysLoggedIn() throws {
        let provider = OAuthProvider(
            issuer: url("https://login.example.com"), clientID: "c",
            tokenEndpoint: url("https://login.example.com/t"))
        var credential = Sample.credential(expiresAt: Date(timeIntervalSinceNow: -60))
        credential.provider = provider
        let refreshable = InMemoryLoginStateStore(.loggedIn(credential))
        let status = try LoginUsecase(repository: refreshable).status()
        #expect(status.phase == .loggedIn && status.refreshesOnUse)
        #expect(status.strategy.action == .logOut)
        #expect(try refreshable.isLoggedIn())

        credential.provider = nil
        let stuck = InMemoryLoginStateStore(.loggedIn(credential))
        let expired = try LoginUsecase(repository: stuck).status()
        #expect(expired.phase == .expired && !expired.refreshesOnUse)
        #expect(expired.strategy.action == .logIn)
        #expect(try !stuck.isLoggedIn())
    }

    /// A usecase made without a provider decides the button, and its Login
    /// says why it cannot log in.
    @Test func aUsecaseWithoutAProviderShowsTheButtonButCannotLogIn() async throws {
        let usecase = LoginUsecase(repository: InMemoryLoginStateStore())
        #expect(try usecase.strategy().action == .logIn)
        await #expect(throws: LoginUsecaseError.noCredentialProvider) { try await usecase.loginOrLogout() }
    }

    /// Labels by language code need no locale data (the command-line tool
    /// links FoundationEssentials only, where `Locale` cannot resolve "ja").
    @Test(arguments: [
        ("ja", "ログイン", "ログアウト"), ("ja_JP.UTF-8", "ログイン", "ログアウト"), ("ja-JP", "ログイン", "ログアウト"),
        ("en", "Log in", "Log out"), ("C", "Log in", "Log out"), ("", "Log in", "Log out"),
        ("jam", "Log in", "Log out"),
    ])
    func labelsByLanguageCode(code: String, login: String, logout: String) {
        #expect(
            Login(provider: StaticCredentialProvider(Sample.credential())).label(forLanguage: code) == login)
        #expect(Logout().label(forLanguage: code) == logout)
    }

    /// A strategy written before the code-based label gets it from its locale-based one.
    @Test func aStrategyWithOnlyALocaleLabelAnswersByCodeToo() {
        struct Custom: LoginStrategy {
            var action: LoginAction { .logIn }
            var color: ColorToken { .blue }
            func label(for locale: Locale) -> String { locale.identifier.hasPrefix("ja") ? "入る" : "Enter" }
            func perform(with repository: any LoginStateRepository) async throws -> LoginState { .loggedOut }
        }
        #expect(Custom().label(forLanguage: "ja") == "入る")
        #expect(Custom().label(forLanguage: "en") == "Enter")
    }
}
