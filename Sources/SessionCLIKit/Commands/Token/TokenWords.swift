// The words of `TokenCommand`, each key beside its English and its Japanese text.
extension MessageKey {
    static var tokenSummary: MessageKey {
        MessageKey(
            "Print the access token, refreshed first when needed (for scripts).",
            "アクセストークンを出力します。必要なら先に更新します (スクリプト向け)。")
    }
    static var tokenDiscussion: MessageKey {
        MessageKey(
            "The token and a newline go to standard output; nothing else does. A token that expires within {margin} s (or half its lifetime, when that is shorter) is refreshed first, under the store's lock, so many processes refresh once. SESSION_CLI_TOKEN, when set, is printed instead of the stored session's token.\n\nThe session is the default one, or the one --server and --account (or SESSION_CLI_SERVER and SESSION_CLI_ACCOUNT) select for this run.",
            "標準出力にはトークンと改行だけを出力します。{margin} 秒以内 (または有効期間の半分のほうが短ければその時間内) に期限が切れるトークンは、保存先のロックを取ってから先に更新するので、多くのプロセスが同時に実行しても更新は 1 回です。SESSION_CLI_TOKEN が設定されていれば、保存されたセッションのトークンの代わりにそれを出力します。\n\n使うのはデフォルトのセッションか、この実行で --server と --account (または SESSION_CLI_SERVER と SESSION_CLI_ACCOUNT) が選んだセッションです。"
        )
    }
}

extension ErrorKey {
    static var tokenDPoPNonceNeedsProof: ErrorKey {
        ErrorKey(
            .usage,
            "--dpop-nonce goes with --dpop-proof METHOD URL",
            "--dpop-nonce は --dpop-proof METHOD URL と一緒に使います")
    }
    static var tokenDPoPNonceBad: ErrorKey {
        ErrorKey(
            .usage,
            "--dpop-nonce needs the nonce as the server sent it: 1 to 512 printable ASCII characters, no space",
            "--dpop-nonce にはサーバーが送ったとおりのノンスが必要です: 空白を含まない 1〜512 文字の印字可能な ASCII 文字")
    }
    static var tokenURLNeedsDPoPProof: ErrorKey {
        ErrorKey(
            .usage,
            "token takes a URL only with --dpop-proof METHOD",
            "token が URL を取るのは --dpop-proof METHOD と一緒のときだけです")
    }
    static var tokenDPoPProofNeedsURL: ErrorKey {
        ErrorKey(
            .usage,
            "--dpop-proof METHOD needs the request's URL after it",
            "--dpop-proof METHOD の後にリクエストの URL が必要です")
    }
    static var tokenDPoPProofBadURL: ErrorKey {
        ErrorKey(
            .usage,
            "--dpop-proof needs the request's whole URL (http or https, with a host)",
            "--dpop-proof にはリクエストの完全な URL (http か https、ホスト付き) が必要です")
    }
    static var tokenNotBound: ErrorKey {
        ErrorKey(
            .usage,
            "the session is not bound to a key; --dpop-proof is for a session from login --dpop",
            "このセッションは鍵に束縛されていません。--dpop-proof は login --dpop のセッション用です")
    }
    static var tokenBoundToKey: ErrorKey {
        ErrorKey(
            .usage,
            "the session's token is bound to its DPoP key and is refused without a proof of that key; use session-cli api, which signs each request, or token --dpop-proof METHOD URL",
            "このセッションのトークンは DPoP 鍵に束縛されており、その鍵の証明なしでは拒否されます。リクエストごとに署名する session-cli api か、token --dpop-proof METHOD URL を使ってください"
        )
    }
}

extension TokenCommand {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var words: WordCatalog {
        WordCatalog(
            "token",
            words: [
                .tokenSummary,
                .tokenDiscussion,
            ],
            errors: [
                .tokenDPoPNonceNeedsProof,
                .tokenDPoPNonceBad,
                .tokenURLNeedsDPoPProof,
                .tokenDPoPProofNeedsURL,
                .tokenDPoPProofBadURL,
                .tokenNotBound,
                .tokenBoundToKey,
            ])
    }
}
