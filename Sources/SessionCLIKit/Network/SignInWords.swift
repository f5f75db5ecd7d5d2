// The words of signing in at a provider and of what it refuses, shared by login, logout and every
// command that refreshes a token, with the hints that follow them.
extension MessageKey {
    static var providerSignOutFailed: MessageKey {
        MessageKey(
            "could not end your session at {issuer}: {reason}; sign out on its own pages",
            "{issuer} でのセッションを終了できませんでした: {reason}。プロバイダーのページでサインアウトしてください")
    }
    static var providerSignOutNoProvider: MessageKey {
        MessageKey(
            "the session did not come from a sign-in at a provider, so there is no session there to end",
            "このセッションはプロバイダーでのサインインによるものではないため、そこで終了するセッションはありません")
    }
    static var providerSignOutNoIDToken: MessageKey {
        MessageKey(
            "the session has no ID token to name it to {issuer}, so your session there was not ended; sign out on its own pages",
            "このセッションには {issuer} に示す ID トークンがないため、そこでのセッションは終了していません。プロバイダーのページでサインアウトしてください")
    }
    static var providerSignOutNotOffered: MessageKey {
        MessageKey(
            "{issuer} lists no end_session_endpoint, so your session there was not ended; sign out on its own pages",
            "{issuer} には end_session_endpoint がないため、そこでのセッションは終了していません。プロバイダーのページでサインアウトしてください")
    }
    static var providerSignedOut: MessageKey {
        MessageKey(
            "Signed out at {issuer} too.",
            "{issuer} でもサインアウトしました。")
    }
    static var revocationFailed: MessageKey {
        MessageKey(
            "could not revoke the grant at {issuer} ({reason}); the local session is removed anyway",
            "{issuer} で認可を取り消せませんでした ({reason})。このマシンのセッションは削除しました")
    }
    static var revocationTimedOut: MessageKey {
        MessageKey(
            "{issuer} did not answer within {seconds} s; the grant may still be valid there; the local session is removed anyway",
            "{issuer} が {seconds} 秒以内に応答しませんでした。そこではまだ認可が有効かもしれません。このマシンのセッションは削除しました")
    }
    static var revocationOnlyByPerson: MessageKey {
        MessageKey(
            "{provider} lets no app revoke its grant; to end it there too, revoke it at {page}",
            "{provider} ではアプリが認可を取り消すことはできません。そこでも終わらせるには {page} で取り消してください")
    }
    static var revocationNotOffered: MessageKey {
        MessageKey(
            "{issuer} lists no revocation endpoint; the grant was not revoked there",
            "{issuer} には取り消しのエンドポイントがないため、そこでは認可を取り消していません")
    }
    static var revocationDone: MessageKey {
        MessageKey(
            "Revoked the grant at {issuer}.",
            "{issuer} で認可を取り消しました。")
    }
    package static var hintCheckIssuer: MessageKey {
        MessageKey(
            "check --issuer",
            "--issuer を確認してください")
    }
    package static var hintIssuerSpelling: MessageKey {
        MessageKey(
            "give --issuer exactly as the provider spells it",
            "--issuer はプロバイダーの表記どおりに指定してください")
    }
    package static var hintDeviceEndpoint: MessageKey {
        MessageKey(
            "give it with --device-endpoint URL, or sign in with --web",
            "--device-endpoint URL で指定するか、--web でサインインしてください")
    }
    package static var hintSignInAgain: MessageKey {
        MessageKey(
            "run 'session-cli login' again",
            "もう一度 'session-cli login' を実行してください")
    }
    package static var hintCallbackPort: MessageKey {
        MessageKey(
            "choose another --callback-port (and register its redirect URI at the provider)",
            "別の --callback-port を選んでください (そのリダイレクト URI をプロバイダーに登録してください)")
    }
    package static var hintClientSecretSettings: MessageKey {
        MessageKey(
            "check SESSION_CLI_CLIENT_SECRET and the client's settings",
            "SESSION_CLI_CLIENT_SECRET とクライアントの設定を確認してください")
    }
    package static var hintSetClientSecret: MessageKey {
        MessageKey(
            "set SESSION_CLI_CLIENT_SECRET, or give --private-key-jwt PATH",
            "SESSION_CLI_CLIENT_SECRET を設定するか、--private-key-jwt PATH を指定してください")
    }
    package static var withHint: MessageKey {
        MessageKey(
            "{message}; {hint}",
            "{message}。{hint}")
    }
    static var deviceInstructions: MessageKey {
        MessageKey(
            "Open the URL in a browser and enter the code (it expires in {minutes} min):",
            "ブラウザーで URL を開いてコードを入力してください ({minutes} 分で期限切れ):")
    }
    package static var labelURL: MessageKey {
        MessageKey(
            "URL: {url}",
            "URL: {url}")
    }
    package static var labelCode: MessageKey {
        MessageKey(
            "Code: {code}",
            "Code: {code}")
    }
    static var labelURLWithCode: MessageKey {
        MessageKey(
            "URL with the code: {url}",
            "コード付きの URL: {url}")
    }
    static var deviceWaiting: MessageKey {
        MessageKey(
            "Waiting for approval (Ctrl-C cancels)...",
            "承認を待っています (Ctrl-C で中止)...")
    }
    static var webSignInOpening: MessageKey {
        MessageKey(
            "Sign in at this URL (opening your browser):",
            "この URL でサインインしてください (ブラウザーを開いています):")
    }
    static var webSignInAt: MessageKey {
        MessageKey(
            "Sign in at this URL:",
            "この URL でサインインしてください:")
    }
    static var webWaiting: MessageKey {
        MessageKey(
            "Waiting for the browser to come back to {redirect} (Ctrl-C cancels)...",
            "ブラウザーが {redirect} に戻ってくるのを待っています (Ctrl-C で中止)...")
    }
    static var webPasteHint: MessageKey {
        MessageKey(
            "If the browser is on another machine, it cannot open {redirect}: copy the address of the page it could not open from its address bar, paste it here and press Enter.",
            "ブラウザーが別のマシンにあるときは {redirect} を開けません: 開けなかったページのアドレスをアドレスバーからコピーし、ここに貼り付けて Enter を押してください。")
    }
    static var webRefusedAnotherSignIn: MessageKey {
        MessageKey(
            "refused a request to the sign-in listener: its state is another sign-in's; still waiting",
            "サインインの待ち受けへの要求を拒否しました: state が別のサインインのものです。待ち続けます")
    }
    static var webRefusedMalformed: MessageKey {
        MessageKey(
            "refused a request to the sign-in listener: its parameters repeat or are unreadable; still waiting",
            "サインインの待ち受けへの要求を拒否しました: パラメーターが重複しているか読めません。待ち続けます")
    }
    static var webPasteAnotherSignIn: MessageKey {
        MessageKey(
            "refused the address pasted: its state is another sign-in's; paste the address this sign-in's browser stopped at",
            "貼り付けたアドレスを拒否しました: state が別のサインインのものです。このサインインでブラウザーが止まったページのアドレスを貼り付けてください")
    }
    static var webPasteNotTheRedirect: MessageKey {
        MessageKey(
            "refused the address pasted: it is not this sign-in's redirect (the address shown above); still waiting",
            "貼り付けたアドレスを拒否しました: このサインインのリダイレクト先 (上に示したアドレス) ではありません。待ち続けます")
    }
    static var webPasteMalformed: MessageKey {
        MessageKey(
            "refused the address pasted: its parameters repeat or are unreadable; still waiting",
            "貼り付けたアドレスを拒否しました: パラメーターが重複しているか読めません。待ち続けます")
    }
    static var logoutEndSessionOpening: MessageKey {
        MessageKey(
            "End your session at the provider at this URL (opening your browser):",
            "この URL でプロバイダーのセッションを終了してください (ブラウザーを開いています):")
    }
    static var logoutEndSessionAt: MessageKey {
        MessageKey(
            "End your session at the provider: open this URL on this machine, in the browser you signed in with:",
            "プロバイダーのセッションを終了します: サインインに使ったブラウザーで、このマシンのこの URL を開いてください:")
    }
}

extension ErrorKey {
    package static var signInRefreshLoop: ErrorKey {
        ErrorKey(
            .busy,
            "the session's token was refreshed {limit} times in the last {seconds} s, so no more refreshes are tried for now (a guard against a refresh loop); try again in {seconds} s, or log in again",
            "セッションのトークンはこの {seconds} 秒で {limit} 回更新されたので、しばらく更新しません (更新の繰り返しを防ぐため)。{seconds} 秒後にやり直すか、もう一度ログインしてください"
        )
    }
    package static var signInDiscoveryFailed: ErrorKey {
        ErrorKey(
            .badProtocol,
            "cannot read the provider's discovery document at {issuer} ({reason})",
            "{issuer} のプロバイダーのディスカバリー文書を読めません ({reason})")
    }
    package static var signInIssuerMismatch: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the provider's discovery document names another issuer than {issuer}",
            "プロバイダーのディスカバリー文書には {issuer} とは別の発行者が書かれています")
    }
    package static var signInInsecureEndpoint: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the provider's {name} is not https (plain http is allowed on this machine only); refusing it",
            "プロバイダーの {name} が https ではありません (暗号化されない http はこのマシン宛てだけです)。受け付けません")
    }
    package static var signInEndpointOutsideProvider: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the {name} named for {provider} is at a host that is not {provider}'s; nothing was sent there",
            "{provider} の {name} として示された先は {provider} のホストではありません。そこには何も送っていません")
    }
    package static var signInNoDeviceEndpoint: ErrorKey {
        ErrorKey(
            .usage,
            "the provider lists no device authorization endpoint",
            "プロバイダーにはデバイス認可エンドポイントがありません")
    }
    package static var signInMissingEndpoint: ErrorKey {
        ErrorKey(
            .usage,
            "the provider lists no {name}",
            "プロバイダーには {name} がありません")
    }
    package static var signInInvalidResponse: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the provider's {from} answer is not valid: {reason}",
            "プロバイダーの {from} の応答が正しくありません: {reason}")
    }
    package static var signInAccessDenied: ErrorKey {
        ErrorKey(
            .noPermission,
            "the sign-in was denied at the provider",
            "プロバイダーでサインインが拒否されました")
    }
    package static var signInDeviceCodeExpired: ErrorKey {
        ErrorKey(
            .busy,
            "the device code expired before the sign-in was approved",
            "サインインが承認される前にデバイスコードの期限が切れました")
    }
    package static var signInBrowserTimedOut: ErrorKey {
        ErrorKey(
            .busy,
            "the browser did not come back within {seconds} s",
            "ブラウザーが {seconds} 秒以内に戻ってきませんでした")
    }
    package static var signInCallbackMismatch: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the browser came back with a {what} that does not belong to this sign-in; ignored",
            "ブラウザーがこのサインインのものではない {what} を持って戻ってきました。無視しました")
    }
    package static var signInCallbackRejected: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the provider's answer in the browser was refused: {reason}",
            "ブラウザーに返ったプロバイダーの応答を受け付けられません: {reason}")
    }
    package static var signInIDTokenRejected: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the provider's ID token was refused: {reason}",
            "プロバイダーの ID トークンを受け付けられません: {reason}")
    }
    package static var signInProviderError: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the provider answered with the error {code}",
            "プロバイダーはエラー {code} を返しました")
    }
    package static var signInProviderErrorDescribed: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the provider answered with the error {code}: {description}",
            "プロバイダーはエラー {code} を返しました: {description}")
    }
    package static var signInRefreshRefused: ErrorKey {
        ErrorKey(
            .noPermission,
            "the provider refused the refresh token (it expired, was revoked or was already used); log in again",
            "プロバイダーがリフレッシュトークンを拒否しました (期限切れ、取り消し済み、または使用済みです)。もう一度ログインしてください")
    }
    package static var signInRefreshAnswerLost: ErrorKey {
        ErrorKey(
            .noPermission,
            "the answer to a refresh was lost, and the provider then refused the same refresh token (it had already rotated it, with no grace period for a retry); log in again",
            "更新の応答が失われ、そのあとプロバイダーは同じリフレッシュトークンを拒否しました (すでに新しいものに替えていて、再試行の猶予がありません)。もう一度ログインしてください")
    }
    package static var signInUnsupportedClientAuthentication: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the provider accepts the client secret neither with HTTP Basic nor in the request body",
            "プロバイダーはクライアントシークレットを HTTP Basic でもリクエスト本文でも受け付けません")
    }
    package static var signInCallbackAddressUnavailable: ErrorKey {
        ErrorKey(
            .unavailable,
            "cannot listen for the browser on {address}: {reason}",
            "{address} でブラウザーを待ち受けられません: {reason}")
    }
    package static var signInClientSecretRequired: ErrorKey {
        ErrorKey(
            .usage,
            "the client credentials grant needs the client's secret or key",
            "クライアントクレデンシャルグラントにはクライアントのシークレットか鍵が必要です")
    }
    package static var signInClientKeyUnusable: ErrorKey {
        ErrorKey(
            .ioError,
            "cannot use the client key {path}: {reason}",
            "クライアント鍵 {path} を使えません: {reason}")
    }
    package static var signInAssertionUnavailable: ErrorKey {
        ErrorKey(
            .noPermission,
            "no usable platform token from {source}: {reason}",
            "{source} から使えるプラットフォームのトークンを得られません: {reason}")
    }
    package static var signInAssertionUnreachable: ErrorKey {
        ErrorKey(
            .unavailable,
            "cannot reach {source} for a platform token: {reason}",
            "プラットフォームのトークンを得るために {source} に接続できません: {reason}")
    }
    package static var signInAssertionUnreadable: ErrorKey {
        ErrorKey(
            .ioError,
            "cannot read the platform token file {path}: {reason}",
            "プラットフォームのトークンのファイル {path} を読めません: {reason}")
    }
    package static var signInAssertionRefused: ErrorKey {
        ErrorKey(
            .noPermission,
            "the provider refused the platform token from {source} ({code})",
            "プロバイダーは {source} のプラットフォームのトークンを拒否しました ({code})")
    }
    package static var signInAssertionRefusedDescribed: ErrorKey {
        ErrorKey(
            .noPermission,
            "the provider refused the platform token from {source} ({code}: {description})",
            "プロバイダーは {source} のプラットフォームのトークンを拒否しました ({code}: {description})")
    }
    package static var signInPushedRequestUnavailable: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the provider requires pushed authorization requests but lists no endpoint for them",
            "プロバイダーはプッシュ型認可リクエストを必須としていますが、その送り先を示していません")
    }
}

extension WordCatalog {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var signIn: WordCatalog {
        WordCatalog(
            "signIn",
            words: [
                .providerSignOutFailed,
                .providerSignOutNoProvider,
                .providerSignOutNoIDToken,
                .providerSignOutNotOffered,
                .providerSignedOut,
                .revocationFailed,
                .revocationTimedOut,
                .revocationOnlyByPerson,
                .revocationNotOffered,
                .revocationDone,
                .hintCheckIssuer,
                .hintIssuerSpelling,
                .hintDeviceEndpoint,
                .hintSignInAgain,
                .hintCallbackPort,
                .hintClientSecretSettings,
                .hintSetClientSecret,
                .withHint,
                .deviceInstructions,
                .labelURL,
                .labelCode,
                .labelURLWithCode,
                .deviceWaiting,
                .webSignInOpening,
                .webSignInAt,
                .webWaiting,
                .webPasteHint,
                .webRefusedAnotherSignIn,
                .webRefusedMalformed,
                .webPasteAnotherSignIn,
                .webPasteNotTheRedirect,
                .webPasteMalformed,
                .logoutEndSessionOpening,
                .logoutEndSessionAt,
            ],
            errors: [
                .signInRefreshLoop,
                .signInDiscoveryFailed,
                .signInIssuerMismatch,
                .signInInsecureEndpoint,
                .signInEndpointOutsideProvider,
                .signInNoDeviceEndpoint,
                .signInMissingEndpoint,
                .signInInvalidResponse,
                .signInAccessDenied,
                .signInDeviceCodeExpired,
                .signInBrowserTimedOut,
                .signInCallbackMismatch,
                .signInCallbackRejected,
                .signInIDTokenRejected,
                .signInProviderError,
                .signInProviderErrorDescribed,
                .signInRefreshRefused,
                .signInRefreshAnswerLost,
                .signInUnsupportedClientAuthentication,
                .signInCallbackAddressUnavailable,
                .signInClientSecretRequired,
                .signInClientKeyUnusable,
                .signInPushedRequestUnavailable,
                .signInAssertionUnavailable,
                .signInAssertionUnreachable,
                .signInAssertionUnreadable,
                .signInAssertionRefused,
                .signInAssertionRefusedDescribed,
            ])
    }
}
