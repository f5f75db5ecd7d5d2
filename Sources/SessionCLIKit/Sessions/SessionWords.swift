// The words of choosing a session (`--server`, `--account`), shared by every command that works on one, and of a session that is missing or expired.
extension MessageKey {
    package static let noServer = MessageKey(
        "no server",
        "サーバーなし")
    package static let noAccount = MessageKey(
        "no account",
        "アカウントなし")
    package static let ambiguousAccount = MessageKey(
        "{account} has sessions on several servers ({servers}); give --server (or SESSION_CLI_SERVER) too",
        "{account} のセッションは複数のサーバーにあります ({servers})。--server (または SESSION_CLI_SERVER) も指定してください")
    package static let ambiguousServer = MessageKey(
        "{server} has sessions of several accounts ({accounts}); give --account (or SESSION_CLI_ACCOUNT) too",
        "{server} には複数のアカウントのセッションがあります ({accounts})。--account (または SESSION_CLI_ACCOUNT) も指定してください")
    package static let ambiguousSelection = MessageKey(
        "several sessions match: {sessions}; give --server and --account",
        "複数のセッションが当てはまります: {sessions}。--server と --account を指定してください")
    package static let noSessionNoneAtAll = MessageKey(
        "no session for {asked}: there are no sessions; log in with 'session-cli login'",
        "{asked} のセッションはありません: セッションが 1 つもありません。'session-cli login' でログインしてください")
    package static let noSessionOtherAccounts = MessageKey(
        "no session for {asked}; the accounts on {server} are: {accounts}",
        "{asked} のセッションはありません。{server} にあるアカウント: {accounts}")
    package static let noSessionOtherServers = MessageKey(
        "no session for {asked}; {account} has sessions on: {servers}",
        "{asked} のセッションはありません。{account} のセッションがあるサーバー: {servers}")
    package static let noSessionForSelection = MessageKey(
        "no session for {asked}; the sessions are: {sessions}",
        "{asked} のセッションはありません。あるセッション: {sessions}")
    package static let chooseWithServer = MessageKey(
        "--server",
        "--server")
    package static let chooseWithAccount = MessageKey(
        "--account",
        "--account")
    package static let chooseWithBoth = MessageKey(
        "--server and --account",
        "--server と --account")
    package static let notLoggedIn = MessageKey(
        "not logged in; run 'session-cli login'",
        "ログインしていません。'session-cli login' を実行してください")
    package static let sessionExpiredForGood = MessageKey(
        "the session has expired and cannot be refreshed; run 'session-cli login'",
        "セッションの期限が切れていて、更新もできません。'session-cli login' を実行してください")
}

extension WordCatalog {
    /// Every word above, for the catalog's tests.
    package static let session = WordCatalog(
        "session",
        [
            .noServer,
            .noAccount,
            .ambiguousAccount,
            .ambiguousServer,
            .ambiguousSelection,
            .noSessionNoneAtAll,
            .noSessionOtherAccounts,
            .noSessionOtherServers,
            .noSessionForSelection,
            .chooseWithServer,
            .chooseWithAccount,
            .chooseWithBoth,
            .notLoggedIn,
            .sessionExpiredForGood,
        ])
}
