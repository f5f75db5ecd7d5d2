// The words of `HelpCommand`, each key beside its English and its Japanese text.
extension MessageKey {
    static var helpToolSummary: MessageKey {
        MessageKey(
            "session-cli {version}: keep login sessions and sign requests with them.",
            "session-cli {version}: ログインセッションを保ち、それでリクエストに署名します。")
    }
    static var helpUsageHeading: MessageKey {
        MessageKey(
            "USAGE:",
            "使い方:")
    }
    static var helpCommandsHeading: MessageKey {
        MessageKey(
            "COMMANDS:",
            "コマンド:")
    }
    static var helpOptionsHeading: MessageKey {
        MessageKey(
            "OPTIONS:",
            "オプション:")
    }
    static var helpGlobalOptionsHeading: MessageKey {
        MessageKey(
            "GLOBAL OPTIONS:",
            "共通オプション:")
    }
    static var helpEnvironmentHeading: MessageKey {
        MessageKey(
            "ENVIRONMENT:",
            "環境変数:")
    }
    static var helpExamplesHeading: MessageKey {
        MessageKey(
            "EXAMPLES:",
            "例:")
    }
    static var helpCommandExitCodes: MessageKey {
        MessageKey(
            "EXIT CODES: {codes} (what each means: 'session-cli help exit-codes')",
            "終了コード: {codes} (それぞれの意味: 'session-cli help exit-codes')")
    }
    static var helpOptionVariable: MessageKey {
        MessageKey(
            " [env: {variable}]",
            "[環境変数: {variable}]")
    }
    static var helpOverviewFooter: MessageKey {
        MessageKey(
            "Run 'session-cli help <command>' for a command's options and examples, and 'session-cli help exit-codes' for what each exit status means.",
            "コマンドのオプションと例は 'session-cli help <command>'、終了コードの意味は 'session-cli help exit-codes' で表示します。")
    }
    static var helpExitCodesIntro: MessageKey {
        MessageKey(
            "session-cli's exit statuses, from sysexits(3) where one fits. Each command's help lists the ones it can end with.",
            "session-cli の終了コードです。当てはまるものは sysexits(3) に従います。各コマンドのヘルプに、そのコマンドが返しうるものを載せています。")
    }
    static var optionHelp: MessageKey {
        MessageKey(
            "Show help for the tool or a command.",
            "ツールかコマンドのヘルプを表示します。")
    }
    static var optionVersion: MessageKey {
        MessageKey(
            "Print the version.",
            "バージョンを出力します。")
    }
    static var helpSummary: MessageKey {
        MessageKey(
            "Show help for the tool, a command, or the exit codes.",
            "ツール、コマンド、終了コードのヘルプを表示します。")
    }
    static var helpDiscussion: MessageKey {
        MessageKey(
            "Help is wrapped to the terminal's width: COLUMNS when it is set, else the terminal's own, else 80 columns.",
            "ヘルプは端末の幅に合わせて折り返します: COLUMNS が設定されていればその値、なければ端末の幅、それもなければ 80 桁です。")
    }
    static var manSectionTitle: MessageKey {
        MessageKey(
            "User Commands",
            "ユーザーコマンド")
    }
    static var manName: MessageKey {
        MessageKey(
            "NAME",
            "名前")
    }
    static var manNameLine: MessageKey {
        MessageKey(
            "keep login sessions and sign requests with them",
            "ログインセッションを保ち、それでリクエストに署名する")
    }
    static var manSynopsis: MessageKey {
        MessageKey(
            "SYNOPSIS",
            "書式")
    }
    static var manDescription: MessageKey {
        MessageKey(
            "DESCRIPTION",
            "説明")
    }
    static var manDescriptionText: MessageKey {
        MessageKey(
            "session-cli keeps login sessions (many: a server and an account each, one the default) in one file that is safe across processes and crashes, with the tokens in the file or the system keyring. It signs in at OAuth 2.0 and OpenID Connect providers, refreshes tokens once across processes, revokes them at logout, sends requests with the token to the session's own server only, and hands the session to git and kubectl.",
            "session-cli はログインセッション (サーバーとアカウントの組ごとに複数、そのうち 1 つがデフォルト) を、プロセスをまたいでもクラッシュしても安全な 1 つのファイルに保ちます。トークンはそのファイルか、システムのキーリングに置きます。OAuth 2.0 と OpenID Connect のプロバイダーでサインインし、トークンの更新はプロセスをまたいで 1 回だけ行い、ログアウトで取り消します。リクエストにはトークンを付けてセッション自身のサーバーにだけ送り、git や kubectl にもセッションを渡します。"
        )
    }
    static var manCommands: MessageKey {
        MessageKey(
            "COMMANDS",
            "コマンド")
    }
    static var manGlobalOptions: MessageKey {
        MessageKey(
            "GLOBAL OPTIONS",
            "共通オプション")
    }
    static var manEnvironment: MessageKey {
        MessageKey(
            "ENVIRONMENT",
            "環境変数")
    }
    static var manExitStatus: MessageKey {
        MessageKey(
            "EXIT STATUS",
            "終了ステータス")
    }
    static var manFiles: MessageKey {
        MessageKey(
            "FILES",
            "ファイル")
    }
    static var manFilesText: MessageKey {
        MessageKey(
            "The session file, unless --store or SESSION_CLI_STORE names another; under $XDG_STATE_HOME when it is set. 0600, in a 0700 folder.",
            "セッションファイル。--store か SESSION_CLI_STORE で別のものを指定しない限りこれを使い、$XDG_STATE_HOME が設定されていればその下に置きます。モードは 0600 で、フォルダーは 0700 です。"
        )
    }
    static var manSeeAlso: MessageKey {
        MessageKey(
            "SEE ALSO",
            "関連項目")
    }
}

extension ErrorKey {
    static var helpUnknownTopic: ErrorKey {
        ErrorKey(
            .usage,
            "no help for that; give one of: {topics}",
            "それについてのヘルプはありません。次のいずれかを指定してください: {topics}")
    }
    static var helpUnknownTopicNear: ErrorKey {
        ErrorKey(
            .usage,
            "no help for that; did you mean '{suggestion}'?",
            "それについてのヘルプはありません。'{suggestion}' のことですか?")
    }
    static var helpManTakesNoTopic: ErrorKey {
        ErrorKey(
            .usage,
            "help --man prints the whole manual; give it without a command",
            "help --man はマニュアル全体を出力します。コマンドを付けずに指定してください")
    }
}

extension HelpCommand {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var words: WordCatalog {
        WordCatalog(
            "help",
            words: [
                .helpToolSummary,
                .helpUsageHeading,
                .helpCommandsHeading,
                .helpOptionsHeading,
                .helpGlobalOptionsHeading,
                .helpEnvironmentHeading,
                .helpExamplesHeading,
                .helpCommandExitCodes,
                .helpOptionVariable,
                .helpOverviewFooter,
                .helpExitCodesIntro,
                .optionHelp,
                .optionVersion,
                .helpSummary,
                .helpDiscussion,
                .manSectionTitle,
                .manName,
                .manNameLine,
                .manSynopsis,
                .manDescription,
                .manDescriptionText,
                .manCommands,
                .manGlobalOptions,
                .manEnvironment,
                .manExitStatus,
                .manFiles,
                .manFilesText,
                .manSeeAlso,
            ],
            errors: [
                .helpUnknownTopic,
                .helpUnknownTopicNear,
                .helpManTakesNoTopic,
            ])
    }
}
