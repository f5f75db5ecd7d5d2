// The words of `SwitchCommand`, each key beside its English and its Japanese text.
extension MessageKey {
    package static let switchSummary = MessageKey(
        "Make another session the default.",
        "別のセッションをデフォルトにします。")
    package static let switchDiscussion = MessageKey(
        "With no options and exactly two sessions, switches to the other one. With more, on a terminal, it lists them with numbers and asks which one (Enter or Ctrl-C changes nothing); elsewhere, give --server, --account or both.\n\nSelecting a session for one run (--server and --account on status, token, api and logout) or for a shell (SESSION_CLI_SERVER, SESSION_CLI_ACCOUNT) never changes the default; this does, for every shell.",
        "オプションなしでセッションがちょうど 2 つなら、もう一方に切り替えます。それより多いときは、端末では番号付きの一覧を出してどれにするか尋ねます (Enter か Ctrl-C なら何も変えません)。端末でなければ --server、--account、またはその両方を指定してください。\n\n1 回の実行のためのセッションの選択 (status、token、api、logout の --server と --account) や、シェルのための選択 (SESSION_CLI_SERVER、SESSION_CLI_ACCOUNT) はデフォルトを変えません。switch はすべてのシェルのデフォルトを変えます。"
    )
    package static let switchNothingChanged = MessageKey(
        "Nothing changed.",
        "何も変更していません。")
    package static let switchAlreadyDefault = MessageKey(
        "{session} is already the default session.",
        "{session} はすでにデフォルトのセッションです。")
    package static let switchSwitched = MessageKey(
        "Switched the default session to {session}.",
        "デフォルトのセッションを {session} に切り替えました。")
    package static let switchListHeading = MessageKey(
        "Sessions:",
        "セッション:")
    package static let switchListItem = MessageKey(
        "  {number}. {session}",
        "  {number}. {session}")
    package static let switchListDefault = MessageKey(
        "  {number}. {session} (default)",
        "  {number}. {session} (デフォルト)")
    package static let switchPrompt = MessageKey(
        "Switch to which session? [1-{last}, Enter for none]: ",
        "どのセッションに切り替えますか? [1-{last}、Enter で変更なし]: ")
    package static let switchNotANumber = MessageKey(
        "Give a number from 1 to {last}, or press Enter to change nothing.",
        "1〜{last} の番号を入力するか、Enter で何も変えずに終わってください。")
}

extension ErrorKey {
    package static let switchNoSessions = ErrorKey(
        .failure,
        "not logged in; there is no session to switch to",
        "ログインしていません。切り替え先のセッションがありません")
    package static let switchOnlyOne = ErrorKey(
        .failure,
        "there is only one session ({session}); nothing to switch to",
        "セッションは 1 つ ({session}) だけです。切り替え先がありません")
    package static let switchChoose = ErrorKey(
        .usage,
        "there are {count} sessions; choose one with {options}: {sessions}",
        "セッションが {count} 個あります。{options} で 1 つ選んでください: {sessions}")
    package static let switchNoAnswer = ErrorKey(
        .usage,
        "no session was chosen; nothing changed",
        "セッションが選ばれませんでした。何も変更していません")
}

extension SwitchCommand {
    /// Every word above, for the catalog's tests.
    package static let words = WordCatalog(
        "switch",
        words: [
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
