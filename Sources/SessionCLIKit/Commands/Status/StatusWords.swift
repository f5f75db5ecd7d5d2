// The words of `StatusCommand`, each key beside its English and its Japanese text.
extension MessageKey {
    static var insecurePermissions: MessageKey {
        MessageKey(
            "warning: {path} can be read by other users; run 'chmod 600 {path}' or log in again",
            "警告: {path} はほかのユーザーが読めます。'chmod 600 {path}' を実行するか、もう一度ログインしてください")
    }
    static var statusLoggedIn: MessageKey {
        MessageKey(
            "Logged in",
            "ログイン中")
    }
    static var statusExpired: MessageKey {
        MessageKey(
            "Session expired",
            "セッションの期限切れ")
    }
    static var statusLoggedOut: MessageKey {
        MessageKey(
            "Not logged in",
            "未ログイン")
    }
    static var statusServer: MessageKey {
        MessageKey(
            "Server",
            "サーバー")
    }
    static var statusToken: MessageKey {
        MessageKey(
            "Token",
            "トークン")
    }
    static var statusExpires: MessageKey {
        MessageKey(
            "Expires",
            "有効期限")
    }
    static var statusStore: MessageKey {
        MessageKey(
            "Store",
            "保存先")
    }
    static var statusCAFile: MessageKey {
        MessageKey(
            "CA file",
            "CA ファイル")
    }
    static var statusBoundToKey: MessageKey {
        MessageKey(
            "Bound to",
            "鍵に束縛")
    }
    static var statusBoundToKeyValue: MessageKey {
        MessageKey(
            "a DPoP key, thumbprint {thumbprint}",
            "DPoP 鍵 (サムプリント {thumbprint})")
    }
    static var statusClientCertificate: MessageKey {
        MessageKey(
            "Client certificate",
            "クライアント証明書")
    }
    static var statusScopes: MessageKey {
        MessageKey(
            "Scopes",
            "スコープ")
    }
    static var statusOverride: MessageKey {
        MessageKey(
            "Override",
            "上書き")
    }
    static var statusButton: MessageKey {
        MessageKey(
            "Button",
            "ボタン")
    }
    static var statusSecrets: MessageKey {
        MessageKey(
            "Secrets",
            "シークレット")
    }
    static var statusSession: MessageKey {
        MessageKey(
            "Session",
            "セッション")
    }
    static var statusProviderNamed: MessageKey {
        MessageKey(
            "{name} at {issuer}",
            "{issuer} の {name}")
    }
    static var statusProviderValue: MessageKey {
        MessageKey(
            "{issuer} (client {client})",
            "{issuer} (クライアント {client})")
    }
    static var statusProviderConfidential: MessageKey {
        MessageKey(
            "{issuer} (client {client}, confidential, with a secret)",
            "{issuer} (クライアント {client}、機密クライアント、シークレットあり)")
    }
    static var statusAccountUnknown: MessageKey {
        MessageKey(
            "unknown",
            "不明")
    }
    static var statusServerNone: MessageKey {
        MessageKey(
            "none (api needs one: log in with --server)",
            "なし (api には必要です: --server を付けてログインしてください)")
    }
    package static var statusExpiryValue: MessageKey {
        MessageKey(
            "{relative} ({date})",
            "{relative} ({date})")
    }
    static var statusExpiryRefreshed: MessageKey {
        MessageKey(
            "{relative} ({date}); refreshed on next use",
            "{relative} ({date})。次回使用時に更新")
    }
    static var statusNever: MessageKey {
        MessageKey(
            "never",
            "なし")
    }
    static var statusOverrideText: MessageKey {
        MessageKey(
            "SESSION_CLI_TOKEN is set: token and api use it, not this session",
            "SESSION_CLI_TOKEN が設定されています: token と api はこのセッションではなくそれを使います")
    }
    static var statusOtherSessions: MessageKey {
        MessageKey(
            "Other sessions:",
            "ほかのセッション:")
    }
    static var statusOtherExpiresIn: MessageKey {
        MessageKey(
            "expires {relative}",
            "{relative}に期限切れ")
    }
    static var statusRefreshable: MessageKey {
        MessageKey(
            "expired, refreshed on next use",
            "期限切れ、次回使用時に更新")
    }
    static var statusNoExpiry: MessageKey {
        MessageKey(
            "no expiry",
            "有効期限なし")
    }
    static var statusSelectedAbsent: MessageKey {
        MessageKey(
            "{session} (not in the store)",
            "{session} (保存先にありません)")
    }
    static var secretsInFile: MessageKey {
        MessageKey(
            "in the session file",
            "セッションファイル内")
    }
    static var secretsInKeyring: MessageKey {
        MessageKey(
            "in the system keyring",
            "システムのキーリング内")
    }
    static var expiredJustNow: MessageKey {
        MessageKey(
            "expired just now",
            "たった今期限切れ")
    }
    static var expiresIn: MessageKey {
        MessageKey(
            "in {span}",
            "{span}後")
    }
    static var expiredAgo: MessageKey {
        MessageKey(
            "expired {span} ago",
            "{span}前に期限切れ")
    }
    static var oneSecond: MessageKey {
        MessageKey(
            "{count} second",
            "{count}秒")
    }
    static var seconds: MessageKey {
        MessageKey(
            "{count} seconds",
            "{count}秒")
    }
    static var oneMinute: MessageKey {
        MessageKey(
            "{count} minute",
            "{count}分")
    }
    static var minutes: MessageKey {
        MessageKey(
            "{count} minutes",
            "{count}分")
    }
    static var oneHour: MessageKey {
        MessageKey(
            "{count} hour",
            "{count}時間")
    }
    static var hours: MessageKey {
        MessageKey(
            "{count} hours",
            "{count}時間")
    }
    static var oneDay: MessageKey {
        MessageKey(
            "{count} day",
            "{count}日")
    }
    static var days: MessageKey {
        MessageKey(
            "{count} days",
            "{count}日")
    }
    static var statusSummary: MessageKey {
        MessageKey(
            "Show the session and the login button. Never writes.",
            "セッションとログインボタンを表示します。何も書き込みません。")
    }
    static var statusDiscussion: MessageKey {
        MessageKey(
            "Shows the default session, then one line for each other session; with --server or --account (or SESSION_CLI_SERVER and SESSION_CLI_ACCOUNT), the session they select instead. Exits 0 when the shown session is logged in and usable, 1 when logged out or expired.\n\n--json prints one object with these keys, absent values null: state (logged_in, logged_out, expired), account, server, issuedAt, expiresAt (ISO 8601), expiresInSeconds, tokenRedacted, token (with --show-token only), secrets (file or keyring: where the tokens are kept), provider (issuer, clientID, confidential, clientKey: path, keyID, audience; machine: source (file, github-actions, env, application) with its path, audience or name, grant (client-assertion, jwt-bearer, token-exchange) and an exchange's subjectTokenType, audiences, resources, requestedTokenType), scopes, caFile, clientCertificate (certificate, key), dpopThumbprint, canRefresh, refreshesOnUse, tokenSource (store or environment), store, button (action, label, color, hex), and sessions: one object per session with the same keys but token, and default (true, false).\n\n--watch prints the status now, then again each time what status would print changes: a login, logout, switch or refresh by any process, or a token expiring. Without a selection it follows whatever session is the default at each moment; with one, that session, and says so when it is not in the store. A blank line separates two statuses; with --json, one object a line. It never polls: the store's folder is watched.\n\nstatus reads only the session file, never the keyring, unless --show-token asks for a token kept there.",
            "デフォルトのセッションを表示し、続けてほかのセッションを 1 行ずつ表示します。--server や --account (または SESSION_CLI_SERVER と SESSION_CLI_ACCOUNT) を指定すると、代わりにそれで選んだセッションを表示します。表示したセッションがログイン中で使えるときは 0、ログアウトまたは期限切れのときは 1 で終了します。\n\n--json は次のキーを持つオブジェクトを 1 つ出力します (値がないときは null): state (logged_in、logged_out、expired)、account、server、issuedAt、expiresAt (ISO 8601)、expiresInSeconds、tokenRedacted、token (--show-token のときだけ)、secrets (file か keyring: トークンの保管場所)、provider (issuer、clientID、confidential、clientKey: path、keyID、audience。machine: source (file、github-actions、env、application) とその path、audience、name、grant (client-assertion、jwt-bearer、token-exchange)、交換では subjectTokenType、audiences、resources、requestedTokenType)、scopes、caFile、clientCertificate (certificate、key)、dpopThumbprint、canRefresh、refreshesOnUse、tokenSource (store か environment)、store、button (action、label、color、hex)、そして sessions: セッションごとに token 以外の同じキーと default (true、false) を持つオブジェクト。\n\n--watch は今の状態を出力し、status の表示が変わるたびに出力し直します: どのプロセスによるログイン、ログアウト、切り替え、更新でも、トークンの期限切れでも。選択がなければ、その時々のデフォルトのセッションを追います。選択があればそのセッションを追い、保存先にないときはそう表示します。2 つの状態の間には空行が入り、--json では 1 行に 1 オブジェクトです。ポーリングはせず、保存先のフォルダーを監視します。\n\nstatus が読むのはセッションファイルだけで、キーリングは読みません。ただし --show-token でキーリングに保管されたトークンを求めたときは別です。"
        )
    }
    static var statusSignsIn: MessageKey {
        MessageKey("Signs in", "サインイン方法")
    }
    static var statusMachineClientAssertion: MessageKey {
        MessageKey(
            "client credentials, with an assertion from {source}",
            "クライアントクレデンシャル。アサーションの取得元: {source}")
    }
    static var statusMachineJWTBearer: MessageKey {
        MessageKey(
            "JWT bearer grant, with a token from {source}",
            "JWT ベアラーグラント。トークンの取得元: {source}")
    }
    static var statusMachineTokenExchange: MessageKey {
        MessageKey(
            "token exchange, of a token from {source}",
            "トークン交換。交換するトークンの取得元: {source}")
    }
    static var statusClientKey: MessageKey {
        MessageKey(
            "Client key",
            "クライアント鍵")
    }
    static var statusProviderFederated: MessageKey {
        MessageKey(
            "{issuer} (client {client}, federated)",
            "{issuer} (クライアント {client}、フェデレーション)")
    }
    static var statusProviderKeyed: MessageKey {
        MessageKey(
            "{issuer} (client {client}, confidential, with a key)",
            "{issuer} (クライアント {client}、機密クライアント、鍵あり)")
    }
}

extension StatusCommand {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var words: WordCatalog {
        WordCatalog(
            "status",
            words: [
                .insecurePermissions,
                .statusLoggedIn,
                .statusExpired,
                .statusLoggedOut,
                .statusServer,
                .statusToken,
                .statusExpires,
                .statusStore,
                .statusCAFile,
                .statusBoundToKey,
                .statusBoundToKeyValue,
                .statusClientCertificate,
                .statusScopes,
                .statusOverride,
                .statusButton,
                .statusSecrets,
                .statusSession,
                .statusProviderNamed,
                .statusProviderValue,
                .statusProviderConfidential,
                .statusAccountUnknown,
                .statusServerNone,
                .statusExpiryValue,
                .statusExpiryRefreshed,
                .statusNever,
                .statusOverrideText,
                .statusOtherSessions,
                .statusOtherExpiresIn,
                .statusRefreshable,
                .statusNoExpiry,
                .statusSelectedAbsent,
                .secretsInFile,
                .secretsInKeyring,
                .expiredJustNow,
                .expiresIn,
                .expiredAgo,
                .oneSecond,
                .seconds,
                .oneMinute,
                .minutes,
                .oneHour,
                .hours,
                .oneDay,
                .days,
                .statusSummary,
                .statusDiscussion,
                .statusClientKey,
                .statusProviderFederated,
                .statusSignsIn,
                .statusMachineClientAssertion,
                .statusMachineJWTBearer,
                .statusMachineTokenExchange,
                .statusProviderKeyed,
            ],
            errors: [])
    }
}
