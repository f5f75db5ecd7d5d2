package import SessionSupport

/// The bytes of a session file: every session and which is the default,
/// dates in ISO 8601 at whole seconds.
///
/// ```json
/// {"version": 3,
///  "default": {"server": "https://api.example.com", "account": "alice"},
///  "sessions": [{"usedAt": "2026-11-24T09:00:00Z", "credential": {"token": "…", …}}]}
/// ```
///
/// The version is read first, so a file from a newer format is refused as
/// such rather than as corrupt. Versions 1 and 2 (one session, `{"version":
/// 2, "credential": {...}}`) still load as they are, as one default
/// session; the next write makes the file version 3.
package enum SessionFileFormat {
    static let version = 3
    /// The oldest version still read.
    static let oldestVersion = 1

    /// The file's bytes for `sessions`: indented JSON, keys sorted, dates in
    /// ISO 8601 at whole seconds, written by the same rules it is read by.
    package static func encode(_ sessions: SessionSet) -> Data {
        let entries: [JSONOutput] = sessions.entries.map { entry in
            .object([
                "credential": fields(entry.credential), "usedAt": .string(ISO8601.string(from: entry.usedAt)),
            ])
        }
        let defaultKey: JSONOutput =
            sessions.defaultKey.map { key in
                .object([
                    "server": .string(key.server?.absoluteString), "account": .string(key.account),
                ])
            } ?? .null
        let file = JSONOutput.object([
            "version": .integer(version), "default": defaultKey, "sessions": .array(entries),
        ])
        return Data((file.indentedText + "\n").utf8)
    }

    private static func fields(_ credential: Credential) -> JSONOutput {
        func date(_ date: Date?) -> JSONOutput { .string(date.map(ISO8601.string(from:))) }
        var fields: [String: JSONOutput] = [
            "token": .string(credential.token.value), "issuedAt": date(credential.issuedAt),
            "scopes": .array(credential.scopes.map { .string($0) }),
            "refreshedAt": .array(credential.refreshedAt.map { date($0) }),
        ]
        fields["refreshToken"] = credential.refreshToken.map { .string($0.value) }
        fields["account"] = credential.account.map { .string($0) }
        fields["server"] = credential.server.map { .string($0.absoluteString) }
        fields["expiresAt"] = credential.expiresAt.map { date($0) }
        fields["tokenIssuedAt"] = credential.tokenIssuedAt.map { date($0) }
        fields["provider"] = credential.provider.map(Self.fields)
        return .object(fields)
    }

    private static func fields(_ provider: OAuthProvider) -> JSONOutput {
        var fields: [String: JSONOutput] = [
            "issuer": .string(provider.issuer.absoluteString), "clientID": .string(provider.clientID),
            "tokenEndpoint": .string(provider.tokenEndpoint.absoluteString),
        ]
        fields["revocationEndpoint"] = provider.revocationEndpoint.map { .string($0.absoluteString) }
        fields["clientSecret"] = provider.clientSecret.map { .string($0.value) }
        fields["clientAuthentication"] = provider.clientAuthentication.map { .string($0.rawValue) }
        fields["redirect"] = provider.redirect.map { redirect in
            .object([
                "host": .string(redirect.host.rawValue), "path": .string(redirect.path),
                "port": redirect.port.map { .integer($0) } ?? .null,
            ])
        }
        return .object(fields)
    }

    /// Reads a session file: every check `Credential`'s `Decodable`
    /// conformance makes, the version first, and for version 3 the rules of
    /// many sessions (one per key, one default that names one of them, at
    /// most ``SessionLimits/sessionCount``).
    ///
    /// Parsed with ``JSONValue`` rather than `JSONDecoder`, whose first use
    /// dominated the command-line tool's start-up.
    package static func decode(_ data: Data, path: String) throws -> SessionSet {
        guard !data.isEmpty else { throw SessionFileError.empty(path: path) }
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw SessionFileError.corrupt(
                path: path, reason: error.duplicateName.map { "\"\($0)\" is given twice" } ?? "not valid JSON"
            )
        }
        let top = try Fields(root, at: "", path: path)
        guard let found = try top.integer("version") else {
            throw SessionFileError.corrupt(path: path, reason: "missing version")
        }
        guard (oldestVersion...version).contains(found) else {
            if found > version { throw SessionFileError.unsupportedVersion(path: path, version: found) }
            throw SessionFileError.corrupt(path: path, reason: "unknown format version \(found)")
        }
        guard found == version else {
            // Versions 1 and 2: one session, the default, used when its token was issued.
            let credential = try self.credential(
                try top.object("credential") ?? { throw top.missing("credential") }())
            return SessionSet(
                checked: [
                    SessionSet.Entry(
                        credential: credential, usedAt: credential.tokenIssuedAt ?? credential.issuedAt)
                ],
                defaultKey: credential.key)
        }
        let items = try top.objects("sessions") ?? { throw top.missing("sessions") }()
        guard items.count <= SessionLimits.sessionCount else {
            throw SessionFileError.corrupt(
                path: path, reason: "more than \(SessionLimits.sessionCount) sessions")
        }
        var entries: [SessionSet.Entry] = []
        var keys = Set<SessionKey>()
        for item in items {
            let credential = try self.credential(
                try item.object("credential") ?? { throw item.missing("credential") }())
            let entry = SessionSet.Entry(
                credential: credential, usedAt: try item.date("usedAt") ?? { throw item.missing("usedAt") }())
            guard keys.insert(entry.key).inserted else {
                throw SessionFileError.corrupt(path: path, reason: "two sessions for \(entry.key)")
            }
            entries.append(entry)
        }
        let defaultKey = try top.object("default").map { named in
            SessionKey(server: try named.url("server"), account: try named.string("account"))
        }
        switch (defaultKey, entries.isEmpty) {
        case (nil, false): throw SessionFileError.corrupt(path: path, reason: "no default session")
        case (let key?, _) where !keys.contains(key):
            throw SessionFileError.corrupt(path: path, reason: "the default names no session")
        default: return SessionSet(checked: entries, defaultKey: defaultKey)
        }
    }

    /// A session's credential, read field by field.
    private static func credential(_ fields: Fields) throws -> Credential {
        var decoded = Credential(
            token: try fields.token("token") ?? { throw fields.missing("token") }(),
            refreshToken: try fields.token("refreshToken"),
            account: try fields.string("account"),
            server: try fields.url("server"),
            issuedAt: try fields.date("issuedAt") ?? { throw fields.missing("issuedAt") }(),
            expiresAt: try fields.date("expiresAt"),
            scopes: try fields.strings("scopes") ?? [],
            provider: try fields.object("provider").map(provider))
        decoded.refreshedAt = try fields.dates("refreshedAt") ?? []
        decoded.tokenIssuedAt = try fields.date("tokenIssuedAt")
        return decoded
    }

    private static func provider(_ fields: Fields) throws -> OAuthProvider {
        OAuthProvider(
            issuer: try fields.url("issuer") ?? { throw fields.missing("issuer") }(),
            clientID: try fields.string("clientID") ?? { throw fields.missing("clientID") }(),
            tokenEndpoint: try fields.url("tokenEndpoint") ?? { throw fields.missing("tokenEndpoint") }(),
            revocationEndpoint: try fields.url("revocationEndpoint"),
            clientSecret: try fields.token("clientSecret"),
            clientAuthentication: try fields.string("clientAuthentication").map { text in
                guard let method = ClientAuthenticationMethod(rawValue: text) else {
                    throw fields.invalid("clientAuthentication")
                }
                return method
            },
            redirect: try fields.object("redirect").map { redirect in
                guard let host = LoopbackRedirect.Host(rawValue: try redirect.string("host") ?? "127.0.0.1")
                else { throw redirect.invalid("host") }
                let port = try redirect.integer("port")
                guard port.map({ (1...65535).contains($0) }) ?? true else { throw redirect.invalid("port") }
                return LoopbackRedirect(
                    host: host, port: port, path: try redirect.string("path") ?? "/callback")
            })
    }

    /// The members of one JSON object, read with errors that name where they are.
    private struct Fields {
        let object: JSONObject
        let prefix: String
        let path: String

        init(_ value: JSONValue, at prefix: String, path: String) throws {
            guard case .object(let object) = value else {
                throw SessionFileError.corrupt(
                    path: path,
                    reason: "wrong type at \(prefix.isEmpty ? "the top level" : String(prefix.dropLast()))")
            }
            self.object = object
            self.prefix = prefix
            self.path = path
        }

        /// A string member; `nil` when it is absent or null.
        func string(_ key: String) throws -> String? {
            switch object[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw wrongType(key)
            }
        }

        /// An array of strings; `nil` when it is absent or null.
        func strings(_ key: String) throws -> [String]? {
            switch object[key] {
            case nil, .null?: return nil
            case .array(let items)?:
                return try items.map { item in
                    guard case .string(let text) = item else { throw wrongType(key) }
                    return text
                }
            default: throw wrongType(key)
            }
        }

        /// An array of dates; `nil` when it is absent or null.
        func dates(_ key: String) throws -> [Date]? {
            try strings(key)?.map { text in
                guard let date = ISO8601.date(from: text) else { throw invalid(key) }
                return date
            }
        }

        /// A nested object's fields; `nil` when it is absent or null.
        func object(_ key: String) throws -> Fields? {
            switch object[key] {
            case nil, .null?: return nil
            case let value?: return try Fields(value, at: prefix + key + ".", path: path)
            }
        }

        /// An array of objects' fields; `nil` when it is absent or null.
        func objects(_ key: String) throws -> [Fields]? {
            switch object[key] {
            case nil, .null?: return nil
            case .array(let items)?:
                return try items.enumerated().map { index, item in
                    try Fields(item, at: prefix + key + "[\(index)].", path: path)
                }
            default: throw wrongType(key)
            }
        }

        /// A URL member; `nil` when it is absent or null.
        func url(_ key: String) throws -> URL? {
            try string(key).map { text in
                guard let url = URL(string: text) else { throw invalid(key) }
                return url
            }
        }

        func integer(_ key: String) throws -> Int? {
            switch object[key] {
            case nil, .null?: return nil
            case .number(let number)?:
                guard let integer = Int(exactly: number) else { throw wrongType(key) }
                return integer
            default: throw wrongType(key)
            }
        }

        func token(_ key: String) throws -> AuthToken? {
            guard let text = try string(key) else { return nil }
            do {
                return try AuthToken(text)
            } catch let error as AuthTokenError {
                throw SessionFileError.corrupt(path: path, reason: "invalid \(prefix)\(key): \(error)")
            }
        }

        func date(_ key: String) throws -> Date? {
            guard let text = try string(key) else { return nil }
            guard let date = ISO8601.date(from: text) else { throw invalid(key) }
            return date
        }

        func missing(_ key: String) -> SessionFileError {
            .corrupt(path: path, reason: "missing \(prefix)\(key)")
        }

        func invalid(_ key: String) -> SessionFileError {
            .corrupt(path: path, reason: "invalid value at \(prefix)\(key)")
        }

        private func wrongType(_ key: String) -> SessionFileError {
            .corrupt(path: path, reason: "wrong type at \(prefix)\(key)")
        }
    }

}
