// The words of the system keyring (the Secret Service): what it refused, and the kinds of secret
// kept in it.
extension MessageKey {
    static var keyringFix: MessageKey {
        MessageKey(
            "start a Secret Service (gnome-keyring, KWallet or KeePassXC), or use --secrets file",
            "Secret Service (gnome-keyring、KWallet、KeePassXC) を起動するか、--secrets file を使ってください")
    }
    static var secretAccessToken: MessageKey {
        MessageKey(
            "access token",
            "アクセストークン")
    }
    static var secretRefreshToken: MessageKey {
        MessageKey(
            "refresh token",
            "リフレッシュトークン")
    }
    static var secretIDToken: MessageKey {
        MessageKey(
            "ID token",
            "ID トークン")
    }
    static var secretClientSecret: MessageKey {
        MessageKey(
            "client secret",
            "クライアントシークレット")
    }
    static var secretDPoPKey: MessageKey {
        MessageKey(
            "DPoP key",
            "DPoP 鍵")
    }
    static var keyringWaiting: MessageKey {
        MessageKey(
            "session-cli: waiting up to {minutes} minutes for the keyring to be unlocked (Ctrl-C cancels)...",
            "session-cli: キーリングのロック解除を最大 {minutes} 分待っています (Ctrl-C で中止)...")
    }
}

extension ErrorKey {
    static var keyringNoBus: ErrorKey {
        ErrorKey(
            .unavailable,
            "the keyring cannot be reached: no session D-Bus ({reason}); {fix}",
            "キーリングに接続できません: セッション D-Bus がありません ({reason})。{fix}")
    }
    static var keyringNoService: ErrorKey {
        ErrorKey(
            .unavailable,
            "the keyring cannot be reached: nothing on the session D-Bus provides org.freedesktop.secrets; {fix}",
            "キーリングに接続できません: セッション D-Bus に org.freedesktop.secrets を提供するものがありません。{fix}")
    }
    static var keyringLocked: ErrorKey {
        ErrorKey(
            .unavailable,
            "the keyring is locked, and its unlock prompt was dismissed or not answered in time; unlock it (log in to the desktop, or seahorse), or use --secrets file",
            "キーリングがロックされていて、解除のプロンプトが閉じられたか、時間内に応答がありませんでした。解除する (デスクトップにログインするか seahorse を使う) か、--secrets file を使ってください"
        )
    }
    static var keyringTimedOut: ErrorKey {
        ErrorKey(
            .unavailable,
            "the keyring did not answer within {seconds} s; check that gnome-keyring (or your Secret Service) is running, or use --secrets file",
            "キーリングが {seconds} 秒以内に応答しませんでした。gnome-keyring (または使っている Secret Service) が動いているか確認するか、--secrets file を使ってください"
        )
    }
    static var keyringNoCollection: ErrorKey {
        ErrorKey(
            .unavailable,
            "the keyring has no default collection to keep the session in; create one (seahorse), or use --secrets file",
            "キーリングにセッションを保管するデフォルトのコレクションがありません。作成する (seahorse) か、--secrets file を使ってください")
    }
    static var keyringMissingSecret: ErrorKey {
        ErrorKey(
            .failure,
            "the session's {item} is missing from the keyring; log in again",
            "セッションの{item}がキーリングにありません。もう一度ログインしてください")
    }
    static var keyringCancelled: ErrorKey {
        ErrorKey(
            .interrupted,
            "cancelled while waiting for the keyring to be unlocked; nothing was changed",
            "キーリングのロック解除を待っている間にキャンセルされました。何も変更していません")
    }
    static var keyringCancelledPromptOpen: ErrorKey {
        ErrorKey(
            .interrupted,
            "cancelled while waiting for the keyring to be unlocked; nothing was changed (its unlock window stays open: answer it or close it)",
            "キーリングのロック解除を待っている間にキャンセルされました。何も変更していません（ロック解除のウィンドウは開いたままです。入力するか閉じてください）")
    }
    static var keyringFailed: ErrorKey {
        ErrorKey(
            .unavailable,
            "the keyring failed: {reason}; {fix}",
            "キーリングでエラーが起きました: {reason}。{fix}")
    }
}

extension WordCatalog {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var keyring: WordCatalog {
        WordCatalog(
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
}
