// The words of reading standard input, shared by every command that reads it.
extension ErrorKey {
    static var cannotReadStandardInput: ErrorKey {
        ErrorKey(
            .ioError,
            "cannot read standard input: {reason}",
            "標準入力を読めません: {reason}")
    }
}

extension WordCatalog {
    /// Every word above, for the catalog's tests.
    package static var input: WordCatalog {
        WordCatalog(
            "input",
            words: [],
            errors: [
                .cannotReadStandardInput
            ])
    }
}
