// The words of the system keyring (the Secret Service): what it refused, and the kinds of secret
// kept in it.
extension MessageKey {
    package static let keyringFix = MessageKey(
        "start a Secret Service (gnome-keyring, KWallet or KeePassXC), or use --secrets file",
        "Secret Service (gnome-keyring、KWallet、KeePassXC) を起動するか、--secrets file を使ってください")
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
    package static let keyringWaiting = MessageKey(
        "session-cli: waiting up to {minutes} minutes for the keyring to be unlocked (Ctrl-C cancels)...",
        "session-cli: キーリングのロック解除を最大 {minutes} 分待っています (Ctrl-C で中止)...")
}

extension ErrorKey {
    package static let keyringNoBus = ErrorKey(
        .unavailable,
        "the keyring cannot be reached: no session D-Bus ({reason}); {fix}",
        "キーリングに接続できません: セッション D-Bus がありません ({reason})。{fix}")
    package static let keyringNoService = ErrorKey(
        .unavailable,
        "the keyring cannot be reached: nothing on the session D-Bus provides org.freedesktop.secrets; {fix}",
        "キーリングに接続できません: セッション D-Bus に org.freedesktop.secrets を提供するものがありません。{fix}")
    package static let keyringLocked = ErrorKey(
        .unavailable,
        "the keyring is locked, and its unlock prompt was dismissed or not answered in time; unlock it (log in to the desktop, or seahorse), or use --secrets file",
        "キーリングがロックされていて、解除のプロンプトが閉じられたか、時間内に応答がありませんでした。解除する (デスクトップにログインするか seahorse を使う) か、--secrets file を使ってください"
    )
    package static let keyringTimedOut = ErrorKey(
        .unavailable,
        "the keyring did not answer within {seconds} s; check that gnome-keyring (or your Secret Service) is running, or use --secrets file",
        "キーリングが {seconds} 秒以内に応答しませんでした。gnome-keyring (または使っている Secret Service) が動いているか確認するか、--secrets file を使ってください"
    )
    package static let keyringNoCollection = ErrorKey(
        .unavailable,
        "the keyring has no default collection to keep the session in; create one (seahorse), or use --secrets file",
        "キーリングにセッションを保管するデフォルトのコレクションがありません。作成する (seahorse) か、--secrets file を使ってください")
    package static let keyringMissingSecret = ErrorKey(
        .failure,
        "the session's {item} is missing from the keyring; log in again",
        "セッションの{item}がキーリングにありません。もう一度ログインしてください")
    package static let keyringCancelled = ErrorKey(
        .interrupted,
        "cancelled while waiting for the keyring to be unlocked; nothing was changed",
        "キーリングのロック解除を待っている間にキャンセルされました。何も変更していません")
    package static let keyringCancelledPromptOpen = ErrorKey(
        .interrupted,
        "cancelled while waiting for the keyring to be unlocked; nothing was changed (its unlock window stays open: answer it or close it)",
        "キーリングのロック解除を待っている間にキャンセルされました。何も変更していません（ロック解除のウィンドウは開いたままです。入力するか閉じてください）")
    package static let keyringFailed = ErrorKey(
        .unavailable,
        "the keyring failed: {reason}; {fix}",
        "キーリングでエラーが起きました: {reason}。{fix}")
}

extension WordCatalog {
    /// Every word above, for the catalog's tests.
    package static let keyring = WordCatalog(
        "keyring",
        words: [
            .keyringFix,
            .secretAccessToken,
            .secretRefreshToken,
            .secretIDToken,
            .secretClientSecret,
            .secretDPoPKey,
            .keyringWaiting,
        ],
        errors: [
            .keyringNoBus,
            .keyringNoService,
            .keyringLocked,
            .keyringTimedOut,
            .keyringNoCollection,
            .keyringMissingSecret,
            .keyringCancelled,
            .keyringCancelledPromptOpen,
            .keyringFailed,
        ])
}
