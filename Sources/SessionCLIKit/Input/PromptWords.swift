// The words of a prompt on the terminal (a hidden token, a choice), shared by the commands that
// ask; a signal ends a prompt with its own status.
extension ErrorKey {
    static var terminalSettingsUnreadable: ErrorKey {
        ErrorKey(
            .ioError,
            "cannot read the terminal's settings; pipe the token to 'session-cli login --with-token' instead",
            "端末の設定を読めません。代わりにトークンを 'session-cli login --with-token' にパイプで渡してください")
    }
    static var echoCannotBeTurnedOff: ErrorKey {
        ErrorKey(
            .ioError,
            "cannot turn off the terminal's echo, so the token is not asked for; pipe it to 'session-cli login --with-token' instead",
            "端末のエコーを止められないため、トークンは入力させません。代わりに 'session-cli login --with-token' にパイプで渡してください")
    }
}

extension WordCatalog {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var prompt: WordCatalog {
        WordCatalog(
            "prompt",
            words: [],
            errors: [
                .terminalSettingsUnreadable,
                .echoCannotBeTurnedOff,
            ],
            statuses: [.hangup, .interrupted, .terminated])
    }
}
