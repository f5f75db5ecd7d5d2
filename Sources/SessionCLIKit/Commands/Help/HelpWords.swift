// The words of `HelpCommand`, each key beside its English and its Japanese text.
extension MessageKey {
    package static let helpToolSummary = MessageKey(
        "session-cli {version}: keep login sessions and sign requests with them.",
        "session-cli {version}: ログインセッションを保ち、それでリクエストに署名します。")
    package static let helpUsageHeading = MessageKey(
        "USAGE:",
        "使い方:")
    package static let helpCommandsHeading = MessageKey(
        "COMMANDS:",
        "コマンド:")
    package static let helpOptionsHeading = MessageKey(
        "OPTIONS:",
        "オプション:")
    package static let helpGlobalOptionsHeading = MessageKey(
        "GLOBAL OPTIONS:",
        "共通オプション:")
    package static let helpEnvironmentHeading = MessageKey(
        "ENVIRONMENT:",
        "環境変数:")
    package static let helpExamplesHeading = MessageKey(
        "EXAMPLES:",
        "例:")
    package static let helpCommandExitCodes = MessageKey(
        "EXIT CODES: {codes} (what each means: 'session-cli help exit-codes')",
        "終了コード: {codes} (それぞれの意味: 'session-cli help exit-codes')")
    package static let helpOptionVariable = MessageKey(
        " [env: {variable}]",
        "[環境変数: {variable}]")
    package static let helpOverviewFooter = MessageKey(
        "Run 'session-cli help <command>' for a command's options and examples, and 'session-cli help exit-codes' for what each exit status means.",
        "コマンドのオプションと例は 'session-cli help <command>'、終了コードの意味は 'session-cli help exit-codes' で表示します。")
    package static let helpExitCodesIntro = MessageKey(
        "session-cli's exit statuses, from sysexits(3) where one fits. Each command's help lists the ones it can end with.",
        "session-cli の終了コードです。当てはまるものは sysexits(3) に従います。各コマンドのヘルプに、そのコマンドが返しうるものを載せています。")
    package static let optionHelp = MessageKey(
        "Show help for the tool or a command.",
        "ツールかコマンドのヘルプを表示します。")
    package static let optionVersion = MessageKey(
        "Print the version.",
        "バージョンを出力します。")
    package static let helpSummary = MessageKey(
        "Show help for the tool, a command, or the exit codes.",
        "ツール、コマンド、終了コードのヘルプを表示します。")
    package static let helpDiscussion = MessageKey(
        "Help is wrapped to the terminal's width: COLUMNS when it is set, else the terminal's own, else 80 columns.",
        "ヘルプは端末の幅に合わせて折り返します: COLUMNS が設定されていればその値、なければ端末の幅、それもなければ 80 桁です。")
    package static let manSectionTitle = MessageKey(
        "User Commands",
        "ユーザーコマンド")
    package static let manName = MessageKey(
        "NAME",
        "名前")
    package static let manNameLine = MessageKey(
        "keep login sessions and sign requests with them",
        "ログインセッションを保ち、それでリクエストに署名する")
    package static let manSynopsis = MessageKey(
        "SYNOPSIS",
        "書式")
    package static let manDescription = MessageKey(
        "DESCRIPTION",
        "説明")
    package static let manDescriptionText = MessageKey(
        "session-cli keeps login sessions (many: a server and an account each, one the default) in one file that is safe across processes and crashes, with the tokens in the file or the system keyring. It signs in at OAuth 2.0 and OpenID Connect providers, refreshes tokens once across processes, revokes them at logout, sends requests with the token to the session's own server only, and hands the session to git and kubectl.",
        "session-cli はログインセッション (サーバーとアカウントの組ごとに複数、そのうち 1 つがデフォルト) を、プロセスをまたいでもクラッシュしても安全な 1 つのファイルに保ちます。トークンはそのファイルか、システムのキーリングに置きます。OAuth 2.0 と OpenID Connect のプロバイダーでサインインし、トークンの更新はプロセスをまたいで 1 回だけ行い、ログアウトで取り消します。リクエストにはトークンを付けてセッション自身のサーバーにだけ送り、git や kubectl にもセッションを渡します。"
    )
    package static let manCommands = MessageKey(
        "COMMANDS",
        "コマンド")
    package static let manGlobalOptions = MessageKey(
        "GLOBAL OPTIONS",
        "共通オプション")
    package static let manEnvironment = MessageKey(
        "ENVIRONMENT",
        "環境変数")
    package static let manExitStatus = MessageKey(
        "EXIT STATUS",
        "終了ステータス")
    package static let manFiles = MessageKey(
        "FILES",
        "ファイル")
    package static let manFilesText = MessageKey(
        "The session file, unless --store or SESSION_CLI_STORE names another; under $XDG_STATE_HOME when it is set. 0600, in a 0700 folder.",
        "セッションファイル。--store か SESSION_CLI_STORE で別のものを指定しない限りこれを使い、$XDG_STATE_HOME が設定されていればその下に置きます。モードは 0600 で、フォルダーは 0700 です。"
    )
    package static let manSeeAlso = MessageKey(
        "SEE ALSO",
        "関連項目")
}

extension ErrorKey {
    package static let helpUnknownTopic = ErrorKey(
        .usage,
        "no help for that; give one of: {topics}",
        "それについてのヘルプはありません。次のいずれかを指定してください: {topics}")
    package static let helpUnknownTopicNear = ErrorKey(
        .usage,
        "no help for that; did you mean '{suggestion}'?",
        "それについてのヘルプはありません。'{suggestion}' のことですか?")
    package static let helpManTakesNoTopic = ErrorKey(
        .usage,
        "help --man prints the whole manual; give it without a command",
        "help --man はマニュアル全体を出力します。コマンドを付けずに指定してください")
}

extension HelpCommand {
    /// Every word above, for the catalog's tests.
    package static let words = WordCatalog(
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
