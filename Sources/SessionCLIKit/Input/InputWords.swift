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
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var input: WordCatalog {
        WordCatalog(
            "input",
            words: [],
            errors: [
                .cannotReadStandardInput
            ])
    }
}
