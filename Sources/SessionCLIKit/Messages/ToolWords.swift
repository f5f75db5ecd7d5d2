// The words of the tool as a whole: the command line's errors, the companion's, the output's, and
// the small words others are made of (a list, a quote, a session's name).
extension MessageKey {
    package static let jsonOptionHelp = MessageKey(
        "Print one JSON object (its fields are listed below).",
        "JSON オブジェクトを 1 つ出力します (フィールドは下に記載)。")
    package static let quoted = MessageKey(
        "'{text}'",
        "'{text}'")
    package static let notShownMayBeSecret = MessageKey(
        "(not shown: it may be a secret)",
        "(秘密かもしれないので表示しません)")
    package static let urlReasonNotHTTP = MessageKey(
        "it must be an http or https URL with a host, like https://api.example.com",
        "https://api.example.com のように、ホストのある http か https の URL にしてください")
    package static let urlReasonCredentials = MessageKey(
        "it must not contain a user name or password",
        "ユーザー名やパスワードを含めないでください")
    package static let urlReasonQueryOrFragment = MessageKey(
        "it must not have a query (?) or a fragment (#)",
        "クエリ (?) やフラグメント (#) を付けないでください")
    package static let urlReasonPlainHTTP = MessageKey(
        "plain http is allowed only for this machine (localhost, 127.0.0.1, ::1); use https",
        "暗号化されない http はこのマシン (localhost、127.0.0.1、::1) 宛てにしか使えません。https を使ってください")
    package static let listOr = MessageKey(
        " or ",
        "、")
    package static let actionLogIn = MessageKey(
        "log in",
        "ログインする")
    package static let actionLogOut = MessageKey(
        "log out",
        "ログアウトする")
    package static let actionSwitch = MessageKey(
        "switch the default session",
        "デフォルトのセッションを切り替える")
    package static let warning = MessageKey(
        "warning: {text}",
        "警告: {text}")
    package static let note = MessageKey(
        "note: {text}",
        "注意: {text}")
    package static let insecurePermissions = MessageKey(
        "warning: {path} can be read by other users; run 'chmod 600 {path}' or log in again",
        "警告: {path} はほかのユーザーが読めます。'chmod 600 {path}' を実行するか、もう一度ログインしてください")
    package static let verbatim = MessageKey(
        "{text}",
        "{text}")
    package static let nothing = MessageKey(
        "",
        "")
    package static let listSeparator = MessageKey(
        ", ",
        "、")
    package static let sessionAccountOnServer = MessageKey(
        "{account} on {server}",
        "{server} の {account}")
    package static let sessionAccountNoServer = MessageKey(
        "{account} (no server)",
        "{account} (サーバーなし)")
    package static let sessionServerNoAccount = MessageKey(
        "{server} (no account)",
        "{server} (アカウントなし)")
    package static let sessionNoServerNoAccount = MessageKey(
        "the session with no server and no account",
        "サーバーもアカウントもないセッション")
}

extension ErrorKey {
    package static let tokenIsNeverAnOption = ErrorKey(
        .usage,
        "the token is never an option (other users can read arguments with ps); pipe it instead: printf '%s' \"$TOKEN\" | session-cli login --with-token",
        "トークンをオプションで渡すことはできません (ほかのユーザーが ps で引数を読めます)。パイプで渡してください: printf '%s' \"$TOKEN\" | session-cli login --with-token"
    )
    package static let unknownCommand = ErrorKey(
        .usage,
        "unknown command {command}; commands: {commands}",
        "不明なコマンド {command} です。コマンド: {commands}")
    package static let unknownCommandNear = ErrorKey(
        .usage,
        "unknown command {command}; did you mean '{suggestion}'?",
        "不明なコマンド {command} です。'{suggestion}' のことですか?")
    package static let takesNoArguments = ErrorKey(
        .usage,
        "{command} takes no arguments; see 'session-cli help {command}'",
        "{command} は引数を取りません。'session-cli help {command}' を見てください")
    package static let takesOneArgument = ErrorKey(
        .usage,
        "{command} takes one argument; see 'session-cli help {command}'",
        "{command} が取る引数は 1 つだけです。'session-cli help {command}' を見てください")
    package static let unknownOption = ErrorKey(
        .usage,
        "unknown option {option}; see --help",
        "不明なオプション {option} です。--help を見てください")
    package static let unknownOptionNear = ErrorKey(
        .usage,
        "unknown option {option}; did you mean '{suggestion}'?",
        "不明なオプション {option} です。'{suggestion}' のことですか?")
    package static let unknownOptionFor = ErrorKey(
        .usage,
        "unknown option {option} for {command}; see 'session-cli help {command}'",
        "{command} に不明なオプション {option} が指定されました。'session-cli help {command}' を見てください")
    package static let unknownOptionForNear = ErrorKey(
        .usage,
        "unknown option {option} for {command}; did you mean '{suggestion}'?",
        "{command} に不明なオプション {option} が指定されました。'{suggestion}' のことですか?")
    package static let optionGivenTwice = ErrorKey(
        .usage,
        "{option} is given more than once",
        "{option} が 2 回以上指定されています")
    package static let optionTakesNoValue = ErrorKey(
        .usage,
        "{option} takes no value",
        "{option} は値を取りません")
    package static let optionNeedsValue = ErrorKey(
        .usage,
        "{option} needs a value: {usage}",
        "{option} には値が必要です: {usage}")
    package static let optionDoesNotGoWith = ErrorKey(
        .usage,
        "{option} does not go with {mode}; see 'session-cli help {command}'",
        "{option} は {mode} と一緒には使えません。'session-cli help {command}' を見てください")
    package static let invalidURL = ErrorKey(
        .usage,
        "invalid {option}: {reason}",
        "{option} が正しくありません: {reason}")
    package static let invalidAccount = ErrorKey(
        .usage,
        "invalid {option}: give 1 to 256 characters with no control, format or invisible separator characters",
        "{option} が正しくありません: 制御文字・書式文字・見えない区切り文字を含まない 1〜256 文字で指定してください")
    package static let invalidClientID = ErrorKey(
        .usage,
        "invalid {option}: give 1 to 256 visible ASCII characters",
        "{option} が正しくありません: 表示可能な ASCII 文字 1〜256 文字で指定してください")
    package static let invalidScope = ErrorKey(
        .usage,
        "invalid --scope: one scope per --scope, visible ASCII without quotes or backslashes",
        "--scope が正しくありません: 1 つの --scope にスコープは 1 つ、引用符とバックスラッシュを含まない表示可能な ASCII で指定してください")
    package static let invalidPort = ErrorKey(
        .usage,
        "invalid {option}: give a port from 1 to 65535",
        "{option} が正しくありません: 1〜65535 のポート番号を指定してください")
    package static let invalidLoopbackHost = ErrorKey(
        .usage,
        "invalid {option}: give 127.0.0.1, localhost or ::1",
        "{option} が正しくありません: 127.0.0.1、localhost、::1 のいずれかを指定してください")
    package static let invalidLifetime = ErrorKey(
        .usage,
        "invalid {option}: give a whole number of seconds from 1 to {longest}",
        "{option} が正しくありません: 1〜{longest} の整数 (秒) を指定してください")
    package static let invalidChoice = ErrorKey(
        .usage,
        "invalid {option}: give {choices}",
        "{option} が正しくありません: {choices} のいずれかを指定してください")
    package static let invalidLockTimeout = ErrorKey(
        .usage,
        "invalid SESSION_CLI_LOCK_TIMEOUT: give seconds from 0 to {longest}",
        "SESSION_CLI_LOCK_TIMEOUT が正しくありません: 0〜{longest} の秒数を指定してください")
    package static let storeNeedsPath = ErrorKey(
        .usage,
        "--store needs a file path",
        "--store にはファイルのパスが必要です")
    package static let storeMustBeFile = ErrorKey(
        .usage,
        "--store must name a file, not a folder",
        "--store にはフォルダーではなくファイルを指定してください")
    package static let outputIncomplete = ErrorKey(
        .ioError,
        "cannot write to standard output: {reason}; the output is incomplete",
        "標準出力に書き込めません: {reason}。出力は途中までです")
    package static let optionNeedsOther = ErrorKey(
        .usage,
        "{option} needs {other}",
        "{option} には {other} が必要です")
    package static let apiBadMethod = ErrorKey(
        .usage,
        "invalid --method: give an HTTP method such as GET, POST, PUT, PATCH or DELETE",
        "--method が正しくありません: GET、POST、PUT、PATCH、DELETE などの HTTP メソッドを指定してください")
}

extension WordCatalog {
    /// Every word above, for the catalog's tests.
    package static let tool = WordCatalog(
        "tool",
        words: [
            .jsonOptionHelp,
            .quoted,
            .notShownMayBeSecret,
            .urlReasonNotHTTP,
            .urlReasonCredentials,
            .urlReasonQueryOrFragment,
            .urlReasonPlainHTTP,
            .listOr,
            .actionLogIn,
            .actionLogOut,
            .actionSwitch,
            .warning,
            .note,
            .insecurePermissions,
            .verbatim,
            .nothing,
            .listSeparator,
            .sessionAccountOnServer,
            .sessionAccountNoServer,
            .sessionServerNoAccount,
            .sessionNoServerNoAccount,
        ],
        errors: [
            .tokenIsNeverAnOption,
            .unknownCommand,
            .unknownCommandNear,
            .takesNoArguments,
            .takesOneArgument,
            .unknownOption,
            .unknownOptionNear,
            .unknownOptionFor,
            .unknownOptionForNear,
            .optionGivenTwice,
            .optionTakesNoValue,
            .optionNeedsValue,
            .optionDoesNotGoWith,
            .invalidURL,
            .invalidAccount,
            .invalidClientID,
            .invalidScope,
            .invalidPort,
            .invalidLoopbackHost,
            .invalidLifetime,
            .invalidChoice,
            .invalidLockTimeout,
            .storeNeedsPath,
            .storeMustBeFile,
            .outputIncomplete,
            .optionNeedsOther,
            .apiBadMethod,
        ])
}
