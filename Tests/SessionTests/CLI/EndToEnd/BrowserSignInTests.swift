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

    @Test(.tags(.browser, .pypi), .timeLimit(.minutes(3)))
    func approvingSavesTheSessionAndThePageSaysWhoSignedIn() async throws {
        let (login, page, issuer) = try await signIn(cancel: false, language: "en")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(page.consent == "authorized")
        #expect(page.lang == "en")
        #expect(page.title == "Signed in – session-cli")
        #expect(page.text.contains("session-cli is signed in as alice on \(issuer.absoluteString)."))
        #expect(try FileLoginStateStore(fileURL: cli.defaultStore).load().credential?.account == "alice")
    }

    @Test(.tags(.browser, .pypi), .timeLimit(.minutes(3)))
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
}
