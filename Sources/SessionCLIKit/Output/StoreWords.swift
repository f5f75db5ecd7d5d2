// The words of what the store throws: a session file that cannot be read or written, a token that
// is not one, a session that is not there.
extension MessageKey {
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
}

extension ErrorKey {
    package static let sessionFileTooNew = ErrorKey(
        .badData,
        "session file {path} has format version {version}, newer than this version reads ({supported}); upgrade, or log out to discard it",
        "セッションファイル {path} の形式はバージョン {version} で、このバージョンが読める ({supported}) より新しいものです。アップグレードするか、ログアウトして破棄してください"
    )
    package static let sessionFileEmpty = ErrorKey(
        .badData,
        "session file {path} is empty (a truncated write?); log out to remove it, then log in again",
        "セッションファイル {path} が空です (書き込みが途中で切れた?)。ログアウトして削除してから、もう一度ログインしてください")
    package static let sessionFileCorrupt = ErrorKey(
        .badData,
        "session file {path} is corrupt ({reason}); log out to remove it, then log in again",
        "セッションファイル {path} が壊れています ({reason})。ログアウトして削除してから、もう一度ログインしてください")
    package static let sessionFileNotRegular = ErrorKey(
        .ioError,
        "session file {path} is {kind}, not a regular file; move it out of the way",
        "セッションファイル {path} は通常のファイルではなく{kind}です。別の場所へ移してください")
    package static let fileOperationFailed = ErrorKey(
        .ioError,
        "cannot {operation} {path}: {reason}{hint}",
        "{path} を{operation}できません: {reason}{hint}")
    package static let invalidTokenIn = ErrorKey(
        .badData,
        "invalid token {source}: {reason}",
        "{source}トークンが正しくありません: {reason}")
}

extension WordCatalog {
    /// Every word above, for the catalog's tests.
    package static let store = WordCatalog(
        "store",
        words: [
            .fileKindDirectory,
            .fileKindFIFO,
            .fileKindSymlink,
            .fileKindSocket,
            .fileKindDevice,
            .fileKindOther,
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
        ],
        errors: [
            .sessionFileTooNew,
            .sessionFileEmpty,
            .sessionFileCorrupt,
            .sessionFileNotRegular,
            .fileOperationFailed,
            .invalidTokenIn,
        ])
}
