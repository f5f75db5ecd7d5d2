package import SessionSystem

/// The tool's exit statuses, from sysexits(3) where one fits.
package enum ExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    case failure = 1
    case usage = 64
    case badData = 65
    case unavailable = 69
    case software = 70
    case ioError = 74
    case busy = 75
    case badProtocol = 76
    case noPermission = 77

    // The statuses of a signal, 128 + its number: at a prompt (`ending(_:)`,
    // which `Signals` is given), and Ctrl-C while the keyring waits.

    /// The status a prompt ends with at `signal`.
    package static func ending(_ signal: Signals.Ending) -> Int32 {
        switch signal {
        case .hangup: ExitCode.hangup.rawValue
        case .interrupt: ExitCode.interrupted.rawValue
        case .terminate: ExitCode.terminated.rawValue
        }
    }

    case hangup = 129
    case interrupted = 130
    case terminated = 143

    /// What the status means, as `help exit-codes` and the CLI reference
    /// list it: every place the tool exits with it, in a few words.
    package var meaning: MessageKey {
        switch self {
        case .success: .successMeaning
        case .failure: .failureMeaning
        case .usage: .usageMeaning
        case .badData: .badDataMeaning
        case .unavailable: .unavailableMeaning
        case .software: .softwareMeaning
        case .ioError: .ioErrorMeaning
        case .busy: .busyMeaning
        case .badProtocol: .badProtocolMeaning
        case .noPermission: .noPermissionMeaning
        case .interrupted: .interruptedMeaning
        case .hangup: .hangupMeaning
        case .terminated: .terminatedMeaning
        }
    }
}

// The meaning of each exit code above, in English and Japanese: what `help exit-codes` lists.
extension MessageKey {
    static var successMeaning: MessageKey {
        MessageKey(
            "success; for status: logged in with a session that is usable (unexpired, or refreshable)",
            "成功。status では: 使えるセッション (期限切れでないか、更新できるもの) でログイン中")
    }
    static var failureMeaning: MessageKey {
        MessageKey(
            "not logged in, or expired for good; no session matches --server and --account; the session's secret is missing from the keyring; api: no server in the session, or the server answered with an error status; setup-git: no session to configure, or git config failed",
            "ログインしていないか、期限が切れて更新もできない。--server と --account に合うセッションがない。セッションのシークレットがキーリングにない。api: セッションにサーバーがないか、サーバーがエラーのステータスを返した。setup-git: 設定するセッションがないか、git config が失敗した"
        )
    }
    static var usageMeaning: MessageKey {
        MessageKey(
            "usage error: an unknown command or option, a missing or invalid value or variable, a token on the command line, SESSION_CLI_TOKEN set for a command that changes the store, several sessions matching, a provider endpoint that is needed and missing, or git's input not key=value lines",
            "使い方の誤り: 不明なコマンドやオプション、値や環境変数がないか正しくない、コマンドラインのトークン、保存先を変えるコマンドでの SESSION_CLI_TOKEN、複数のセッションが当てはまる、必要なプロバイダーのエンドポイントがない、git からの入力が key=value の行ではない"
        )
    }
    static var badDataMeaning: MessageKey {
        MessageKey(
            "bad data: an invalid token (standard input, the prompt, SESSION_CLI_TOKEN), an empty, corrupt or future-version session file, git's input with a NUL byte or not UTF-8, or a file for api -F that is too large or not text",
            "不正なデータ: 正しくないトークン (標準入力、プロンプト、SESSION_CLI_TOKEN)、空か壊れているか新しい版のセッションファイル、NUL バイトを含むか UTF-8 でない git からの入力、大きすぎるかテキストでない api -F のファイル"
        )
    }
    static var unavailableMeaning: MessageKey {
        MessageKey(
            "a server, the identity provider or a platform's token service (GitHub Actions) could not be reached in time, the sign-in listener could not listen, git could not be run (setup-git), or the keyring could not be used (no session D-Bus, no Secret Service, locked, no answer in time) or kept a logout's items",
            "サーバー、ID プロバイダー、プラットフォームのトークンサービス (GitHub Actions) に時間内に接続できない、サインインの待ち受けができない、git を実行できない (setup-git)、キーリングを使えない (セッション D-Bus がない、Secret Service がない、ロックされている、時間内に応答がない) か、ログアウトした項目がキーリングに残った"
        )
    }
    static var softwareMeaning: MessageKey {
        MessageKey(
            "internal error: session-cli-api is missing beside session-cli or cannot run, or a bug",
            "内部エラー: session-cli の隣に session-cli-api がないか実行できない、またはバグ")
    }
    static var ioErrorMeaning: MessageKey {
        MessageKey(
            "I/O error: the store, standard input, a file given to api, a key or platform token file, the terminal or the output could not be read or written",
            "入出力エラー: 保存先、標準入力、api に渡したファイル、鍵やプラットフォームのトークンのファイル、端末、出力を読み書きできなかった")
    }
    static var busyMeaning: MessageKey {
        MessageKey(
            "try again: the store was busy (SESSION_CLI_LOCK_TIMEOUT), the device code expired, the browser did not come back, or the refresh loop guard stopped a refresh",
            "やり直してください: 保存先が使用中だった (SESSION_CLI_LOCK_TIMEOUT)、デバイスコードの期限が切れた、ブラウザーが戻ってこなかった、更新の繰り返しを防ぐ仕組みが更新を止めた"
        )
    }
    static var badProtocolMeaning: MessageKey {
        MessageKey(
            "the identity provider answered in a way OAuth does not allow, or with an OAuth error; kube-credential --id-token: the stored ID token is not the provider's",
            "ID プロバイダーが OAuth で許されない応答か、OAuth のエラーを返した。kube-credential --id-token: 保存した ID トークンがプロバイダーのものではない"
        )
    }
    static var noPermissionMeaning: MessageKey {
        MessageKey(
            "the server rejected the credentials (401/403), the sign-in was denied, the provider refused the refresh, or a machine's platform token was expired, missing or refused",
            "サーバーが認証情報を拒否した (401/403)、サインインが拒否された、プロバイダーが更新を拒否した、マシンのプラットフォームのトークンが期限切れ、見つからない、または拒否された")
    }
    static var interruptedMeaning: MessageKey {
        MessageKey(
            "interrupted with Ctrl-C (SIGINT) at a prompt or while waiting for the keyring to be unlocked; nothing was changed",
            "プロンプトで、またはキーリングのロック解除を待っている間に Ctrl-C (SIGINT) で中断した。何も変更していない")
    }
    static var hangupMeaning: MessageKey {
        MessageKey(
            "the terminal went away (SIGHUP) at a prompt; nothing was changed",
            "プロンプトで端末が閉じられた (SIGHUP)。何も変更していない")
    }
    static var terminatedMeaning: MessageKey {
        MessageKey(
            "ended with SIGTERM at a prompt; nothing was changed",
            "プロンプトで SIGTERM により終了した。何も変更していない")
    }
}
