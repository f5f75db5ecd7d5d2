// The catalog: every message session-cli prints for a person, in English and
// Japanese. A message is a key and its two templates; `{name}` is a blank the
// code fills (``Message``). `MessageCatalogTests` checks that every key has
// both texts with the same blanks, and that the Japanese one is Japanese.

/// A message of the tool's catalog (``Message``): its key, and its text in
/// each language the tool speaks, with `{name}` for each blank.
package enum MessageKey: String, CaseIterable, Sendable {
    // MARK: The command line
    case unknownCommand
    case unknownCommandNear
    case takesNoArguments
    case takesOneArgument
    case tokenIsNeverAnOption
    case unknownOption
    case unknownOptionNear
    case unknownOptionFor
    case unknownOptionForNear
    case quoted
    case notShownMayBeSecret
    case optionGivenTwice
    case optionTakesNoValue
    case optionNeedsValue
    case optionDoesNotGoWith
    case invalidURL
    case urlReasonNotHTTP
    case urlReasonCredentials
    case urlReasonQueryOrFragment
    case urlReasonPlainHTTP
    case invalidAccount
    case invalidClientID
    case invalidScope
    case invalidPort
    case invalidLoopbackHost
    case invalidLifetime
    case invalidChoice
    case listOr
    case invalidLockTimeout
    case storeNeedsPath
    case storeMustBeFile
    case tokenOverrideInvalid
    case refusedWhileOverridden
    case actionLogIn
    case actionLogOut
    case actionSwitch
    case noNetworkInThisRun
    case companionFolderUnknown
    case companionMissing
    case companionCannotRun
    case companionInputLost
    case cannotReadStandardInput
    case outputIncomplete
    case commandDidNotFinish
    case unexpectedError
    case warning
    case note
    case insecurePermissions
    case verbatim
    case nothing
    case listSeparator
    case sessionAccountOnServer
    case sessionAccountNoServer
    case sessionServerNoAccount
    case sessionNoServerNoAccount
    case terminalSettingsUnreadable
    case echoCannotBeTurnedOff
    // MARK: Choosing a session
    case optionSelectServer
    case optionSelectAccount
    case noServer
    case noAccount
    case ambiguousAccount
    case ambiguousServer
    case ambiguousSelection
    case noSessionNoneAtAll
    case noSessionOtherAccounts
    case noSessionOtherServers
    case noSessionForSelection
    case chooseWithServer
    case chooseWithAccount
    case chooseWithBoth
    // MARK: The library's errors
    case sessionFileEmpty
    case sessionFileCorrupt
    case sessionFileTooNew
    case sessionFileNotRegular
    case fileKindDirectory
    case fileKindFIFO
    case fileKindSymlink
    case fileKindSocket
    case fileKindDevice
    case fileKindOther
    case fileOperationFailed
    case operationOpen
    case operationInspect
    case operationRead
    case operationCreate
    case operationSetPermissions
    case operationWrite
    case operationFlush
    case operationCreateFolder
    case operationOpenFolder
    case operationFlushFolder
    case operationReplace
    case operationRemove
    case operationList
    case operationOpenLock
    case operationLock
    case operationWatch
    case hintPermissions
    case hintReadOnly
    case hintDiskFull
    case hintNotFolder
    case hintWatchLimit
    case storeBusy
    case invalidTokenIn
    case tokenSourceStandardInput
    case tokenSourcePrompt
    case tokenSourceAnywhere
    case tokenEmpty
    case tokenTooLong
    case tokenBadByte
    case byteSpace
    case byteTab
    case byteCR
    case byteLF
    case byteNUL
    case byteControl
    case byteNonASCII
    case tokenLongerThan
    case keyringFix
    case keyringNoBus
    case keyringNoService
    case keyringLocked
    case keyringTimedOut
    case keyringNoCollection
    case keyringMissingSecret
    case keyringCancelled
    case keyringCancelledPromptOpen
    case keyringFailed
    case secretAccessToken
    case secretRefreshToken
    case secretIDToken
    case secretClientSecret
    case secretDPoPKey
    case noSuchSession
    case tooManySessions
    case keyringWaiting
    // MARK: status
    case statusLoggedIn
    case statusExpired
    case statusLoggedOut
    case statusAccount
    case statusServer
    case statusToken
    case statusExpires
    case statusStore
    case statusProvider
    case statusCAFile
    case statusBoundToKey
    case statusBoundToKeyValue
    case statusClientCertificate
    case statusScopes
    case statusOverride
    case statusButton
    case statusSecrets
    case statusSession
    case statusProviderNamed
    case statusProviderValue
    case statusProviderConfidential
    case statusAccountUnknown
    case statusServerNone
    case statusExpiryValue
    case statusExpiryRefreshed
    case statusNever
    case statusOverrideText
    case statusOtherSessions
    case statusOtherExpiresIn
    case statusRefreshable
    case statusNoExpiry
    case statusSelectedAbsent
    case secretsInFile
    case secretsInKeyring
    case expiredJustNow
    case expiresIn
    case expiredAgo
    case oneSecond
    case seconds
    case oneMinute
    case minutes
    case oneHour
    case hours
    case oneDay
    case days
    case statusSummary
    case statusOptionJSON
    case statusOptionShowToken
    case statusOptionWatch
    case statusDiscussion
    // MARK: switch
    case switchSummary
    case switchOptionServer
    case switchOptionAccount
    case switchDiscussion
    case switchNoSessions
    case switchOnlyOne
    case switchChoose
    case switchNothingChanged
    case switchAlreadyDefault
    case switchSwitched
    case switchListHeading
    case switchListItem
    case switchListDefault
    case switchPrompt
    case switchNotANumber
    case switchNoAnswer
    // MARK: whoami
    case whoamiSummary
    case whoamiDiscussion
    case whoamiOptionJSON
    case whoamiNoProvider
    case whoamiNotSaid
    case whoamiName
    case whoamiEmail
    case whoamiSubject
    // MARK: token
    case tokenSummary
    case tokenDiscussion
    case notLoggedIn
    case sessionExpiredForGood
    // MARK: logout
    case logoutSummary
    case logoutOptionLocal
    case logoutOptionAll
    case logoutDiscussion
    case logoutRemovedUnreadableFile
    case logoutNothingToDo
    case logoutAllOne
    case logoutAllMany
    case logoutRemovedUnreadableSession
    case loggedOutOf
    case logoutDefaultIsNow
    case logoutKeyringLeftovers
    case logoutAllWithSelection
    case revocationDone
    case revocationNotOffered
    case revocationOnlyByPerson
    case loginGrantShared
    case revocationTimedOut
    case revocationFailed
    case revocationKeyringUnreadable
    case revocationKeyringUnreadableShort
    // MARK: login
    case loginSummary
    case loginOptionWithToken
    case loginOptionServer
    case loginOptionDevice
    case loginOptionWeb
    case loginOptionClientCredentials
    case loginOptionProvider
    case loginOptionIssuer
    case loginOptionClientID
    case loginOptionScope
    case loginOptionDeviceEndpoint
    case loginOptionNoBrowser
    case loginOptionCallbackPort
    case loginOptionCallbackHost
    case loginOptionPrompt
    case loginOptionAccount
    case loginOptionExpiresIn
    case loginOptionCAFile
    case loginOptionClientCert
    case loginOptionClientCertKey
    case optionNeedsOther
    case optionNeedsPath
    case tokenBoundToKey
    case helperRefusesBoundToken
    case loginOptionDPoP
    case loginOptionPrivateKeyJWT
    case loginOptionKeyID
    case loginOptionKeyAudience
    case loginKeyIDInvalid
    case loginKeyAndSecret
    case statusClientKey
    case logoutOptionEverywhere
    case logoutOptionNoBrowser
    case logoutEverywhereAlone
    case logoutEndSessionOpening
    case logoutEndSessionAt
    case providerSignedOut
    case providerSignOutNotOffered
    case providerSignOutNoIDToken
    case providerSignOutNoProvider
    case providerSignOutFailed
    case statusProviderKeyed
    case tokenOptionDPoPProof
    case tokenOptionDPoPNonce
    case tokenDPoPNonceNeedsProof
    case tokenDPoPNonceBad
    case tokenURLNeedsDPoPProof
    case tokenDPoPProofNeedsURL
    case tokenDPoPProofBadURL
    case tokenNotBound
    case dpopKeyUnusable
    case loginOptionSecrets
    case loginDiscussion
    case loginTakesNoArguments
    case loginOneWayToSignIn
    case loginModeMove
    case loginModeToken
    case loginNoToken
    case loginNeedsIssuer
    case loginProviderAndOtherIssuer
    case loginProviderNeedsWay
    case loginNeedsClientID
    case clientSecretInvalid
    case clientCredentialsNeedSecret
    case tokenPrompt
    case loggedInAs
    case loggedInProviderNamedNoAccount
    case loggedInNoAccountGiven
    case loggedInAsNoServer
    case loggedInNoServerNoAccount
    case loginTokensInKeyring
    case loginReplaced
    case loginOneOtherKept
    case loginOthersKept
    case moveNoSessionToKeyring
    case moveNoSessionToFile
    case moveAlreadyThere
    case moveDone
    case placeKeyring
    case placeFile
    case moveSessionGone
    case deviceInstructions
    case labelURL
    case labelCode
    case labelURLWithCode
    case deviceWaiting
    case webSignInOpening
    case webSignInAt
    case webWaiting
    case webRefusedAnotherSignIn
    case webRefusedMalformed
    case webPasteHint
    case webPasteAnotherSignIn
    case webPasteNotTheRedirect
    case webPasteMalformed
    // MARK: api
    case apiSummary
    case apiOptionMethod
    case apiOptionHeader
    case apiOptionRawField
    case apiOptionField
    case apiOptionInput
    case apiOptionInclude
    case apiDiscussion
    case apiNeedsPath
    case apiServerAndURL
    case apiBadMethod
    case apiSessionExpired
    case apiNotLoggedIn
    case apiNoServer
    case apiFieldNotKeyValue
    case apiFieldBadKey
    case apiFieldConflict
    case apiFieldFileTooLarge
    case apiFieldFileNotText
    case apiStandardInputTwice
    case apiCannotRead
    case apiRedirected
    case apiUnauthorizedLoggedOut
    case apiUnauthorizedKept
    case apiForbidden
    case apiRedirectNotFollowed
    case apiErrorStatus
    case apiURLFragment
    case apiHeaderForm
    case apiHeaderName
    case apiHeaderAuthorization
    // MARK: git-credential, setup-git, kube-credential
    case gitCredentialSummary
    case gitCredentialDiscussion
    case gitCredentialNeedsAction
    case gitSessionExpired
    case gitInputTooLong
    case gitInputNUL
    case gitLineTooLong
    case gitLineNotUTF8
    case gitLineNotKeyValue
    case setupGitSummary
    case setupGitOptionRemove
    case setupGitDiscussion
    case setupGitRemoved
    case setupGitNothingToRemove
    case setupGitNoPath
    case setupGitConfigured
    case setupGitEmptyValue
    case setupGitMoveHint
    case setupGitNotLoggedIn
    case setupGitNoServer
    case gitConfigFailed
    case gitConfigFailedSaying
    case gitNotInstalled
    case gitCannotRun
    case kubeSummary
    case kubeOptionIDToken
    case kubeDiscussion
    case kubeNoIDToken
    case kubeIDTokenExpired
    case kubeIDTokenRefused
    case kubeExecInfoInvalid
    case kubeExecInfoVersion
    // MARK: Help
    case helpToolSummary
    case helpUsageHeading
    case helpCommandsHeading
    case helpOptionsHeading
    case helpGlobalOptionsHeading
    case helpEnvironmentHeading
    case helpExamplesHeading
    case helpCommandExitCodes
    case helpOptionVariable
    case helpOverviewFooter
    case helpExitCodesIntro
    case optionStore
    case optionLang
    case optionColor
    case optionHelp
    case optionVersion
    case helpSummary
    case helpOptionMan
    case helpDiscussion
    case helpUnknownTopic
    case helpUnknownTopicNear
    case helpManTakesNoTopic
    case manSectionTitle
    case manName
    case manNameLine
    case manSynopsis
    case manDescription
    case manDescriptionText
    case manCommands
    case manGlobalOptions
    case manEnvironment
    case manExitStatus
    case manFiles
    case manFilesText
    case manSeeAlso
    case exitSuccess
    case exitFailure
    case exitUsage
    case exitBadData
    case exitUnavailable
    case exitSoftware
    case exitIOError
    case exitBusy
    case exitBadProtocol
    case exitNoPermission
    case exitInterrupted
    case variableStore
    case variableLockTimeout
    case variableIssuer
    case variableClientID
    case variableClientSecret
    case variableCallbackPort
    case variableCallbackHost
    case variableToken
    case variableServer
    case variableAccount
    case variableSecrets
    case variableNoColor
    case variableCertificateFile
    case variableCertificateDirectory
    case variableCurlCABundle
    case variableHTTPSProxy
    case variableHTTPProxy
    case variableAllProxy
    case variableNoProxy
    case variableColumns
    case completionSummary
    case completionOptionValues
    case completionDiscussion
    case completionNeedsShell
    case completionShellOrValues
    // MARK: The network
    case cannotReach
    case connectionCertificateRejected
    case connectionCAFileUnusable
    case connectionClientCertificateUnusable
    case connectionClientCertificateRequired
    case connectionTLSFailed
    case connectionProxyRefused
    case connectionProxyNeedsCredentials
    case connectionProxyFailed
    case connectionNoAnswer
    case connectionNoCompleteAnswer
    case connectionNoAnswerThroughProxy
    case connectionUnsupported
    case theIdentityProvider
    case providerAnswerTooLarge
    case serverErrorAnswerTooLarge
    case requestDidNotComplete
    case requestCancelled
    case invalidRequest
    case providerStatus
    case providerUndecodable
    case sequenceTooManySteps
    case sequenceNotHTTP
    case reasonNoAnswerWithin
    case reasonAnswerTooLarge
    case reasonConnectionRefused
    case reasonHostNotFound
    case reasonConnectionLost
    case reasonTooManyRedirects
    case reasonUnreachable
    case reasonOther
    case hintCheckIssuer
    case hintIssuerSpelling
    case hintDeviceEndpoint
    case hintSignInAgain
    case hintCallbackPort
    case hintClientSecretSettings
    case hintSetClientSecret
    case withHint
    case signInDiscoveryFailed
    case signInIssuerMismatch
    case signInInsecureEndpoint
    case signInEndpointOutsideProvider
    case signInNoDeviceEndpoint
    case signInMissingEndpoint
    case signInInvalidResponse
    case signInAccessDenied
    case signInDeviceCodeExpired
    case signInBrowserTimedOut
    case signInCallbackMismatch
    case signInCallbackRejected
    case signInIDTokenRejected
    case signInProviderError
    case signInProviderErrorDescribed
    case signInRefreshRefused
    case signInRefreshAnswerLost
    case signInRefreshLoop
    case signInUnsupportedClientAuthentication
    case signInCallbackAddressUnavailable
    case signInClientSecretRequired
    case signInClientKeyUnusable
    case signInPushedRequestUnavailable

    /// The English and the Japanese template.
    package var texts: (english: String, japanese: String) {
        switch self {
        // MARK: The command line
        case .unknownCommand:
            (
                "unknown command {command}; commands: {commands}",
                "不明なコマンド {command} です。コマンド: {commands}"
            )
        case .unknownCommandNear:
            (
                "unknown command {command}; did you mean '{suggestion}'?",
                "不明なコマンド {command} です。'{suggestion}' のことですか?"
            )
        case .takesNoArguments:
            (
                "{command} takes no arguments; see 'session-cli help {command}'",
                "{command} は引数を取りません。'session-cli help {command}' を見てください"
            )
        case .takesOneArgument:
            (
                "{command} takes one argument; see 'session-cli help {command}'",
                "{command} が取る引数は 1 つだけです。'session-cli help {command}' を見てください"
            )
        case .tokenIsNeverAnOption:
            (
                "the token is never an option (other users can read arguments with ps); pipe it instead: printf '%s' \"$TOKEN\" | session-cli login --with-token",
                "トークンをオプションで渡すことはできません (ほかのユーザーが ps で引数を読めます)。パイプで渡してください: printf '%s' \"$TOKEN\" | session-cli login --with-token"
            )
        case .unknownOption:
            (
                "unknown option {option}; see --help",
                "不明なオプション {option} です。--help を見てください"
            )
        case .unknownOptionNear:
            (
                "unknown option {option}; did you mean '{suggestion}'?",
                "不明なオプション {option} です。'{suggestion}' のことですか?"
            )
        case .unknownOptionFor:
            (
                "unknown option {option} for {command}; see 'session-cli help {command}'",
                "{command} に不明なオプション {option} が指定されました。'session-cli help {command}' を見てください"
            )
        case .unknownOptionForNear:
            (
                "unknown option {option} for {command}; did you mean '{suggestion}'?",
                "{command} に不明なオプション {option} が指定されました。'{suggestion}' のことですか?"
            )
        case .quoted:
            (
                "'{text}'",
                "'{text}'"
            )
        case .notShownMayBeSecret:
            (
                "(not shown: it may be a secret)",
                "(秘密かもしれないので表示しません)"
            )
        case .optionGivenTwice:
            (
                "{option} is given more than once",
                "{option} が 2 回以上指定されています"
            )
        case .optionTakesNoValue:
            (
                "{option} takes no value",
                "{option} は値を取りません"
            )
        case .optionNeedsValue:
            (
                "{option} needs a value: {usage}",
                "{option} には値が必要です: {usage}"
            )
        case .optionDoesNotGoWith:
            (
                "{option} does not go with {mode}; see 'session-cli help {command}'",
                "{option} は {mode} と一緒には使えません。'session-cli help {command}' を見てください"
            )
        case .invalidURL:
            (
                "invalid {option}: {reason}",
                "{option} が正しくありません: {reason}"
            )
        case .urlReasonNotHTTP:
            (
                "it must be an http or https URL with a host, like https://api.example.com",
                "https://api.example.com のように、ホストのある http か https の URL にしてください"
            )
        case .urlReasonCredentials:
            (
                "it must not contain a user name or password",
                "ユーザー名やパスワードを含めないでください"
            )
        case .urlReasonQueryOrFragment:
            (
                "it must not have a query (?) or a fragment (#)",
                "クエリ (?) やフラグメント (#) を付けないでください"
            )
        case .urlReasonPlainHTTP:
            (
                "plain http is allowed only for this machine (localhost, 127.0.0.1, ::1); use https",
                "暗号化されない http はこのマシン (localhost、127.0.0.1、::1) 宛てにしか使えません。https を使ってください"
            )
        case .invalidAccount:
            (
                "invalid {option}: give 1 to 256 characters with no control, format or invisible separator characters",
                "{option} が正しくありません: 制御文字・書式文字・見えない区切り文字を含まない 1〜256 文字で指定してください"
            )
        case .invalidClientID:
            (
                "invalid {option}: give 1 to 256 visible ASCII characters",
                "{option} が正しくありません: 表示可能な ASCII 文字 1〜256 文字で指定してください"
            )
        case .invalidScope:
            (
                "invalid --scope: one scope per --scope, visible ASCII without quotes or backslashes",
                "--scope が正しくありません: 1 つの --scope にスコープは 1 つ、引用符とバックスラッシュを含まない表示可能な ASCII で指定してください"
            )
        case .invalidPort:
            (
                "invalid {option}: give a port from 1 to 65535",
                "{option} が正しくありません: 1〜65535 のポート番号を指定してください"
            )
        case .invalidLoopbackHost:
            (
                "invalid {option}: give 127.0.0.1, localhost or ::1",
                "{option} が正しくありません: 127.0.0.1、localhost、::1 のいずれかを指定してください"
            )
        case .invalidLifetime:
            (
                "invalid {option}: give a whole number of seconds from 1 to {longest}",
                "{option} が正しくありません: 1〜{longest} の整数 (秒) を指定してください"
            )
        case .invalidChoice:
            (
                "invalid {option}: give {choices}",
                "{option} が正しくありません: {choices} のいずれかを指定してください"
            )
        case .listOr:
            (
                " or ",
                "、"
            )
        case .invalidLockTimeout:
            (
                "invalid SESSION_CLI_LOCK_TIMEOUT: give seconds from 0 to {longest}",
                "SESSION_CLI_LOCK_TIMEOUT が正しくありません: 0〜{longest} の秒数を指定してください"
            )
        case .storeNeedsPath:
            (
                "--store needs a file path",
                "--store にはファイルのパスが必要です"
            )
        case .storeMustBeFile:
            (
                "--store must name a file, not a folder",
                "--store にはフォルダーではなくファイルを指定してください"
            )
        case .tokenOverrideInvalid:
            (
                "SESSION_CLI_TOKEN is not a valid token: {reason}",
                "SESSION_CLI_TOKEN は有効なトークンではありません: {reason}"
            )
        case .refusedWhileOverridden:
            (
                "SESSION_CLI_TOKEN is set, and token and api use it instead of the stored session; unset it to {action}",
                "SESSION_CLI_TOKEN が設定されているため、token と api は保存されたセッションではなくそれを使います。{action}には、設定を解除してください"
            )
        case .actionLogIn:
            (
                "log in",
                "ログインする"
            )
        case .actionLogOut:
            (
                "log out",
                "ログアウトする"
            )
        case .actionSwitch:
            (
                "switch the default session",
                "デフォルトのセッションを切り替える"
            )
        case .noNetworkInThisRun:
            (
                "this run has no network",
                "この実行ではネットワークを使えません"
            )
        case .companionFolderUnknown:
            (
                "cannot find the folder session-cli runs from, to start session-cli-api",
                "session-cli-api を起動するための、session-cli の実行フォルダーが見つかりません"
            )
        case .companionMissing:
            (
                "session-cli-api is missing from {folder}; install it in the same folder as session-cli",
                "{folder} に session-cli-api がありません。session-cli と同じフォルダーにインストールしてください"
            )
        case .companionCannotRun:
            (
                "cannot run {path}: {reason}",
                "{path} を実行できません: {reason}"
            )
        case .companionInputLost:
            (
                "cannot keep standard input for session-cli-api: {reason}",
                "session-cli-api のために標準入力を保持できません: {reason}"
            )
        case .cannotReadStandardInput:
            (
                "cannot read standard input: {reason}",
                "標準入力を読めません: {reason}"
            )
        case .outputIncomplete:
            (
                "cannot write to standard output: {reason}; the output is incomplete",
                "標準出力に書き込めません: {reason}。出力は途中までです"
            )
        case .commandDidNotFinish:
            (
                "the command did not finish",
                "コマンドが終了しませんでした"
            )
        case .unexpectedError:
            (
                "unexpected error: {type}",
                "予期しないエラー: {type}"
            )
        case .warning:
            (
                "warning: {text}",
                "警告: {text}"
            )
        case .note:
            (
                "note: {text}",
                "注意: {text}"
            )
        case .insecurePermissions:
            (
                "warning: {path} can be read by other users; run 'chmod 600 {path}' or log in again",
                "警告: {path} はほかのユーザーが読めます。'chmod 600 {path}' を実行するか、もう一度ログインしてください"
            )
        case .verbatim:
            (
                "{text}",
                "{text}"
            )
        case .nothing:
            (
                "",
                ""
            )
        case .listSeparator:
            (
                ", ",
                "、"
            )
        case .sessionAccountOnServer:
            (
                "{account} on {server}",
                "{server} の {account}"
            )
        case .sessionAccountNoServer:
            (
                "{account} (no server)",
                "{account} (サーバーなし)"
            )
        case .sessionServerNoAccount:
            (
                "{server} (no account)",
                "{server} (アカウントなし)"
            )
        case .sessionNoServerNoAccount:
            (
                "the session with no server and no account",
                "サーバーもアカウントもないセッション"
            )
        case .terminalSettingsUnreadable:
            (
                "cannot read the terminal's settings; pipe the token to 'session-cli login --with-token' instead",
                "端末の設定を読めません。代わりにトークンを 'session-cli login --with-token' にパイプで渡してください"
            )
        case .echoCannotBeTurnedOff:
            (
                "cannot turn off the terminal's echo, so the token is not asked for; pipe it to 'session-cli login --with-token' instead",
                "端末のエコーを止められないため、トークンは入力させません。代わりに 'session-cli login --with-token' にパイプで渡してください"
            )
        // MARK: Choosing a session
        case .optionSelectServer:
            (
                "Use the session on this server (its origin) for this run; the default stays.",
                "この実行ではこのサーバー (のオリジン) のセッションを使います。デフォルトは変わりません。"
            )
        case .optionSelectAccount:
            (
                "Use the session of this account for this run; the default stays.",
                "この実行ではこのアカウントのセッションを使います。デフォルトは変わりません。"
            )
        case .noServer:
            (
                "no server",
                "サーバーなし"
            )
        case .noAccount:
            (
                "no account",
                "アカウントなし"
            )
        case .ambiguousAccount:
            (
                "{account} has sessions on several servers ({servers}); give --server (or SESSION_CLI_SERVER) too",
                "{account} のセッションは複数のサーバーにあります ({servers})。--server (または SESSION_CLI_SERVER) も指定してください"
            )
        case .ambiguousServer:
            (
                "{server} has sessions of several accounts ({accounts}); give --account (or SESSION_CLI_ACCOUNT) too",
                "{server} には複数のアカウントのセッションがあります ({accounts})。--account (または SESSION_CLI_ACCOUNT) も指定してください"
            )
        case .ambiguousSelection:
            (
                "several sessions match: {sessions}; give --server and --account",
                "複数のセッションが当てはまります: {sessions}。--server と --account を指定してください"
            )
        case .noSessionNoneAtAll:
            (
                "no session for {asked}: there are no sessions; log in with 'session-cli login'",
                "{asked} のセッションはありません: セッションが 1 つもありません。'session-cli login' でログインしてください"
            )
        case .noSessionOtherAccounts:
            (
                "no session for {asked}; the accounts on {server} are: {accounts}",
                "{asked} のセッションはありません。{server} にあるアカウント: {accounts}"
            )
        case .noSessionOtherServers:
            (
                "no session for {asked}; {account} has sessions on: {servers}",
                "{asked} のセッションはありません。{account} のセッションがあるサーバー: {servers}"
            )
        case .noSessionForSelection:
            (
                "no session for {asked}; the sessions are: {sessions}",
                "{asked} のセッションはありません。あるセッション: {sessions}"
            )
        case .chooseWithServer:
            (
                "--server",
                "--server"
            )
        case .chooseWithAccount:
            (
                "--account",
                "--account"
            )
        case .chooseWithBoth:
            (
                "--server and --account",
                "--server と --account"
            )
        // MARK: The library's errors
        case .sessionFileEmpty:
            (
                "session file {path} is empty (a truncated write?); log out to remove it, then log in again",
                "セッションファイル {path} が空です (書き込みが途中で切れた?)。ログアウトして削除してから、もう一度ログインしてください"
            )
        case .sessionFileCorrupt:
            (
                "session file {path} is corrupt ({reason}); log out to remove it, then log in again",
                "セッションファイル {path} が壊れています ({reason})。ログアウトして削除してから、もう一度ログインしてください"
            )
        case .sessionFileTooNew:
            (
                "session file {path} has format version {version}, newer than this version reads ({supported}); upgrade, or log out to discard it",
                "セッションファイル {path} の形式はバージョン {version} で、このバージョンが読める ({supported}) より新しいものです。アップグレードするか、ログアウトして破棄してください"
            )
        case .sessionFileNotRegular:
            (
                "session file {path} is {kind}, not a regular file; move it out of the way",
                "セッションファイル {path} は通常のファイルではなく{kind}です。別の場所へ移してください"
            )
        case .fileKindDirectory:
            (
                "a directory",
                "ディレクトリ"
            )
        case .fileKindFIFO:
            (
                "a FIFO",
                "FIFO (名前付きパイプ)"
            )
        case .fileKindSymlink:
            (
                "a symbolic link",
                "シンボリックリンク"
            )
        case .fileKindSocket:
            (
                "a socket",
                "ソケット"
            )
        case .fileKindDevice:
            (
                "a device",
                "デバイス"
            )
        case .fileKindOther:
            (
                "not a regular file",
                "通常のファイル以外のもの"
            )
        case .fileOperationFailed:
            (
                "cannot {operation} {path}: {reason}{hint}",
                "{path} を{operation}できません: {reason}{hint}"
            )
        case .operationOpen:
            (
                "open",
                "開くことが"
            )
        case .operationInspect:
            (
                "inspect",
                "調べることが"
            )
        case .operationRead:
            (
                "read",
                "読むことが"
            )
        case .operationCreate:
            (
                "create",
                "作ることが"
            )
        case .operationSetPermissions:
            (
                "set permissions of",
                "アクセス権を設定することが"
            )
        case .operationWrite:
            (
                "write",
                "書き込むことが"
            )
        case .operationFlush:
            (
                "flush",
                "ディスクへ書き出すことが"
            )
        case .operationCreateFolder:
            (
                "create the folder",
                "フォルダーとして作ることが"
            )
        case .operationOpenFolder:
            (
                "open the folder",
                "フォルダーとして開くことが"
            )
        case .operationFlushFolder:
            (
                "flush the folder",
                "フォルダーとしてディスクへ書き出すことが"
            )
        case .operationReplace:
            (
                "replace",
                "置き換えることが"
            )
        case .operationRemove:
            (
                "remove",
                "削除することが"
            )
        case .operationList:
            (
                "list",
                "一覧することが"
            )
        case .operationOpenLock:
            (
                "open the lock file",
                "ロックファイルとして開くことが"
            )
        case .operationLock:
            (
                "lock",
                "ロックすることが"
            )
        case .operationWatch:
            (
                "watch",
                "監視することが"
            )
        case .hintPermissions:
            (
                "; check the owner and permissions of the file and its folder",
                "。ファイルとフォルダーの所有者とアクセス権を確認してください"
            )
        case .hintReadOnly:
            (
                "; keep the sessions elsewhere with --store FILE or SESSION_CLI_STORE",
                "。--store FILE か SESSION_CLI_STORE でほかの場所に保存してください"
            )
        case .hintDiskFull:
            (
                "; free some disk space",
                "。ディスクの空きを作ってください"
            )
        case .hintNotFolder:
            (
                "; a part of the path is a file, not a folder",
                "。パスの途中にフォルダーではなくファイルがあります"
            )
        case .hintWatchLimit:
            (
                "; the system's limit of watches or open files is reached",
                "。システムの監視数またはファイル数の上限に達しています"
            )
        case .storeBusy:
            (
                "the session store is busy: another process has held the lock {lock} for more than {seconds} s; try again, or find the holder with 'fuser {lock}'",
                "セッションの保存先が使用中です: ほかのプロセスがロック {lock} を {seconds} 秒以上保持しています。やり直すか、'fuser {lock}' で保持しているプロセスを探してください"
            )
        case .invalidTokenIn:
            (
                "invalid token {source}: {reason}",
                "{source}トークンが正しくありません: {reason}"
            )
        case .tokenSourceStandardInput:
            (
                "on standard input",
                "標準入力の"
            )
        case .tokenSourcePrompt:
            (
                "typed at the prompt",
                "プロンプトで入力された"
            )
        case .tokenSourceAnywhere:
            (
                "given",
                "指定された"
            )
        case .tokenEmpty:
            (
                "the token is empty",
                "トークンが空です"
            )
        case .tokenTooLong:
            (
                "the token is {count} bytes long; at most {limit} are allowed",
                "トークンが {count} バイトあります。{limit} バイトまでです"
            )
        case .tokenBadByte:
            (
                "the token contains a {kind} at byte {offset}; only visible ASCII characters are allowed",
                "トークンの {offset} バイト目に{kind}があります。使えるのは表示可能な ASCII 文字だけです"
            )
        case .byteSpace:
            (
                "space",
                "空白"
            )
        case .byteTab:
            (
                "tab",
                "タブ"
            )
        case .byteCR:
            (
                "carriage return (CR)",
                "復帰 (CR)"
            )
        case .byteLF:
            (
                "line feed (LF)",
                "改行 (LF)"
            )
        case .byteNUL:
            (
                "NUL byte",
                "NUL バイト"
            )
        case .byteControl:
            (
                "control character",
                "制御文字"
            )
        case .byteNonASCII:
            (
                "non-ASCII byte",
                "ASCII 以外のバイト"
            )
        case .tokenLongerThan:
            (
                "the token is longer than {limit} bytes",
                "トークンが {limit} バイトを超えています"
            )
        case .keyringFix:
            (
                "start a Secret Service (gnome-keyring, KWallet or KeePassXC), or use --secrets file",
                "Secret Service (gnome-keyring、KWallet、KeePassXC) を起動するか、--secrets file を使ってください"
            )
        case .keyringNoBus:
            (
                "the keyring cannot be reached: no session D-Bus ({reason}); {fix}",
                "キーリングに接続できません: セッション D-Bus がありません ({reason})。{fix}"
            )
        case .keyringNoService:
            (
                "the keyring cannot be reached: nothing on the session D-Bus provides org.freedesktop.secrets; {fix}",
                "キーリングに接続できません: セッション D-Bus に org.freedesktop.secrets を提供するものがありません。{fix}"
            )
        case .keyringLocked:
            (
                "the keyring is locked, and its unlock prompt was dismissed or not answered in time; unlock it (log in to the desktop, or seahorse), or use --secrets file",
                "キーリングがロックされていて、解除のプロンプトが閉じられたか、時間内に応答がありませんでした。解除する (デスクトップにログインするか seahorse を使う) か、--secrets file を使ってください"
            )
        case .keyringTimedOut:
            (
                "the keyring did not answer within {seconds} s; check that gnome-keyring (or your Secret Service) is running, or use --secrets file",
                "キーリングが {seconds} 秒以内に応答しませんでした。gnome-keyring (または使っている Secret Service) が動いているか確認するか、--secrets file を使ってください"
            )
        case .keyringNoCollection:
            (
                "the keyring has no default collection to keep the session in; create one (seahorse), or use --secrets file",
                "キーリングにセッションを保管するデフォルトのコレクションがありません。作成する (seahorse) か、--secrets file を使ってください"
            )
        case .keyringMissingSecret:
            (
                "the session's {item} is missing from the keyring; log in again",
                "セッションの{item}がキーリングにありません。もう一度ログインしてください"
            )
        case .keyringCancelled:
            (
                "cancelled while waiting for the keyring to be unlocked; nothing was changed",
                "キーリングのロック解除を待っている間にキャンセルされました。何も変更していません"
            )
        case .keyringCancelledPromptOpen:
            (
                "cancelled while waiting for the keyring to be unlocked; nothing was changed (its unlock window stays open: answer it or close it)",
                "キーリングのロック解除を待っている間にキャンセルされました。何も変更していません（ロック解除のウィンドウは開いたままです。入力するか閉じてください）"
            )
        case .keyringFailed:
            (
                "the keyring failed: {reason}; {fix}",
                "キーリングでエラーが起きました: {reason}。{fix}"
            )
        case .secretAccessToken:
            (
                "access token",
                "アクセストークン"
            )
        case .secretRefreshToken:
            (
                "refresh token",
                "リフレッシュトークン"
            )
        case .secretIDToken:
            (
                "ID token",
                "ID トークン"
            )
        case .secretDPoPKey:
            (
                "DPoP key",
                "DPoP 鍵"
            )
        case .secretClientSecret:
            (
                "client secret",
                "クライアントシークレット"
            )
        case .noSuchSession:
            (
                "there is no session for {session}",
                "{session} のセッションはありません"
            )
        case .tooManySessions:
            (
                "the store already holds {limit} sessions, the most it keeps; log out of one before adding another",
                "保存先にはすでに上限の {limit} 個のセッションがあります。追加する前にどれかからログアウトしてください"
            )
        case .keyringWaiting:
            (
                "session-cli: waiting up to {minutes} minutes for the keyring to be unlocked (Ctrl-C cancels)...",
                "session-cli: キーリングのロック解除を最大 {minutes} 分待っています (Ctrl-C で中止)..."
            )
        // MARK: status
        case .statusLoggedIn:
            (
                "Logged in",
                "ログイン中"
            )
        case .statusExpired:
            (
                "Session expired",
                "セッションの期限切れ"
            )
        case .statusLoggedOut:
            (
                "Not logged in",
                "未ログイン"
            )
        case .statusAccount:
            (
                "Account",
                "アカウント"
            )
        case .statusServer:
            (
                "Server",
                "サーバー"
            )
        case .statusToken:
            (
                "Token",
                "トークン"
            )
        case .statusExpires:
            (
                "Expires",
                "有効期限"
            )
        case .statusStore:
            (
                "Store",
                "保存先"
            )
        case .statusProvider:
            (
                "Provider",
                "プロバイダー"
            )
        case .statusBoundToKey:
            (
                "Bound to",
                "鍵に束縛"
            )
        case .statusBoundToKeyValue:
            (
                "a DPoP key, thumbprint {thumbprint}",
                "DPoP 鍵 (サムプリント {thumbprint})"
            )
        case .statusCAFile:
            (
                "CA file",
                "CA ファイル"
            )
        case .statusClientCertificate:
            (
                "Client certificate",
                "クライアント証明書"
            )
        case .statusScopes:
            (
                "Scopes",
                "スコープ"
            )
        case .statusOverride:
            (
                "Override",
                "上書き"
            )
        case .statusButton:
            (
                "Button",
                "ボタン"
            )
        case .statusSecrets:
            (
                "Secrets",
                "シークレット"
            )
        case .statusSession:
            (
                "Session",
                "セッション"
            )
        case .statusProviderNamed:
            (
                "{name} at {issuer}",
                "{issuer} の {name}"
            )
        case .statusProviderValue:
            (
                "{issuer} (client {client})",
                "{issuer} (クライアント {client})"
            )
        case .statusProviderConfidential:
            (
                "{issuer} (client {client}, confidential, with a secret)",
                "{issuer} (クライアント {client}、機密クライアント、シークレットあり)"
            )
        case .statusProviderKeyed:
            (
                "{issuer} (client {client}, confidential, with a key)",
                "{issuer} (クライアント {client}、機密クライアント、鍵あり)"
            )
        case .statusAccountUnknown:
            (
                "unknown",
                "不明"
            )
        case .statusServerNone:
            (
                "none (api needs one: log in with --server)",
                "なし (api には必要です: --server を付けてログインしてください)"
            )
        case .statusExpiryValue:
            (
                "{relative} ({date})",
                "{relative} ({date})"
            )
        case .statusExpiryRefreshed:
            (
                "{relative} ({date}); refreshed on next use",
                "{relative} ({date})。次回使用時に更新"
            )
        case .statusNever:
            (
                "never",
                "なし"
            )
        case .statusOverrideText:
            (
                "SESSION_CLI_TOKEN is set: token and api use it, not this session",
                "SESSION_CLI_TOKEN が設定されています: token と api はこのセッションではなくそれを使います"
            )
        case .statusOtherSessions:
            (
                "Other sessions:",
                "ほかのセッション:"
            )
        case .statusOtherExpiresIn:
            (
                "expires {relative}",
                "{relative}に期限切れ"
            )
        case .statusRefreshable:
            (
                "expired, refreshed on next use",
                "期限切れ、次回使用時に更新"
            )
        case .statusNoExpiry:
            (
                "no expiry",
                "有効期限なし"
            )
        case .statusSelectedAbsent:
            (
                "{session} (not in the store)",
                "{session} (保存先にありません)"
            )
        case .secretsInFile:
            (
                "in the session file",
                "セッションファイル内"
            )
        case .secretsInKeyring:
            (
                "in the system keyring",
                "システムのキーリング内"
            )
        case .expiredJustNow:
            (
                "expired just now",
                "たった今期限切れ"
            )
        case .expiresIn:
            (
                "in {span}",
                "{span}後"
            )
        case .expiredAgo:
            (
                "expired {span} ago",
                "{span}前に期限切れ"
            )
        case .oneSecond:
            (
                "{count} second",
                "{count}秒"
            )
        case .seconds:
            (
                "{count} seconds",
                "{count}秒"
            )
        case .oneMinute:
            (
                "{count} minute",
                "{count}分"
            )
        case .minutes:
            (
                "{count} minutes",
                "{count}分"
            )
        case .oneHour:
            (
                "{count} hour",
                "{count}時間"
            )
        case .hours:
            (
                "{count} hours",
                "{count}時間"
            )
        case .oneDay:
            (
                "{count} day",
                "{count}日"
            )
        case .days:
            (
                "{count} days",
                "{count}日"
            )
        case .statusSummary:
            (
                "Show the session and the login button. Never writes.",
                "セッションとログインボタンを表示します。何も書き込みません。"
            )
        case .statusOptionJSON:
            (
                "Print one JSON object (its fields are listed below).",
                "JSON オブジェクトを 1 つ出力します (フィールドは下に記載)。"
            )
        case .statusOptionShowToken:
            (
                "Include the full token in the output.",
                "出力にトークン全体を含めます。"
            )
        case .statusOptionWatch:
            (
                "Print the status again on every change, until Ctrl-C or SIGTERM (exit 0).",
                "変化のたびに状態を出力し直します。Ctrl-C か SIGTERM で終わります (終了コード 0)。"
            )
        case .statusDiscussion:
            (
                "Shows the default session, then one line for each other session; with --server or --account (or SESSION_CLI_SERVER and SESSION_CLI_ACCOUNT), the session they select instead. Exits 0 when the shown session is logged in and usable, 1 when logged out or expired.\n\n--json prints one object with these keys, absent values null: state (logged_in, logged_out, expired), account, server, issuedAt, expiresAt (ISO 8601), expiresInSeconds, tokenRedacted, token (with --show-token only), secrets (file or keyring: where the tokens are kept), provider (issuer, clientID, confidential, clientKey: path, keyID, audience), scopes, caFile, clientCertificate (certificate, key), dpopThumbprint, canRefresh, refreshesOnUse, tokenSource (store or environment), store, button (action, label, color, hex), and sessions: one object per session with the same keys but token, and default (true, false).\n\n--watch prints the status now, then again each time what status would print changes: a login, logout, switch or refresh by any process, or a token expiring. Without a selection it follows whatever session is the default at each moment; with one, that session, and says so when it is not in the store. A blank line separates two statuses; with --json, one object a line. It never polls: the store's folder is watched.\n\nstatus reads only the session file, never the keyring, unless --show-token asks for a token kept there.",
                "デフォルトのセッションを表示し、続けてほかのセッションを 1 行ずつ表示します。--server や --account (または SESSION_CLI_SERVER と SESSION_CLI_ACCOUNT) を指定すると、代わりにそれで選んだセッションを表示します。表示したセッションがログイン中で使えるときは 0、ログアウトまたは期限切れのときは 1 で終了します。\n\n--json は次のキーを持つオブジェクトを 1 つ出力します (値がないときは null): state (logged_in、logged_out、expired)、account、server、issuedAt、expiresAt (ISO 8601)、expiresInSeconds、tokenRedacted、token (--show-token のときだけ)、secrets (file か keyring: トークンの保管場所)、provider (issuer、clientID、confidential、clientKey: path、keyID、audience)、scopes、caFile、clientCertificate (certificate、key)、dpopThumbprint、canRefresh、refreshesOnUse、tokenSource (store か environment)、store、button (action、label、color、hex)、そして sessions: セッションごとに token 以外の同じキーと default (true、false) を持つオブジェクト。\n\n--watch は今の状態を出力し、status の表示が変わるたびに出力し直します: どのプロセスによるログイン、ログアウト、切り替え、更新でも、トークンの期限切れでも。選択がなければ、その時々のデフォルトのセッションを追います。選択があればそのセッションを追い、保存先にないときはそう表示します。2 つの状態の間には空行が入り、--json では 1 行に 1 オブジェクトです。ポーリングはせず、保存先のフォルダーを監視します。\n\nstatus が読むのはセッションファイルだけで、キーリングは読みません。ただし --show-token でキーリングに保管されたトークンを求めたときは別です。"
            )
        // MARK: switch
        case .switchSummary:
            (
                "Make another session the default.",
                "別のセッションをデフォルトにします。"
            )
        case .switchOptionServer:
            (
                "The server of the session (its origin).",
                "セッションのサーバー (のオリジン)。"
            )
        case .switchOptionAccount:
            (
                "The account of the session.",
                "セッションのアカウント。"
            )
        case .switchDiscussion:
            (
                "With no options and exactly two sessions, switches to the other one. With more, on a terminal, it lists them with numbers and asks which one (Enter or Ctrl-C changes nothing); elsewhere, give --server, --account or both.\n\nSelecting a session for one run (--server and --account on status, token, api and logout) or for a shell (SESSION_CLI_SERVER, SESSION_CLI_ACCOUNT) never changes the default; this does, for every shell.",
                "オプションなしでセッションがちょうど 2 つなら、もう一方に切り替えます。それより多いときは、端末では番号付きの一覧を出してどれにするか尋ねます (Enter か Ctrl-C なら何も変えません)。端末でなければ --server、--account、またはその両方を指定してください。\n\n1 回の実行のためのセッションの選択 (status、token、api、logout の --server と --account) や、シェルのための選択 (SESSION_CLI_SERVER、SESSION_CLI_ACCOUNT) はデフォルトを変えません。switch はすべてのシェルのデフォルトを変えます。"
            )
        case .switchNoSessions:
            (
                "not logged in; there is no session to switch to",
                "ログインしていません。切り替え先のセッションがありません"
            )
        case .switchOnlyOne:
            (
                "there is only one session ({session}); nothing to switch to",
                "セッションは 1 つ ({session}) だけです。切り替え先がありません"
            )
        case .switchChoose:
            (
                "there are {count} sessions; choose one with {options}: {sessions}",
                "セッションが {count} 個あります。{options} で 1 つ選んでください: {sessions}"
            )
        case .switchNothingChanged:
            (
                "Nothing changed.",
                "何も変更していません。"
            )
        case .switchAlreadyDefault:
            (
                "{session} is already the default session.",
                "{session} はすでにデフォルトのセッションです。"
            )
        case .switchSwitched:
            (
                "Switched the default session to {session}.",
                "デフォルトのセッションを {session} に切り替えました。"
            )
        case .switchListHeading:
            (
                "Sessions:",
                "セッション:"
            )
        case .switchListItem:
            (
                "  {number}. {session}",
                "  {number}. {session}"
            )
        case .switchListDefault:
            (
                "  {number}. {session} (default)",
                "  {number}. {session} (デフォルト)"
            )
        case .switchPrompt:
            (
                "Switch to which session? [1-{last}, Enter for none]: ",
                "どのセッションに切り替えますか? [1-{last}、Enter で変更なし]: "
            )
        case .switchNotANumber:
            (
                "Give a number from 1 to {last}, or press Enter to change nothing.",
                "1〜{last} の番号を入力するか、Enter で何も変えずに終わってください。"
            )
        case .switchNoAnswer:
            (
                "no session was chosen; nothing changed",
                "セッションが選ばれませんでした。何も変更していません"
            )
        // MARK: token
        case .whoamiSummary:
            (
                "Show who the provider says the session's account is.",
                "アカウントの情報をプロバイダーに問い合わせて表示します。"
            )
        case .whoamiDiscussion:
            (
                "Asks the session's provider, at its OpenID Connect userinfo endpoint (found by discovery), with the session's access token, refreshed first when it is due. The token goes to the provider only. A session made from a pasted token (login --with-token) has no provider to ask.\n\n--json prints one object with these keys, absent values null: sub, preferred_username, name, email, issuer.\n\nThe session is the default one, or the one --server and --account (or SESSION_CLI_SERVER and SESSION_CLI_ACCOUNT) select for this run.",
                "セッションのプロバイダーの OpenID Connect userinfo エンドポイント (ディスカバリーで探します) に、セッションのアクセストークンを付けて問い合わせます。期限が近いトークンは先に更新します。トークンを送る先はプロバイダーだけです。貼り付けたトークン (login --with-token) のセッションには問い合わせ先のプロバイダーがありません。\n\n--json は次のキーを持つオブジェクトを 1 つ出力します (値がないときは null): sub、preferred_username、name、email、issuer。\n\n使うのはデフォルトのセッションか、この実行で --server と --account (または SESSION_CLI_SERVER と SESSION_CLI_ACCOUNT) が選んだセッションです。"
            )
        case .whoamiOptionJSON:
            (
                "Print one JSON object (its fields are listed below).",
                "JSON オブジェクトを 1 つ出力します (フィールドは下に記載)。"
            )
        case .whoamiNoProvider:
            (
                "{session} has no provider to ask: its token was pasted (login --with-token); sign in with login --device or --web to use whoami",
                "{session} には問い合わせるプロバイダーがありません。トークンが貼り付けられたセッションです (login --with-token)。whoami を使うには login --device か --web でサインインしてください"
            )
        case .whoamiNotSaid:
            (
                "not said",
                "返されていません"
            )
        case .whoamiName:
            (
                "Name",
                "名前"
            )
        case .whoamiEmail:
            (
                "E-mail",
                "メール"
            )
        case .whoamiSubject:
            (
                "Subject",
                "サブジェクト"
            )
        case .tokenSummary:
            (
                "Print the access token, refreshed first when needed (for scripts).",
                "アクセストークンを出力します。必要なら先に更新します (スクリプト向け)。"
            )
        case .tokenDiscussion:
            (
                "The token and a newline go to standard output; nothing else does. A token that expires within {margin} s (or half its lifetime, when that is shorter) is refreshed first, under the store's lock, so many processes refresh once. SESSION_CLI_TOKEN, when set, is printed instead of the stored session's token.\n\nThe session is the default one, or the one --server and --account (or SESSION_CLI_SERVER and SESSION_CLI_ACCOUNT) select for this run.",
                "標準出力にはトークンと改行だけを出力します。{margin} 秒以内 (または有効期間の半分のほうが短ければその時間内) に期限が切れるトークンは、保存先のロックを取ってから先に更新するので、多くのプロセスが同時に実行しても更新は 1 回です。SESSION_CLI_TOKEN が設定されていれば、保存されたセッションのトークンの代わりにそれを出力します。\n\n使うのはデフォルトのセッションか、この実行で --server と --account (または SESSION_CLI_SERVER と SESSION_CLI_ACCOUNT) が選んだセッションです。"
            )
        case .notLoggedIn:
            (
                "not logged in; run 'session-cli login'",
                "ログインしていません。'session-cli login' を実行してください"
            )
        case .sessionExpiredForGood:
            (
                "the session has expired and cannot be refreshed; run 'session-cli login'",
                "セッションの期限が切れていて、更新もできません。'session-cli login' を実行してください"
            )
        // MARK: logout
        case .logoutSummary:
            (
                "Revoke the grant and remove the session. Succeeds when already logged out.",
                "認可を取り消してセッションを削除します。ログアウト済みでも成功します。"
            )
        case .logoutOptionLocal:
            (
                "Remove the session here only; do not revoke the grant at the provider.",
                "このマシンのセッションだけを削除し、プロバイダーでの認可は取り消しません。"
            )
        case .logoutOptionAll:
            (
                "End every session.",
                "すべてのセッションを終えます。"
            )
        case .logoutDiscussion:
            (
                "Ends the default session, or the one --server and --account (or SESSION_CLI_SERVER and SESSION_CLI_ACCOUNT) select, or with --all every session. When the default session ends and others remain, the most recently used one becomes the default.\n\nA session is removed first (read and deleted in one step under the store's lock, with any temporary file a killed writer left behind), then what was removed is revoked at the provider (RFC 7009: the refresh token, and the access token while it is valid), within {seconds} s. Standard error says whether the revocation worked; a failed revocation does not fail the logout.\n\nA session kept in the keyring has its items there deleted after the file; when the keyring cannot be reached for that, the session is still logged out, standard error gives the secret-tool command that deletes the items, and the exit status is 69.\n\nWith --everywhere, after the revocation, the browser opens the provider's end_session_endpoint (found by discovery) with the session's ID token, and the tool waits up to {minutes} minutes for it to come back to a loopback address, as a browser sign-in does; the page then says the provider's session ended. A provider without that endpoint, or a session without an ID token, is said in a note and the logout succeeds. When the browser does not come back in time the exit status is 75; when the provider cannot be reached, 69.",
                "デフォルトのセッション、または --server と --account (または SESSION_CLI_SERVER と SESSION_CLI_ACCOUNT) で選んだセッション、--all ならすべてのセッションを終えます。デフォルトのセッションが終わってほかが残るときは、最後に使ったものがデフォルトになります。\n\nセッションはまず削除され (保存先のロックを取って 1 回の操作で読み出して削除し、強制終了した書き込みが残した一時ファイルも消します)、そのあと削除したものをプロバイダーで取り消します (RFC 7009: リフレッシュトークン、有効な間はアクセストークンも)。取り消しは {seconds} 秒以内です。取り消せたかどうかは標準エラーに出ます。取り消しに失敗してもログアウトは失敗しません。\n\nキーリングに保管したセッションは、ファイルのあとにキーリングの項目も削除します。そのときキーリングに接続できなくてもログアウトはしますが、標準エラーに項目を削除する secret-tool のコマンドを出し、終了コードは 69 になります。\n\n--everywhere を付けると、取り消しのあと、ディスカバリーで見つけたプロバイダーの end_session_endpoint をセッションの ID トークン付きでブラウザーで開き、ブラウザーでのサインインと同じようにループバックのアドレスに戻ってくるのを最大 {minutes} 分待ちます。戻ってきたページには、プロバイダーのセッションが終わったことが表示されます。そのエンドポイントがないプロバイダーや、ID トークンのないセッションでは注記を出し、ログアウトは成功します。時間内にブラウザーが戻らなければ終了コードは 75、プロバイダーに接続できなければ 69 です。"
            )
        case .logoutRemovedUnreadableFile:
            (
                "Removed an unreadable session file. Logged out.",
                "読めないセッションファイルを削除しました。ログアウトしました。"
            )
        case .logoutNothingToDo:
            (
                "Not logged in; nothing to do.",
                "ログインしていないので、何もしません。"
            )
        case .logoutAllOne:
            (
                "Logged out of 1 session.",
                "1 個のセッションからログアウトしました。"
            )
        case .logoutAllMany:
            (
                "Logged out of {count} sessions.",
                "{count} 個のセッションからログアウトしました。"
            )
        case .logoutRemovedUnreadableSession:
            (
                "Removed the session of {session}, which could not be read. Logged out.",
                "読めなかった {session} のセッションを削除しました。ログアウトしました。"
            )
        case .loggedOutOf:
            (
                "Logged out {session}.",
                "{session} からログアウトしました。"
            )
        case .logoutDefaultIsNow:
            (
                "The default session is now {session}.",
                "デフォルトのセッションは {session} になりました。"
            )
        case .logoutKeyringLeftovers:
            (
                "the tokens of {session} are still in the keyring ({reason}); delete them with: {command}",
                "{session} のトークンがまだキーリングにあります ({reason})。次のコマンドで削除してください: {command}"
            )
        case .logoutAllWithSelection:
            (
                "--all ends every session; give it without --server and --account",
                "--all はすべてのセッションを終えます。--server や --account と一緒に指定しないでください"
            )
        case .logoutOptionEverywhere:
            (
                "After revoking the grant, end your session at the provider too, in the browser (OpenID Connect RP-initiated logout), so the next sign-in asks who you are.",
                "認可を取り消した後、ブラウザーでプロバイダーのセッションも終了します (OpenID Connect の RP-Initiated Logout)。次のサインインでは本人確認が求められます。"
            )
        case .logoutOptionNoBrowser:
            (
                "With --everywhere: print the URL to open instead of opening a browser (a loopback URL of this machine that sends the browser on, so the ID token is never shown).",
                "--everywhere と一緒に: ブラウザーを開かずに、開く URL を表示します (このマシンのループバックの URL で、そこからプロバイダーへ進みます。ID トークンは表示されません)。"
            )
        case .logoutEverywhereAlone:
            (
                "--everywhere ends one session at its provider, in the browser; it does not go with {option}",
                "--everywhere はひとつのセッションをそのプロバイダーでブラウザーを使って終了します。{option} とは一緒に使えません"
            )
        case .logoutEndSessionOpening:
            (
                "End your session at the provider at this URL (opening your browser):",
                "この URL でプロバイダーのセッションを終了してください (ブラウザーを開いています):"
            )
        case .logoutEndSessionAt:
            (
                "End your session at the provider: open this URL on this machine, in the browser you signed in with:",
                "プロバイダーのセッションを終了します: サインインに使ったブラウザーで、このマシンのこの URL を開いてください:"
            )
        case .providerSignedOut:
            (
                "Signed out at {issuer} too.",
                "{issuer} でもサインアウトしました。"
            )
        case .providerSignOutNotOffered:
            (
                "{issuer} lists no end_session_endpoint, so your session there was not ended; sign out on its own pages",
                "{issuer} には end_session_endpoint がないため、そこでのセッションは終了していません。プロバイダーのページでサインアウトしてください"
            )
        case .providerSignOutNoIDToken:
            (
                "the session has no ID token to name it to {issuer}, so your session there was not ended; sign out on its own pages",
                "このセッションには {issuer} に示す ID トークンがないため、そこでのセッションは終了していません。プロバイダーのページでサインアウトしてください"
            )
        case .providerSignOutNoProvider:
            (
                "the session did not come from a sign-in at a provider, so there is no session there to end",
                "このセッションはプロバイダーでのサインインによるものではないため、そこで終了するセッションはありません"
            )
        case .providerSignOutFailed:
            (
                "could not end your session at {issuer}: {reason}; sign out on its own pages",
                "{issuer} でのセッションを終了できませんでした: {reason}。プロバイダーのページでサインアウトしてください"
            )
        case .revocationDone:
            (
                "Revoked the grant at {issuer}.",
                "{issuer} で認可を取り消しました。"
            )
        case .revocationNotOffered:
            (
                "{issuer} lists no revocation endpoint; the grant was not revoked there",
                "{issuer} には取り消しのエンドポイントがないため、そこでは認可を取り消していません"
            )
        case .revocationOnlyByPerson:
            (
                "{provider} lets no app revoke its grant; to end it there too, revoke it at {page}",
                "{provider} ではアプリが認可を取り消すことはできません。そこでも終わらせるには {page} で取り消してください"
            )
        case .loginGrantShared:
            (
                "{provider} keeps one grant for this app and account: the tokens of the session replaced were not revoked, which would end the new ones too",
                "{provider} はこのアプリとアカウントに 1 つの認可しか持ちません: 置き換えたセッションのトークンは取り消していません (取り消すと新しいトークンも無効になります)"
            )
        case .revocationTimedOut:
            (
                "{issuer} did not answer within {seconds} s; the grant may still be valid there; the local session is removed anyway",
                "{issuer} が {seconds} 秒以内に応答しませんでした。そこではまだ認可が有効かもしれません。このマシンのセッションは削除しました"
            )
        case .revocationFailed:
            (
                "could not revoke the grant at {issuer} ({reason}); the local session is removed anyway",
                "{issuer} で認可を取り消せませんでした ({reason})。このマシンのセッションは削除しました"
            )
        case .revocationKeyringUnreadable:
            (
                "its tokens could not be read from the keyring: {reason}",
                "キーリングからトークンを読めませんでした: {reason}"
            )
        case .revocationKeyringUnreadableShort:
            (
                "its tokens could not be read from the keyring",
                "キーリングからトークンを読めませんでした"
            )
        // MARK: login
        case .loginSummary:
            (
                "Sign in at an identity provider, or save a token, as a session.",
                "ID プロバイダーでサインインするか、トークンを保存して、セッションにします。"
            )
        case .loginOptionWithToken:
            (
                "Read the token from standard input (one trailing newline is removed); on a terminal, it is asked for with echo off.",
                "トークンを標準入力から読みます (末尾の改行 1 つは取り除きます)。端末ではエコーを止めて入力させます。"
            )
        case .loginOptionServer:
            (
                "The server the token belongs to (https, or http to this machine).",
                "トークンを使うサーバー (https、またはこのマシン宛ての http)。"
            )
        case .loginOptionDevice:
            (
                "Sign in at the identity provider with a code entered in any browser.",
                "どのブラウザーでも入力できるコードで ID プロバイダーにサインインします。"
            )
        case .loginOptionWeb:
            (
                "Sign in at the identity provider in this machine's browser.",
                "このマシンのブラウザーで ID プロバイダーにサインインします。"
            )
        case .loginOptionClientCredentials:
            (
                "Sign in as the client itself, with no person (secret: SESSION_CLI_CLIENT_SECRET).",
                "人を介さず、クライアント自身としてサインインします (シークレットは SESSION_CLI_CLIENT_SECRET)。"
            )
        case .loginOptionProvider:
            (
                "A provider by name, with what is known of it (its issuer is the default).",
                "名前で指定するプロバイダー。その既知の事情を使います (発行者の既定値になります)。"
            )
        case .loginOptionIssuer:
            (
                "The provider (default: the session's provider).",
                "プロバイダー (省略時: セッションのプロバイダー)。"
            )
        case .loginOptionClientID:
            (
                "The client ID (default: the session's).",
                "クライアント ID (省略時: セッションのもの)。"
            )
        case .loginOptionScope:
            (
                "A scope to ask for (repeatable).",
                "要求するスコープ (複数指定可)。"
            )
        case .loginOptionDeviceEndpoint:
            (
                "The device authorization endpoint, when discovery lists none.",
                "ディスカバリーに載っていないときの、デバイス認可エンドポイント。"
            )
        case .loginOptionNoBrowser:
            (
                "With --web: print the URL, do not open a browser; on a terminal, also take the address pasted back.",
                "--web で: ブラウザーを開かず URL を出力します。端末では貼り付けたアドレスも受け付けます。"
            )
        case .loginOptionCallbackPort:
            (
                "With --web: listen on this port (default: a random one).",
                "--web で: このポートで待ち受けます (省略時: ランダム)。"
            )
        case .loginOptionCallbackHost:
            (
                "With --web: the redirect's host (default: 127.0.0.1).",
                "--web で: リダイレクト先のホスト (省略時: 127.0.0.1)。"
            )
        case .loginOptionPrompt:
            (
                "With --web: what the provider shows, so another account can sign in.",
                "--web で: プロバイダーに表示させる画面。別のアカウントでサインインするときに。"
            )
        case .loginOptionAccount:
            (
                "The account the token belongs to (--user is the same).",
                "トークンのアカウント (--user も同じ)。"
            )
        case .loginOptionExpiresIn:
            (
                "How long the token stays valid (default: no expiry).",
                "トークンの有効期間 (省略時: 期限なし)。"
            )
        case .loginOptionCAFile:
            (
                "A PEM file of CAs to trust, besides the system's, for this session's provider and server (kept with the session).",
                "このセッションのプロバイダーとサーバーについて、システムの CA に加えて信頼する CA の PEM ファイル (セッションと一緒に保存)。"
            )
        case .loginOptionClientCert:
            (
                "A PEM client certificate to present to the provider and the server (kept with the session; needs --client-cert-key).",
                "プロバイダーとサーバーに提示する PEM のクライアント証明書 (セッションと一緒に保存。--client-cert-key が必要)。"
            )
        case .loginOptionClientCertKey:
            (
                "The certificate's PEM private key, readable by you only; only its path is kept.",
                "証明書の PEM 秘密鍵。自分だけが読めるファイルにしてください。保存されるのはパスだけです。"
            )
        case .optionNeedsOther:
            (
                "{option} needs {other}",
                "{option} には {other} が必要です"
            )
        case .optionNeedsPath:
            (
                "{option} needs a file's path",
                "{option} にはファイルのパスが必要です"
            )
        case .tokenBoundToKey:
            (
                "the session's token is bound to its DPoP key and is refused without a proof of that key; use session-cli api, which signs each request, or token --dpop-proof METHOD URL",
                "このセッションのトークンは DPoP 鍵に束縛されており、その鍵の証明なしでは拒否されます。リクエストごとに署名する session-cli api か、token --dpop-proof METHOD URL を使ってください"
            )
        case .helperRefusesBoundToken:
            (
                "the session's token is bound to its DPoP key, and {tool} can only send a Bearer token; use a session without --dpop for {tool}",
                "このセッションのトークンは DPoP 鍵に束縛されていますが、{tool} は Bearer トークンしか送れません。{tool} には --dpop なしのセッションを使ってください"
            )
        case .loginOptionDPoP:
            (
                "Bind the session's tokens to a new key of its own (DPoP, RFC 9449): a copied token is useless without it.",
                "セッションのトークンを専用の新しい鍵に束縛します (DPoP、RFC 9449)。コピーされたトークンは鍵なしでは使えません。"
            )
        case .loginOptionPrivateKeyJWT:
            (
                "Authenticate the client with a signed assertion of this private key (PEM, P-256 or RSA, readable by you only) instead of a secret; the path is kept with the session, the key never is.",
                "シークレットの代わりに、この秘密鍵 (PEM、P-256 か RSA、本人だけが読めるもの) で署名したアサーションでクライアントを認証します。パスはセッションに保存されますが、鍵そのものは保存されません。"
            )
        case .loginOptionKeyID:
            (
                "The key's ID at the provider (kid), with --private-key-jwt.",
                "プロバイダーでの鍵の ID (kid)。--private-key-jwt と一緒に使います。"
            )
        case .loginOptionKeyAudience:
            (
                "What each assertion's aud names, with --private-key-jwt: the URL of the endpoint it goes to (default; OpenID Connect), or the issuer (FAPI 2.0).",
                "--private-key-jwt と一緒に: 各アサーションの aud に入れるもの。送り先エンドポイントの URL (既定、OpenID Connect) か、発行者 (FAPI 2.0)。"
            )
        case .loginKeyIDInvalid:
            (
                "--key-id needs 1 to 256 printable characters without spaces",
                "--key-id には空白を含まない 1〜256 文字の印字可能な文字が必要です"
            )
        case .loginKeyAndSecret:
            (
                "--private-key-jwt replaces the client secret, but SESSION_CLI_CLIENT_SECRET is set too; unset it or drop --private-key-jwt",
                "--private-key-jwt はクライアントシークレットの代わりですが、SESSION_CLI_CLIENT_SECRET も設定されています。どちらか一方にしてください"
            )
        case .statusClientKey:
            (
                "Client key",
                "クライアント鍵"
            )
        case .tokenOptionDPoPProof:
            (
                "With a URL: for a session from login --dpop, print the token and, on a second line, a fresh DPoP proof for METHOD URL.",
                "URL と一緒に: login --dpop のセッションで、トークンと、2 行目に METHOD URL 用の新しい DPoP 証明を表示します。"
            )
        case .tokenOptionDPoPNonce:
            (
                "With --dpop-proof: the server's nonce to put in the proof, for a server the session has not met (otherwise the last nonce the server gave is used).",
                "--dpop-proof と一緒に: 証明に入れるサーバーのノンス。セッションがまだ通信していないサーバー用です (それ以外ではサーバーが最後に返したノンスを使います)。"
            )
        case .tokenDPoPNonceNeedsProof:
            (
                "--dpop-nonce goes with --dpop-proof METHOD URL",
                "--dpop-nonce は --dpop-proof METHOD URL と一緒に使います"
            )
        case .tokenDPoPNonceBad:
            (
                "--dpop-nonce needs the nonce as the server sent it: 1 to 512 printable ASCII characters, no space",
                "--dpop-nonce にはサーバーが送ったとおりのノンスが必要です: 空白を含まない 1〜512 文字の印字可能な ASCII 文字"
            )
        case .tokenURLNeedsDPoPProof:
            (
                "token takes a URL only with --dpop-proof METHOD",
                "token が URL を取るのは --dpop-proof METHOD と一緒のときだけです"
            )
        case .tokenDPoPProofBadURL:
            (
                "--dpop-proof needs the request's whole URL (http or https, with a host)",
                "--dpop-proof にはリクエストの完全な URL (http か https、ホスト付き) が必要です"
            )
        case .tokenDPoPProofNeedsURL:
            (
                "--dpop-proof METHOD needs the request's URL after it",
                "--dpop-proof METHOD の後にリクエストの URL が必要です"
            )
        case .tokenNotBound:
            (
                "the session is not bound to a key; --dpop-proof is for a session from login --dpop",
                "このセッションは鍵に束縛されていません。--dpop-proof は login --dpop のセッション用です"
            )
        case .dpopKeyUnusable:
            (
                "the session's DPoP key cannot be used: {reason}; log in again",
                "セッションの DPoP 鍵を使えません: {reason}。もう一度ログインしてください"
            )
        case .loginOptionSecrets:
            (
                "Where the tokens are kept (default: where the session had them, else file). Alone: move an existing session's tokens there.",
                "トークンの保管場所 (省略時: セッションが使っていた場所、なければ file)。これだけを指定すると、既存のセッションのトークンをそこへ移します。"
            )
        case .loginDiscussion:
            (
                "--device and --web sign in at an OAuth 2.0 / OpenID Connect provider. --device prints a code and a URL on standard error, each on its own line; enter the code there, in any browser. --web opens this machine's browser (register http://127.0.0.1/callback as the redirect; for a provider that compares it exactly, fix it with --callback-port and --callback-host). SESSION_CLI_CLIENT_SECRET (environment only) makes the client confidential.\n\n--provider NAME signs in at a provider most people use, with what is known of it (the same when it is given as --issuer): github needs an OAuth app, or a GitHub App, with the device flow enabled in its settings for --device; the session's server is https://api.github.com, git at https://github.com takes its token (setup-git), and GitHub lets no app revoke its grant. gitlab needs an application at gitlab.com with the openid scope; git takes its token as oauth2's password. google needs a \"TVs and Limited Input devices\" client for --device, or a desktop client for --web, each with its secret in SESSION_CLI_CLIENT_SECRET; the session's server is https://www.googleapis.com. microsoft needs a public client (\"Allow public client flows\" for --device, the redirect http://localhost for --web); it means the organizations tenant, any other is --issuer https://login.microsoftonline.com/TENANT/v2.0; the session's server is https://graph.microsoft.com.\n\n--web --no-browser prints the URL to open in any browser. A browser on another machine (this one reached over ssh) cannot come back to this machine's redirect: on a terminal, copy the address of the page it could not open from its address bar and paste it here. Whichever comes first, the browser or the paste, signs in; an address with another state, or not this sign-in's redirect, is refused.\n\n--client-credentials signs a machine in (a CI job, a service): the client credentials grant, with the secret from SESSION_CLI_CLIENT_SECRET or the key of --private-key-jwt. The session's account is the client ID; there is no refresh token, and a due token is renewed by running the grant again.\n\n--dpop binds the session's tokens to a new key of its own (DPoP): the key is kept where the tokens are, every request to the provider and every api request carries a fresh proof of it, and token hands the token out only with a proof (--dpop-proof). --private-key-jwt PATH proves a confidential client with a signed assertion of its own key instead of a secret, at every request to the provider; the path is kept with the session, the key never is. --web pushes its request to the provider first when the provider offers it (pushed authorization requests), so the browser's URL carries only a reference.\n\nWithout them, the token is read from standard input (--with-token) or, on a terminal, asked for with echo off. The token is never an argument: other users can read arguments with ps.\n\nA session is known by its server's origin and its account. A login with the key of a session there replaces it, and revokes the grant it replaces; any other adds a session. Either way the new session becomes the default. A failed login changes nothing.\n\n--secrets keyring keeps the access token, the refresh token, the ID token and the client secret in the system keyring (the Secret Service on the session D-Bus: gnome-keyring, KWallet, KeePassXC); the session file keeps the rest, and the token's first characters for status. When the keyring cannot be used, the login fails (exit 69) and nothing is written: never a silent fallback to the file. A locked keyring's unlock prompt is waited for up to {minutes} minutes (Ctrl-C cancels). login --secrets keyring|file with no way to sign in given moves the tokens of the session --server and --account select (else the default one) without a new sign-in.",
                "--device と --web は OAuth 2.0 / OpenID Connect のプロバイダーでサインインします。--device はコードと URL を標準エラーにそれぞれ 1 行で出力します。どのブラウザーからでも、その URL でコードを入力してください。--web はこのマシンのブラウザーを開きます (リダイレクト先として http://127.0.0.1/callback を登録してください。完全一致で比べるプロバイダーには --callback-port と --callback-host で固定します)。SESSION_CLI_CLIENT_SECRET (環境変数のみ) があると機密クライアントになります。\n\n--provider NAME は多くの人が使うプロバイダーで、その既知の事情を使ってサインインします (--issuer で指定しても同じです): github には、--device 用に設定でデバイスフローを有効にした OAuth アプリか GitHub App が必要です。セッションのサーバーは https://api.github.com で、https://github.com の git もそのトークンを使います (setup-git)。GitHub ではアプリが認可を取り消すことはできません。gitlab には gitlab.com で openid スコープを持つアプリケーションが必要です。git はトークンを oauth2 のパスワードとして受け取ります。google には、--device 用の「テレビと入力が限られたデバイス」クライアントか、--web 用のデスクトップクライアントが必要で、どちらもシークレットを SESSION_CLI_CLIENT_SECRET に入れます。セッションのサーバーは https://www.googleapis.com です。microsoft には公開クライアントが必要です (--device には「パブリック クライアント フローを許可する」、--web にはリダイレクト http://localhost)。organizations テナントを指し、ほかのテナントは --issuer https://login.microsoftonline.com/TENANT/v2.0 で指定します。セッションのサーバーは https://graph.microsoft.com です。\n\n--web --no-browser は、どのブラウザーでも開ける URL を出力します。別のマシンのブラウザー (ssh で入ったこのマシンとは別) は、このマシンのリダイレクト先に戻れません: 端末では、開けなかったページのアドレスをアドレスバーからコピーしてここに貼り付けてください。ブラウザーと貼り付けのどちらか先に届いたほうでサインインします。state が別のものや、このサインインのリダイレクト先でないアドレスは拒否します。\n\n--client-credentials はマシン (CI ジョブやサービス) をサインインさせます: SESSION_CLI_CLIENT_SECRET のシークレットか --private-key-jwt の鍵を使うクライアントクレデンシャルグラントです。セッションのアカウントはクライアント ID で、リフレッシュトークンはなく、期限の近いトークンはグラントをもう一度実行して新しくします。\n\n--dpop はセッションのトークンを専用の新しい鍵に束縛します (DPoP): 鍵はトークンと同じ場所に保管され、プロバイダーへのすべてのリクエストと api のすべてのリクエストにその鍵の新しい証明が付き、token は証明と一緒 (--dpop-proof) でなければトークンを出しません。--private-key-jwt PATH は、シークレットの代わりに自分の鍵で署名したアサーションで機密クライアントを証明します (プロバイダーへのリクエストごと)。パスはセッションに保存されますが、鍵そのものは保存されません。--web は、プロバイダーが対応していれば、リクエストを先にプロバイダーへ送ります (プッシュ型認可リクエスト)。ブラウザーの URL には参照だけが入ります。\n\nこれらがなければ、トークンは標準入力 (--with-token) から読むか、端末ではエコーを止めて入力させます。トークンを引数で渡すことはできません: ほかのユーザーが ps で引数を読めます。\n\nセッションはサーバーのオリジンとアカウントで区別します。同じキーのセッションがあればログインはそれを置き換え、置き換えた認可を取り消します。なければセッションを追加します。どちらの場合も新しいセッションがデフォルトになります。失敗したログインは何も変えません。\n\n--secrets keyring はアクセストークン、リフレッシュトークン、ID トークン、クライアントシークレットをシステムのキーリング (セッション D-Bus 上の Secret Service: gnome-keyring、KWallet、KeePassXC) に保管し、セッションファイルには残りと、status 用にトークンの先頭の数文字だけを置きます。キーリングを使えないときはログインは失敗し (終了コード 69)、何も書きません: 黙ってファイルに保存することはありません。ロックされたキーリングの解除プロンプトは最大 {minutes} 分待ちます (Ctrl-C で中止)。サインインの方法を指定せずに login --secrets keyring|file を実行すると、--server と --account で選んだセッション (なければデフォルト) のトークンを、サインインし直さずに移します。"
            )
        case .loginTakesNoArguments:
            (
                "login takes no arguments and never a token; if that was your token, revoke it (it may be in your shell history) and pipe a new one to 'session-cli login --with-token'",
                "login は引数を取らず、トークンを引数で受け取ることもありません。今のがトークンなら、それを取り消し (シェルの履歴に残っているかもしれません)、新しいものを 'session-cli login --with-token' にパイプで渡してください"
            )
        case .loginOneWayToSignIn:
            (
                "give one of --device, --web and --client-credentials",
                "--device、--web、--client-credentials のうち 1 つだけを指定してください"
            )
        case .loginModeMove:
            (
                "--secrets alone",
                "--secrets だけの指定"
            )
        case .loginModeToken:
            (
                "a token login",
                "トークンでのログイン"
            )
        case .loginNoToken:
            (
                "no token: standard input is not a terminal; pipe the token with printf '%s' \"$TOKEN\" | session-cli login --with-token",
                "トークンがありません: 標準入力が端末ではありません。printf '%s' \"$TOKEN\" | session-cli login --with-token のようにパイプで渡してください"
            )
        case .loginNeedsIssuer:
            (
                "login {flag} needs a provider: give --provider NAME or --issuer URL, or set SESSION_CLI_ISSUER",
                "login {flag} にはプロバイダーが必要です: --provider NAME か --issuer URL を指定するか、SESSION_CLI_ISSUER を設定してください"
            )
        case .loginProviderNeedsWay:
            (
                "login {option} needs a way to sign in: --device (a code for any browser), --web (a browser), or --client-credentials (a machine)",
                "login {option} にはサインインの方法が必要です: --device (どのブラウザーでも使えるコード)、--web (ブラウザー)、--client-credentials (マシン) のいずれか"
            )
        case .loginProviderAndOtherIssuer:
            (
                "--issuer names another provider than --provider {provider}; give one of them (a tenant of the same provider is fine)",
                "--issuer が --provider {provider} とは別のプロバイダーを指しています。どちらか一方を指定してください (同じプロバイダーのテナントなら構いません)"
            )
        case .loginNeedsClientID:
            (
                "login {flag} needs a client ID: give --client-id ID or set SESSION_CLI_CLIENT_ID",
                "login {flag} にはクライアント ID が必要です: --client-id ID を指定するか SESSION_CLI_CLIENT_ID を設定してください"
            )
        case .clientSecretInvalid:
            (
                "SESSION_CLI_CLIENT_SECRET is not a valid client secret: {reason}",
                "SESSION_CLI_CLIENT_SECRET は有効なクライアントシークレットではありません: {reason}"
            )
        case .clientCredentialsNeedSecret:
            (
                "login --client-credentials needs the client's secret in SESSION_CLI_CLIENT_SECRET (never an option: other users can read arguments with ps), or its key with --private-key-jwt PATH",
                "login --client-credentials には SESSION_CLI_CLIENT_SECRET にクライアントのシークレット (オプションでは渡せません: ほかのユーザーが ps で引数を読めます) か、--private-key-jwt PATH で鍵が必要です"
            )
        case .tokenPrompt:
            (
                "Paste your token (input is hidden): ",
                "トークンを貼り付けてください (入力は表示されません): "
            )
        case .loggedInAs:
            (
                "Logged in as {account} on {server}.",
                "{server} に {account} としてログインしました。"
            )
        case .loggedInProviderNamedNoAccount:
            (
                "Logged in on {server}; the provider named no account.",
                "{server} にログインしました。プロバイダーはアカウント名を返しませんでした。"
            )
        case .loggedInNoAccountGiven:
            (
                "Logged in on {server}, with no account (--account NAME names one).",
                "{server} にアカウントなしでログインしました (--account NAME で名前を付けられます)。"
            )
        case .loggedInAsNoServer:
            (
                "Logged in as {account}, with no server (api needs --server URL).",
                "{account} としてサーバーなしでログインしました (api には --server URL が必要です)。"
            )
        case .loggedInNoServerNoAccount:
            (
                "Logged in, with no server and no account (api needs --server URL).",
                "サーバーもアカウントもなしでログインしました (api には --server URL が必要です)。"
            )
        case .loginTokensInKeyring:
            (
                "Its tokens are in the system keyring.",
                "トークンはシステムのキーリングにあります。"
            )
        case .loginReplaced:
            (
                "Replaced the previous session ({session}).",
                "以前のセッション ({session}) を置き換えました。"
            )
        case .loginOneOtherKept:
            (
                "It is the default session now; 1 other session kept (session-cli status lists it).",
                "これがデフォルトのセッションになりました。ほかに 1 個のセッションがあります (session-cli status で一覧)。"
            )
        case .loginOthersKept:
            (
                "It is the default session now; {count} other sessions kept (session-cli status lists them).",
                "これがデフォルトのセッションになりました。ほかに {count} 個のセッションがあります (session-cli status で一覧)。"
            )
        case .moveNoSessionToKeyring:
            (
                "no session to move to the keyring; log in with --secrets {location} and --with-token, --device, --web or --client-credentials",
                "キーリングへ移すセッションがありません。--secrets {location} と、--with-token、--device、--web、--client-credentials のいずれかでログインしてください"
            )
        case .moveNoSessionToFile:
            (
                "no session to move to the session file; log in with --secrets {location} and --with-token, --device, --web or --client-credentials",
                "セッションファイルへ移すセッションがありません。--secrets {location} と、--with-token、--device、--web、--client-credentials のいずれかでログインしてください"
            )
        case .moveAlreadyThere:
            (
                "The tokens of {session} are already in {place}.",
                "{session} のトークンはすでに{place}にあります。"
            )
        case .moveDone:
            (
                "Moved the tokens of {session} to {place}.",
                "{session} のトークンを{place}へ移しました。"
            )
        case .placeKeyring:
            (
                "the system keyring",
                "システムのキーリング"
            )
        case .placeFile:
            (
                "the session file",
                "セッションファイル"
            )
        case .moveSessionGone:
            (
                "not logged in; the session was removed meanwhile",
                "ログインしていません。その間にセッションが削除されました"
            )
        case .deviceInstructions:
            (
                "Open the URL in a browser and enter the code (it expires in {minutes} min):",
                "ブラウザーで URL を開いてコードを入力してください ({minutes} 分で期限切れ):"
            )
        case .labelURL:
            (
                "URL: {url}",
                "URL: {url}"
            )
        case .labelCode:
            (
                "Code: {code}",
                "Code: {code}"
            )
        case .labelURLWithCode:
            (
                "URL with the code: {url}",
                "コード付きの URL: {url}"
            )
        case .deviceWaiting:
            (
                "Waiting for approval (Ctrl-C cancels)...",
                "承認を待っています (Ctrl-C で中止)..."
            )
        case .webSignInOpening:
            (
                "Sign in at this URL (opening your browser):",
                "この URL でサインインしてください (ブラウザーを開いています):"
            )
        case .webSignInAt:
            (
                "Sign in at this URL:",
                "この URL でサインインしてください:"
            )
        case .webWaiting:
            (
                "Waiting for the browser to come back to {redirect} (Ctrl-C cancels)...",
                "ブラウザーが {redirect} に戻ってくるのを待っています (Ctrl-C で中止)..."
            )
        case .webRefusedAnotherSignIn:
            (
                "refused a request to the sign-in listener: its state is another sign-in's; still waiting",
                "サインインの待ち受けへの要求を拒否しました: state が別のサインインのものです。待ち続けます"
            )
        case .webRefusedMalformed:
            (
                "refused a request to the sign-in listener: its parameters repeat or are unreadable; still waiting",
                "サインインの待ち受けへの要求を拒否しました: パラメーターが重複しているか読めません。待ち続けます"
            )
        case .webPasteHint:
            (
                "If the browser is on another machine, it cannot open {redirect}: copy the address of the page it could not open from its address bar, paste it here and press Enter.",
                "ブラウザーが別のマシンにあるときは {redirect} を開けません: 開けなかったページのアドレスをアドレスバーからコピーし、ここに貼り付けて Enter を押してください。"
            )
        case .webPasteAnotherSignIn:
            (
                "refused the address pasted: its state is another sign-in's; paste the address this sign-in's browser stopped at",
                "貼り付けたアドレスを拒否しました: state が別のサインインのものです。このサインインでブラウザーが止まったページのアドレスを貼り付けてください"
            )
        case .webPasteNotTheRedirect:
            (
                "refused the address pasted: it is not this sign-in's redirect (the address shown above); still waiting",
                "貼り付けたアドレスを拒否しました: このサインインのリダイレクト先 (上に示したアドレス) ではありません。待ち続けます"
            )
        case .webPasteMalformed:
            (
                "refused the address pasted: its parameters repeat or are unreadable; still waiting",
                "貼り付けたアドレスを拒否しました: パラメーターが重複しているか読めません。待ち続けます"
            )
        // MARK: api
        case .apiSummary:
            (
                "Send a request to the session's server with the token.",
                "セッションのサーバーへ、トークンを付けてリクエストを送ります。"
            )
        case .apiOptionMethod:
            (
                "The HTTP method (default: GET, or POST with fields or --input).",
                "HTTP メソッド (省略時: GET、フィールドか --input があれば POST)。"
            )
        case .apiOptionHeader:
            (
                "Add a request header (repeatable).",
                "リクエストヘッダーを追加します (複数指定可)。"
            )
        case .apiOptionRawField:
            (
                "Add a string field (repeatable).",
                "文字列のフィールドを追加します (複数指定可)。"
            )
        case .apiOptionField:
            (
                "Add a typed field: true, false, null, an integer, @FILE (@- for standard input), else a string (repeatable).",
                "型付きのフィールドを追加します: true、false、null、整数、@FILE (@- は標準入力)、それ以外は文字列 (複数指定可)。"
            )
        case .apiOptionInput:
            (
                "Send this file as the body (- for standard input), streamed as it is read.",
                "このファイルを本文として送ります (- は標準入力)。読みながら送ります。"
            )
        case .apiOptionInclude:
            (
                "Print the status line and the headers before the body.",
                "本文の前にステータス行とヘッダーを出力します。"
            )
        case .apiDiscussion:
            (
                "PATH is joined to the server URL of the default session, or of the one --server and --account (or SESSION_CLI_SERVER and SESSION_CLI_ACCOUNT) select. A full URL goes to its own origin, with the session on that server. The percent-encoding is kept as written; the response body is printed as it arrives.\n\nFields (-f, -F) make a JSON object, sent as the body with Content-Type: application/json; for GET and HEAD, or with --input, they become query parameters instead. A key nests with brackets: user[name]=alice, tags[]=a appends to an array. A -F value @FILE is the file's text, up to {limit} MiB; a larger body goes with --input, which never holds it whole.\n\nA 401 from the session's server logs that session out, unless it can refresh its token: then it is refreshed and the request sent once more (a body from standard input is sent once: the session is kept and the 401 reported). The token goes to the session's own server only: a redirect to another origin is followed without it, and standard error says where it went.",
                "PATH はデフォルトのセッション、または --server と --account (または SESSION_CLI_SERVER と SESSION_CLI_ACCOUNT) で選んだセッションのサーバー URL につなげます。完全な URL はそのオリジンへ、そのサーバーのセッションで送ります。パーセントエンコードは書いたとおりに保ち、レスポンスの本文は届くそばから出力します。\n\nフィールド (-f、-F) は JSON オブジェクトになり、Content-Type: application/json の本文として送ります。GET と HEAD、または --input があるときは、代わりにクエリパラメーターになります。キーは角かっこで入れ子にできます: user[name]=alice、tags[]=a は配列に追加します。-F の値 @FILE はファイルの内容 ({limit} MiB まで) です。それより大きな本文は --input で送れば、全体をメモリーに置くことはありません。\n\nセッションのサーバーからの 401 はそのセッションをログアウトさせます。ただしトークンを更新できるときは更新し、リクエストをもう 1 回送ります (標準入力からの本文は 1 回しか送れないので、セッションはそのままにして 401 を伝えます)。トークンはセッション自身のサーバーにだけ送ります: 別のオリジンへのリダイレクトはトークンなしでたどり、行き先を標準エラーに出します。"
            )
        case .apiNeedsPath:
            (
                "api needs a PATH, like: session-cli api /user",
                "api には PATH が必要です。例: session-cli api /user"
            )
        case .apiServerAndURL:
            (
                "give --server or a full URL, not both: a full URL names its server",
                "--server か完全な URL のどちらかを指定してください: 完全な URL はサーバーを含みます"
            )
        case .apiBadMethod:
            (
                "invalid --method: give an HTTP method such as GET, POST, PUT, PATCH or DELETE",
                "--method が正しくありません: GET、POST、PUT、PATCH、DELETE などの HTTP メソッドを指定してください"
            )
        case .apiSessionExpired:
            (
                "the session has expired; run 'session-cli login' first",
                "セッションの期限が切れています。先に 'session-cli login' を実行してください"
            )
        case .apiNotLoggedIn:
            (
                "not logged in; run 'session-cli login' first",
                "ログインしていません。先に 'session-cli login' を実行してください"
            )
        case .apiNoServer:
            (
                "the session names no server; log in again with --server URL to use api",
                "セッションにサーバーがありません。api を使うには --server URL を付けてもう一度ログインしてください"
            )
        case .apiFieldNotKeyValue:
            (
                "invalid {option}: write it as key=value",
                "{option} が正しくありません: key=value の形で書いてください"
            )
        case .apiFieldBadKey:
            (
                "invalid {option}: a key is a name, then [name] or a final [] for each level",
                "{option} が正しくありません: キーは名前のあとに、階層ごとに [名前] か最後の [] を続けたものです"
            )
        case .apiFieldConflict:
            (
                "the field {key} does not fit the fields before it: one makes it an object or array, another a value",
                "フィールド {key} がそれより前のフィールドと合いません: 一方はオブジェクトか配列、もう一方は値としています"
            )
        case .apiFieldFileTooLarge:
            (
                "{file} is larger than {limit} MiB; send a large body with --input FILE",
                "{file} が {limit} MiB を超えています。大きな本文は --input FILE で送ってください"
            )
        case .apiFieldFileNotText:
            (
                "{file} is not UTF-8 text; send it as the body with --input FILE",
                "{file} は UTF-8 のテキストではありません。--input FILE で本文として送ってください"
            )
        case .apiStandardInputTwice:
            (
                "standard input can be read once: give it to one of --input - and -F KEY=@-",
                "標準入力は一度しか読めません: --input - と -F KEY=@- のどちらか一つだけに渡してください"
            )
        case .apiCannotRead:
            (
                "cannot read {file}: {reason}",
                "{file} を読めません: {reason}"
            )
        case .apiRedirected:
            (
                "the answer came from {url}: a redirect to another server was followed without the token",
                "応答は {url} から来ました: 別のサーバーへのリダイレクトを、トークンなしでたどりました"
            )
        case .apiUnauthorizedLoggedOut:
            (
                "the server rejected the token (401 Unauthorized); you are now logged out; run 'session-cli login'",
                "サーバーがトークンを拒否しました (401 Unauthorized)。ログアウトしました。'session-cli login' を実行してください"
            )
        case .apiUnauthorizedKept:
            (
                "the server rejected the token (401 Unauthorized); the session was kept",
                "サーバーがトークンを拒否しました (401 Unauthorized)。セッションはそのままです"
            )
        case .apiForbidden:
            (
                "the server refused access (403 Forbidden)",
                "サーバーがアクセスを拒否しました (403 Forbidden)"
            )
        case .apiRedirectNotFollowed:
            (
                "the server answered with a redirect ({status}) that is not followed: to plain http, to a non-http address, carrying the request body to another server, or carrying a body sent from a file or standard input",
                "サーバーはリダイレクト ({status}) を返しましたが、たどりません: 暗号化されない http 宛て、http 以外の宛先、リクエストの本文を別のサーバーへ運ぶもの、またはファイルか標準入力から送った本文を運ぶものです"
            )
        case .apiErrorStatus:
            (
                "the server answered with status {status}",
                "サーバーはステータス {status} を返しました"
            )
        case .apiURLFragment:
            (
                "invalid URL: it must not have a fragment (#)",
                "URL が正しくありません: フラグメント (#) を付けないでください"
            )
        case .apiHeaderForm:
            (
                "invalid --header: write it as 'Name: value'",
                "--header が正しくありません: 'Name: value' の形で書いてください"
            )
        case .apiHeaderName:
            (
                "invalid --header: the name must be letters, digits or !#$%&'*+-.^_`|~",
                "--header が正しくありません: 名前は英字、数字、!#$%&'*+-.^_`|~ で書いてください"
            )
        case .apiHeaderAuthorization:
            (
                "--header Authorization is not allowed: the token comes from the session (session-cli login)",
                "--header Authorization は使えません: トークンはセッションから付けます (session-cli login)"
            )
        // MARK: git-credential, setup-git, kube-credential
        case .gitCredentialSummary:
            (
                "git's credential helper: the session's token for its server.",
                "git の認証情報ヘルパー: セッションのトークンをそのサーバー用に渡します。"
            )
        case .gitCredentialDiscussion:
            (
                "Speaks git's credential helper protocol (git-credential(1)): key=value lines on standard input, to a blank line or the end. 'session-cli setup-git' configures git to use it.\n\nget answers for the session whose server has the origin git asks for (protocol and host with its port, exactly; https, or http to this machine), refreshed first when it is due: the account as username (else x-access-token), the token as password, and its expiry as password_expiry_utc. When git announces capability[]=authtype (git 2.46 and later), it answers authtype=Bearer and credential=<token> instead, so git sends the token as a bearer token. For any other origin, or when not logged in, it prints nothing, so git asks its next helper. With several sessions on the origin: the one of git's username, else the default, else the most recently used; --server and --account (or their variables) choose one.\n\nstore and erase read their input and change nothing: a refused push does not end the session. Any other action is ignored, as git's protocol asks, so a later git's new actions do no harm.",
                "git の認証情報ヘルパーのプロトコル (git-credential(1)) を話します: 標準入力に key=value の行が、空行か入力の終わりまで来ます。'session-cli setup-git' で git がこれを使うよう設定します。\n\nget は、git が求めるオリジン (プロトコルとポート付きのホストが完全に一致するもの。https か、このマシン宛ての http) をサーバーに持つセッションについて答えます。期限が近ければ先に更新します: アカウントを username (なければ x-access-token)、トークンを password、その期限を password_expiry_utc として返します。git が capability[]=authtype を伝えてきたとき (git 2.46 以降) は、代わりに authtype=Bearer と credential=<token> を返すので、git はトークンを Bearer トークンとして送ります。ほかのオリジンや、ログインしていないときは何も出力しないので、git は次のヘルパーに尋ねます。そのオリジンに複数のセッションがあるときは、git の username のもの、なければデフォルト、なければ最後に使ったものです。--server と --account (またはその環境変数) で選べます。\n\nstore と erase は入力を読むだけで何も変えません: push が拒否されてもセッションは終わりません。ほかのアクションは git のプロトコルどおり無視するので、今後の git の新しいアクションも害になりません。"
            )
        case .gitCredentialNeedsAction:
            (
                "git-credential needs an action: get, store or erase",
                "git-credential にはアクションが必要です: get、store、erase"
            )
        case .gitSessionExpired:
            (
                "the session {session} has expired; run 'session-cli login' to use it with git",
                "セッション {session} の期限が切れています。git で使うには 'session-cli login' を実行してください"
            )
        case .gitInputTooLong:
            (
                "git's input is longer than {limit} bytes; a credential helper reads one request",
                "git からの入力が {limit} バイトを超えています。認証情報ヘルパーが読むのは 1 つの要求だけです"
            )
        case .gitInputNUL:
            (
                "git's input holds a NUL byte",
                "git からの入力に NUL バイトがあります"
            )
        case .gitLineTooLong:
            (
                "line {line} of git's input is longer than 64 KiB",
                "git からの入力の {line} 行目が 64 KiB を超えています"
            )
        case .gitLineNotUTF8:
            (
                "line {line} of git's input is not UTF-8",
                "git からの入力の {line} 行目が UTF-8 ではありません"
            )
        case .gitLineNotKeyValue:
            (
                "line {line} of git's input is not key=value",
                "git からの入力の {line} 行目が key=value の形ではありません"
            )
        case .setupGitSummary:
            (
                "Make git use the session for its server (git-credential).",
                "git がセッションをそのサーバーに使うよう設定します (git-credential)。"
            )
        case .setupGitOptionRemove:
            (
                "Remove what setup-git wrote for the server.",
                "setup-git がそのサーバーについて書いた設定を削除します。"
            )
        case .setupGitDiscussion:
            (
                "Writes to your global git config (git config --global) for the origin of the session's server (the default session, or the one --server and --account select):\n\n  credential.<origin>.helper = (empty: git asks no other helper)\n  credential.<origin>.helper = !'<path of session-cli>' git-credential\n\nThe path is session-cli's as you ran it (found on PATH when you ran it by name), not the folder a link points to, so it keeps working while that path does. If you move or reinstall session-cli elsewhere, run 'session-cli setup-git' again: it replaces what it wrote. Run twice, it leaves the same config. With --account, the helper is given --account too.\n\n--remove removes both (by --server, or the session's server), whether a session is there or not.",
                "セッションのサーバー (デフォルトのセッション、または --server と --account で選んだもの) のオリジンについて、グローバルな git の設定 (git config --global) に書き込みます:\n\n  credential.<origin>.helper = (空: git はほかのヘルパーに尋ねません)\n  credential.<origin>.helper = !'<session-cli のパス>' git-credential\n\nパスは実行したときの session-cli のもの (名前だけで実行したときは PATH で見つけたもの) で、リンク先のフォルダーではないので、そのパスがある限り使えます。session-cli を別の場所へ移すか入れ直したら、'session-cli setup-git' をもう一度実行してください: 書いたものを置き換えます。2 回実行しても設定は同じです。--account を付けると、ヘルパーにも --account を渡します。\n\n--remove は両方を削除します (--server か、セッションのサーバーのもの)。セッションがあるかどうかは問いません。"
            )
        case .setupGitRemoved:
            (
                "Removed git's credential helper for {origin} from your global git config.",
                "グローバルな git の設定から、{origin} の認証情報ヘルパーを削除しました。"
            )
        case .setupGitNothingToRemove:
            (
                "Your global git config has no credential helper for {origin}; nothing to remove.",
                "グローバルな git の設定に {origin} の認証情報ヘルパーはありません。削除するものはありません。"
            )
        case .setupGitNoPath:
            (
                "cannot tell where session-cli is installed",
                "session-cli がどこにインストールされているか分かりません"
            )
        case .setupGitConfigured:
            (
                "Configured git for {origin} in your global git config:",
                "グローバルな git の設定で、{origin} について git を設定しました:"
            )
        case .setupGitEmptyValue:
            (
                "(empty: git asks no other helper for {origin})",
                "(空: git は {origin} についてほかのヘルパーに尋ねません)"
            )
        case .setupGitMoveHint:
            (
                "If you move session-cli, run 'session-cli setup-git' again.",
                "session-cli を移動したら、'session-cli setup-git' をもう一度実行してください。"
            )
        case .setupGitNotLoggedIn:
            (
                "not logged in; log in with --server URL first, then run 'session-cli setup-git'",
                "ログインしていません。先に --server URL を付けてログインしてから、'session-cli setup-git' を実行してください"
            )
        case .setupGitNoServer:
            (
                "the session {session} names no server; log in again with --server URL",
                "セッション {session} にサーバーがありません。--server URL を付けてもう一度ログインしてください"
            )
        case .gitConfigFailed:
            (
                "git config failed (exit {status})",
                "git config が失敗しました (終了コード {status})"
            )
        case .gitConfigFailedSaying:
            (
                "git config failed (exit {status}): {error}",
                "git config が失敗しました (終了コード {status}): {error}"
            )
        case .gitNotInstalled:
            (
                "git is not installed, or not on PATH",
                "git がインストールされていないか、PATH にありません"
            )
        case .gitCannotRun:
            (
                "cannot run git: {reason}",
                "git を実行できません: {reason}"
            )
        case .kubeSummary:
            (
                "kubectl's credential plugin: the session's token for a cluster.",
                "kubectl の認証情報プラグイン: セッションのトークンをクラスターに渡します。"
            )
        case .kubeOptionIDToken:
            (
                "Hand kubectl the session's OpenID Connect ID token, not its access token.",
                "kubectl にアクセストークンではなく、セッションの OpenID Connect の ID トークンを渡します。"
            )
        case .kubeDiscussion:
            (
                "Prints an ExecCredential (client.authentication.k8s.io/v1, or the version KUBERNETES_EXEC_INFO names: v1 or v1beta1) with the session's access token, or with --id-token its ID token (checked as at sign-in: its issuer and audience), and when it expires, refreshed first when it is due. kubectl keeps it until then. Not logged in: exit 1, one line on standard error.\n\nTo use it for a cluster's user:\n\n  kubectl config set-credentials NAME \\\n    --exec-command=/path/to/session-cli \\\n    --exec-arg=kube-credential \\\n    --exec-api-version=client.authentication.k8s.io/v1 \\\n    --exec-interactive-mode=Never\n\nAdd --exec-arg=--id-token for a cluster that takes OpenID Connect ID tokens, and --exec-arg=--server=URL or --exec-arg=--account=NAME to choose a session.",
                "ExecCredential (client.authentication.k8s.io/v1、または KUBERNETES_EXEC_INFO が指定するバージョン: v1 か v1beta1) を出力します。中身はセッションのアクセストークン (--id-token なら ID トークン。サインイン時と同じく発行者とオーディエンスを確認します) とその期限で、期限が近ければ先に更新します。kubectl はその期限まで使い続けます。ログインしていなければ終了コード 1 で、標準エラーに 1 行出します。\n\nクラスターのユーザーに使うには:\n\n  kubectl config set-credentials NAME \\\n    --exec-command=/path/to/session-cli \\\n    --exec-arg=kube-credential \\\n    --exec-api-version=client.authentication.k8s.io/v1 \\\n    --exec-interactive-mode=Never\n\nOpenID Connect の ID トークンを受け付けるクラスターには --exec-arg=--id-token を、セッションを選ぶには --exec-arg=--server=URL か --exec-arg=--account=NAME を加えてください。"
            )
        case .kubeNoIDToken:
            (
                "the session has no ID token; sign in with --scope openid to use --id-token",
                "セッションに ID トークンがありません。--id-token を使うには --scope openid を付けてサインインしてください"
            )
        case .kubeIDTokenExpired:
            (
                "the session's ID token has expired and the provider gave no new one; run 'session-cli login'",
                "セッションの ID トークンの期限が切れていて、プロバイダーは新しいものを返しませんでした。'session-cli login' を実行してください"
            )
        case .kubeIDTokenRefused:
            (
                "the session's ID token was refused: {reason}",
                "セッションの ID トークンを受け付けられません: {reason}"
            )
        case .kubeExecInfoInvalid:
            (
                "KUBERNETES_EXEC_INFO is not the JSON kubectl sets (no apiVersion)",
                "KUBERNETES_EXEC_INFO が kubectl の設定する JSON ではありません (apiVersion がありません)"
            )
        case .kubeExecInfoVersion:
            (
                "KUBERNETES_EXEC_INFO asks for {version}; kube-credential answers client.authentication.k8s.io/v1 and v1beta1",
                "KUBERNETES_EXEC_INFO が {version} を求めています。kube-credential が答えるのは client.authentication.k8s.io/v1 と v1beta1 です"
            )
        // MARK: Help
        case .helpToolSummary:
            (
                "session-cli {version}: keep login sessions and sign requests with them.",
                "session-cli {version}: ログインセッションを保ち、それでリクエストに署名します。"
            )
        case .helpUsageHeading:
            (
                "USAGE:",
                "使い方:"
            )
        case .helpCommandsHeading:
            (
                "COMMANDS:",
                "コマンド:"
            )
        case .helpOptionsHeading:
            (
                "OPTIONS:",
                "オプション:"
            )
        case .helpGlobalOptionsHeading:
            (
                "GLOBAL OPTIONS:",
                "共通オプション:"
            )
        case .helpEnvironmentHeading:
            (
                "ENVIRONMENT:",
                "環境変数:"
            )
        case .helpExamplesHeading:
            (
                "EXAMPLES:",
                "例:"
            )
        case .helpCommandExitCodes:
            (
                "EXIT CODES: {codes} (what each means: 'session-cli help exit-codes')",
                "終了コード: {codes} (それぞれの意味: 'session-cli help exit-codes')"
            )
        case .helpOptionVariable:
            (
                " [env: {variable}]",
                "[環境変数: {variable}]"
            )
        case .helpOverviewFooter:
            (
                "Run 'session-cli help <command>' for a command's options and examples, and 'session-cli help exit-codes' for what each exit status means.",
                "コマンドのオプションと例は 'session-cli help <command>'、終了コードの意味は 'session-cli help exit-codes' で表示します。"
            )
        case .helpExitCodesIntro:
            (
                "session-cli's exit statuses, from sysexits(3) where one fits. Each command's help lists the ones it can end with.",
                "session-cli の終了コードです。当てはまるものは sysexits(3) に従います。各コマンドのヘルプに、そのコマンドが返しうるものを載せています。"
            )
        case .optionStore:
            (
                "The session file (default: the XDG state folder's session-cli/session.json).",
                "セッションファイル (省略時: XDG の状態フォルダーの session-cli/session.json)。"
            )
        case .optionLang:
            (
                "The language of the output (default: from LC_ALL, LC_MESSAGES, LANG).",
                "出力の言語 (省略時: LC_ALL、LC_MESSAGES、LANG から)。"
            )
        case .optionColor:
            (
                "Color the button label (default: auto: on a terminal, unless NO_COLOR is set).",
                "ボタンのラベルに色を付けます (省略時: auto: 端末で、NO_COLOR が設定されていなければ)。"
            )
        case .optionHelp:
            (
                "Show help for the tool or a command.",
                "ツールかコマンドのヘルプを表示します。"
            )
        case .optionVersion:
            (
                "Print the version.",
                "バージョンを出力します。"
            )
        case .helpSummary:
            (
                "Show help for the tool, a command, or the exit codes.",
                "ツール、コマンド、終了コードのヘルプを表示します。"
            )
        case .helpOptionMan:
            (
                "Print the whole help as a manual page (roff), for man -l.",
                "ヘルプ全体をマニュアルページ (roff) として出力します。man -l 用です。"
            )
        case .helpDiscussion:
            (
                "Help is wrapped to the terminal's width: COLUMNS when it is set, else the terminal's own, else 80 columns.",
                "ヘルプは端末の幅に合わせて折り返します: COLUMNS が設定されていればその値、なければ端末の幅、それもなければ 80 桁です。"
            )
        case .helpUnknownTopic:
            (
                "no help for that; give one of: {topics}",
                "それについてのヘルプはありません。次のいずれかを指定してください: {topics}"
            )
        case .helpUnknownTopicNear:
            (
                "no help for that; did you mean '{suggestion}'?",
                "それについてのヘルプはありません。'{suggestion}' のことですか?"
            )
        case .helpManTakesNoTopic:
            (
                "help --man prints the whole manual; give it without a command",
                "help --man はマニュアル全体を出力します。コマンドを付けずに指定してください"
            )
        case .manSectionTitle:
            (
                "User Commands",
                "ユーザーコマンド"
            )
        case .manName:
            (
                "NAME",
                "名前"
            )
        case .manNameLine:
            (
                "keep login sessions and sign requests with them",
                "ログインセッションを保ち、それでリクエストに署名する"
            )
        case .manSynopsis:
            (
                "SYNOPSIS",
                "書式"
            )
        case .manDescription:
            (
                "DESCRIPTION",
                "説明"
            )
        case .manDescriptionText:
            (
                "session-cli keeps login sessions (many: a server and an account each, one the default) in one file that is safe across processes and crashes, with the tokens in the file or the system keyring. It signs in at OAuth 2.0 and OpenID Connect providers, refreshes tokens once across processes, revokes them at logout, sends requests with the token to the session's own server only, and hands the session to git and kubectl.",
                "session-cli はログインセッション (サーバーとアカウントの組ごとに複数、そのうち 1 つがデフォルト) を、プロセスをまたいでもクラッシュしても安全な 1 つのファイルに保ちます。トークンはそのファイルか、システムのキーリングに置きます。OAuth 2.0 と OpenID Connect のプロバイダーでサインインし、トークンの更新はプロセスをまたいで 1 回だけ行い、ログアウトで取り消します。リクエストにはトークンを付けてセッション自身のサーバーにだけ送り、git や kubectl にもセッションを渡します。"
            )
        case .manCommands:
            (
                "COMMANDS",
                "コマンド"
            )
        case .manGlobalOptions:
            (
                "GLOBAL OPTIONS",
                "共通オプション"
            )
        case .manEnvironment:
            (
                "ENVIRONMENT",
                "環境変数"
            )
        case .manExitStatus:
            (
                "EXIT STATUS",
                "終了ステータス"
            )
        case .manFiles:
            (
                "FILES",
                "ファイル"
            )
        case .manFilesText:
            (
                "The session file, unless --store or SESSION_CLI_STORE names another; under $XDG_STATE_HOME when it is set. 0600, in a 0700 folder.",
                "セッションファイル。--store か SESSION_CLI_STORE で別のものを指定しない限りこれを使い、$XDG_STATE_HOME が設定されていればその下に置きます。モードは 0600 で、フォルダーは 0700 です。"
            )
        case .manSeeAlso:
            (
                "SEE ALSO",
                "関連項目"
            )
        case .exitSuccess:
            (
                "success; for status: logged in with a session that is usable (unexpired, or refreshable)",
                "成功。status では: 使えるセッション (期限切れでないか、更新できるもの) でログイン中"
            )
        case .exitFailure:
            (
                "not logged in, or expired for good; no session matches --server and --account; the session's secret is missing from the keyring; api: no server in the session, or the server answered with an error status; setup-git: no session to configure, or git config failed",
                "ログインしていないか、期限が切れて更新もできない。--server と --account に合うセッションがない。セッションのシークレットがキーリングにない。api: セッションにサーバーがないか、サーバーがエラーのステータスを返した。setup-git: 設定するセッションがないか、git config が失敗した"
            )
        case .exitUsage:
            (
                "usage error: an unknown command or option, a missing or invalid value or variable, a token on the command line, SESSION_CLI_TOKEN set for a command that changes the store, several sessions matching, a provider endpoint that is needed and missing, or git's input not key=value lines",
                "使い方の誤り: 不明なコマンドやオプション、値や環境変数がないか正しくない、コマンドラインのトークン、保存先を変えるコマンドでの SESSION_CLI_TOKEN、複数のセッションが当てはまる、必要なプロバイダーのエンドポイントがない、git からの入力が key=value の行ではない"
            )
        case .exitBadData:
            (
                "bad data: an invalid token (standard input, the prompt, SESSION_CLI_TOKEN), an empty, corrupt or future-version session file, git's input with a NUL byte or not UTF-8, or a file for api -F that is too large or not text",
                "不正なデータ: 正しくないトークン (標準入力、プロンプト、SESSION_CLI_TOKEN)、空か壊れているか新しい版のセッションファイル、NUL バイトを含むか UTF-8 でない git からの入力、大きすぎるかテキストでない api -F のファイル"
            )
        case .exitUnavailable:
            (
                "a server or the identity provider could not be reached in time, the sign-in listener could not listen, git could not be run (setup-git), or the keyring could not be used (no session D-Bus, no Secret Service, locked, no answer in time) or kept a logout's items",
                "サーバーや ID プロバイダーに時間内に接続できない、サインインの待ち受けができない、git を実行できない (setup-git)、キーリングを使えない (セッション D-Bus がない、Secret Service がない、ロックされている、時間内に応答がない) か、ログアウトした項目がキーリングに残った"
            )
        case .exitSoftware:
            (
                "internal error: session-cli-api is missing beside session-cli or cannot run, or a bug",
                "内部エラー: session-cli の隣に session-cli-api がないか実行できない、またはバグ"
            )
        case .exitIOError:
            (
                "I/O error: the store, standard input, a file given to api, the terminal or the output could not be read or written",
                "入出力エラー: 保存先、標準入力、api に渡したファイル、端末、出力を読み書きできなかった"
            )
        case .exitBusy:
            (
                "try again: the store was busy (SESSION_CLI_LOCK_TIMEOUT), the device code expired, the browser did not come back, or the refresh loop guard stopped a refresh",
                "やり直してください: 保存先が使用中だった (SESSION_CLI_LOCK_TIMEOUT)、デバイスコードの期限が切れた、ブラウザーが戻ってこなかった、更新の繰り返しを防ぐ仕組みが更新を止めた"
            )
        case .exitBadProtocol:
            (
                "the identity provider answered in a way OAuth does not allow, or with an OAuth error; kube-credential --id-token: the stored ID token is not the provider's",
                "ID プロバイダーが OAuth で許されない応答か、OAuth のエラーを返した。kube-credential --id-token: 保存した ID トークンがプロバイダーのものではない"
            )
        case .exitNoPermission:
            (
                "the server rejected the credentials (401/403), the sign-in was denied, or the provider refused the refresh",
                "サーバーが認証情報を拒否した (401/403)、サインインが拒否された、プロバイダーが更新を拒否した"
            )
        case .exitInterrupted:
            (
                "interrupted with Ctrl-C at a prompt or while waiting for the keyring to be unlocked; nothing was changed. At a prompt, another signal gives 128 plus its number (129 for SIGHUP, 143 for SIGTERM), and changes nothing either",
                "プロンプトで、またはキーリングのロック解除を待っている間に Ctrl-C で中断した。何も変更していない。プロンプトでほかのシグナルを受けたときは 128 にその番号を足した値 (SIGHUP は 129、SIGTERM は 143) で、やはり何も変更しない"
            )
        case .variableStore:
            (
                "The session file, when --store is not given.",
                "セッションファイル (--store がないとき)。"
            )
        case .variableLockTimeout:
            (
                "Seconds a writer waits for another process's lock (default {seconds}).",
                "書き込みがほかのプロセスのロックを待つ秒数 (省略時 {seconds})。"
            )
        case .variableIssuer:
            (
                "The provider for login --device, --web and --client-credentials, when --issuer is not given.",
                "login --device、--web、--client-credentials のプロバイダー (--issuer がないとき)。"
            )
        case .variableClientID:
            (
                "The client ID for login, when --client-id is not given.",
                "login のクライアント ID (--client-id がないとき)。"
            )
        case .variableClientSecret:
            (
                "A confidential client's secret (never an option: ps shows options).",
                "機密クライアントのシークレット (オプションでは渡せません: ps でオプションが見えます)。"
            )
        case .variableCallbackPort:
            (
                "The port for login --web, when --callback-port is not given.",
                "login --web のポート (--callback-port がないとき)。"
            )
        case .variableCallbackHost:
            (
                "The redirect's host for login --web, when --callback-host is not given.",
                "login --web のリダイレクト先のホスト (--callback-host がないとき)。"
            )
        case .variableToken:
            (
                "A token that overrides the session for token and api; login, logout and switch refuse.",
                "token と api でセッションの代わりに使うトークン。login、logout、switch は実行を断ります。"
            )
        case .variableServer:
            (
                "Use the session on this server for this shell (as --server); the default stays.",
                "このシェルではこのサーバーのセッションを使います (--server と同じ)。デフォルトは変わりません。"
            )
        case .variableAccount:
            (
                "Use the session of this account for this shell (as --account); the default stays.",
                "このシェルではこのアカウントのセッションを使います (--account と同じ)。デフォルトは変わりません。"
            )
        case .variableSecrets:
            (
                "Where login keeps a new session's tokens, when --secrets is not given: file or keyring.",
                "login が新しいセッションのトークンを置く場所 (--secrets がないとき): file か keyring。"
            )
        case .variableNoColor:
            (
                "Set: no color with --color auto.",
                "設定されていれば、--color auto で色を付けません。"
            )
        case .variableCertificateFile:
            (
                "A PEM file of CAs that replaces the system's bundle, as for curl.",
                "システムの CA バンドルの代わりに使う PEM ファイル (curl と同じ)。"
            )
        case .variableCertificateDirectory:
            (
                "A folder of hashed CA certificates that replaces the system's folder.",
                "システムの CA フォルダーの代わりに使う、ハッシュ名の CA 証明書のフォルダー。"
            )
        case .variableCurlCABundle:
            (
                "Read as SSL_CERT_FILE when that is not set.",
                "SSL_CERT_FILE が未設定のとき、その代わりに読みます。"
            )
        case .variableHTTPSProxy:
            (
                "The proxy for https (https_proxy too); never used for this machine.",
                "https 用のプロキシ (https_proxy も可)。このマシンへの通信には使いません。"
            )
        case .variableHTTPProxy:
            (
                "The proxy for http (lowercase only); never used for this machine.",
                "http 用のプロキシ (小文字のみ)。このマシンへの通信には使いません。"
            )
        case .variableAllProxy:
            (
                "The proxy for both when theirs is not set (all_proxy too).",
                "それぞれの変数が未設定のときに両方に使うプロキシ (all_proxy も可)。"
            )
        case .variableNoProxy:
            (
                "Hosts reached without a proxy: names, .suffixes, addresses, CIDR ranges, or * (no_proxy too).",
                "プロキシを通さないホスト: 名前、.サフィックス、アドレス、CIDR 範囲、または * (no_proxy も可)。"
            )
        case .variableColumns:
            (
                "The width help is wrapped to, when it is set (else the terminal's, else 80).",
                "ヘルプを折り返す幅 (設定されていれば。なければ端末の幅、それもなければ 80)。"
            )
        case .completionSummary:
            (
                "Print a completion script for bash, zsh or fish.",
                "bash、zsh、fish の補完スクリプトを出力します。"
            )
        case .completionOptionValues:
            (
                "Print the store's servers or accounts, one a line (what the scripts ask for).",
                "保存先のサーバーかアカウントを 1 行に 1 つ出力します (スクリプトが使うもの)。"
            )
        case .completionDiscussion:
            (
                "The script completes the commands, their options, the values an option takes (--secrets file|keyring, --lang en|ja, paths), and for --server and --account the servers and accounts of your sessions, which it asks session-cli for each time (honouring a --store on the line). Installed from the Debian package, the scripts are already in place; else load one as the examples show.",
                "スクリプトはコマンド、そのオプション、オプションの値 (--secrets file|keyring、--lang en|ja、パス)、そして --server と --account にはセッションのサーバーとアカウントを補完します。後者はその都度 session-cli に尋ねます (行にある --store にも従います)。Debian パッケージからインストールしていればスクリプトはすでに置かれています。そうでなければ例のように読み込んでください。"
            )
        case .completionNeedsShell:
            (
                "completion needs a shell: bash, zsh or fish",
                "completion にはシェルが必要です: bash、zsh、fish"
            )
        case .completionShellOrValues:
            (
                "give a shell or --values, not both",
                "シェルか --values のどちらかを指定してください"
            )
        // MARK: The network
        case .connectionCertificateRejected:
            (
                "the certificate of {origin} was not trusted ({why}); if your organisation's own CA signed it, log in with --ca-file PATH or set SSL_CERT_FILE",
                "{origin} の証明書は信頼されていません ({why})。組織独自の CA が署名している場合は --ca-file PATH でログインするか SSL_CERT_FILE を設定してください"
            )
        case .connectionCAFileUnusable:
            (
                "cannot use the CA file {path}: {why}",
                "CA ファイル {path} を使えません: {why}"
            )
        case .connectionClientCertificateUnusable:
            (
                "cannot use the client certificate file {path}: {why}",
                "クライアント証明書のファイル {path} を使えません: {why}"
            )
        case .connectionClientCertificateRequired:
            (
                "{origin} asks for a client certificate; log in with --client-cert PATH --client-cert-key PATH",
                "{origin} はクライアント証明書を求めています。--client-cert PATH --client-cert-key PATH でログインしてください"
            )
        case .connectionTLSFailed:
            (
                "the TLS handshake with {origin} failed: {why}",
                "{origin} との TLS ハンドシェイクに失敗しました: {why}"
            )
        case .connectionProxyRefused:
            (
                "the proxy {proxy} refused the request for {origin} (status {status})",
                "プロキシ {proxy} が {origin} へのリクエストを拒否しました (ステータス {status})"
            )
        case .connectionProxyNeedsCredentials:
            (
                "the proxy {proxy} asks for credentials (status {status}); put the user and password in the proxy variable's URL (http://user:password@host:port)",
                "プロキシ {proxy} が認証情報を求めています (ステータス {status})。プロキシ変数の URL にユーザーとパスワードを入れてください (http://user:password@host:port)"
            )
        case .connectionProxyFailed:
            (
                "the proxy {proxy} could not be used for {origin}: {why}",
                "プロキシ {proxy} を {origin} に使えません: {why}"
            )
        case .connectionNoCompleteAnswer:
            (
                "no complete answer from {origin} within {seconds} s",
                "{origin} から {seconds} 秒以内に完全な応答がありません"
            )
        case .connectionNoAnswer:
            (
                "no answer from {origin} within {seconds} s",
                "{origin} から {seconds} 秒以内に応答がありません"
            )
        case .connectionNoAnswerThroughProxy:
            (
                "no answer from {origin} through the proxy {proxy} within {seconds} s",
                "プロキシ {proxy} 経由で {origin} から {seconds} 秒以内に応答がありません"
            )
        case .connectionUnsupported:
            (
                "not possible on this platform: {what}",
                "このプラットフォームではできません: {what}"
            )
        case .cannotReach:
            (
                "cannot reach {origin}: {reason}",
                "{origin} に接続できません: {reason}"
            )
        case .theIdentityProvider:
            (
                "the identity provider",
                "ID プロバイダー"
            )
        case .providerAnswerTooLarge:
            (
                "the identity provider sent an answer larger than {limit} MiB; it was stopped there",
                "ID プロバイダーが {limit} MiB より大きな応答を送ってきたので、そこで止めました"
            )
        case .serverErrorAnswerTooLarge:
            (
                "the server's error answer is larger than {limit} MiB; it was stopped there",
                "サーバーのエラー応答が {limit} MiB より大きいので、そこで止めました"
            )
        case .requestDidNotComplete:
            (
                "the request did not complete",
                "リクエストが完了しませんでした"
            )
        case .requestCancelled:
            (
                "the request was cancelled",
                "リクエストは取り消されました"
            )
        case .invalidRequest:
            (
                "invalid request: {reason}",
                "リクエストが正しくありません: {reason}"
            )
        case .providerStatus:
            (
                "the provider answered with status {status}",
                "プロバイダーはステータス {status} を返しました"
            )
        case .providerUndecodable:
            (
                "the provider's answer could not be read",
                "プロバイダーの応答を読めませんでした"
            )
        case .sequenceTooManySteps:
            (
                "the request sequence sent {limit} requests without finishing; it was stopped",
                "リクエストのシーケンスが終わらないまま {limit} 回送ったので、止めました"
            )
        case .sequenceNotHTTP:
            (
                "a step of the request sequence is not an absolute http or https URL",
                "リクエストのシーケンスのステップが、絶対 http/https の URL ではありません"
            )
        case .reasonNoAnswerWithin:
            (
                "no complete answer within {seconds} s; the exchange was stopped",
                "{seconds} 秒以内に完全な応答がなかったので、やり取りを止めました"
            )
        case .reasonAnswerTooLarge:
            (
                "the answer is larger than the limit of {limit}; it was stopped there",
                "応答が上限の {limit} を超えたので、そこで止めました"
            )
        case .reasonConnectionRefused:
            (
                "the connection was refused (nothing listens there?)",
                "接続を拒否されました (そこで待ち受けているものがない?)"
            )
        case .reasonHostNotFound:
            (
                "the host name could not be resolved",
                "ホスト名を解決できません"
            )
        case .reasonConnectionLost:
            (
                "the connection was lost",
                "接続が切れました"
            )
        case .reasonTooManyRedirects:
            (
                "too many redirects",
                "リダイレクトが多すぎます"
            )
        case .reasonUnreachable:
            (
                "it could not be reached",
                "接続できませんでした"
            )
        case .reasonOther:
            (
                "{text}",
                "{text}"
            )
        case .hintCheckIssuer:
            (
                "check --issuer",
                "--issuer を確認してください"
            )
        case .hintIssuerSpelling:
            (
                "give --issuer exactly as the provider spells it",
                "--issuer はプロバイダーの表記どおりに指定してください"
            )
        case .hintDeviceEndpoint:
            (
                "give it with --device-endpoint URL, or sign in with --web",
                "--device-endpoint URL で指定するか、--web でサインインしてください"
            )
        case .hintSignInAgain:
            (
                "run 'session-cli login' again",
                "もう一度 'session-cli login' を実行してください"
            )
        case .hintCallbackPort:
            (
                "choose another --callback-port (and register its redirect URI at the provider)",
                "別の --callback-port を選んでください (そのリダイレクト URI をプロバイダーに登録してください)"
            )
        case .hintClientSecretSettings:
            (
                "check SESSION_CLI_CLIENT_SECRET and the client's settings",
                "SESSION_CLI_CLIENT_SECRET とクライアントの設定を確認してください"
            )
        case .hintSetClientSecret:
            (
                "set SESSION_CLI_CLIENT_SECRET, or give --private-key-jwt PATH",
                "SESSION_CLI_CLIENT_SECRET を設定するか、--private-key-jwt PATH を指定してください"
            )
        case .withHint:
            (
                "{message}; {hint}",
                "{message}。{hint}"
            )
        case .signInDiscoveryFailed:
            (
                "cannot read the provider's discovery document at {issuer} ({reason})",
                "{issuer} のプロバイダーのディスカバリー文書を読めません ({reason})"
            )
        case .signInIssuerMismatch:
            (
                "the provider's discovery document names another issuer than {issuer}",
                "プロバイダーのディスカバリー文書には {issuer} とは別の発行者が書かれています"
            )
        case .signInInsecureEndpoint:
            (
                "the provider's {name} is not https (plain http is allowed on this machine only); refusing it",
                "プロバイダーの {name} が https ではありません (暗号化されない http はこのマシン宛てだけです)。受け付けません"
            )
        case .signInEndpointOutsideProvider:
            (
                "the {name} named for {provider} is at a host that is not {provider}'s; nothing was sent there",
                "{provider} の {name} として示された先は {provider} のホストではありません。そこには何も送っていません"
            )
        case .signInNoDeviceEndpoint:
            (
                "the provider lists no device authorization endpoint",
                "プロバイダーにはデバイス認可エンドポイントがありません"
            )
        case .signInMissingEndpoint:
            (
                "the provider lists no {name}",
                "プロバイダーには {name} がありません"
            )
        case .signInInvalidResponse:
            (
                "the provider's {from} answer is not valid: {reason}",
                "プロバイダーの {from} の応答が正しくありません: {reason}"
            )
        case .signInAccessDenied:
            (
                "the sign-in was denied at the provider",
                "プロバイダーでサインインが拒否されました"
            )
        case .signInDeviceCodeExpired:
            (
                "the device code expired before the sign-in was approved",
                "サインインが承認される前にデバイスコードの期限が切れました"
            )
        case .signInBrowserTimedOut:
            (
                "the browser did not come back within {seconds} s",
                "ブラウザーが {seconds} 秒以内に戻ってきませんでした"
            )
        case .signInCallbackMismatch:
            (
                "the browser came back with a {what} that does not belong to this sign-in; ignored",
                "ブラウザーがこのサインインのものではない {what} を持って戻ってきました。無視しました"
            )
        case .signInCallbackRejected:
            (
                "the provider's answer in the browser was refused: {reason}",
                "ブラウザーに返ったプロバイダーの応答を受け付けられません: {reason}"
            )
        case .signInIDTokenRejected:
            (
                "the provider's ID token was refused: {reason}",
                "プロバイダーの ID トークンを受け付けられません: {reason}"
            )
        case .signInProviderError:
            (
                "the provider answered with the error {code}",
                "プロバイダーはエラー {code} を返しました"
            )
        case .signInProviderErrorDescribed:
            (
                "the provider answered with the error {code}: {description}",
                "プロバイダーはエラー {code} を返しました: {description}"
            )
        case .signInRefreshRefused:
            (
                "the provider refused the refresh token (it expired, was revoked or was already used); log in again",
                "プロバイダーがリフレッシュトークンを拒否しました (期限切れ、取り消し済み、または使用済みです)。もう一度ログインしてください"
            )
        case .signInRefreshAnswerLost:
            (
                "the answer to a refresh was lost, and the provider then refused the same refresh token (it had already rotated it, with no grace period for a retry); log in again",
                "更新の応答が失われ、そのあとプロバイダーは同じリフレッシュトークンを拒否しました (すでに新しいものに替えていて、再試行の猶予がありません)。もう一度ログインしてください"
            )
        case .signInRefreshLoop:
            (
                "the session's token was refreshed {limit} times in the last {seconds} s, so no more refreshes are tried for now (a guard against a refresh loop); try again in {seconds} s, or log in again",
                "セッションのトークンはこの {seconds} 秒で {limit} 回更新されたので、しばらく更新しません (更新の繰り返しを防ぐため)。{seconds} 秒後にやり直すか、もう一度ログインしてください"
            )
        case .signInUnsupportedClientAuthentication:
            (
                "the provider accepts the client secret neither with HTTP Basic nor in the request body",
                "プロバイダーはクライアントシークレットを HTTP Basic でもリクエスト本文でも受け付けません"
            )
        case .signInCallbackAddressUnavailable:
            (
                "cannot listen for the browser on {address}: {reason}",
                "{address} でブラウザーを待ち受けられません: {reason}"
            )
        case .signInClientSecretRequired:
            (
                "the client credentials grant needs the client's secret or key",
                "クライアントクレデンシャルグラントにはクライアントのシークレットか鍵が必要です"
            )
        case .signInClientKeyUnusable:
            (
                "cannot use the client key {path}: {reason}",
                "クライアント鍵 {path} を使えません: {reason}"
            )
        case .signInPushedRequestUnavailable:
            (
                "the provider requires pushed authorization requests but lists no endpoint for them",
                "プロバイダーはプッシュ型認可リクエストを必須としていますが、その送り先を示していません"
            )
        }
    }
}
