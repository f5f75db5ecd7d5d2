// The words of reading standard input, shared by every command that reads it.
extension ErrorKey {
    package static let cannotReadStandardInput = ErrorKey(
        .ioError,
        "cannot read standard input: {reason}",
        "標準入力を読めません: {reason}")
}

extension WordCatalog {
    /// Every word above, for the catalog's tests.
    package static let input = WordCatalog(
        "input",
        words: [],
        errors: [
            .cannotReadStandardInput
        ])
}
