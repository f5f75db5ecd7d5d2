// The words of waiting for the store's lock, shared by every command that changes the store.
extension ErrorKey {
    static var storeBusy: ErrorKey {
        ErrorKey(
            .busy,
            "the session store is busy: another process has held the lock {lock} for more than {seconds} s; try again, or find the holder with 'fuser {lock}'",
            "セッションの保存先が使用中です: ほかのプロセスがロック {lock} を {seconds} 秒以上保持しています。やり直すか、'fuser {lock}' で保持しているプロセスを探してください"
        )
    }
}

extension WordCatalog {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var storeLock: WordCatalog {
        WordCatalog(
            "storeLock",
            words: [],
            errors: [
                .storeBusy
            ])
    }
}
