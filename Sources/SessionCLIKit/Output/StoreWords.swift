// The words of what the store throws: a session file that cannot be read or written, a token that
// is not one.
extension MessageKey {
    static var fileKindDirectory: MessageKey {
        MessageKey(
            "a directory",
            "ディレクトリ")
    }
    static var fileKindFIFO: MessageKey {
        MessageKey(
            "a FIFO",
            "FIFO (名前付きパイプ)")
    }
    static var fileKindSymlink: MessageKey {
        MessageKey(
            "a symbolic link",
            "シンボリックリンク")
    }
    static var fileKindSocket: MessageKey {
        MessageKey(
            "a socket",
            "ソケット")
    }
    static var fileKindDevice: MessageKey {
        MessageKey(
            "a device",
            "デバイス")
    }
    static var fileKindOther: MessageKey {
        MessageKey(
            "not a regular file",
            "通常のファイル以外のもの")
    }
    static var operationOpen: MessageKey {
        MessageKey(
            "open",
            "開くことが")
    }
    static var operationInspect: MessageKey {
        MessageKey(
            "inspect",
            "調べることが")
    }
    static var operationRead: MessageKey {
        MessageKey(
            "read",
            "読むことが")
    }
    static var operationCreate: MessageKey {
        MessageKey(
            "create",
            "作ることが")
    }
    static var operationSetPermissions: MessageKey {
        MessageKey(
            "set permissions of",
            "アクセス権を設定することが")
    }
    static var operationWrite: MessageKey {
        MessageKey(
            "write",
            "書き込むことが")
    }
    static var operationFlush: MessageKey {
        MessageKey(
            "flush",
            "ディスクへ書き出すことが")
    }
    static var operationCreateFolder: MessageKey {
        MessageKey(
            "create the folder",
            "フォルダーとして作ることが")
    }
    static var operationOpenFolder: MessageKey {
        MessageKey(
            "open the folder",
            "フォルダーとして開くことが")
    }
    static var operationFlushFolder: MessageKey {
        MessageKey(
            "flush the folder",
            "フォルダーとしてディスクへ書き出すことが")
    }
    static var operationReplace: MessageKey {
        MessageKey(
            "replace",
            "置き換えることが")
    }
    static var operationRemove: MessageKey {
        MessageKey(
            "remove",
            "削除することが")
    }
    static var operationList: MessageKey {
        MessageKey(
            "list",
            "一覧することが")
    }
    static var operationOpenLock: MessageKey {
        MessageKey(
            "open the lock file",
            "ロックファイルとして開くことが")
    }
    static var operationLock: MessageKey {
        MessageKey(
            "lock",
            "ロックすることが")
    }
    static var operationWatch: MessageKey {
        MessageKey(
            "watch",
            "監視することが")
    }
    static var hintPermissions: MessageKey {
        MessageKey(
            "; check the owner and permissions of the file and its folder",
            "。ファイルとフォルダーの所有者とアクセス権を確認してください")
    }
    static var hintReadOnly: MessageKey {
        MessageKey(
            "; keep the sessions elsewhere with --store FILE or SESSION_CLI_STORE",
            "。--store FILE か SESSION_CLI_STORE でほかの場所に保存してください")
    }
    static var hintDiskFull: MessageKey {
        MessageKey(
            "; free some disk space",
            "。ディスクの空きを作ってください")
    }
    static var hintNotFolder: MessageKey {
        MessageKey(
            "; a part of the path is a file, not a folder",
            "。パスの途中にフォルダーではなくファイルがあります")
    }
    static var hintWatchLimit: MessageKey {
        MessageKey(
            "; the system's limit of watches or open files is reached",
            "。システムの監視数またはファイル数の上限に達しています")
    }
    static var tokenSourceAnywhere: MessageKey {
        MessageKey(
            "given",
            "指定された")
    }
    static var tokenEmpty: MessageKey {
        MessageKey(
            "the token is empty",
            "トークンが空です")
    }
    static var tokenTooLong: MessageKey {
        MessageKey(
            "the token is {count} bytes long; at most {limit} are allowed",
            "トークンが {count} バイトあります。{limit} バイトまでです")
    }
    static var tokenBadByte: MessageKey {
        MessageKey(
            "the token contains a {kind} at byte {offset}; only visible ASCII characters are allowed",
            "トークンの {offset} バイト目に{kind}があります。使えるのは表示可能な ASCII 文字だけです")
    }
    static var byteSpace: MessageKey {
        MessageKey(
            "space",
            "空白")
    }
    static var byteTab: MessageKey {
        MessageKey(
            "tab",
            "タブ")
    }
    static var byteCR: MessageKey {
        MessageKey(
            "carriage return (CR)",
            "復帰 (CR)")
    }
    static var byteLF: MessageKey {
        MessageKey(
            "line feed (LF)",
            "改行 (LF)")
    }
    static var byteNUL: MessageKey {
        MessageKey(
            "NUL byte",
            "NUL バイト")
    }
    static var byteControl: MessageKey {
        MessageKey(
            "control character",
            "制御文字")
    }
    static var byteNonASCII: MessageKey {
        MessageKey(
            "non-ASCII byte",
            "ASCII 以外のバイト")
    }
}

extension ErrorKey {
    static var sessionFileTooNew: ErrorKey {
        ErrorKey(
            .badData,
            "session file {path} has format version {version}, newer than this version reads ({supported}); upgrade, or log out to discard it",
            "セッションファイル {path} の形式はバージョン {version} で、このバージョンが読める ({supported}) より新しいものです。アップグレードするか、ログアウトして破棄してください"
        )
    }
    static var sessionFileEmpty: ErrorKey {
        ErrorKey(
            .badData,
            "session file {path} is empty (a truncated write?); log out to remove it, then log in again",
            "セッションファイル {path} が空です (書き込みが途中で切れた?)。ログアウトして削除してから、もう一度ログインしてください")
    }
    static var sessionFileCorrupt: ErrorKey {
        ErrorKey(
            .badData,
            "session file {path} is corrupt ({reason}); log out to remove it, then log in again",
            "セッションファイル {path} が壊れています ({reason})。ログアウトして削除してから、もう一度ログインしてください")
    }
    static var sessionFileNotRegular: ErrorKey {
        ErrorKey(
            .ioError,
            "session file {path} is {kind}, not a regular file; move it out of the way",
            "セッションファイル {path} は通常のファイルではなく{kind}です。別の場所へ移してください")
    }
    static var fileOperationFailed: ErrorKey {
        ErrorKey(
            .ioError,
            "cannot {operation} {path}: {reason}{hint}",
            "{path} を{operation}できません: {reason}{hint}")
    }
    static var invalidTokenIn: ErrorKey {
        ErrorKey(
            .badData,
            "invalid token {source}: {reason}",
            "{source}トークンが正しくありません: {reason}")
    }
}

extension WordCatalog {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var store: WordCatalog {
        WordCatalog(
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
}
