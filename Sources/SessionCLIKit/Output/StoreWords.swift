// The words of what the library throws: the session file, the lock, the keyring, a token that is not one.
extension MessageKey {
    package static let sessionFileEmpty = MessageKey(
        "session file {path} is empty (a truncated write?); log out to remove it, then log in again",
        "セッションファイル {path} が空です (書き込みが途中で切れた?)。ログアウトして削除してから、もう一度ログインしてください")
    package static let sessionFileCorrupt = MessageKey(
        "session file {path} is corrupt ({reason}); log out to remove it, then log in again",
        "セッションファイル {path} が壊れています ({reason})。ログアウトして削除してから、もう一度ログインしてください")
    package static let sessionFileTooNew = MessageKey(
        "session file {path} has format version {version}, newer than this version reads ({supported}); upgrade, or log out to discard it",
        "セッションファイル {path} の形式はバージョン {version} で、このバージョンが読める ({supported}) より新しいものです。アップグレードするか、ログアウトして破棄してください"
    )
    package static let sessionFileNotRegular = MessageKey(
        "session file {path} is {kind}, not a regular file; move it out of the way",
        "セッションファイル {path} は通常のファイルではなく{kind}です。別の場所へ移してください")
    package static let fileKindDirectory = MessageKey(
        "a directory",
        "ディレクトリ")
    package static let fileKindFIFO = MessageKey(
        "a FIFO",
        "FIFO (名前付きパイプ)")
    package static let fileKindSymlink = MessageKey(
        "a symbolic link",
        "シンボリックリンク")
    package static let fileKindSocket = MessageKey(
        "a socket",
        "ソケット")
    package static let fileKindDevice = MessageKey(
        "a device",
        "デバイス")
    package static let fileKindOther = MessageKey(
        "not a regular file",
        "通常のファイル以外のもの")
    package static let fileOperationFailed = MessageKey(
        "cannot {operation} {path}: {reason}{hint}",
        "{path} を{operation}できません: {reason}{hint}")
    package static let operationOpen = MessageKey(
        "open",
        "開くことが")
    package static let operationInspect = MessageKey(
        "inspect",
        "調べることが")
    package static let operationRead = MessageKey(
        "read",
        "読むことが")
    package static let operationCreate = MessageKey(
        "create",
        "作ることが")
    package static let operationSetPermissions = MessageKey(
        "set permissions of",
        "アクセス権を設定することが")
    package static let operationWrite = MessageKey(
        "write",
        "書き込むことが")
    package static let operationFlush = MessageKey(
        "flush",
        "ディスクへ書き出すことが")
    package static let operationCreateFolder = MessageKey(
        "create the folder",
        "フォルダーとして作ることが")
    package static let operationOpenFolder = MessageKey(
        "open the folder",
        "フォルダーとして開くことが")
    package static let operationFlushFolder = MessageKey(
        "flush the folder",
        "フォルダーとしてディスクへ書き出すことが")
    package static let operationReplace = MessageKey(
        "replace",
        "置き換えることが")
    package static let operationRemove = MessageKey(
        "remove",
        "削除することが")
    package static let operationList = MessageKey(
        "list",
        "一覧することが")
    package static let operationOpenLock = MessageKey(
        "open the lock file",
        "ロックファイルとして開くことが")
    package static let operationLock = MessageKey(
        "lock",
        "ロックすることが")
    package static let operationWatch = MessageKey(
        "watch",
        "監視することが")
    package static let hintPermissions = MessageKey(
        "; check the owner and permissions of the file and its folder",
        "。ファイルとフォルダーの所有者とアクセス権を確認してください")
    package static let hintReadOnly = MessageKey(
        "; keep the sessions elsewhere with --store FILE or SESSION_CLI_STORE",
        "。--store FILE か SESSION_CLI_STORE でほかの場所に保存してください")
    package static let hintDiskFull = MessageKey(
        "; free some disk space",
        "。ディスクの空きを作ってください")
    package static let hintNotFolder = MessageKey(
        "; a part of the path is a file, not a folder",
        "。パスの途中にフォルダーではなくファイルがあります")
    package static let hintWatchLimit = MessageKey(
        "; the system's limit of watches or open files is reached",
        "。システムの監視数またはファイル数の上限に達しています")
    package static let storeBusy = MessageKey(
        "the session store is busy: another process has held the lock {lock} for more than {seconds} s; try again, or find the holder with 'fuser {lock}'",
        "セッションの保存先が使用中です: ほかのプロセスがロック {lock} を {seconds} 秒以上保持しています。やり直すか、'fuser {lock}' で保持しているプロセスを探してください")
    package static let invalidTokenIn = MessageKey(
        "invalid token {source}: {reason}",
        "{source}トークンが正しくありません: {reason}")
    package static let tokenSourceStandardInput = MessageKey(
        "on standard input",
        "標準入力の")
    package static let tokenSourcePrompt = MessageKey(
        "typed at the prompt",
        "プロンプトで入力された")
    package static let tokenSourceAnywhere = MessageKey(
        "given",
        "指定された")
    package static let tokenEmpty = MessageKey(
        "the token is empty",
        "トークンが空です")
    package static let tokenTooLong = MessageKey(
        "the token is {count} bytes long; at most {limit} are allowed",
        "トークンが {count} バイトあります。{limit} バイトまでです")
    package static let tokenBadByte = MessageKey(
        "the token contains a {kind} at byte {offset}; only visible ASCII characters are allowed",
        "トークンの {offset} バイト目に{kind}があります。使えるのは表示可能な ASCII 文字だけです")
    package static let byteSpace = MessageKey(
        "space",
        "空白")
    package static let byteTab = MessageKey(
        "tab",
        "タブ")
    package static let byteCR = MessageKey(
        "carriage return (CR)",
        "復帰 (CR)")
    package static let byteLF = MessageKey(
        "line feed (LF)",
        "改行 (LF)")
    package static let byteNUL = MessageKey(
        "NUL byte",
        "NUL バイト")
    package static let byteControl = MessageKey(
        "control character",
        "制御文字")
    package static let byteNonASCII = MessageKey(
        "non-ASCII byte",
        "ASCII 以外のバイト")
    package static let tokenLongerThan = MessageKey(
        "the token is longer than {limit} bytes",
        "トークンが {limit} バイトを超えています")
    package static let keyringFix = MessageKey(
        "start a Secret Service (gnome-keyring, KWallet or KeePassXC), or use --secrets file",
        "Secret Service (gnome-keyring、KWallet、KeePassXC) を起動するか、--secrets file を使ってください")
    package static let keyringNoBus = MessageKey(
        "the keyring cannot be reached: no session D-Bus ({reason}); {fix}",
        "キーリングに接続できません: セッション D-Bus がありません ({reason})。{fix}")
    package static let keyringNoService = MessageKey(
        "the keyring cannot be reached: nothing on the session D-Bus provides org.freedesktop.secrets; {fix}",
        "キーリングに接続できません: セッション D-Bus に org.freedesktop.secrets を提供するものがありません。{fix}")
    package static let keyringLocked = MessageKey(
        "the keyring is locked, and its unlock prompt was dismissed or not answered in time; unlock it (log in to the desktop, or seahorse), or use --secrets file",
        "キーリングがロックされていて、解除のプロンプトが閉じられたか、時間内に応答がありませんでした。解除する (デスクトップにログインするか seahorse を使う) か、--secrets file を使ってください"
    )
    package static let keyringTimedOut = MessageKey(
        "the keyring did not answer within {seconds} s; check that gnome-keyring (or your Secret Service) is running, or use --secrets file",
        "キーリングが {seconds} 秒以内に応答しませんでした。gnome-keyring (または使っている Secret Service) が動いているか確認するか、--secrets file を使ってください"
    )
    package static let keyringNoCollection = MessageKey(
        "the keyring has no default collection to keep the session in; create one (seahorse), or use --secrets file",
        "キーリングにセッションを保管するデフォルトのコレクションがありません。作成する (seahorse) か、--secrets file を使ってください")
    package static let keyringMissingSecret = MessageKey(
        "the session's {item} is missing from the keyring; log in again",
        "セッションの{item}がキーリングにありません。もう一度ログインしてください")
    package static let keyringCancelled = MessageKey(
        "cancelled while waiting for the keyring to be unlocked; nothing was changed",
        "キーリングのロック解除を待っている間にキャンセルされました。何も変更していません")
    package static let keyringCancelledPromptOpen = MessageKey(
        "cancelled while waiting for the keyring to be unlocked; nothing was changed (its unlock window stays open: answer it or close it)",
        "キーリングのロック解除を待っている間にキャンセルされました。何も変更していません（ロック解除のウィンドウは開いたままです。入力するか閉じてください）")
    package static let keyringFailed = MessageKey(
        "the keyring failed: {reason}; {fix}",
        "キーリングでエラーが起きました: {reason}。{fix}")
    package static let secretAccessToken = MessageKey(
        "access token",
        "アクセストークン")
    package static let secretRefreshToken = MessageKey(
        "refresh token",
        "リフレッシュトークン")
    package static let secretIDToken = MessageKey(
        "ID token",
        "ID トークン")
    package static let secretClientSecret = MessageKey(
        "client secret",
        "クライアントシークレット")
    package static let secretDPoPKey = MessageKey(
        "DPoP key",
        "DPoP 鍵")
    package static let noSuchSession = MessageKey(
        "there is no session for {session}",
        "{session} のセッションはありません")
    package static let tooManySessions = MessageKey(
        "the store already holds {limit} sessions, the most it keeps; log out of one before adding another",
        "保存先にはすでに上限の {limit} 個のセッションがあります。追加する前にどれかからログアウトしてください")
    package static let keyringWaiting = MessageKey(
        "session-cli: waiting up to {minutes} minutes for the keyring to be unlocked (Ctrl-C cancels)...",
        "session-cli: キーリングのロック解除を最大 {minutes} 分待っています (Ctrl-C で中止)...")
}

extension WordCatalog {
    /// Every word above, for the catalog's tests.
    package static let libraryErrors = WordCatalog(
        "libraryErrors",
        [
            .sessionFileEmpty,
            .sessionFileCorrupt,
            .sessionFileTooNew,
            .sessionFileNotRegular,
            .fileKindDirectory,
            .fileKindFIFO,
            .fileKindSymlink,
            .fileKindSocket,
            .fileKindDevice,
            .fileKindOther,
            .fileOperationFailed,
            .operationOpen,
            .operationInspect,
            .operationRead,
            .operationCreate,
            .operationSetPermissions,
            .operationWrite,
            .operationFlush,
            .operationCreateFolder,
            .operationOpenFolder,
            .operationFlushFolder,
            .operationReplace,
            .operationRemove,
            .operationList,
            .operationOpenLock,
            .operationLock,
            .operationWatch,
            .hintPermissions,
            .hintReadOnly,
            .hintDiskFull,
            .hintNotFolder,
            .hintWatchLimit,
            .storeBusy,
            .invalidTokenIn,
            .tokenSourceStandardInput,
            .tokenSourcePrompt,
            .tokenSourceAnywhere,
            .tokenEmpty,
            .tokenTooLong,
            .tokenBadByte,
            .byteSpace,
            .byteTab,
            .byteCR,
            .byteLF,
            .byteNUL,
            .byteControl,
            .byteNonASCII,
            .tokenLongerThan,
            .keyringFix,
            .keyringNoBus,
            .keyringNoService,
            .keyringLocked,
            .keyringTimedOut,
            .keyringNoCollection,
            .keyringMissingSecret,
            .keyringCancelled,
            .keyringCancelledPromptOpen,
            .keyringFailed,
            .secretAccessToken,
            .secretRefreshToken,
            .secretIDToken,
            .secretClientSecret,
            .secretDPoPKey,
            .noSuchSession,
            .tooManySessions,
            .keyringWaiting,
        ])
}
