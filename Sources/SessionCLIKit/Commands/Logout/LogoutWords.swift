// The words of `LogoutCommand`, each key beside its English and its Japanese text.
extension MessageKey {
    static var actionLogOut: MessageKey {
        MessageKey(
            "log out",
            "ログアウトする")
    }
    static var logoutSummary: MessageKey {
        MessageKey(
            "Revoke the grant and remove the session. Succeeds when already logged out.",
            "認可を取り消してセッションを削除します。ログアウト済みでも成功します。")
    }
    static var logoutDiscussion: MessageKey {
        MessageKey(
            "Ends the default session, or the one --server and --account (or SESSION_CLI_SERVER and SESSION_CLI_ACCOUNT) select, or with --all every session. When the default session ends and others remain, the most recently used one becomes the default.\n\nA session is removed first (read and deleted in one step under the store's lock, with any temporary file a killed writer left behind), then what was removed is revoked at the provider (RFC 7009: the refresh token, and the access token while it is valid), within {seconds} s. Standard error says whether the revocation worked; a failed revocation does not fail the logout.\n\nA session kept in the keyring has its items there deleted after the file; when the keyring cannot be reached for that, the session is still logged out, standard error gives the secret-tool command that deletes the items, and the exit status is 69.\n\nWith --everywhere, after the revocation, the browser opens the provider's end_session_endpoint (found by discovery) with the session's ID token, and the tool waits up to {minutes} minutes for it to come back to a loopback address, as a browser sign-in does; the page then says the provider's session ended. A provider without that endpoint, or a session without an ID token, is said in a note and the logout succeeds. When the browser does not come back in time the exit status is 75; when the provider cannot be reached, 69.",
            "デフォルトのセッション、または --server と --account (または SESSION_CLI_SERVER と SESSION_CLI_ACCOUNT) で選んだセッション、--all ならすべてのセッションを終えます。デフォルトのセッションが終わってほかが残るときは、最後に使ったものがデフォルトになります。\n\nセッションはまず削除され (保存先のロックを取って 1 回の操作で読み出して削除し、強制終了した書き込みが残した一時ファイルも消します)、そのあと削除したものをプロバイダーで取り消します (RFC 7009: リフレッシュトークン、有効な間はアクセストークンも)。取り消しは {seconds} 秒以内です。取り消せたかどうかは標準エラーに出ます。取り消しに失敗してもログアウトは失敗しません。\n\nキーリングに保管したセッションは、ファイルのあとにキーリングの項目も削除します。そのときキーリングに接続できなくてもログアウトはしますが、標準エラーに項目を削除する secret-tool のコマンドを出し、終了コードは 69 になります。\n\n--everywhere を付けると、取り消しのあと、ディスカバリーで見つけたプロバイダーの end_session_endpoint をセッションの ID トークン付きでブラウザーで開き、ブラウザーでのサインインと同じようにループバックのアドレスに戻ってくるのを最大 {minutes} 分待ちます。戻ってきたページには、プロバイダーのセッションが終わったことが表示されます。そのエンドポイントがないプロバイダーや、ID トークンのないセッションでは注記を出し、ログアウトは成功します。時間内にブラウザーが戻らなければ終了コードは 75、プロバイダーに接続できなければ 69 です。"
        )
    }
    static var logoutRemovedUnreadableFile: MessageKey {
        MessageKey(
            "Removed an unreadable session file. Logged out.",
            "読めないセッションファイルを削除しました。ログアウトしました。")
    }
    static var logoutNothingToDo: MessageKey {
        MessageKey(
            "Not logged in; nothing to do.",
            "ログインしていないので、何もしません。")
    }
    static var logoutAllOne: MessageKey {
        MessageKey(
            "Logged out of 1 session.",
            "1 個のセッションからログアウトしました。")
    }
    static var logoutAllMany: MessageKey {
        MessageKey(
            "Logged out of {count} sessions.",
            "{count} 個のセッションからログアウトしました。")
    }
    static var logoutRemovedUnreadableSession: MessageKey {
        MessageKey(
            "Removed the session of {session}, which could not be read. Logged out.",
            "読めなかった {session} のセッションを削除しました。ログアウトしました。")
    }
    static var loggedOutOf: MessageKey {
        MessageKey(
            "Logged out {session}.",
            "{session} からログアウトしました。")
    }
    static var logoutDefaultIsNow: MessageKey {
        MessageKey(
            "The default session is now {session}.",
            "デフォルトのセッションは {session} になりました。")
    }
    static var revocationKeyringUnreadable: MessageKey {
        MessageKey(
            "its tokens could not be read from the keyring: {reason}",
            "キーリングからトークンを読めませんでした: {reason}")
    }
}

extension ErrorKey {
    static var logoutKeyringLeftovers: ErrorKey {
        ErrorKey(
            .unavailable,
            "the tokens of {session} are still in the keyring ({reason}); delete them with: {command}",
            "{session} のトークンがまだキーリングにあります ({reason})。次のコマンドで削除してください: {command}")
    }
    static var logoutAllWithSelection: ErrorKey {
        ErrorKey(
            .usage,
            "--all ends every session; give it without --server and --account",
            "--all はすべてのセッションを終えます。--server や --account と一緒に指定しないでください")
    }
    static var logoutEverywhereAlone: ErrorKey {
        ErrorKey(
            .usage,
            "--everywhere ends one session at its provider, in the browser; it does not go with {option}",
            "--everywhere はひとつのセッションをそのプロバイダーでブラウザーを使って終了します。{option} とは一緒に使えません")
    }
}

extension LogoutCommand {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var words: WordCatalog {
        WordCatalog(
            "logout",
            words: [
                .actionLogOut,
                .logoutSummary,
                .logoutDiscussion,
                .logoutRemovedUnreadableFile,
                .logoutNothingToDo,
                .logoutAllOne,
                .logoutAllMany,
                .logoutRemovedUnreadableSession,
                .loggedOutOf,
                .logoutDefaultIsNow,
                .revocationKeyringUnreadable,
            ],
            errors: [
                .logoutKeyringLeftovers,
                .logoutAllWithSelection,
                .logoutEverywhereAlone,
            ])
    }
}
