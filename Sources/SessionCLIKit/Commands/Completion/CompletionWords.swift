// The words of `CompletionCommand`, each key beside its English and its Japanese text.
extension MessageKey {
    static var completionSummary: MessageKey {
        MessageKey(
            "Print a completion script for bash, zsh or fish.",
            "bash、zsh、fish の補完スクリプトを出力します。")
    }
    static var completionDiscussion: MessageKey {
        MessageKey(
            "The script completes the commands, their options, the values an option takes (--secrets file|keyring, --lang en|ja, paths), and for --server and --account the servers and accounts of your sessions, which it asks session-cli for each time (honouring a --store on the line). Installed from the Debian package, the scripts are already in place; else load one as the examples show.",
            "スクリプトはコマンド、そのオプション、オプションの値 (--secrets file|keyring、--lang en|ja、パス)、そして --server と --account にはセッションのサーバーとアカウントを補完します。後者はその都度 session-cli に尋ねます (行にある --store にも従います)。Debian パッケージからインストールしていればスクリプトはすでに置かれています。そうでなければ例のように読み込んでください。"
        )
    }
}

extension ErrorKey {
    static var completionNeedsShell: ErrorKey {
        ErrorKey(
            .usage,
            "completion needs a shell: bash, zsh or fish",
            "completion にはシェルが必要です: bash、zsh、fish")
    }
    static var completionShellOrValues: ErrorKey {
        ErrorKey(
            .usage,
            "give a shell or --values, not both",
            "シェルか --values のどちらかを指定してください")
    }
}

extension CompletionCommand {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var words: WordCatalog {
        WordCatalog(
            "completion",
            words: [
                .completionSummary,
                .completionDiscussion,
            ],
            errors: [
                .completionNeedsShell,
                .completionShellOrValues,
            ])
    }
}
