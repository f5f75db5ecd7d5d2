// The words of `LoginCommand`, each key beside its English and its Japanese text.
extension MessageKey {
    static var loginVariableNote: MessageKey {
        MessageKey(
            "The token in {name} is read again at each renewal: a process without {name} set cannot renew this session.",
            "{name} のトークンは更新のたびに読み直します: {name} が設定されていないプロセスはこのセッションを更新できません。")
    }
    static var actionLogIn: MessageKey {
        MessageKey(
            "log in",
            "ログインする")
    }
    static var revocationKeyringUnreadableShort: MessageKey {
        MessageKey(
            "its tokens could not be read from the keyring",
            "キーリングからトークンを読めませんでした")
    }
    static var loginGrantShared: MessageKey {
        MessageKey(
            "{provider} keeps one grant for this app and account: the tokens of the session replaced were not revoked, which would end the new ones too",
            "{provider} はこのアプリとアカウントに 1 つの認可しか持ちません: 置き換えたセッションのトークンは取り消していません (取り消すと新しいトークンも無効になります)")
    }
    static var tokenLongerThan: MessageKey {
        MessageKey(
            "the token is longer than {limit} bytes",
            "トークンが {limit} バイトを超えています")
    }
    static var tokenSourceStandardInput: MessageKey {
        MessageKey(
            "on standard input",
            "標準入力の")
    }
    static var tokenSourcePrompt: MessageKey {
        MessageKey(
            "typed at the prompt",
            "プロンプトで入力された")
    }
    static var loginSummary: MessageKey {
        MessageKey(
            "Sign in at an identity provider, or save a token, as a session.",
            "ID プロバイダーでサインインするか、トークンを保存して、セッションにします。")
    }
    static var loginDiscussion: MessageKey {
        MessageKey(
            "--device and --web sign in at an OAuth 2.0 / OpenID Connect provider. --device prints a code and a URL on standard error, each on its own line; enter the code there, in any browser. --web opens this machine's browser (register http://127.0.0.1/callback as the redirect; for a provider that compares it exactly, fix it with --callback-port and --callback-host). SESSION_CLI_CLIENT_SECRET (environment only) makes the client confidential.\n\n--provider NAME signs in at a provider most people use, with what is known of it (the same when it is given as --issuer): github needs an OAuth app, or a GitHub App, with the device flow enabled in its settings for --device; the session's server is https://api.github.com, git at https://github.com takes its token (setup-git), and GitHub lets no app revoke its grant. gitlab needs an application at gitlab.com with the openid scope; git takes its token as oauth2's password. google needs a \"TVs and Limited Input devices\" client for --device, or a desktop client for --web, each with its secret in SESSION_CLI_CLIENT_SECRET; the session's server is https://www.googleapis.com. microsoft needs a public client (\"Allow public client flows\" for --device, the redirect http://localhost for --web); it means the organizations tenant, any other is --issuer https://login.microsoftonline.com/TENANT/v2.0; the session's server is https://graph.microsoft.com.\n\n--web --no-browser prints the URL to open in any browser. A browser on another machine (this one reached over ssh) cannot come back to this machine's redirect: on a terminal, copy the address of the page it could not open from its address bar and paste it here. Whichever comes first, the browser or the paste, signs in; an address with another state, or not this sign-in's redirect, is refused.\n\n--client-credentials signs a machine in (a CI job, a service): the client credentials grant, with the secret from SESSION_CLI_CLIENT_SECRET or the key of --private-key-jwt. The session's account is the client ID; there is no refresh token, and a due token is renewed by running the grant again.\n\n--dpop binds the session's tokens to a new key of its own (DPoP): the key is kept where the tokens are, every request to the provider and every api request carries a fresh proof of it, and token hands the token out only with a proof (--dpop-proof). --private-key-jwt PATH proves a confidential client with a signed assertion of its own key instead of a secret, at every request to the provider; the path is kept with the session, the key never is. --web pushes its request to the provider first when the provider offers it (pushed authorization requests), so the browser's URL carries only a reference.\n\nWithout them, the token is read from standard input (--with-token) or, on a terminal, asked for with echo off. The token is never an argument: other users can read arguments with ps.\n\nA session is known by its server's origin and its account. A login with the key of a session there replaces it, and revokes the grant it replaces; any other adds a session. Either way the new session becomes the default. A failed login changes nothing.\n\n--secrets keyring keeps the access token, the refresh token, the ID token and the client secret in the system keyring (the Secret Service on the session D-Bus: gnome-keyring, KWallet, KeePassXC); the session file keeps the rest, and the token's first characters for status. When the keyring cannot be used, the login fails (exit 69) and nothing is written: never a silent fallback to the file. A locked keyring's unlock prompt is waited for up to {minutes} minutes (Ctrl-C cancels). login --secrets keyring|file with no way to sign in given moves the tokens of the session --server and --account select (else the default one) without a new sign-in.\n\nA machine signs in with the token its platform gives it instead of a stored secret: --assertion-file PATH (a Kubernetes projected token) or --assertion-from github-actions (with --assertion-audience) or env:NAME says where it comes from, and the grant how it is spent: --client-credentials as the client's assertion (RFC 7523 §2.2, Microsoft Entra's federated credentials), --jwt-bearer as the grant (RFC 7523 §2.1), --token-exchange as the subject of an exchange (RFC 8693). The session keeps where the token comes from, never the token; each renewal reads a fresh one, once across processes. A platform token that is expired, missing or refused exits 77; a token service that cannot be reached, 69; a token file that cannot be read, 74.",
            "--device と --web は OAuth 2.0 / OpenID Connect のプロバイダーでサインインします。--device はコードと URL を標準エラーにそれぞれ 1 行で出力します。どのブラウザーからでも、その URL でコードを入力してください。--web はこのマシンのブラウザーを開きます (リダイレクト先として http://127.0.0.1/callback を登録してください。完全一致で比べるプロバイダーには --callback-port と --callback-host で固定します)。SESSION_CLI_CLIENT_SECRET (環境変数のみ) があると機密クライアントになります。\n\n--provider NAME は多くの人が使うプロバイダーで、その既知の事情を使ってサインインします (--issuer で指定しても同じです): github には、--device 用に設定でデバイスフローを有効にした OAuth アプリか GitHub App が必要です。セッションのサーバーは https://api.github.com で、https://github.com の git もそのトークンを使います (setup-git)。GitHub ではアプリが認可を取り消すことはできません。gitlab には gitlab.com で openid スコープを持つアプリケーションが必要です。git はトークンを oauth2 のパスワードとして受け取ります。google には、--device 用の「テレビと入力が限られたデバイス」クライアントか、--web 用のデスクトップクライアントが必要で、どちらもシークレットを SESSION_CLI_CLIENT_SECRET に入れます。セッションのサーバーは https://www.googleapis.com です。microsoft には公開クライアントが必要です (--device には「パブリック クライアント フローを許可する」、--web にはリダイレクト http://localhost)。organizations テナントを指し、ほかのテナントは --issuer https://login.microsoftonline.com/TENANT/v2.0 で指定します。セッションのサーバーは https://graph.microsoft.com です。\n\n--web --no-browser は、どのブラウザーでも開ける URL を出力します。別のマシンのブラウザー (ssh で入ったこのマシンとは別) は、このマシンのリダイレクト先に戻れません: 端末では、開けなかったページのアドレスをアドレスバーからコピーしてここに貼り付けてください。ブラウザーと貼り付けのどちらか先に届いたほうでサインインします。state が別のものや、このサインインのリダイレクト先でないアドレスは拒否します。\n\n--client-credentials はマシン (CI ジョブやサービス) をサインインさせます: SESSION_CLI_CLIENT_SECRET のシークレットか --private-key-jwt の鍵を使うクライアントクレデンシャルグラントです。セッションのアカウントはクライアント ID で、リフレッシュトークンはなく、期限の近いトークンはグラントをもう一度実行して新しくします。\n\n--dpop はセッションのトークンを専用の新しい鍵に束縛します (DPoP): 鍵はトークンと同じ場所に保管され、プロバイダーへのすべてのリクエストと api のすべてのリクエストにその鍵の新しい証明が付き、token は証明と一緒 (--dpop-proof) でなければトークンを出しません。--private-key-jwt PATH は、シークレットの代わりに自分の鍵で署名したアサーションで機密クライアントを証明します (プロバイダーへのリクエストごと)。パスはセッションに保存されますが、鍵そのものは保存されません。--web は、プロバイダーが対応していれば、リクエストを先にプロバイダーへ送ります (プッシュ型認可リクエスト)。ブラウザーの URL には参照だけが入ります。\n\nこれらがなければ、トークンは標準入力 (--with-token) から読むか、端末ではエコーを止めて入力させます。トークンを引数で渡すことはできません: ほかのユーザーが ps で引数を読めます。\n\nセッションはサーバーのオリジンとアカウントで区別します。同じキーのセッションがあればログインはそれを置き換え、置き換えた認可を取り消します。なければセッションを追加します。どちらの場合も新しいセッションがデフォルトになります。失敗したログインは何も変えません。\n\n--secrets keyring はアクセストークン、リフレッシュトークン、ID トークン、クライアントシークレットをシステムのキーリング (セッション D-Bus 上の Secret Service: gnome-keyring、KWallet、KeePassXC) に保管し、セッションファイルには残りと、status 用にトークンの先頭の数文字だけを置きます。キーリングを使えないときはログインは失敗し (終了コード 69)、何も書きません: 黙ってファイルに保存することはありません。ロックされたキーリングの解除プロンプトは最大 {minutes} 分待ちます (Ctrl-C で中止)。サインインの方法を指定せずに login --secrets keyring|file を実行すると、--server と --account で選んだセッション (なければデフォルト) のトークンを、サインインし直さずに移します。\n\nマシンは、保存したシークレットの代わりにプラットフォームが与えるトークンでサインインできます。取得元は --assertion-file PATH (Kubernetes の projected トークン)、--assertion-from github-actions (--assertion-audience と)、または env:NAME で指定し、使い方はグラントで選びます: --client-credentials はクライアントのアサーションとして (RFC 7523 §2.2、Microsoft Entra のフェデレーション資格情報)、--jwt-bearer はグラントとして (RFC 7523 §2.1)、--token-exchange は交換の対象として (RFC 8693)。セッションに保存するのは取得元だけで、トークンは保存しません。更新のたびに新しいトークンを読み、プロセスをまたいで 1 回だけ更新します。プラットフォームのトークンが期限切れ、見つからない、または拒否されたときは 77、トークンサービスに接続できないときは 69、トークンのファイルを読めないときは 74 で終了します。"
        )
    }
    static var loginModeMove: MessageKey {
        MessageKey(
            "--secrets alone",
            "--secrets だけの指定")
    }
    static var loginModeToken: MessageKey {
        MessageKey(
            "a token login",
            "トークンでのログイン")
    }
    static var tokenPrompt: MessageKey {
        MessageKey(
            "Paste your token (input is hidden): ",
            "トークンを貼り付けてください (入力は表示されません): ")
    }
    static var loggedInAs: MessageKey {
        MessageKey(
            "Logged in as {account} on {server}.",
            "{server} に {account} としてログインしました。")
    }
    static var loggedInProviderNamedNoAccount: MessageKey {
        MessageKey(
            "Logged in on {server}; the provider named no account.",
            "{server} にログインしました。プロバイダーはアカウント名を返しませんでした。")
    }
    static var loggedInNoAccountGiven: MessageKey {
        MessageKey(
            "Logged in on {server}, with no account (--account NAME names one).",
            "{server} にアカウントなしでログインしました (--account NAME で名前を付けられます)。")
    }
    static var loggedInAsNoServer: MessageKey {
        MessageKey(
            "Logged in as {account}, with no server (api needs --server URL).",
            "{account} としてサーバーなしでログインしました (api には --server URL が必要です)。")
    }
    static var loggedInNoServerNoAccount: MessageKey {
        MessageKey(
            "Logged in, with no server and no account (api needs --server URL).",
            "サーバーもアカウントもなしでログインしました (api には --server URL が必要です)。")
    }
    static var loginTokensInKeyring: MessageKey {
        MessageKey(
            "Its tokens are in the system keyring.",
            "トークンはシステムのキーリングにあります。")
    }
    static var loginReplaced: MessageKey {
        MessageKey(
            "Replaced the previous session ({session}).",
            "以前のセッション ({session}) を置き換えました。")
    }
    static var loginOneOtherKept: MessageKey {
        MessageKey(
            "It is the default session now; 1 other session kept (session-cli status lists it).",
            "これがデフォルトのセッションになりました。ほかに 1 個のセッションがあります (session-cli status で一覧)。")
    }
    static var loginOthersKept: MessageKey {
        MessageKey(
            "It is the default session now; {count} other sessions kept (session-cli status lists them).",
            "これがデフォルトのセッションになりました。ほかに {count} 個のセッションがあります (session-cli status で一覧)。")
    }
    static var moveAlreadyThere: MessageKey {
        MessageKey(
            "The tokens of {session} are already in {place}.",
            "{session} のトークンはすでに{place}にあります。")
    }
    static var moveDone: MessageKey {
        MessageKey(
            "Moved the tokens of {session} to {place}.",
            "{session} のトークンを{place}へ移しました。")
    }
    static var placeKeyring: MessageKey {
        MessageKey(
            "the system keyring",
            "システムのキーリング")
    }
    static var placeFile: MessageKey {
        MessageKey(
            "the session file",
            "セッションファイル")
    }
}

extension ErrorKey {
    static var loginTakesNoArguments: ErrorKey {
        ErrorKey(
            .usage,
            "login takes no arguments and never a token; if that was your token, revoke it (it may be in your shell history) and pipe a new one to 'session-cli login --with-token'",
            "login は引数を取らず、トークンを引数で受け取ることもありません。今のがトークンなら、それを取り消し (シェルの履歴に残っているかもしれません)、新しいものを 'session-cli login --with-token' にパイプで渡してください"
        )
    }
    static var clientCredentialsNeedSecret: ErrorKey {
        ErrorKey(
            .usage,
            "login --client-credentials needs the client's secret in SESSION_CLI_CLIENT_SECRET (never an option: other users can read arguments with ps), or its key with --private-key-jwt PATH, or its platform's token with --assertion-file or --assertion-from",
            "login --client-credentials には SESSION_CLI_CLIENT_SECRET にクライアントのシークレット (オプションでは渡せません: ほかのユーザーが ps で引数を読めます) か、--private-key-jwt PATH で鍵か、--assertion-file か --assertion-from でプラットフォームのトークンが必要です"
        )
    }
    static var moveNoSessionToFile: ErrorKey {
        ErrorKey(
            .failure,
            "no session to move to the session file; log in with --secrets {location} and --with-token, --device, --web or --client-credentials",
            "セッションファイルへ移すセッションがありません。--secrets {location} と、--with-token、--device、--web、--client-credentials のいずれかでログインしてください"
        )
    }
    static var moveNoSessionToKeyring: ErrorKey {
        ErrorKey(
            .failure,
            "no session to move to the keyring; log in with --secrets {location} and --with-token, --device, --web or --client-credentials",
            "キーリングへ移すセッションがありません。--secrets {location} と、--with-token、--device、--web、--client-credentials のいずれかでログインしてください"
        )
    }
    static var loginProviderNeedsWay: ErrorKey {
        ErrorKey(
            .usage,
            "login {option} needs a way to sign in: --device (a code for any browser), --web (a browser), or --client-credentials (a machine)",
            "login {option} にはサインインの方法が必要です: --device (どのブラウザーでも使えるコード)、--web (ブラウザー)、--client-credentials (マシン) のいずれか"
        )
    }
    static var loginKeyIDInvalid: ErrorKey {
        ErrorKey(
            .usage,
            "--key-id needs 1 to 256 printable characters without spaces",
            "--key-id には空白を含まない 1〜256 文字の印字可能な文字が必要です")
    }
    static var loginKeyAndSecret: ErrorKey {
        ErrorKey(
            .usage,
            "--private-key-jwt replaces the client secret, but SESSION_CLI_CLIENT_SECRET is set too; unset it or drop --private-key-jwt",
            "--private-key-jwt はクライアントシークレットの代わりですが、SESSION_CLI_CLIENT_SECRET も設定されています。どちらか一方にしてください")
    }
    static var loginGrantNeedsAssertion: ErrorKey {
        ErrorKey(
            .usage,
            "{flag} needs where the platform's token comes from: --assertion-file PATH, or --assertion-from github-actions or env:NAME",
            "{flag} にはプラットフォームのトークンの取得元が必要です: --assertion-file PATH、または --assertion-from github-actions か env:NAME"
        )
    }
    static var loginOneAssertionSource: ErrorKey {
        ErrorKey(
            .usage,
            "--assertion-file and --assertion-from name two sources of the platform's token; give one",
            "--assertion-file と --assertion-from はプラットフォームのトークンの取得元を 2 つ指定しています。1 つにしてください")
    }
    static var loginAssertionFromInvalid: ErrorKey {
        ErrorKey(
            .usage,
            "--assertion-from takes github-actions or env:NAME (a variable's name: letters, digits and _; not one that holds another secret, such as ACTIONS_ID_TOKEN_REQUEST_TOKEN)",
            "--assertion-from には github-actions か env:NAME (変数名: 英字、数字、_。ACTIONS_ID_TOKEN_REQUEST_TOKEN のようにほかのシークレットを持つ変数は不可) を指定してください"
        )
    }
    static var loginAssertionAudienceInvalid: ErrorKey {
        ErrorKey(
            .usage,
            "--assertion-audience must be 1 to 512 printable ASCII characters without spaces",
            "--assertion-audience は空白を含まない 1 から 512 文字の印字可能な ASCII 文字にしてください")
    }
    static var loginAssertionAndSecret: ErrorKey {
        ErrorKey(
            .usage,
            "with --assertion-file or --assertion-from, login --client-credentials proves the client with the platform's token; unset SESSION_CLI_CLIENT_SECRET and drop --private-key-jwt",
            "--assertion-file か --assertion-from を指定した login --client-credentials は、プラットフォームのトークンでクライアントを証明します。SESSION_CLI_CLIENT_SECRET を解除し、--private-key-jwt を外してください"
        )
    }
    static var loginResourceInvalid: ErrorKey {
        ErrorKey(
            .usage,
            "--resource must be an absolute URI without a fragment (RFC 8693 §2.1)",
            "--resource にはフラグメントのない絶対 URI を指定してください (RFC 8693 §2.1)")
    }
    static var loginAudienceInvalid: ErrorKey {
        ErrorKey(
            .usage,
            "--audience must be 1 to 512 printable ASCII characters without spaces",
            "--audience は空白を含まない 1 から 512 文字の印字可能な ASCII 文字にしてください")
    }
    static var loginOneWayToSignIn: ErrorKey {
        ErrorKey(
            .usage,
            "give one of --device, --web, --client-credentials, --jwt-bearer and --token-exchange",
            "--device、--web、--client-credentials、--jwt-bearer、--token-exchange のうち 1 つだけを指定してください")
    }
    static var loginNoToken: ErrorKey {
        ErrorKey(
            .usage,
            "no token: standard input is not a terminal; pipe the token with printf '%s' \"$TOKEN\" | session-cli login --with-token",
            "トークンがありません: 標準入力が端末ではありません。printf '%s' \"$TOKEN\" | session-cli login --with-token のようにパイプで渡してください"
        )
    }
    static var loginNeedsIssuer: ErrorKey {
        ErrorKey(
            .usage,
            "login {flag} needs a provider: give --provider NAME or --issuer URL, or set SESSION_CLI_ISSUER",
            "login {flag} にはプロバイダーが必要です: --provider NAME か --issuer URL を指定するか、SESSION_CLI_ISSUER を設定してください")
    }
    static var loginProviderAndOtherIssuer: ErrorKey {
        ErrorKey(
            .usage,
            "--issuer names another provider than --provider {provider}; give one of them (a tenant of the same provider is fine)",
            "--issuer が --provider {provider} とは別のプロバイダーを指しています。どちらか一方を指定してください (同じプロバイダーのテナントなら構いません)")
    }
    static var loginNeedsClientID: ErrorKey {
        ErrorKey(
            .usage,
            "login {flag} needs a client ID: give --client-id ID or set SESSION_CLI_CLIENT_ID",
            "login {flag} にはクライアント ID が必要です: --client-id ID を指定するか SESSION_CLI_CLIENT_ID を設定してください")
    }
    static var clientSecretInvalid: ErrorKey {
        ErrorKey(
            .usage,
            "SESSION_CLI_CLIENT_SECRET is not a valid client secret: {reason}",
            "SESSION_CLI_CLIENT_SECRET は有効なクライアントシークレットではありません: {reason}")
    }
    static var moveSessionGone: ErrorKey {
        ErrorKey(
            .failure,
            "not logged in; the session was removed meanwhile",
            "ログインしていません。その間にセッションが削除されました")
    }
}

extension LoginCommand {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var words: WordCatalog {
        WordCatalog(
            "login",
            words: [
                .actionLogIn,
                .loginVariableNote,
                .revocationKeyringUnreadableShort,
                .loginGrantShared,
                .tokenLongerThan,
                .tokenSourceStandardInput,
                .tokenSourcePrompt,
                .loginSummary,
                .loginDiscussion,
                .loginModeMove,
                .loginModeToken,
                .tokenPrompt,
                .loggedInAs,
                .loggedInProviderNamedNoAccount,
                .loggedInNoAccountGiven,
                .loggedInAsNoServer,
                .loggedInNoServerNoAccount,
                .loginTokensInKeyring,
                .loginReplaced,
                .loginOneOtherKept,
                .loginOthersKept,
                .moveAlreadyThere,
                .moveDone,
                .placeKeyring,
                .placeFile,
            ],
            errors: [
                .loginTakesNoArguments,
                .loginGrantNeedsAssertion,
                .loginOneAssertionSource,
                .loginAssertionFromInvalid,
                .loginAssertionAudienceInvalid,
                .loginAssertionAndSecret,
                .loginResourceInvalid,
                .loginAudienceInvalid,
                .clientCredentialsNeedSecret,
                .moveNoSessionToFile,
                .moveNoSessionToKeyring,
                .loginProviderNeedsWay,
                .loginKeyIDInvalid,
                .loginKeyAndSecret,
                .loginOneWayToSignIn,
                .loginNoToken,
                .loginNeedsIssuer,
                .loginProviderAndOtherIssuer,
                .loginNeedsClientID,
                .clientSecretInvalid,
                .moveSessionGone,
            ])
    }
}
