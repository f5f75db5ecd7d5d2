// The words of `APICommand`, each key beside its English and its Japanese text.
extension MessageKey {
    static var apiSummary: MessageKey {
        MessageKey(
            "Send a request to the session's server with the token.",
            "セッションのサーバーへ、トークンを付けてリクエストを送ります。")
    }
    static var apiDiscussion: MessageKey {
        MessageKey(
            "PATH is joined to the server URL of the default session, or of the one --server and --account (or SESSION_CLI_SERVER and SESSION_CLI_ACCOUNT) select. A full URL goes to its own origin, with the session on that server. The percent-encoding is kept as written; the response body is printed as it arrives.\n\nFields (-f, -F) make a JSON object, sent as the body with Content-Type: application/json; for GET and HEAD, or with --input, they become query parameters instead. A key nests with brackets: user[name]=alice, tags[]=a appends to an array. A -F value @FILE is the file's text, up to {limit} MiB; a larger body goes with --input, which never holds it whole.\n\nA 401 from the session's server logs that session out, unless it can refresh its token: then it is refreshed and the request sent once more (a body from standard input is sent once: the session is kept and the 401 reported). The token goes to the session's own server only: a redirect to another origin is followed without it, and standard error says where it went.",
            "PATH はデフォルトのセッション、または --server と --account (または SESSION_CLI_SERVER と SESSION_CLI_ACCOUNT) で選んだセッションのサーバー URL につなげます。完全な URL はそのオリジンへ、そのサーバーのセッションで送ります。パーセントエンコードは書いたとおりに保ち、レスポンスの本文は届くそばから出力します。\n\nフィールド (-f、-F) は JSON オブジェクトになり、Content-Type: application/json の本文として送ります。GET と HEAD、または --input があるときは、代わりにクエリパラメーターになります。キーは角かっこで入れ子にできます: user[name]=alice、tags[]=a は配列に追加します。-F の値 @FILE はファイルの内容 ({limit} MiB まで) です。それより大きな本文は --input で送れば、全体をメモリーに置くことはありません。\n\nセッションのサーバーからの 401 はそのセッションをログアウトさせます。ただしトークンを更新できるときは更新し、リクエストをもう 1 回送ります (標準入力からの本文は 1 回しか送れないので、セッションはそのままにして 401 を伝えます)。トークンはセッション自身のサーバーにだけ送ります: 別のオリジンへのリダイレクトはトークンなしでたどり、行き先を標準エラーに出します。"
        )
    }
    static var apiRedirected: MessageKey {
        MessageKey(
            "the answer came from {url}: a redirect to another server was followed without the token",
            "応答は {url} から来ました: 別のサーバーへのリダイレクトを、トークンなしでたどりました")
    }
}

extension ErrorKey {
    static var apiRedirectNotFollowed: ErrorKey {
        ErrorKey(
            .failure,
            "the server answered with a redirect ({status}) that is not followed: to plain http, to a non-http address, carrying the request body to another server, or carrying a body sent from a file or standard input",
            "サーバーはリダイレクト ({status}) を返しましたが、たどりません: 暗号化されない http 宛て、http 以外の宛先、リクエストの本文を別のサーバーへ運ぶもの、またはファイルか標準入力から送った本文を運ぶものです"
        )
    }
    static var apiNeedsPath: ErrorKey {
        ErrorKey(
            .usage,
            "api needs a PATH, like: session-cli api /user",
            "api には PATH が必要です。例: session-cli api /user")
    }
    static var apiServerAndURL: ErrorKey {
        ErrorKey(
            .usage,
            "give --server or a full URL, not both: a full URL names its server",
            "--server か完全な URL のどちらかを指定してください: 完全な URL はサーバーを含みます")
    }
    static var apiSessionExpired: ErrorKey {
        ErrorKey(
            .failure,
            "the session has expired; run 'session-cli login' first",
            "セッションの期限が切れています。先に 'session-cli login' を実行してください")
    }
    static var apiNotLoggedIn: ErrorKey {
        ErrorKey(
            .failure,
            "not logged in; run 'session-cli login' first",
            "ログインしていません。先に 'session-cli login' を実行してください")
    }
    static var apiNoServer: ErrorKey {
        ErrorKey(
            .failure,
            "the session names no server; log in again with --server URL to use api",
            "セッションにサーバーがありません。api を使うには --server URL を付けてもう一度ログインしてください")
    }
    static var apiFieldNotKeyValue: ErrorKey {
        ErrorKey(
            .usage,
            "invalid {option}: write it as key=value",
            "{option} が正しくありません: key=value の形で書いてください")
    }
    static var apiFieldBadKey: ErrorKey {
        ErrorKey(
            .usage,
            "invalid {option}: a key is a name, then [name] or a final [] for each level",
            "{option} が正しくありません: キーは名前のあとに、階層ごとに [名前] か最後の [] を続けたものです")
    }
    static var apiFieldConflict: ErrorKey {
        ErrorKey(
            .usage,
            "the field {key} does not fit the fields before it: one makes it an object or array, another a value",
            "フィールド {key} がそれより前のフィールドと合いません: 一方はオブジェクトか配列、もう一方は値としています")
    }
    static var apiFieldFileTooLarge: ErrorKey {
        ErrorKey(
            .badData,
            "{file} is larger than {limit} MiB; send a large body with --input FILE",
            "{file} が {limit} MiB を超えています。大きな本文は --input FILE で送ってください")
    }
    static var apiFieldFileNotText: ErrorKey {
        ErrorKey(
            .badData,
            "{file} is not UTF-8 text; send it as the body with --input FILE",
            "{file} は UTF-8 のテキストではありません。--input FILE で本文として送ってください")
    }
    static var apiStandardInputTwice: ErrorKey {
        ErrorKey(
            .usage,
            "standard input can be read once: give it to one of --input - and -F KEY=@-",
            "標準入力は一度しか読めません: --input - と -F KEY=@- のどちらか一つだけに渡してください")
    }
    static var apiCannotRead: ErrorKey {
        ErrorKey(
            .ioError,
            "cannot read {file}: {reason}",
            "{file} を読めません: {reason}")
    }
    static var apiUnauthorizedLoggedOut: ErrorKey {
        ErrorKey(
            .noPermission,
            "the server rejected the token (401 Unauthorized); you are now logged out; run 'session-cli login'",
            "サーバーがトークンを拒否しました (401 Unauthorized)。ログアウトしました。'session-cli login' を実行してください")
    }
    static var apiUnauthorizedKept: ErrorKey {
        ErrorKey(
            .noPermission,
            "the server rejected the token (401 Unauthorized); the session was kept",
            "サーバーがトークンを拒否しました (401 Unauthorized)。セッションはそのままです")
    }
    static var apiForbidden: ErrorKey {
        ErrorKey(
            .noPermission,
            "the server refused access (403 Forbidden)",
            "サーバーがアクセスを拒否しました (403 Forbidden)")
    }
    static var apiErrorStatus: ErrorKey {
        ErrorKey(
            .failure,
            "the server answered with status {status}",
            "サーバーはステータス {status} を返しました")
    }
    static var apiURLFragment: ErrorKey {
        ErrorKey(
            .usage,
            "invalid URL: it must not have a fragment (#)",
            "URL が正しくありません: フラグメント (#) を付けないでください")
    }
    static var apiHeaderForm: ErrorKey {
        ErrorKey(
            .usage,
            "invalid --header: write it as 'Name: value'",
            "--header が正しくありません: 'Name: value' の形で書いてください")
    }
    static var apiHeaderName: ErrorKey {
        ErrorKey(
            .usage,
            "invalid --header: the name must be letters, digits or !#$%&'*+-.^_`|~",
            "--header が正しくありません: 名前は英字、数字、!#$%&'*+-.^_`|~ で書いてください")
    }
    static var apiHeaderAuthorization: ErrorKey {
        ErrorKey(
            .usage,
            "--header Authorization is not allowed: the token comes from the session (session-cli login)",
            "--header Authorization は使えません: トークンはセッションから付けます (session-cli login)")
    }
}

extension APICommand {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var words: WordCatalog {
        WordCatalog(
            "api",
            words: [
                .apiSummary,
                .apiDiscussion,
                .apiRedirected,
            ],
            errors: [
                .apiRedirectNotFollowed,
                .apiNeedsPath,
                .apiServerAndURL,
                .apiSessionExpired,
                .apiNotLoggedIn,
                .apiNoServer,
                .apiFieldNotKeyValue,
                .apiFieldBadKey,
                .apiFieldConflict,
                .apiFieldFileTooLarge,
                .apiFieldFileNotText,
                .apiStandardInputTwice,
                .apiCannotRead,
                .apiUnauthorizedLoggedOut,
                .apiUnauthorizedKept,
                .apiForbidden,
                .apiErrorStatus,
                .apiURLFragment,
                .apiHeaderForm,
                .apiHeaderName,
                .apiHeaderAuthorization,
            ])
    }
}
