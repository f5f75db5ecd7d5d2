// The help of each environment variable the tool reads.
extension MessageKey {
    static var variableStore: MessageKey {
        MessageKey(
            "The session file, when --store is not given.",
            "セッションファイル (--store がないとき)。")
    }
    static var variableLockTimeout: MessageKey {
        MessageKey(
            "Seconds a writer waits for another process's lock (default {seconds}).",
            "書き込みがほかのプロセスのロックを待つ秒数 (省略時 {seconds})。")
    }
    static var variableIssuer: MessageKey {
        MessageKey(
            "The provider for login --device, --web and --client-credentials, when --issuer is not given.",
            "login --device、--web、--client-credentials のプロバイダー (--issuer がないとき)。")
    }
    static var variableClientID: MessageKey {
        MessageKey(
            "The client ID for login, when --client-id is not given.",
            "login のクライアント ID (--client-id がないとき)。")
    }
    static var variableClientSecret: MessageKey {
        MessageKey(
            "A confidential client's secret (never an option: ps shows options).",
            "機密クライアントのシークレット (オプションでは渡せません: ps でオプションが見えます)。")
    }
    static var variableCallbackPort: MessageKey {
        MessageKey(
            "The port for login --web, when --callback-port is not given.",
            "login --web のポート (--callback-port がないとき)。")
    }
    static var variableCallbackHost: MessageKey {
        MessageKey(
            "The redirect's host for login --web, when --callback-host is not given.",
            "login --web のリダイレクト先のホスト (--callback-host がないとき)。")
    }
    static var variableToken: MessageKey {
        MessageKey(
            "A token that overrides the session for token and api; login, logout and switch refuse.",
            "token と api でセッションの代わりに使うトークン。login、logout、switch は実行を断ります。")
    }
    static var variableServer: MessageKey {
        MessageKey(
            "Use the session on this server for this shell (as --server); the default stays.",
            "このシェルではこのサーバーのセッションを使います (--server と同じ)。デフォルトは変わりません。")
    }
    static var variableAccount: MessageKey {
        MessageKey(
            "Use the session of this account for this shell (as --account); the default stays.",
            "このシェルではこのアカウントのセッションを使います (--account と同じ)。デフォルトは変わりません。")
    }
    static var variableSecrets: MessageKey {
        MessageKey(
            "Where login keeps a new session's tokens, when --secrets is not given: file or keyring.",
            "login が新しいセッションのトークンを置く場所 (--secrets がないとき): file か keyring。")
    }
    static var variableNoColor: MessageKey {
        MessageKey(
            "Set: no color with --color auto.",
            "設定されていれば、--color auto で色を付けません。")
    }
    static var variableCertificateFile: MessageKey {
        MessageKey(
            "A PEM file of CAs that replaces the system's bundle, as for curl.",
            "システムの CA バンドルの代わりに使う PEM ファイル (curl と同じ)。")
    }
    static var variableCertificateDirectory: MessageKey {
        MessageKey(
            "A folder of hashed CA certificates that replaces the system's folder.",
            "システムの CA フォルダーの代わりに使う、ハッシュ名の CA 証明書のフォルダー。")
    }
    static var variableCurlCABundle: MessageKey {
        MessageKey(
            "Read as SSL_CERT_FILE when that is not set.",
            "SSL_CERT_FILE が未設定のとき、その代わりに読みます。")
    }
    static var variableHTTPSProxy: MessageKey {
        MessageKey(
            "The proxy for https (https_proxy too); never used for this machine.",
            "https 用のプロキシ (https_proxy も可)。このマシンへの通信には使いません。")
    }
    static var variableHTTPProxy: MessageKey {
        MessageKey(
            "The proxy for http (lowercase only); never used for this machine.",
            "http 用のプロキシ (小文字のみ)。このマシンへの通信には使いません。")
    }
    static var variableAllProxy: MessageKey {
        MessageKey(
            "The proxy for both when theirs is not set (all_proxy too).",
            "それぞれの変数が未設定のときに両方に使うプロキシ (all_proxy も可)。")
    }
    static var variableNoProxy: MessageKey {
        MessageKey(
            "Hosts reached without a proxy: names, .suffixes, addresses, CIDR ranges, or * (no_proxy too).",
            "プロキシを通さないホスト: 名前、.サフィックス、アドレス、CIDR 範囲、または * (no_proxy も可)。")
    }
    static var variableActionsRequestURL: MessageKey {
        MessageKey(
            "GitHub Actions' token service for this job (set by GitHub with `permissions: id-token: write`); read at each renewal of a session signed in with --assertion-from github-actions.",
            "このジョブの GitHub Actions のトークンサービス (`permissions: id-token: write` のとき GitHub が設定)。--assertion-from github-actions でログインしたセッションを更新するたびに読みます。"
        )
    }
    static var variableActionsRequestToken: MessageKey {
        MessageKey(
            "The bearer token GitHub Actions' token service wants (set by GitHub); never stored.",
            "GitHub Actions のトークンサービスが求めるベアラートークン (GitHub が設定)。保存しません。")
    }
    static var variableColumns: MessageKey {
        MessageKey(
            "The width help is wrapped to, when it is set (else the terminal's, else 80).",
            "ヘルプを折り返す幅 (設定されていれば。なければ端末の幅、それもなければ 80)。")
    }
}

extension WordCatalog {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var environment: WordCatalog {
        WordCatalog(
            "environment",
            words: [
                .variableStore,
                .variableLockTimeout,
                .variableIssuer,
                .variableClientID,
                .variableClientSecret,
                .variableCallbackPort,
                .variableCallbackHost,
                .variableToken,
                .variableServer,
                .variableAccount,
                .variableSecrets,
                .variableNoColor,
                .variableCertificateFile,
                .variableCertificateDirectory,
                .variableCurlCABundle,
                .variableHTTPSProxy,
                .variableHTTPProxy,
                .variableAllProxy,
                .variableNoProxy,
                .variableActionsRequestURL,
                .variableActionsRequestToken,
                .variableColumns,
            ],
            errors: [])
    }
}
