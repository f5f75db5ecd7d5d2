import Foundation
import Session
import SessionTestSupport
import Testing

/// `session-cli login --web` in a real browser: headless Chromium, driven
/// through the provider's real sign-in and consent pages to the tool's
/// loopback listener, whose final page is read as a person would see it.
///
/// Runs when Debian's `chromium` and `chromium-driver` are installed (CI
/// installs them); otherwise Swift Testing prints the one line of
/// the `.enabled` comment. With `SESSION_TESTS_REQUIRE_BROWSER=1` (set
/// by CI) a missing browser fails instead of skipping.
@Suite(
    .enabled(
        if: BrowserDriver.isInstalled || BrowserDriver.isRequired,
        "Chromium is not installed; run 'apt-get install chromium chromium-driver' to run the real-browser tests"
    ))
struct BrowserSignInTests {
    let cli = CommandRunner()

    func signIn(cancel: Bool, language: String) async throws -> (CommandResult, BrowserDriver.Page, URL) {
        try #require(
            BrowserDriver.isInstalled, "SESSION_TESTS_REQUIRE_BROWSER=1 but \(BrowserDriver.skipReason)")
        // The provider as django-oauth-toolkit ships: it advertises RFC 9207's
        // iss and sends it with a code, not with Cancel's error.
        let settings = ["PROVIDER_WEB_CONSENT": "1", "PROVIDER_ISS_PARAMETER": "1"]
        return try await withOAuthProvider(environment: settings) { provider in
            let running = try cli.start([
                "login", "--web", "--no-browser", "--issuer", provider.issuer.absoluteString, "--client-id",
                "cli-web",
                "--scope", "openid", "--scope", "profile", "--lang", language,
            ])
            let url = try #require(
                await running.waitForStderrLine(startingWith: "URL: ").flatMap(URL.init(string:)))
            let page = try await BrowserDriver.signIn(at: url, cancel: cancel)
            return (await running.finish(), page, provider.issuer)
        }
    }

    @Test(.tags(.browser, .pypi), .hangGuard)
    func approvingSavesTheSessionAndThePageSaysWhoSignedIn() async throws {
        let (login, page, issuer) = try await signIn(cancel: false, language: "en")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(page.consent == "authorized")
        #expect(page.lang == "en")
        #expect(page.title == "Signed in – session-cli")
        #expect(page.text.contains("session-cli is signed in as alice on \(issuer.absoluteString)."))
        #expect(try FileLoginStateStore(fileURL: cli.defaultStore).load().credential?.account == "alice")
    }

    @Test(.tags(.browser, .pypi), .hangGuard)
    func cancellingSavesNothingAndThePageSaysSo() async throws {
        let (login, page, _) = try await signIn(cancel: true, language: "ja")
        #expect(login.status == 77)
        // The terminal speaks the language the page does.
        #expect(login.stderr.contains("プロバイダーでサインインが拒否されました"))
        #expect(page.consent == "cancelled")
        #expect(page.lang == "ja")
        #expect(page.text.contains("サインインはキャンセルされました"))
        #expect(!page.text.contains("サインインしました"))
        #expect(!FileManager.default.fileExists(atPath: cli.defaultStore.path))
    }

    /// `logout --everywhere` in the browser the person signed in with
    /// (django-oauth-toolkit with RP-initiated logout, its confirmation
    /// page answered): the next `login --web` in that browser asks for the
    /// password again. A plain `logout` leaves the provider's session, so
    /// the sign-in after it does not ask: the difference is what is tested.
    @Test(.tags(.browser, .pypi), .hangGuard)
    func logoutEverywhereMakesTheNextSignInAskForThePassword() async throws {
        try #require(
            BrowserDriver.isInstalled, "SESSION_TESTS_REQUIRE_BROWSER=1 but \(BrowserDriver.skipReason)")
        try await withOAuthProvider { provider in
            let browser = try await BrowserDriver.Session()
            func signIn() async throws -> BrowserDriver.Session.Step {
                let running = try cli.start([
                    "login", "--web", "--no-browser", "--issuer", provider.issuer.absoluteString,
                    "--client-id",
                    "cli-web", "--scope", "openid", "--scope", "profile",
                ])
                let url = try #require(
                    await running.waitForStderrLine(startingWith: "URL: ").flatMap(URL.init(string:)))
                let step = try await browser.signIn(at: url)
                let login = await running.finish()
                #expect(step.ok && login.status == 0, "\(step.error ?? "") \(login.stderr)")
                return step
            }
            do {
                #expect(try await signIn().askedPassword == true, "the first sign-in asks")
                let plain = try await cli.run(["logout"])
                #expect(plain.status == 0)
                #expect(try await signIn().askedPassword == false, "the provider still knows the browser")

                let running = try cli.start(["logout", "--everywhere", "--no-browser"])
                let url = try #require(
                    await running.waitForStderrLine(startingWith: "URL: ").flatMap(URL.init(string:)))
                #expect(url.query == nil && url.host == "127.0.0.1", "the ID token is never on the terminal")
                let step = try await browser.logout(at: url, provider: provider.issuer)
                // The browser is done either way: a logout still waiting for it is interrupted.
                if !step.ok || step.confirmed != true { running.process.send(SIGINT) }
                let logout = await running.finish()
                #expect(step.ok && step.confirmed == true, "\(step.error ?? "") at \(step.url ?? "")")
                #expect(step.text?.contains("ended your session there") == true, "\(step.text ?? "")")
                #expect(logout.status == 0, "\(logout.stderr)")
                #expect(logout.stderr.contains("Revoked the grant at \(provider.issuer.absoluteString)"))
                #expect(logout.stderr.contains("Signed out at \(provider.issuer.absoluteString) too."))
                let left = try FileLoginStateStore(fileURL: cli.defaultStore).load()
                #expect(left == .loggedOut, "the local session is gone")

                #expect(
                    try await signIn().askedPassword == true, "after --everywhere the provider asks again")
            } catch {
                await browser.stop()
                throw error
            }
            await browser.stop()
        }
    }
}
