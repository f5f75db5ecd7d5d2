// The words of `SwitchCommand`, each key beside its English and its Japanese text.
extension MessageKey {
    static var actionSwitch: MessageKey {
        MessageKey(
            "switch the default session",
            "デフォルトのセッションを切り替える")
    }
    static var switchSummary: MessageKey {
        MessageKey(
            "Make another session the default.",
            "別のセッションをデフォルトにします。")
    }
    static var switchDiscussion: MessageKey {
        MessageKey(
            "With no options and exactly two sessions, switches to the other one. With more, on a terminal, it lists them with numbers and asks which one (Enter or Ctrl-C changes nothing); elsewhere, give --server, --account or both.\n\nSelecting a session for one run (--server and --account on status, token, api and logout) or for a shell (SESSION_CLI_SERVER, SESSION_CLI_ACCOUNT) never changes the default; this does, for every shell.",
            "オプションなしでセッションがちょうど 2 つなら、もう一方に切り替えます。それより多いときは、端末では番号付きの一覧を出してどれにするか尋ねます (Enter か Ctrl-C なら何も変えません)。端末でなければ --server、--account、またはその両方を指定してください。\n\n1 回の実行のためのセッションの選択 (status、token、api、logout の --server と --account) や、シェルのための選択 (SESSION_CLI_SERVER、SESSION_CLI_ACCOUNT) はデフォルトを変えません。switch はすべてのシェルのデフォルトを変えます。"
        )
    }
    static var switchNothingChanged: MessageKey {
        MessageKey(
            "Nothing changed.",
            "何も変更していません。")
    }
    static var switchAlreadyDefault: MessageKey {
        MessageKey(
            "{session} is already the default session.",
            "{session} はすでにデフォルトのセッションです。")
    }
    static var switchSwitched: MessageKey {
        MessageKey(
            "Switched the default session to {session}.",
            "デフォルトのセッションを {session} に切り替えました。")
    }
    static var switchListHeading: MessageKey {
        MessageKey(
            "Sessions:",
            "セッション:")
    }
    package static var switchListItem: MessageKey {
        MessageKey(
            "  {number}. {session}",
            "  {number}. {session}")
    }
    static var switchListDefault: MessageKey {
        MessageKey(
            "  {number}. {session} (default)",
            "  {number}. {session} (デフォルト)")
    }
    static var switchPrompt: MessageKey {
        MessageKey(
            "Switch to which session? [1-{last}, Enter for none]: ",
            "どのセッションに切り替えますか? [1-{last}、Enter で変更なし]: ")
    }
    static var switchNotANumber: MessageKey {
        MessageKey(
            "Give a number from 1 to {last}, or press Enter to change nothing.",
            "1〜{last} の番号を入力するか、Enter で何も変えずに終わってください。")
    }
}

extension ErrorKey {
    static var switchNoSessions: ErrorKey {
        ErrorKey(
            .failure,
            "not logged in; there is no session to switch to",
            "ログインしていません。切り替え先のセッションがありません")
    }
    static var switchOnlyOne: ErrorKey {
        ErrorKey(
            .failure,
            "there is only one session ({session}); nothing to switch to",
            "セッションは 1 つ ({session}) だけです。切り替え先がありません")
    }
    static var switchChoose: ErrorKey {
        ErrorKey(
            .usage,
            "there are {count} sessions; choose one with {options}: {sessions}",
            "セッションが {count} 個あります。{options} で 1 つ選んでください: {sessions}")
    }
    static var switchNoAnswer: ErrorKey {
        ErrorKey(
            .usage,
            "no session was chosen; nothing changed",
            "セッションが選ばれませんでした。何も変更していません")
    }
}

extension SwitchCommand {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var words: WordCatalog {
        WordCatalog(
            "switch",
            words: [
                .actionSwitch,
                .switchSummary,
                .switchDiscussion,
                .switchNothingChanged,
                .switchAlreadyDefault,
                .switchSwitched,
                .switchListHeading,
                .switchListItem,
                .switchListDefault,
                .switchPrompt,
                .switchNotANumber,
            ],
            errors: [
                .switchNoSessions,
                .switchOnlyOne,
                .switchChoose,
                .switchNoAnswer,
            ])
    }
}
