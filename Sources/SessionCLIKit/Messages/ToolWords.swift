// The words of the tool as a whole: the command line's errors, the companion's, the output's, and
// the small words others are made of (a list, a quote, a session's name).
extension MessageKey {
    static var jsonOptionHelp: MessageKey {
        MessageKey(
            "Print one JSON object (its fields are listed below).",
            "JSON オブジェクトを 1 つ出力します (フィールドは下に記載)。")
    }
    package static var quoted: MessageKey {
        MessageKey(
            "'{text}'",
            "'{text}'")
    }
    static var notShownMayBeSecret: MessageKey {
        MessageKey(
            "(not shown: it may be a secret)",
            "(秘密かもしれないので表示しません)")
    }
    static var urlReasonNotHTTP: MessageKey {
        MessageKey(
            "it must be an http or https URL with a host, like https://api.example.com",
            "https://api.example.com のように、ホストのある http か https の URL にしてください")
    }
    static var urlReasonCredentials: MessageKey {
        MessageKey(
            "it must not contain a user name or password",
            "ユーザー名やパスワードを含めないでください")
    }
    static var urlReasonQueryOrFragment: MessageKey {
        MessageKey(
            "it must not have a query (?) or a fragment (#)",
            "クエリ (?) やフラグメント (#) を付けないでください")
    }
    static var urlReasonPlainHTTP: MessageKey {
        MessageKey(
            "plain http is allowed only for this machine (localhost, 127.0.0.1, ::1); use https",
            "暗号化されない http はこのマシン (localhost、127.0.0.1、::1) 宛てにしか使えません。https を使ってください")
    }
    package static var listOr: MessageKey {
        MessageKey(
            " or ",
            "、")
    }
    static var warning: MessageKey {
        MessageKey(
            "warning: {text}",
            "警告: {text}")
    }
    static var note: MessageKey {
        MessageKey(
            "note: {text}",
            "注意: {text}")
    }
    package static var verbatim: MessageKey {
        MessageKey(
            "{text}",
            "{text}")
    }
    package static var nothing: MessageKey {
        MessageKey(
            "",
            "")
    }
    package static var listSeparator: MessageKey {
        MessageKey(
            ", ",
            "、")
    }
    package static var sessionAccountOnServer: MessageKey {
        MessageKey(
            "{account} on {server}",
            "{server} の {account}")
    }
    static var sessionAccountNoServer: MessageKey {
        MessageKey(
            "{account} (no server)",
            "{account} (サーバーなし)")
    }
    static var sessionServerNoAccount: MessageKey {
        MessageKey(
            "{server} (no account)",
            "{server} (アカウントなし)")
    }
    static var sessionNoServerNoAccount: MessageKey {
        MessageKey(
            "the session with no server and no account",
            "サーバーもアカウントもないセッション")
    }
}

extension ErrorKey {
    static var optionNeedsPath: ErrorKey {
        ErrorKey(
            .usage,
            "{option} needs a file's path",
            "{option} にはファイルのパスが必要です")
    }
    static var unexpectedError: ErrorKey {
        ErrorKey(
            .software,
            "unexpected error: {type}",
            "予期しないエラー: {type}")
    }
    static var tokenIsNeverAnOption: ErrorKey {
        ErrorKey(
            .usage,
            "the token is never an option (other users can read arguments with ps); pipe it instead: printf '%s' \"$TOKEN\" | session-cli login --with-token",
            "トークンをオプションで渡すことはできません (ほかのユーザーが ps で引数を読めます)。パイプで渡してください: printf '%s' \"$TOKEN\" | session-cli login --with-token"
        )
    }
    static var unknownCommand: ErrorKey {
        ErrorKey(
            .usage,
            "unknown command {command}; commands: {commands}",
            "不明なコマンド {command} です。コマンド: {commands}")
    }
    static var unknownCommandNear: ErrorKey {
        ErrorKey(
            .usage,
            "unknown command {command}; did you mean '{suggestion}'?",
            "不明なコマンド {command} です。'{suggestion}' のことですか?")
    }
    static var takesNoArguments: ErrorKey {
        ErrorKey(
            .usage,
            "{command} takes no arguments; see 'session-cli help {command}'",
            "{command} は引数を取りません。'session-cli help {command}' を見てください")
    }
    static var takesOneArgument: ErrorKey {
        ErrorKey(
            .usage,
            "{command} takes one argument; see 'session-cli help {command}'",
            "{command} が取る引数は 1 つだけです。'session-cli help {command}' を見てください")
    }
    static var unknownOption: ErrorKey {
        ErrorKey(
            .usage,
            "unknown option {option}; see --help",
            "不明なオプション {option} です。--help を見てください")
    }
    static var unknownOptionNear: ErrorKey {
        ErrorKey(
            .usage,
            "unknown option {option}; did you mean '{suggestion}'?",
            "不明なオプション {option} です。'{suggestion}' のことですか?")
    }
    static var unknownOptionFor: ErrorKey {
        ErrorKey(
            .usage,
            "unknown option {option} for {command}; see 'session-cli help {command}'",
            "{command} に不明なオプション {option} が指定されました。'session-cli help {command}' を見てください")
    }
    static var unknownOptionForNear: ErrorKey {
        ErrorKey(
            .usage,
            "unknown option {option} for {command}; did you mean '{suggestion}'?",
            "{command} に不明なオプション {option} が指定されました。'{suggestion}' のことですか?")
    }
    static var optionGivenTwice: ErrorKey {
        ErrorKey(
            .usage,
            "{option} is given more than once",
            "{option} が 2 回以上指定されています")
    }
    static var optionTakesNoValue: ErrorKey {
        ErrorKey(
            .usage,
            "{option} takes no value",
            "{option} は値を取りません")
    }
    static var optionNeedsValue: ErrorKey {
        ErrorKey(
            .usage,
            "{option} needs a value: {usage}",
            "{option} には値が必要です: {usage}")
    }
    static var optionDoesNotGoWith: ErrorKey {
        ErrorKey(
            .usage,
            "{option} does not go with {mode}; see 'session-cli help {command}'",
            "{option} は {mode} と一緒には使えません。'session-cli help {command}' を見てください")
    }
    static var invalidURL: ErrorKey {
        ErrorKey(
            .usage,
            "invalid {option}: {reason}",
            "{option} が正しくありません: {reason}")
    }
    static var invalidAccount: ErrorKey {
        ErrorKey(
            .usage,
            "invalid {option}: give 1 to 256 characters with no control, format or invisible separator characters",
            "{option} が正しくありません: 制御文字・書式文字・見えない区切り文字を含まない 1〜256 文字で指定してください")
    }
    static var invalidClientID: ErrorKey {
        ErrorKey(
            .usage,
            "invalid {option}: give 1 to 256 visible ASCII characters",
            "{option} が正しくありません: 表示可能な ASCII 文字 1〜256 文字で指定してください")
    }
    static var invalidScope: ErrorKey {
        ErrorKey(
            .usage,
            "invalid --scope: one scope per --scope, visible ASCII without quotes or backslashes",
            "--scope が正しくありません: 1 つの --scope にスコープは 1 つ、引用符とバックスラッシュを含まない表示可能な ASCII で指定してください")
    }
    static var invalidPort: ErrorKey {
        ErrorKey(
            .usage,
            "invalid {option}: give a port from 1 to 65535",
            "{option} が正しくありません: 1〜65535 のポート番号を指定してください")
    }
    static var invalidLoopbackHost: ErrorKey {
        ErrorKey(
            .usage,
            "invalid {option}: give 127.0.0.1, localhost or ::1",
            "{option} が正しくありません: 127.0.0.1、localhost、::1 のいずれかを指定してください")
    }
    static var invalidLifetime: ErrorKey {
        ErrorKey(
            .usage,
            "invalid {option}: give a whole number of seconds from 1 to {longest}",
            "{option} が正しくありません: 1〜{longest} の整数 (秒) を指定してください")
    }
    static var invalidChoice: ErrorKey {
        ErrorKey(
            .usage,
            "invalid {option}: give {choices}",
            "{option} が正しくありません: {choices} のいずれかを指定してください")
    }
    static var invalidLockTimeout: ErrorKey {
        ErrorKey(
            .usage,
            "invalid SESSION_CLI_LOCK_TIMEOUT: give seconds from 0 to {longest}",
            "SESSION_CLI_LOCK_TIMEOUT が正しくありません: 0〜{longest} の秒数を指定してください")
    }
    static var storeNeedsPath: ErrorKey {
        ErrorKey(
            .usage,
            "--store needs a file path",
            "--store にはファイルのパスが必要です")
    }
    static var storeMustBeFile: ErrorKey {
        ErrorKey(
            .usage,
            "--store must name a file, not a folder",
            "--store にはフォルダーではなくファイルを指定してください")
    }
    static var outputIncomplete: ErrorKey {
        ErrorKey(
            .ioError,
            "cannot write to standard output: {reason}; the output is incomplete",
            "標準出力に書き込めません: {reason}。出力は途中までです")
    }
    static var optionNeedsOther: ErrorKey {
        ErrorKey(
            .usage,
            "{option} needs {other}",
            "{option} には {other} が必要です")
    }
    static var invalidMethod: ErrorKey {
        ErrorKey(
            .usage,
            "invalid --method: give an HTTP method such as GET, POST, PUT, PATCH or DELETE",
            "--method が正しくありません: GET、POST、PUT、PATCH、DELETE などの HTTP メソッドを指定してください")
    }
}

extension WordCatalog {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var tool: WordCatalog {
        WordCatalog(
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
                .warning,
                .note,
                .verbatim,
                .nothing,
                .listSeparator,
                .sessionAccountOnServer,
                .sessionAccountNoServer,
                .sessionServerNoAccount,
                .sessionNoServerNoAccount,
            ],
            errors: [
                .optionNeedsPath,
                .unexpectedError,
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
                .invalidMethod,
            ])
    }
}
