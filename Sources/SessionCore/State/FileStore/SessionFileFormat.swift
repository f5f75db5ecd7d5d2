package import SessionSupport

/// The bytes of a session file: every session and which is the default,
/// dates in ISO 8601 at whole seconds, one session a line.
///
/// ```json
/// {"version":3,
/// "default":{"account":"alice","server":"https://api.example.com"},
/// "sessions":[
/// {"account":"alice","server":"https://api.example.com","usedAt":"2026-11-24T09:00:00Z","expiresAt":"2026-11-24T10:00:00Z","refreshable":true,"credential":{"token":"…",…}}
/// ]}
/// ```
///
/// The version is read first, so a file from a newer format is refused as
/// such rather than as corrupt. Versions 1 and 2 (one session, `{"version":
/// 2, "credential": {...}}`) still load as they are, as one default
/// session; the next write makes the file version 3.
///
/// A session's line starts with what finds it and what a list of sessions
/// shows: its key, when it was used, when its token expires and whether it
/// can refresh. A reader finds the session it wants, checks that the keys
/// differ and lists them all without decoding a credential: a command uses
/// one session of up to a thousand. The others are checked to be
/// well-formed JSON, stay bytes (``SessionLine``) and are written back as
/// they were read. A credential is checked against its line when it is
/// decoded.
package enum SessionFileFormat {
    package static let version = 3
    /// The oldest version still read.
    static let oldestVersion = 1

    /// The file's bytes for `sessions`: compact JSON, a line for the
    /// header and each session, dates in ISO 8601 at whole seconds,
    /// written by the same rules it is read by.
    ///
    /// - Throws: ``SessionFileError`` when a session kept from the file
    ///   has a line that cannot be read (what it shows cannot be written).
    package static func encode(_ sessions: SessionSet) throws -> Data {
        var bytes: [UInt8] = []
        bytes += "{\"version\":\(version),\n\"default\":".utf8
        bytes += (sessions.defaultKey.map(key) ?? .null).text.utf8
        bytes += ",\n\"sessions\":[".utf8
        for (index, entry) in sessions.entries.enumerated() {
            bytes += (index == 0 ? "\n" : ",\n").utf8
            // The key, when it was used and what a list shows; then the credential.
            let summary = entry.summary
            bytes += key(entry.key).text.utf8.dropLast()
            bytes += ",\"usedAt\":\"\(ISO8601.string(from: entry.usedAt))\",\"expiresAt\":".utf8
            bytes += JSONOutput.string(summary.expiresAt.map(ISO8601.string(from:))).text.utf8
            bytes += ",\"refreshable\":\(summary.canRefresh),\"credential\":".utf8
            switch entry.stored {
            case .credential(let credential): bytes += try fields(credential).text.utf8
            case .file(let line): bytes += try line.checkedCredentialBytes()
            }
            bytes += "}".utf8
        }
        bytes += "\n]}\n".utf8
        return Data(bytes)
    }

    private static func key(_ key: SessionKey) -> JSONOutput {
        .object(["server": .string(key.origin), "account": .string(key.account)])
    }

    /// A credential's members. Its secrets are written where it keeps them:
    /// here, or (``SecretsLocation/keyring``) only what a status shows of
    /// them and the generation of the keyring's items that hold them.
    ///
    /// - Throws: ``KeyringError/failed(reason:)`` for a credential that is
    ///   to keep its secrets in the keyring but holds them (they were not
    ///   kept there first), or the other way round: never plain text instead.
    private static func fields(_ credential: Credential) throws -> JSONOutput {
        func date(_ date: Date?) -> JSONOutput { .string(date.map(ISO8601.string(from:))) }
        var fields: [String: JSONOutput] = [
            "issuedAt": date(credential.issuedAt), "scopes": .array(credential.scopes.map { .string($0) }),
            "refreshedAt": .array(credential.refreshedAt.map { date($0) }),
        ]
        fields["account"] = credential.account.map { .string($0) }
        fields["server"] = credential.server.map { .string($0.absoluteString) }
        fields["expiresAt"] = credential.expiresAt.map { date($0) }
        fields["tokenIssuedAt"] = credential.tokenIssuedAt.map { date($0) }
        let generation = credential.keyringGeneration
        switch credential.secretsLocation {
        case .file:
            guard !credential.holdsStandIns else {
                throw KeyringError.failed(
                    reason: "the secrets of \(credential.key) were not read from the keyring")
            }
            fields["token"] = .string(credential.token.value)
            fields["refreshToken"] = credential.refreshToken.map { .string($0.value) }
            fields["idToken"] = credential.idToken.map { .string($0.value) }
            fields["dpopKey"] = credential.dpopKey.map { .string($0.value) }
        case .keyring:
            guard let generation, credential.secrets.allSatisfy({ $0.value.keyringGeneration == generation })
            else {
                throw KeyringError.failed(
                    reason: "the secrets of \(credential.key) were not kept in the keyring")
            }
            var secrets: [String: JSONOutput] = [
                "in": .string(SecretsLocation.keyring.rawValue), "generation": .string(generation),
                "token": .string(credential.token.value),
            ]
            for secret in credential.secrets.dropFirst() { secrets[secretMember(secret.kind)] = .bool(true) }
            fields["secrets"] = .object(secrets)
        }
        fields["provider"] = credential.provider.map {
            Self.fields($0, withSecret: credential.secretsLocation == .file)
        }
        if credential.connection.isKeptWithSession {
            fields["connection"] = Self.fields(credential.connection)
        }
        fields["dpopThumbprint"] = credential.dpopThumbprint.map { .string($0) }
        return .object(fields)
    }

    /// What a session keeps of its connection: paths, never a key.
    private static func fields(_ connection: ConnectionSettings) -> JSONOutput {
        var fields: [String: JSONOutput] = [:]
        fields["caFile"] = connection.caFile.map { .string($0) }
        if let certificate = connection.clientCertificate {
            fields["clientCertificate"] = .string(certificate.certificateFile)
            fields["clientKey"] = .string(certificate.keyFile)
        }
        return .object(fields)
    }

    /// The member of a credential (in the file) or of its `secrets` (in the keyring) a secret is.
    private static func secretMember(_ kind: SecretKind) -> String {
        switch kind {
        case .accessToken: "token"
        case .refreshToken: "refreshToken"
        case .idToken: "idToken"
        case .clientSecret: "clientSecret"
        case .dpopKey: "dpopKey"
        }
    }

    private static func fields(_ provider: OAuthProvider, withSecret: Bool) -> JSONOutput {
        var fields: [String: JSONOutput] = [
            "issuer": .string(provider.issuer.absoluteString), "clientID": .string(provider.clientID),
            "tokenEndpoint": .string(provider.tokenEndpoint.absoluteString),
        ]
        fields["revocationEndpoint"] = provider.revocationEndpoint.map { .string($0.absoluteString) }
        fields["idTokenIssuer"] = provider.idTokenIssuer.map { .string($0) }
        if withSecret { fields["clientSecret"] = provider.clientSecret.map { .string($0.value) } }
        fields["clientAuthentication"] = provider.clientAuthentication.map { .string($0.rawValue) }
        if provider.usesClientCredentials { fields["clientCredentials"] = .bool(true) }
        fields["clientKey"] = provider.clientKey.map { key in
            var fields: [String: JSONOutput] = ["path": .string(key.path)]
            fields["keyID"] = key.keyID.map { .string($0) }
            if key.audience != .endpoint { fields["audience"] = .string(key.audience.rawValue) }
            return .object(fields)
        }
        fields["redirect"] = provider.redirect.map { redirect in
            .object([
                "host": .string(redirect.host.rawValue), "path": .string(redirect.path),
                "port": redirect.port.map { .integer($0) } ?? .null,
            ])
        }
        fields["machine"] = provider.machine.map(Self.fields)
        return .object(fields)
    }

    /// Reads a session file: the version first, then for version 3 the
    /// rules of many sessions (one per key, one default that names one of
    /// them, at most ``SessionLimits/sessionCount``), each session's key
    /// and when it was used; its credential when it is used
    /// (``SessionLine/credential()``), with every check `Credential`'s
    /// `Decodable` conformance makes.
    ///
    /// Read by its lines when it is laid out as ``encode(_:)`` writes it
    /// (``sessionsByLine(_:path:)``), else with ``JSONSkim`` in one pass;
    /// never with `JSONDecoder`, whose first use dominated the command-line
    /// tool's start-up.
    package static func decode(_ data: Data, path: String) throws -> SessionSet {
        try decode([UInt8](data), path: path)
    }

    /// ``decode(_:path:)`` of the bytes as read; `byLine: false` skips the
    /// line reader (``sessionsByLine(_:path:)``), so a test or the fuzz
    /// target can check that both read a file alike.
    package static func decode(_ bytes: [UInt8], path: String, byLine: Bool = true) throws -> SessionSet {
        guard !bytes.isEmpty else { throw SessionFileError.empty(path: path) }
        if byLine, let sessions = try sessionsByLine(bytes, path: path) { return sessions }
        // The top object (1), the list (2) and each session (3) are mapped;
        // a session's credential is checked and left as bytes until it is used.
        let top = try Fields(skimming: bytes, depth: 3, at: .top, path: path)
        guard let found = try top.integer("version") else {
            throw SessionFileError.corrupt(path: path, reason: "missing version")
        }
        guard (oldestVersion...version).contains(found) else {
            if found > version { throw SessionFileError.unsupportedVersion(path: path, version: found) }
            throw SessionFileError.corrupt(path: path, reason: "unknown format version \(found)")
        }
        guard found == version else {
            // Versions 1 and 2: one session, the default, used when its token was issued.
            let credential = try credential(
                try top.object("credential") ?? { throw top.missing("credential") }())
            return SessionSet(
                checked: [
                    SessionSet.Entry(
                        credential: credential, usedAt: credential.tokenIssuedAt ?? credential.issuedAt)
                ],
                defaultKey: credential.key)
        }
        let lines = try (top.sessions() ?? { throw top.missing("sessions") }()).enumerated().map {
            number, item in
            guard let credential = item.member("credential") else { throw item.missing("credential") }
            guard credential.kind == .object else { throw item.wrongType("credential") }
            return SessionLine(
                key: try key(item), usedAt: try item.date("usedAt") ?? { throw item.missing("usedAt") }(),
                summary: SessionSet.Summary(
                    expiresAt: try item.date("expiresAt"),
                    canRefresh: try item.bool("refreshable") ?? { throw item.missing("refreshable") }()),
                credential: credential.bytes, checked: true, number: number, path: path)
        }
        return try assemble(lines, defaultKey: try top.object("default").map(key), path: path)
    }

    /// The set the lines make, by the rules of many sessions: at most
    /// ``SessionLimits/sessionCount``, one per key, one default that names
    /// one of them.
    static func assemble(_ lines: [SessionLine], defaultKey: SessionKey?, path: String) throws -> SessionSet {
        guard lines.count <= SessionLimits.sessionCount else {
            throw SessionFileError.corrupt(
                path: path, reason: "more than \(SessionLimits.sessionCount) sessions")
        }
        var entries: [SessionSet.Entry] = []
        entries.reserveCapacity(lines.count)
        var keys = Set<SessionKey>(minimumCapacity: lines.count)
        for line in lines {
            let entry = SessionSet.Entry(key: line.key, usedAt: line.usedAt, line: line)
            guard keys.insert(entry.key).inserted else {
                throw SessionFileError.corrupt(path: path, reason: "two sessions for \(entry.key)")
            }
            entries.append(entry)
        }
        switch (defaultKey, entries.isEmpty) {
        case (nil, false): throw SessionFileError.corrupt(path: path, reason: "no default session")
        case (let key?, _) where !keys.contains(key):
            throw SessionFileError.corrupt(path: path, reason: "the default names no session")
        default: return SessionSet(checked: entries, defaultKey: defaultKey)
        }
    }

    /// A key as the file writes it, in a session or as the default: the
    /// origin as text, already in its normal form, and the account.
    private static func key(_ fields: Fields) throws -> SessionKey {
        SessionKey(origin: try fields.string("server"), account: try fields.string("account"))
    }

    /// A session's credential, read field by field. One that keeps its
    /// secrets in the keyring holds stand-ins for them
    /// (``AuthToken/isStandIn``), named by their generation.
    static func credential(_ fields: Fields) throws -> Credential {
        let credential = try credentialWithSecrets(fields)
        // A DPoP key and its thumbprint go together.
        guard (credential.dpopKey == nil) == (credential.dpopThumbprint == nil) else {
            throw credential.dpopKey == nil ? fields.missing("dpopKey") : fields.missing("dpopThumbprint")
        }
        return credential
    }

    /// ``credential(_:)`` before the checks across its members.
    private static func credentialWithSecrets(_ fields: Fields) throws -> Credential {
        guard let secrets = try fields.object("secrets") else {
            return try credential(fields, token: fields.token("token") ?? { throw fields.missing("token") }())
        }
        guard try secrets.string("in") == SecretsLocation.keyring.rawValue else {
            throw secrets.invalid("in")
        }
        guard let generation = try secrets.string("generation"), isGeneration(generation) else {
            throw secrets.invalid("generation")
        }
        guard let shown = try secrets.string("token"), isRedacted(shown) else {
            throw secrets.invalid("token")
        }
        // Only the keyring holds them: a file that has one as well is not one this tool wrote.
        for kind in SecretKind.allCases where fields.member(secretMember(kind)) != nil {
            throw SessionFileError.corrupt(
                path: fields.path,
                reason: "\(fields.prefix)\(secretMember(kind)) is given with secrets in the keyring")
        }
        if try fields.object("provider")?.member("clientSecret") != nil {
            throw SessionFileError.corrupt(
                path: fields.path,
                reason: "\(fields.prefix)provider.clientSecret is given with secrets in the keyring")
        }
        let standIn = { (kind: SecretKind) throws -> AuthToken? in
            let present = try kind == .accessToken || secrets.bool(secretMember(kind)) ?? false
            guard present else { return nil }
            return AuthToken(
                standingInFor: kind == .accessToken ? shown : AuthToken.mask, keyringGeneration: generation)
        }
        let token = AuthToken(standingInFor: shown, keyringGeneration: generation)
        var credential = try credential(fields, token: token)
        credential.secretsLocation = .keyring
        credential.refreshToken = try standIn(.refreshToken)
        credential.idToken = try standIn(.idToken)
        credential.dpopKey = try standIn(.dpopKey)
        if let clientSecret = try standIn(.clientSecret) {
            guard credential.provider != nil else { throw secrets.invalid("clientSecret") }
            credential.provider?.clientSecret = clientSecret
        }
        return credential
    }

    /// A credential's members but its secrets, with `token`.
    private static func credential(_ fields: Fields, token: AuthToken) throws -> Credential {
        var decoded = Credential(
            token: token,
            refreshToken: try fields.token("refreshToken"),
            account: try fields.string("account"),
            server: try fields.url("server"),
            issuedAt: try fields.date("issuedAt") ?? { throw fields.missing("issuedAt") }(),
            expiresAt: try fields.date("expiresAt"),
            scopes: try fields.strings("scopes") ?? [],
            provider: try fields.object("provider").map(provider))
        decoded.refreshedAt = try fields.dates("refreshedAt") ?? []
        decoded.tokenIssuedAt = try fields.date("tokenIssuedAt")
        decoded.idToken = try fields.token("idToken")
        decoded.dpopKey = try fields.token("dpopKey")
        decoded.dpopThumbprint = try fields.string("dpopThumbprint")
        // A thumbprint is 43 characters of base64url (SHA-256), and goes with a key.
        if let thumbprint = decoded.dpopThumbprint {
            guard thumbprint.utf8.count == 43, Base64.decode(Array(thumbprint.utf8), .url)?.count == 32 else {
                throw fields.invalid("dpopThumbprint")
            }
        }
        if let connection = try fields.object("connection") {
            decoded.connection = try Self.connection(connection)
        }
        return decoded
    }

    /// A session's connection: absolute paths of a CA file, and of a client
    /// certificate with its key (both or neither).
    private static func connection(_ fields: Fields) throws -> ConnectionSettings {
        func path(_ name: String) throws -> String? {
            guard let path = try fields.string(name) else { return nil }
            guard path.hasPrefix("/"), !path.utf8.contains(0) else { throw fields.invalid(name) }
            return path
        }
        var connection = ConnectionSettings(caFile: try path("caFile"))
        switch (try path("clientCertificate"), try path("clientKey")) {
        case (nil, nil): break
        case (let certificate?, let key?):
            connection.clientCertificate = ClientCertificate(certificateFile: certificate, keyFile: key)
        case (nil, _): throw fields.missing("clientCertificate")
        case (_, nil): throw fields.missing("clientKey")
        }
        return connection
    }

    /// A generation as ``KeyringSecretStore`` names them: 1 to 32 of `0-9a-z`.
    private static func isGeneration(_ text: String) -> Bool {
        (1...32).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) }
    }

    /// What ``AuthToken/redacted`` shows: the mask, after up to four visible characters.
    private static func isRedacted(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return text.hasSuffix(AuthToken.mask) && bytes.count <= AuthToken.mask.utf8.count + 4
            && bytes.allSatisfy { (0x21...0x7E).contains($0) }
    }

    private static func provider(_ fields: Fields) throws -> OAuthProvider {
        var provider = OAuthProvider(
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
            },
            usesClientCredentials: try fields.bool("clientCredentials") ?? false,
            clientKey: try fields.object("clientKey").map { key in
                guard let path = try key.string("path") else { throw key.missing("path") }
                guard path.hasPrefix("/"), !path.utf8.contains(0) else { throw key.invalid("path") }
                let audience = try key.string("audience").map { text in
                    guard let audience = ClientKey.Audience(rawValue: text) else {
                        throw key.invalid("audience")
                    }
                    return audience
                }
                return ClientKey(path: path, keyID: try key.string("keyID"), audience: audience ?? .endpoint)
            },
            idTokenIssuer: try fields.string("idTokenIssuer"))
        provider.machine = try fields.object("machine").map(machine)
        return provider
    }

    /// The members of one object of a skimmed file, each read when asked
    /// for, with errors that name where they are.
    struct Fields: Sendable {
        let value: JSONSkim.Value
        /// Where the object is, spelled out only for an error.
        let place: Place
        let path: String

        /// Where an object is in the file, for errors: which session, and
        /// the members down from it. Made without allocating for a
        /// session and its credential, so a file of many sessions costs
        /// no text until something is wrong.
        struct Place: Sendable {
            /// The session's index in `sessions`, when the object is in one.
            var session: Int?
            /// The members down to the object, each followed by a dot: `credential.provider.`.
            var members = ""

            static let top = Place()

            func member(_ name: String) -> Place { Place(session: session, members: members + name + ".") }

            /// `sessions[3].credential.`, or nothing at the top.
            var prefix: String { (session.map { "sessions[\($0)]." } ?? "") + members }
        }

        /// `sessions[3].credential.`: where errors say a field is.
        var prefix: String { place.prefix }

        /// The fields of the object `bytes` holds, mapped `depth` levels down.
        init(skimming bytes: [UInt8], depth: Int, at place: Place, path: String) throws {
            let document: JSONSkim
            do {
                document = try JSONSkim(bytes, depth: depth)
            } catch {
                throw Self.corrupt(error, at: place, path: path)
            }
            try self.init(document.root, at: place, path: path)
        }

        /// The fields of an object of the file, mapped now (`depth` levels
        /// down) when the file's skim left it whole.
        init(_ value: JSONSkim.Value, at place: Place, path: String, depth: Int = .max) throws {
            let value = try Self.mapped(value, depth: depth, at: place, path: path)
            guard value.kind == .object else {
                let prefix = place.prefix
                throw SessionFileError.corrupt(
                    path: path,
                    reason: "wrong type at \(prefix.isEmpty ? "the top level" : String(prefix.dropLast()))")
            }
            self.value = value
            self.place = place
            self.path = path
        }

        private static func corrupt(_ error: JSONValue.SyntaxError, at place: Place = .top, path: String)
            -> SessionFileError
        {
            let within = place.prefix.isEmpty ? "" : " in \(place.prefix.dropLast())"
            return .corrupt(
                path: path,
                reason: error.duplicateName.map { "\"\($0)\" is given twice\(within)" }
                    ?? "not valid JSON\(within)")
        }

        private static func mapped(_ value: JSONSkim.Value, depth: Int, at place: Place, path: String) throws
            -> JSONSkim.Value
        {
            do {
                return try value.mapped(depth: depth)
            } catch {
                throw corrupt(error, at: place, path: path)
            }
        }

        /// The member's value; `nil` when it is absent or null.
        func member(_ key: String) -> JSONSkim.Value? {
            guard let member = value.member(key), !member.isNull else { return nil }
            return member
        }

        /// A `true` or `false` member; `nil` when it is absent or null.
        func bool(_ key: String) throws -> Bool? {
            guard let value = member(key) else { return nil }
            switch value.bytes.first {
            case UInt8(ascii: "t") where value.kind == .scalar: return true
            case UInt8(ascii: "f") where value.kind == .scalar: return false
            default: throw wrongType(key)
            }
        }

        /// A string member; `nil` when it is absent or null.
        func string(_ key: String) throws -> String? {
            guard let value = member(key) else { return nil }
            return try text(value, key)
        }

        private func text(_ value: JSONSkim.Value, _ key: String) throws -> String {
            let text: String?
            do {
                text = try value.string()
            } catch {
                throw invalid(key)
            }
            guard let text else { throw wrongType(key) }
            return text
        }

        /// An array of strings; `nil` when it is absent or null.
        func strings(_ key: String) throws -> [String]? {
            guard let value = member(key) else { return nil }
            guard let items = try Self.mapped(value, depth: .max, at: place.member(key), path: path).elements
            else { throw wrongType(key) }
            return try items.map { try text($0, key) }
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
            guard let value = member(key) else { return nil }
            return try Fields(value, at: place.member(key), path: path)
        }

        /// The top object's list of sessions, each one's fields; `nil` when it is absent or null.
        func sessions() throws -> [Fields]? {
            guard let value = member("sessions") else { return nil }
            guard
                let items = try Self.mapped(value, depth: .max, at: place.member("sessions"), path: path)
                    .elements
            else {
                throw wrongType("sessions")
            }
            return try items.enumerated().map { index, item in
                try Fields(item, at: Place(session: index), path: path)
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
            guard let value = member(key) else { return nil }
            guard value.kind == .scalar, case .number(let number)? = try? JSONValue.parse(value.bytes),
                let integer = Int(exactly: number)
            else { throw wrongType(key) }
            return integer
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
            // Read in place when it is plain, as a session file's dates are.
            if let value = member(key), let plain = value.withPlainText(ISO8601.date(from:)) {
                guard let date = plain else { throw invalid(key) }
                return date
            }
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

        func wrongType(_ key: String) -> SessionFileError {
            .corrupt(path: path, reason: "wrong type at \(prefix)\(key)")
        }
    }
}
