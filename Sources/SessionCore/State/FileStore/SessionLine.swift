import SessionSupport

extension SessionFileFormat {
    /// A session's line as a file holds it: what finds it (its key) and
    /// what a list shows (when it was used, when its token expires, whether
    /// it can refresh), read; its credential's bytes, decoded when it is used.
    package final class SessionLine: Sendable, Equatable {
        /// The session's key, as the line says.
        let key: SessionKey
        /// When the session was last used, as the line says.
        let usedAt: Date
        /// When its token expires and whether it can refresh, as the line says.
        let summary: SessionSet.Summary
        /// The credential's bytes: one JSON object when `checked`, else still to be checked.
        private let credentialBytes: ArraySlice<UInt8>
        private let checked: Bool
        /// The line's place in `sessions`, for errors.
        private let number: Int
        /// The file's path, for errors.
        package let path: String

        init(
            key: SessionKey, usedAt: Date, summary: SessionSet.Summary, credential: ArraySlice<UInt8>,
            checked: Bool,
            number: Int, path: String
        ) {
            self.key = key
            self.usedAt = usedAt
            self.summary = summary
            credentialBytes = credential
            self.checked = checked
            self.number = number
            self.path = path
        }

        package static func == (lhs: SessionLine, rhs: SessionLine) -> Bool {
            lhs === rhs
                || (lhs.key, lhs.usedAt, lhs.summary, lhs.number, lhs.path) == (
                    rhs.key, rhs.usedAt, rhs.summary, rhs.number, rhs.path
                )
                    && lhs.credentialBytes == rhs.credentialBytes
        }

        /// The credential's bytes to write back, checked to be one JSON object.
        ///
        /// - Throws: ``SessionFileError/corrupt(path:reason:)`` when they are not.
        package func checkedCredentialBytes() throws -> ArraySlice<UInt8> {
            if !checked { _ = try credentialFields(depth: 0) }
            return credentialBytes
        }

        /// The credential, read field by field.
        ///
        /// - Throws: ``SessionFileError/corrupt(path:reason:)`` naming the field at fault.
        package func credential() throws -> Credential {
            try SessionFileFormat.credential(try credentialFields(depth: .max))
        }

        private func credentialFields(depth: Int) throws -> Fields {
            try Fields(
                skimming: Array(credentialBytes), depth: depth,
                at: Fields.Place(session: number).member("credential"),
                path: path)
        }
    }
}
