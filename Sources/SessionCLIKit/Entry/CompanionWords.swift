// The words of a command that needs the network: handing over to session-cli-api, and waiting for
// it to finish.
extension ErrorKey {
    static var noNetworkInThisRun: ErrorKey {
        ErrorKey(
            .software,
            "this run has no network",
            "この実行ではネットワークを使えません")
    }
    static var companionFolderUnknown: ErrorKey {
        ErrorKey(
            .software,
            "cannot find the folder session-cli runs from, to start session-cli-api",
            "session-cli-api を起動するための、session-cli の実行フォルダーが見つかりません")
    }
    static var companionMissing: ErrorKey {
        ErrorKey(
            .software,
            "session-cli-api is missing from {folder}; install it in the same folder as session-cli",
            "{folder} に session-cli-api がありません。session-cli と同じフォルダーにインストールしてください")
    }
    static var companionCannotRun: ErrorKey {
        ErrorKey(
            .software,
            "cannot run {path}: {reason}",
            "{path} を実行できません: {reason}")
    }
    static var companionInputLost: ErrorKey {
        ErrorKey(
            .ioError,
            "cannot keep standard input for session-cli-api: {reason}",
            "session-cli-api のために標準入力を保持できません: {reason}")
    }
    package static var commandDidNotFinish: ErrorKey {
        ErrorKey(
            .software,
            "the command did not finish",
            "コマンドが終了しませんでした")
    }
}

extension WordCatalog {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var companion: WordCatalog {
        WordCatalog(
            "companion",
            words: [],
            errors: [
                .noNetworkInThisRun,
                .companionFolderUnknown,
                .companionMissing,
                .companionCannotRun,
                .companionInputLost,
                .commandDidNotFinish,
            ])
    }
}
