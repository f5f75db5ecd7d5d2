package import SessionCore
import SessionSupport

/// What `status` prints, as text for a person or as one JSON object: the
/// session shown in full (the default, or the selected one), and a line for
/// each other session.
package struct StatusReport {
    let status: LoginStatus
    let storePath: String
    let showToken: Bool
    let language: Language
    let environmentToken: Bool
    /// Every session in the store, the shown one among them: the text
    /// reads only what each line shows of the others, the JSON decodes each.
    let sessions: SessionSet
    /// Whether the other sessions are listed in the text (not when one was selected).
    let listsOthers: Bool
    /// The session a selection names that is not in the store, when a watch shows its absence.
    let absent: SessionKey?

    /// A report of `status` for `storePath`; `environmentToken` when
    /// `SESSION_CLI_TOKEN` overrides the session for `token` and `api`.
    package init(
        status: LoginStatus, storePath: String, showToken: Bool, language: Language,
        environmentToken: Bool = false, sessions: SessionSet = SessionSet(), listsOthers: Bool = true,
        absent: SessionKey? = nil
    ) {
        self.status = status
        self.storePath = storePath
        self.showToken = showToken
        self.language = language
        self.environmentToken = environmentToken
        self.sessions = sessions
        self.listsOthers = listsOthers
        self.absent = absent
    }

    private var session: SessionSummary? { status.session }
    private var label: String { status.strategy.label(forLanguage: language.rawValue) }
    /// The token as shown: in full only when asked for and known (a stand-in
    /// for a token kept in the keyring shows as what it is, its first characters).
    private var token: String? {
        session.map { Self.fullToken(status, showToken: showToken) ?? $0.tokenPreview }
    }

    /// The token itself, when asked for and read with its secrets (the
    /// status of a session kept in the keyring read without them has none).
    private static func fullToken(_ status: LoginStatus, showToken: Bool) -> String? {
        guard showToken, let token = status.credential?.token, !token.isStandIn else { return nil }
        return token.value
    }

    /// Whole seconds from `date` until the session expires, rounded up: a
    /// session with 0.4 s left is "in 1 second", never "expired 0 seconds
    /// ago" while it is logged in.
    private static func secondsLeft(_ session: SessionSummary?, at date: Date) -> Int? {
        session?.expiresAt.map { secondsLeft(until: $0, at: date) }
    }

    private static func secondsLeft(until expiresAt: Date, at date: Date) -> Int {
        Int(expiresAt.timeIntervalSince(date).rounded(.up))
    }

    /// The screen: the phase, then one aligned line per known field, then the
    /// button, then the other sessions. Every value from the session file is
    /// escaped (``TerminalText``): the file may have been written by anyone.
    ///
    /// - Throws: ``SessionFileError`` when another session's line cannot be read from the file.
    package func text(style: Style) throws -> String {
        let words = StatusPhrases(language: language)
        var rows: [(String, String)] = []
        if let absent {
            rows.append(
                (
                    words(.statusSession),
                    Message(
                        .statusSelectedAbsent,
                        messages: [
                            "session": ErrorReport.describeAsked(
                                server: absent.origin, account: absent.account)
                        ]
                    ).text(in: language)
                ))
        }
        if let session {
            rows.append((words(.statusAccount), session.account ?? words(.statusAccountUnknown)))
            rows.append((words(.statusServer), session.server?.absoluteString ?? words(.statusServerNone)))
        }
        if let token { rows.append((words(.statusToken), token)) }
        if let session {
            rows.append((words(.statusSecrets), words.secretsLocation(session.secretsLocation)))
        }
        if let provider = session?.provider {
            let issuer = provider.issuer.absoluteString
            // A known provider by its name: "GitHub at https://github.com".
            let named = ProviderProfile.matching(provider.issuer).map {
                words(.statusProviderNamed, ("name", $0.displayName), ("issuer", issuer))
            }
            rows.append(
                (
                    words(.statusProvider),
                    words(
                        provider.clientKey != nil
                            ? .statusProviderKeyed
                            : provider.machine?.grant == .clientAssertion
                                ? .statusProviderFederated
                                : provider.isConfidential
                                    ? .statusProviderConfidential : .statusProviderValue,
                        ("issuer", named ?? issuer), ("client", provider.clientID))
                ))
        }
        if let scopes = session?.scopes, !scopes.isEmpty {
            rows.append((words(.statusScopes), scopes.joined(separator: " ")))
        }
        if let thumbprint = session?.dpopThumbprint {
            rows.append((words(.statusBoundToKey), words(.statusBoundToKeyValue, ("thumbprint", thumbprint))))
        }
        if let key = session?.provider?.clientKey { rows.append((words(.statusClientKey), key.path)) }
        if let machine = session?.provider?.machine {
            let grant: MessageKey =
                switch machine.grant {
                case .clientAssertion: .statusMachineClientAssertion
                case .jwtBearer: .statusMachineJWTBearer
                case .tokenExchange: .statusMachineTokenExchange
                }
            // Where the token comes from, never the token.
            let source = Message.assertionSource(machine.source).text(in: language)
            rows.append((words(.statusSignsIn), words(grant, ("source", source))))
        }
        if let caFile = session?.connection.caFile { rows.append((words(.statusCAFile), caFile)) }
        if let certificate = session?.connection.clientCertificate {
            rows.append((words(.statusClientCertificate), certificate.certificateFile))
        }
        if let session {
            let expiry = session.expiresAt.map { date in
                words(
                    status.refreshesOnUse ? .statusExpiryRefreshed : .statusExpiryValue,
                    (
                        "relative",
                        words.relative(seconds: Self.secondsLeft(session, at: status.checkedAt) ?? 0)
                    ),
                    ("date", Self.timestamp(date)))
            }
            rows.append((words(.statusExpires), expiry ?? words(.statusNever)))
        }
        rows.append((words(.statusStore), storePath))
        if environmentToken { rows.append((words(.statusOverride), words(.statusOverrideText))) }
        rows = rows.map { ($0.0, TerminalText.escaped($0.1)) }
        rows.append((words(.statusButton), style.paint(label, status.strategy.color)))
        let width = rows.map { TextLayout.columns($0.0) }.max() ?? 0
        var lines = [words.phase(status.phase)]
        lines += rows.map { TextLayout.padded("  " + $0.0 + ":", to: width + 5) + $0.1 }
        var text = lines.joined(separator: "\n")
        let shown = session?.key ?? absent
        let others = listsOthers ? sessions.indicesByUse.filter { sessions.entries[$0].key != shown } : []
        if !others.isEmpty {
            // One line a session, up to a thousand: appended to one string, not joined.
            let words = words.forLines()
            text += "\n" + words(.statusOtherSessions)
            for index in others {
                let other = sessions.entries[index]
                text += "\n  "
                text += TerminalText.escaped(words.describe(other.key))
                text += ": "
                append(other.summary, to: &text, words)
            }
        }
        return text
    }

    /// "expires in 3 hours", "expired, refreshed on next use", "expired 2 days ago", "no expiry",
    /// appended to `text`.
    private func append(_ session: SessionSet.Summary, to text: inout String, _ words: StatusPhrases) {
        guard let expiresAt = session.expiresAt else {
            text += words(.statusNoExpiry)
            return
        }
        let seconds = Self.secondsLeft(until: expiresAt, at: status.checkedAt)
        if seconds <= 0 && session.canRefresh {
            text += words(.statusRefreshable)
            return
        }
        words.appendOtherExpiry(seconds: seconds, to: &text)
    }

    /// One JSON object with a fixed set of keys (absent values are `null`):
    /// the shown session's, then `sessions`, one object per session with the
    /// same fields (never a secret) and `default`.
    ///
    /// - Throws: ``SessionFileError`` when a session cannot be read from the file.
    package func json() throws -> String {
        var object = Self.fields(status, showToken: showToken)
        object["tokenSource"] = .string(environmentToken ? "environment" : session.map { _ in "store" })
        object["store"] = .string(storePath)
        object["button"] = .object([
            "action": .string(status.strategy.action.rawValue), "label": .string(label),
            "color": .string(status.strategy.color.rawValue), "hex": .string(status.strategy.color.hex),
        ])
        object["sessions"] = .array(
            try sessions.byUse.map { entry in
                let listed = LoginUsecase.status(of: .loggedIn(try entry.credential()), at: status.checkedAt)
                var fields = Self.fields(listed, showToken: false)
                fields["token"] = nil
                fields["default"] = .bool(entry.key == sessions.defaultKey)
                return .object(fields)
            })
        return JSONOutput.object(object).text
    }

    /// The fields one session shows, the same for the shown one and each of `sessions`.
    private static func fields(_ status: LoginStatus, showToken: Bool) -> [String: JSONOutput] {
        let session = status.session
        let provider: JSONOutput =
            session?.provider.map {
                .object([
                    "issuer": .string($0.issuer.absoluteString), "clientID": .string($0.clientID),
                    "name": .string(ProviderProfile.matching($0.issuer)?.name),
                    "confidential": .bool($0.isConfidential),
                    "clientKey": $0.clientKey.map {
                        .object([
                            "path": .string($0.path), "keyID": .string($0.keyID),
                            "audience": .string($0.audience.rawValue),
                        ])
                    } ?? .null,
                    // As the session file keeps it: where the token comes from and the grant, never the token.
                    "machine": $0.machine.map(SessionFileFormat.fields) ?? .null,
                ])
            } ?? .null
        return [
            "state": .string(status.phase.rawValue), "account": .string(session?.account),
            "server": .string(session?.server?.absoluteString),
            "issuedAt": .string(session.map { timestamp($0.issuedAt) }),
            "expiresAt": .string(session?.expiresAt.map(timestamp)),
            "expiresInSeconds": secondsLeft(session, at: status.checkedAt).map { .integer($0) } ?? .null,
            "tokenRedacted": .string(session?.tokenPreview),
            "token": .string(fullToken(status, showToken: showToken)),
            "secrets": .string(session?.secretsLocation.rawValue), "provider": provider,
            "scopes": .array((session?.scopes ?? []).map { .string($0) }),
            "caFile": .string(session?.connection.caFile),
            "dpopThumbprint": .string(session?.dpopThumbprint),
            "clientCertificate": session?.connection.clientCertificate.map {
                .object(["certificate": .string($0.certificateFile), "key": .string($0.keyFile)])
            } ?? .null,
            "canRefresh": .bool(session?.canRefresh ?? false),
            "refreshesOnUse": .bool(status.refreshesOnUse),
        ]
    }

    static func timestamp(_ date: Date) -> String {
        ISO8601.string(from: date)
    }
}
