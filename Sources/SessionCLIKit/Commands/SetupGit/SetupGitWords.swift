// The words of `SetupGitCommand`, each key beside its English and its Japanese text.
extension MessageKey {
    static var setupGitSummary: MessageKey {
        MessageKey(
            "Make git use the session for its server (git-credential).",
            "git がセッションをそのサーバーに使うよう設定します (git-credential)。")
    }
    static var setupGitDiscussion: MessageKey {
        MessageKey(
            "Writes to your global git config (git config --global) for the origin of the session's server (the default session, or the one --server and --account select):\n\n  credential.<origin>.helper = (empty: git asks no other helper)\n  credential.<origin>.helper = !'<path of session-cli>' git-credential\n\nThe path is session-cli's as you ran it (found on PATH when you ran it by name), not the folder a link points to, so it keeps working while that path does. If you move or reinstall session-cli elsewhere, run 'session-cli setup-git' again: it replaces what it wrote. Run twice, it leaves the same config. With --account, the helper is given --account too.\n\n--remove removes both (by --server, or the session's server), whether a session is there or not.",
            "セッションのサーバー (デフォルトのセッション、または --server と --account で選んだもの) のオリジンについて、グローバルな git の設定 (git config --global) に書き込みます:\n\n  credential.<origin>.helper = (空: git はほかのヘルパーに尋ねません)\n  credential.<origin>.helper = !'<session-cli のパス>' git-credential\n\nパスは実行したときの session-cli のもの (名前だけで実行したときは PATH で見つけたもの) で、リンク先のフォルダーではないので、そのパスがある限り使えます。session-cli を別の場所へ移すか入れ直したら、'session-cli setup-git' をもう一度実行してください: 書いたものを置き換えます。2 回実行しても設定は同じです。--account を付けると、ヘルパーにも --account を渡します。\n\n--remove は両方を削除します (--server か、セッションのサーバーのもの)。セッションがあるかどうかは問いません。"
        )
    }
    static var setupGitRemoved: MessageKey {
        MessageKey(
            "Removed git's credential helper for {origin} from your global git config.",
            "グローバルな git の設定から、{origin} の認証情報ヘルパーを削除しました。")
    }
    static var setupGitNothingToRemove: MessageKey {
        MessageKey(
            "Your global git config has no credential helper for {origin}; nothing to remove.",
            "グローバルな git の設定に {origin} の認証情報ヘルパーはありません。削除するものはありません。")
    }
    static var setupGitConfigured: MessageKey {
        MessageKey(
            "Configured git for {origin} in your global git config:",
            "グローバルな git の設定で、{origin} について git を設定しました:")
    }
    static var setupGitEmptyValue: MessageKey {
        MessageKey(
            "(empty: git asks no other helper for {origin})",
            "(空: git は {origin} についてほかのヘルパーに尋ねません)")
    }
    static var setupGitMoveHint: MessageKey {
        MessageKey(
            "If you move session-cli, run 'session-cli setup-git' again.",
            "session-cli を移動したら、'session-cli setup-git' をもう一度実行してください。")
    }
}

extension ErrorKey {
    static var setupGitNoPath: ErrorKey {
        ErrorKey(
            .software,
            "cannot tell where session-cli is installed",
            "session-cli がどこにインストールされているか分かりません")
    }
    static var setupGitNotLoggedIn: ErrorKey {
        ErrorKey(
            .failure,
            "not logged in; log in with --server URL first, then run 'session-cli setup-git'",
            "ログインしていません。先に --server URL を付けてログインしてから、'session-cli setup-git' を実行してください")
    }
    static var setupGitNoServer: ErrorKey {
        ErrorKey(
            .failure,
            "the session {session} names no server; log in again with --server URL",
            "セッション {session} にサーバーがありません。--server URL を付けてもう一度ログインしてください")
    }
    static var gitConfigFailed: ErrorKey {
        ErrorKey(
            .failure,
            "git config failed (exit {status})",
            "git config が失敗しました (終了コード {status})")
    }
    static var gitConfigFailedSaying: ErrorKey {
        ErrorKey(
            .failure,
            "git config failed (exit {status}): {error}",
            "git config が失敗しました (終了コード {status}): {error}")
    }
    static var gitNotInstalled: ErrorKey {
        ErrorKey(
            .unavailable,
            "git is not installed, or not on PATH",
            "git がインストールされていないか、PATH にありません")
    }
    static var gitCannotRun: ErrorKey {
        ErrorKey(
            .unavailable,
            "cannot run git: {reason}",
            "git を実行できません: {reason}")
    }
}

extension SetupGitCommand {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var words: WordCatalog {
        WordCatalog(
            "setupGit",
            words: [
                .setupGitSummary,
                .setupGitDiscussion,
                .setupGitRemoved,
                .setupGitNothingToRemove,
                .setupGitConfigured,
                .setupGitEmptyValue,
                .setupGitMoveHint,
            ],
            errors: [
                .setupGitNoPath,
                .setupGitNotLoggedIn,
                .setupGitNoServer,
                .gitConfigFailed,
                .gitConfigFailedSaying,
                .gitNotInstalled,
                .gitCannotRun,
            ])
    }
}
