// The words of choosing a session (`--server`, `--account`), shared by every command that works on
// one, and of a session that is missing or expired.
extension MessageKey {
    package static var assertionFromFile: MessageKey {
        MessageKey("the file {path}", "ファイル {path}")
    }
    package static var assertionFromGitHub: MessageKey {
        MessageKey("GitHub Actions", "GitHub Actions のトークンサービス")
    }
    package static var assertionFromGitHubAudience: MessageKey {
        MessageKey("GitHub Actions (audience {audience})", "GitHub Actions のトークンサービス (オーディエンス {audience})")
    }
    package static var assertionFromVariable: MessageKey {
        MessageKey("the variable {name}", "環境変数 {name}")
    }
    package static var assertionFromApplication: MessageKey {
        MessageKey("the application's source {name}", "アプリケーションの取得元 {name}")
    }
    static var statusProvider: MessageKey {
        MessageKey(
            "Provider",
            "プロバイダー")
    }
    static var statusAccount: MessageKey {
        MessageKey(
            "Account",
            "アカウント")
    }
    static var noServer: MessageKey {
        MessageKey(
            "no server",
            "サーバーなし")
    }
    static var noAccount: MessageKey {
        MessageKey(
            "no account",
            "アカウントなし")
    }
    package static var chooseWithServer: MessageKey {
        MessageKey(
            "--server",
            "--server")
    }
    package static var chooseWithAccount: MessageKey {
        MessageKey(
            "--account",
            "--account")
    }
    static var chooseWithBoth: MessageKey {
        MessageKey(
            "--server and --account",
            "--server と --account")
    }
}

extension ErrorKey {
    static var noSuchSession: ErrorKey {
        ErrorKey(
            .failure,
            "there is no session for {session}",
            "{session} のセッションはありません")
    }
    static var tooManySessions: ErrorKey {
        ErrorKey(
            .failure,
            "the store already holds {limit} sessions, the most it keeps; log out of one before adding another",
            "保存先にはすでに上限の {limit} 個のセッションがあります。追加する前にどれかからログアウトしてください")
    }
    static var ambiguousAccount: ErrorKey {
        ErrorKey(
            .usage,
            "{account} has sessions on several servers ({servers}); give --server (or SESSION_CLI_SERVER) too",
            "{account} のセッションは複数のサーバーにあります ({servers})。--server (または SESSION_CLI_SERVER) も指定してください")
    }
    static var ambiguousServer: ErrorKey {
        ErrorKey(
            .usage,
            "{server} has sessions of several accounts ({accounts}); give --account (or SESSION_CLI_ACCOUNT) too",
            "{server} には複数のアカウントのセッションがあります ({accounts})。--account (または SESSION_CLI_ACCOUNT) も指定してください")
    }
    static var ambiguousSelection: ErrorKey {
        ErrorKey(
            .usage,
            "several sessions match: {sessions}; give --server and --account",
            "複数のセッションが当てはまります: {sessions}。--server と --account を指定してください")
    }
    static var noSessionNoneAtAll: ErrorKey {
        ErrorKey(
            .failure,
            "no session for {asked}: there are no sessions; log in with 'session-cli login'",
            "{asked} のセッションはありません: セッションが 1 つもありません。'session-cli login' でログインしてください")
    }
    static var noSessionOtherAccounts: ErrorKey {
        ErrorKey(
            .failure,
            "no session for {asked}; the accounts on {server} are: {accounts}",
            "{asked} のセッションはありません。{server} にあるアカウント: {accounts}")
    }
    package static var noSessionOtherServers: ErrorKey {
        ErrorKey(
            .failure,
            "no session for {asked}; {account} has sessions on: {servers}",
            "{asked} のセッションはありません。{account} のセッションがあるサーバー: {servers}")
    }
    static var noSessionForSelection: ErrorKey {
        ErrorKey(
            .failure,
            "no session for {asked}; the sessions are: {sessions}",
            "{asked} のセッションはありません。あるセッション: {sessions}")
    }
    static var notLoggedIn: ErrorKey {
        ErrorKey(
            .failure,
            "not logged in; run 'session-cli login'",
            "ログインしていません。'session-cli login' を実行してください")
    }
    static var sessionExpiredForGood: ErrorKey {
        ErrorKey(
            .failure,
            "the session has expired and cannot be refreshed; run 'session-cli login'",
            "セッションの期限が切れていて、更新もできません。'session-cli login' を実行してください")
    }
    static var tokenOverrideInvalid: ErrorKey {
        ErrorKey(
            .badData,
            "SESSION_CLI_TOKEN is not a valid token: {reason}",
            "SESSION_CLI_TOKEN は有効なトークンではありません: {reason}")
    }
    static var refusedWhileOverridden: ErrorKey {
        ErrorKey(
            .usage,
            "SESSION_CLI_TOKEN is set, and token and api use it instead of the stored session; unset it to {action}",
            "SESSION_CLI_TOKEN が設定されているため、token と api は保存されたセッションではなくそれを使います。{action}には、設定を解除してください")
    }
    static var helperRefusesBoundToken: ErrorKey {
        ErrorKey(
            .usage,
            "the session's token is bound to its DPoP key, and {tool} can only send a Bearer token; use a session without --dpop for {tool}",
            "このセッションのトークンは DPoP 鍵に束縛されていますが、{tool} は Bearer トークンしか送れません。{tool} には --dpop なしのセッションを使ってください")
    }
}

extension WordCatalog {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var session: WordCatalog {
        WordCatalog(
            "session",
            words: [
                .assertionFromFile,
                .assertionFromGitHub,
                .assertionFromGitHubAudience,
                .assertionFromVariable,
                .assertionFromApplication,
                .statusProvider,
                .statusAccount,
                .noServer,
                .noAccount,
                .chooseWithServer,
                .chooseWithAccount,
                .chooseWithBoth,
            ],
            errors: [
                .noSuchSession,
                .tooManySessions,
                .ambiguousAccount,
                .ambiguousServer,
                .ambiguousSelection,
                .noSessionNoneAtAll,
                .noSessionOtherAccounts,
                .noSessionOtherServers,
                .noSessionForSelection,
                .notLoggedIn,
                .sessionExpiredForGood,
                .tokenOverrideInvalid,
                .refusedWhileOverridden,
                .helperRefusesBoundToken,
            ])
    }
}
