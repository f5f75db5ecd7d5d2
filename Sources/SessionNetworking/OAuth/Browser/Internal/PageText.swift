import SessionSupport

/// The words of the browser pages, in English and Japanese. Reasons from
/// errors stay in English, as they do on the terminal.
struct PageText {
    let japanese: Bool
    let app: String
    let terminal: Bool

    init(_ pages: SignInPages) {
        japanese = LanguageTag.isJapanese(pages.language)
        app = pages.appName
        terminal = pages.returnsToTerminal
    }

    private func pick(_ english: String, _ japanese: String) -> String {
        self.japanese ? japanese : english
    }

    /// Where the person goes back to: the terminal, or the app's window.
    private var back: String { terminal ? pick("the terminal", "ターミナル") : app }

    /// The title and paragraphs of one page.
    struct Page {
        let title: String
        let paragraphs: [String]
        /// Success, failure, or neither (a page that changes nothing).
        let tone: Tone
    }

    enum Tone {
        case success, failure, neutral
    }

    func signedIn(account: String?, server: String) -> Page {
        let who =
            account.map {
                pick("\(app) is signed in as \($0) on \(server).", "\(app) は \(server) に \($0) としてサインインしました。")
            } ?? pick("\(app) is signed in on \(server).", "\(app) は \(server) にサインインしました。")
        return Page(
            title: pick("Signed in", "サインインしました"),
            paragraphs: [
                who, pick("You can close this window and return to \(back).", "このウィンドウを閉じて、\(back)に戻ってください。"),
            ],
            tone: .success)
    }

    /// After RP-initiated logout: the provider came back, so it ended its session.
    func signedOut(issuer: String) -> Page {
        Page(
            title: pick("Signed out", "サインアウトしました"),
            paragraphs: [
                pick(
                    "\(issuer) ended your session there and sent the browser back to \(app), "
                        + "which had already removed its own session. The next sign-in asks who you are again.",
                    "\(issuer) はそこでのセッションを終了し、ブラウザーを \(app) に戻しました。\(app) 自身のセッションはすでに削除されています。次のサインインでは、もう一度本人確認が求められます。"
                ),
                pick("You can close this window and return to \(back).", "このウィンドウを閉じて、\(back)に戻ってください。"),
            ],
            tone: .success)
    }

    var denied: Page {
        Page(
            title: pick("Sign-in cancelled", "サインインはキャンセルされました"),
            paragraphs: [
                pick(
                    "The sign-in was cancelled or denied at the provider, so \(app) saved nothing. "
                        + "An earlier session, if there was one, is unchanged.",
                    "プロバイダーでサインインがキャンセルまたは拒否されたため、\(app) は何も保存していません。以前のセッションはそのままです。"),
                pick("To try again, start the sign-in again in \(back).", "やり直すには、\(back)でもう一度サインインしてください。"),
            ], tone: .failure)
    }

    func failed(_ reason: String) -> Page {
        Page(
            title: pick("Sign-in failed", "サインインに失敗しました"),
            paragraphs: [
                reason,
                pick(
                    "\(app) saved nothing, and \(back) shows the same message. "
                        + "Fix the cause, then start the sign-in again.",
                    "\(app) は何も保存していません。\(back)にも同じメッセージが表示されています。原因を直してから、もう一度サインインしてください。"),
            ], tone: .failure)
    }

    var pending: Page {
        Page(
            title: pick("Finishing the sign-in", "サインインを完了しています"),
            paragraphs: [
                pick(
                    "The browser part of the sign-in is done. \(app) is still finishing it; "
                        + "the result will be shown in \(back).",
                    "ブラウザーでの手続きは終わりました。\(app) が処理を続けています。結果は\(back)に表示されます。"),
                pick("You can close this window.", "このウィンドウは閉じてかまいません。"),
            ], tone: .neutral)
    }

    var notThisSignIn: Page {
        Page(
            title: pick("Not the sign-in \(app) is waiting for", "\(app) が待っているサインインではありません"),
            paragraphs: [
                pick(
                    "This link belongs to another sign-in, or to an older one, so \(app) ignored it and changed nothing.",
                    "このリンクは別の、または以前のサインインのものなので、\(app) は無視し、何も変更していません。"),
                startOver,
            ], tone: .neutral)
    }

    var repeated: Page {
        Page(
            title: pick("This answer was refused", "この応答は受け付けられませんでした"),
            paragraphs: [
                pick(
                    "The address repeats a parameter or cannot be read, which a real sign-in never does, "
                        + "so \(app) ignored it and changed nothing.",
                    "アドレスのパラメーターが重複しているか読み取れません。正規のサインインではありえないため、\(app) は無視し、何も変更していません。"),
                startOver,
            ], tone: .neutral)
    }

    var finished: Page {
        Page(
            title: pick("This sign-in has already finished", "このサインインはすでに終了しています"),
            paragraphs: [
                pick(
                    "\(app) already received the answer to this sign-in; its result is shown in \(back).",
                    "\(app) はこのサインインの応答をすでに受け取りました。結果は\(back)に表示されています。"),
                pick(
                    "To sign in again, start the sign-in again in \(back).",
                    "もう一度サインインするには、\(back)で再度サインインしてください。"),
            ], tone: .neutral)
    }

    /// What a browser that does not follow the forward sees.
    var forwarding: Page {
        Page(
            title: pick("Continuing at the provider", "プロバイダーへ進みます"),
            paragraphs: [pick("Your browser is being sent on to the provider.", "ブラウザーをプロバイダーへ送っています。")],
            tone: .neutral)
    }

    var notFound: Page {
        Page(
            title: pick("Nothing here", "ここには何もありません"),
            paragraphs: [
                pick(
                    "\(app) only listens here for the end of a sign-in.",
                    "\(app) はここでサインインの完了だけを待ち受けています。")
            ], tone: .neutral)
    }

    private var startOver: String {
        pick(
            "Return to \(back) and open the link it shows, or start the sign-in again.",
            "\(back)に戻って表示されているリンクを開くか、もう一度サインインしてください。")
    }
}
