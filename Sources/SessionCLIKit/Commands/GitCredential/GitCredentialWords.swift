// The words of `GitCredentialCommand`, each key beside its English and its Japanese text.
extension MessageKey {
    static var gitCredentialSummary: MessageKey {
        MessageKey(
            "git's credential helper: the session's token for its server.",
            "git の認証情報ヘルパー: セッションのトークンをそのサーバー用に渡します。")
    }
    static var gitCredentialDiscussion: MessageKey {
        MessageKey(
            "Speaks git's credential helper protocol (git-credential(1)): key=value lines on standard input, to a blank line or the end. 'session-cli setup-git' configures git to use it.\n\nget answers for the session whose server has the origin git asks for (protocol and host with its port, exactly; https, or http to this machine), refreshed first when it is due: the account as username (else x-access-token), the token as password, and its expiry as password_expiry_utc. When git announces capability[]=authtype (git 2.46 and later), it answers authtype=Bearer and credential=<token> instead, so git sends the token as a bearer token. For any other origin, or when not logged in, it prints nothing, so git asks its next helper. With several sessions on the origin: the one of git's username, else the default, else the most recently used; --server and --account (or their variables) choose one.\n\nstore and erase read their input and change nothing: a refused push does not end the session. Any other action is ignored, as git's protocol asks, so a later git's new actions do no harm.",
            "git の認証情報ヘルパーのプロトコル (git-credential(1)) を話します: 標準入力に key=value の行が、空行か入力の終わりまで来ます。'session-cli setup-git' で git がこれを使うよう設定します。\n\nget は、git が求めるオリジン (プロトコルとポート付きのホストが完全に一致するもの。https か、このマシン宛ての http) をサーバーに持つセッションについて答えます。期限が近ければ先に更新します: アカウントを username (なければ x-access-token)、トークンを password、その期限を password_expiry_utc として返します。git が capability[]=authtype を伝えてきたとき (git 2.46 以降) は、代わりに authtype=Bearer と credential=<token> を返すので、git はトークンを Bearer トークンとして送ります。ほかのオリジンや、ログインしていないときは何も出力しないので、git は次のヘルパーに尋ねます。そのオリジンに複数のセッションがあるときは、git の username のもの、なければデフォルト、なければ最後に使ったものです。--server と --account (またはその環境変数) で選べます。\n\nstore と erase は入力を読むだけで何も変えません: push が拒否されてもセッションは終わりません。ほかのアクションは git のプロトコルどおり無視するので、今後の git の新しいアクションも害になりません。"
        )
    }
    static var gitSessionExpired: MessageKey {
        MessageKey(
            "the session {session} has expired; run 'session-cli login' to use it with git",
            "セッション {session} の期限が切れています。git で使うには 'session-cli login' を実行してください")
    }
}

extension ErrorKey {
    static var gitCredentialNeedsAction: ErrorKey {
        ErrorKey(
            .usage,
            "git-credential needs an action: get, store or erase",
            "git-credential にはアクションが必要です: get、store、erase")
    }
    static var gitInputTooLong: ErrorKey {
        ErrorKey(
            .usage,
            "git's input is longer than {limit} bytes; a credential helper reads one request",
            "git からの入力が {limit} バイトを超えています。認証情報ヘルパーが読むのは 1 つの要求だけです")
    }
    static var gitInputNUL: ErrorKey {
        ErrorKey(
            .badData,
            "git's input holds a NUL byte",
            "git からの入力に NUL バイトがあります")
    }
    static var gitLineTooLong: ErrorKey {
        ErrorKey(
            .usage,
            "line {line} of git's input is longer than 64 KiB",
            "git からの入力の {line} 行目が 64 KiB を超えています")
    }
    static var gitLineNotUTF8: ErrorKey {
        ErrorKey(
            .badData,
            "line {line} of git's input is not UTF-8",
            "git からの入力の {line} 行目が UTF-8 ではありません")
    }
    static var gitLineNotKeyValue: ErrorKey {
        ErrorKey(
            .usage,
            "line {line} of git's input is not key=value",
            "git からの入力の {line} 行目が key=value の形ではありません")
    }
}

extension GitCredentialCommand {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var words: WordCatalog {
        WordCatalog(
            "gitCredential",
            words: [
                .gitCredentialSummary,
                .gitCredentialDiscussion,
                .gitSessionExpired,
            ],
            errors: [
                .gitCredentialNeedsAction,
                .gitInputTooLong,
                .gitInputNUL,
                .gitLineTooLong,
                .gitLineNotUTF8,
                .gitLineNotKeyValue,
            ])
    }
}
