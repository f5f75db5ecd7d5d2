// The words of `WhoamiCommand`, each key beside its English and its Japanese text.
extension MessageKey {
    static var whoamiSummary: MessageKey {
        MessageKey(
            "Show who the provider says the session's account is.",
            "アカウントの情報をプロバイダーに問い合わせて表示します。")
    }
    static var whoamiDiscussion: MessageKey {
        MessageKey(
            "Asks the session's provider, at its OpenID Connect userinfo endpoint (found by discovery), with the session's access token, refreshed first when it is due. The token goes to the provider only. A session made from a pasted token (login --with-token) has no provider to ask.\n\n--json prints one object with these keys, absent values null: sub, preferred_username, name, email, issuer.\n\nThe session is the default one, or the one --server and --account (or SESSION_CLI_SERVER and SESSION_CLI_ACCOUNT) select for this run.",
            "セッションのプロバイダーの OpenID Connect userinfo エンドポイント (ディスカバリーで探します) に、セッションのアクセストークンを付けて問い合わせます。期限が近いトークンは先に更新します。トークンを送る先はプロバイダーだけです。貼り付けたトークン (login --with-token) のセッションには問い合わせ先のプロバイダーがありません。\n\n--json は次のキーを持つオブジェクトを 1 つ出力します (値がないときは null): sub、preferred_username、name、email、issuer。\n\n使うのはデフォルトのセッションか、この実行で --server と --account (または SESSION_CLI_SERVER と SESSION_CLI_ACCOUNT) が選んだセッションです。"
        )
    }
    static var whoamiNotSaid: MessageKey {
        MessageKey(
            "not said",
            "返されていません")
    }
    static var whoamiName: MessageKey {
        MessageKey(
            "Name",
            "名前")
    }
    static var whoamiEmail: MessageKey {
        MessageKey(
            "E-mail",
            "メール")
    }
    static var whoamiSubject: MessageKey {
        MessageKey(
            "Subject",
            "サブジェクト")
    }
}

extension ErrorKey {
    static var whoamiNoProvider: ErrorKey {
        ErrorKey(
            .failure,
            "{session} has no provider to ask: its token was pasted (login --with-token); sign in with login --device or --web to use whoami",
            "{session} には問い合わせるプロバイダーがありません。トークンが貼り付けられたセッションです (login --with-token)。whoami を使うには login --device か --web でサインインしてください"
        )
    }
}

extension WhoamiCommand {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var words: WordCatalog {
        WordCatalog(
            "whoami",
            words: [
                .whoamiSummary,
                .whoamiDiscussion,
                .whoamiNotSaid,
                .whoamiName,
                .whoamiEmail,
                .whoamiSubject,
            ],
            errors: [
                .whoamiNoProvider
            ])
    }
}
