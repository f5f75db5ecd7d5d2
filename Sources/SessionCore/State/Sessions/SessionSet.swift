package import SessionSupport

/// The sessions of a store and which one is the default, as one value: the
/// rules of many sessions in one place, for both stores.
///
/// - One session per ``SessionKey``; a login with the key of a session that
///   is there replaces it.
/// - Exactly one default while there are sessions.
/// - At most ``SessionLimits/sessionCount`` sessions.
/// - When the default goes, the most recently used of the others is the
///   default: the sessions are kept in the order they were last used (a
///   login, a switch, a refresh), so two uses within one second of
///   ``StoredSession/usedAt`` still have an order.
///
/// A session read from a file stays in the file's bytes until it is used:
/// a command works with one session of up to a thousand, and decoding the
/// others would cost every start (``Entry/credential()``).
package struct SessionSet: Sendable, Equatable {
    /// One session and when it was last used.
    package struct Entry: Sendable, Equatable {
        package let key: SessionKey
        package var usedAt: Date
        /// The credential: decoded, or still the bytes of a file.
        package let stored: Stored

        /// A session's credential, decoded or still as a file holds it.
        package enum Stored: Sendable, Equatable {
            case credential(Credential)
            case file(SessionFileFormat.SessionLine)
        }

        /// A session held as a credential.
        package init(credential: Credential, usedAt: Date) {
            key = credential.key
            self.usedAt = usedAt.wholeSeconds
            stored = .credential(credential)
        }

        /// A session as a file holds it: its key, and its line, decoded when used.
        package init(key: SessionKey, usedAt: Date, line: SessionFileFormat.SessionLine) {
            self.key = key
            self.usedAt = usedAt.wholeSeconds
            stored = .file(line)
        }

        /// The credential.
        ///
        /// - Throws: ``SessionFileError`` when the file's bytes are not a
        ///   valid credential, or not the one its line says.
        package func credential() throws -> Credential {
            switch stored {
            case .credential(let credential): return credential
            case .file(let line):
                let credential = try line.credential()
                guard credential.key == key else {
                    throw SessionFileError.corrupt(
                        path: line.path,
                        reason: "the session of \(key) holds the credential of \(credential.key)")
                }
                guard Summary(credential) == line.summary else {
                    throw SessionFileError.corrupt(
                        path: line.path, reason: "the line of \(key) does not say what its credential does")
                }
                return credential
            }
        }

        /// The credential when it is held decoded: always in a store kept in memory.
        package var decoded: Credential? {
            guard case .credential(let credential) = stored else { return nil }
            return credential
        }

        /// What a list of sessions shows, read from the file's line without decoding the credential.
        package var summary: Summary {
            switch stored {
            case .credential(let credential): Summary(credential)
            case .file(let line): line.summary
            }
        }
    }

    /// What a list of sessions shows of each: when its access token
    /// expires, and whether it can refresh it.
    package struct Summary: Sendable, Equatable {
        package let expiresAt: Date?
        package let canRefresh: Bool

        package init(expiresAt: Date?, canRefresh: Bool) {
            self.expiresAt = expiresAt
            self.canRefresh = canRefresh
        }

        /// What `credential` shows, its expiry at the whole second the file keeps.
        package init(_ credential: Credential) {
            expiresAt = credential.expiresAt?.wholeSeconds
            canRefresh = credential.canRefresh
        }

        /// Whether its access token has expired at `date` (``Credential/isExpired(at:)``).
        package func isExpired(at date: Date) -> Bool {
            expiresAt.map { date >= $0 } ?? false
        }
    }

    /// Which session a view of the store shows.
    package enum Selector: Sendable, Hashable {
        /// The default session.
        case defaultSession
        /// The session with this key.
        case key(SessionKey)
    }

    /// The sessions, from the least to the most recently used.
    package private(set) var entries: [Entry]
    /// The default session's key; `nil` only when there are no sessions.
    package private(set) var defaultKey: SessionKey?

    /// No sessions.
    package init() {
        entries = []
        defaultKey = nil
    }

    /// Sessions read from a file, already checked: keys unique, the default
    /// one of them (and present when any session is).
    package init(checked entries: [Entry], defaultKey: SessionKey?) {
        self.entries = entries
        self.defaultKey = defaultKey
    }

    /// The key `selector` stands for now.
    package func key(_ selector: Selector) -> SessionKey? {
        switch selector {
        case .defaultSession: defaultKey
        case .key(let key): key
        }
    }

    /// The entry `selector` stands for, if there is one.
    package func entry(_ selector: Selector) -> Entry? {
        guard let key = key(selector) else { return nil }
        return entries.last { $0.key == key }
    }

    /// The session `selector` stands for, as a login state.
    ///
    /// - Throws: ``SessionFileError`` when its bytes in the file are not a valid session.
    package func state(_ selector: Selector) throws -> LoginState {
        try entry(selector).map { .loggedIn(try $0.credential()) } ?? .loggedOut
    }

    /// The entries as a list shows them: the default first, then the others
    /// from the most recently used.
    package var byUse: [Entry] { indicesByUse.map { entries[$0] } }

    /// The indices of ``entries`` in the order of ``byUse``.
    package var indicesByUse: [Int] {
        let first = defaultKey.flatMap { key in entries.lastIndex { $0.key == key } }
        var order = first.map { [$0] } ?? []
        order.reserveCapacity(entries.count)
        for index in entries.indices.reversed() where index != first { order.append(index) }
        return order
    }

    /// Every session as the public API lists them, each decoded.
    package func stored() throws -> [StoredSession] {
        try byUse.map {
            StoredSession(credential: try $0.credential(), isDefault: $0.key == defaultKey, usedAt: $0.usedAt)
        }
    }

    /// A login: replaces the session with `credential`'s key, or adds one,
    /// and makes it the default.
    ///
    /// - Throws: ``LoginStateStoreError/tooManySessions(limit:)``.
    package mutating func login(_ credential: Credential, at date: Date) throws {
        try put(credential, at: date)
        defaultKey = credential.key
    }

    /// An edit of the session `selector` stands for (a refresh, a read-modify-write):
    /// `credential` takes its place, moving it when the key changed, and the
    /// default stays where it was (the first session of an empty set is the default).
    ///
    /// - Throws: ``LoginStateStoreError/tooManySessions(limit:)``.
    package mutating func replace(_ selector: Selector, with credential: Credential, at date: Date) throws {
        let key = credential.key
        if let viewed = self.key(selector), viewed != key,
            let index = entries.firstIndex(where: { $0.key == viewed })
        {
            entries.remove(at: index)
            if defaultKey == viewed { defaultKey = key }
        }
        try put(credential, at: date)
        if defaultKey == nil || !entries.contains(where: { $0.key == defaultKey }) { defaultKey = key }
    }

    /// `credential` under its key, replacing the session there or added,
    /// as the most recently used.
    private mutating func put(_ credential: Credential, at date: Date) throws {
        let entry = Entry(credential: credential, usedAt: date)
        if let index = entries.firstIndex(where: { $0.key == entry.key }) {
            entries.remove(at: index)
        } else if entries.count >= SessionLimits.sessionCount {
            throw LoginStateStoreError.tooManySessions(limit: SessionLimits.sessionCount)
        }
        entries.append(entry)
    }

    /// Removes the session `selector` stands for, and returns it; the most
    /// recently used of the others becomes the default when it was.
    @discardableResult
    package mutating func remove(_ selector: Selector) -> Entry? {
        guard let key = key(selector), let index = entries.firstIndex(where: { $0.key == key }) else {
            return nil
        }
        let removed = entries.remove(at: index)
        if defaultKey == key { defaultKey = entries.last?.key }
        return removed
    }

    /// Passes each session held as a credential that keeps its secrets in
    /// the keyring, and holds them, through `keep`, which puts them there:
    /// what the file is to hold. Returns the keys of those it kept.
    package mutating func keepSecrets(_ keep: (Credential) throws -> Credential) throws -> [SessionKey] {
        var kept: [SessionKey] = []
        for (index, entry) in entries.enumerated() {
            guard let credential = entry.decoded, credential.secretsLocation == .keyring,
                !credential.holdsStandIns
            else { continue }
            entries[index] = Entry(credential: try keep(credential), usedAt: entry.usedAt)
            kept.append(entry.key)
        }
        return kept
    }

    /// Removes every session, and returns them.
    package mutating func removeAll() -> [Entry] {
        defer { (entries, defaultKey) = ([], nil) }
        return entries
    }

    /// Makes the session with `key` the default, and counts it as used now.
    ///
    /// - Throws: ``LoginStateStoreError/noSuchSession(_:)``.
    package mutating func makeDefault(_ key: SessionKey, at date: Date) throws {
        guard let index = entries.firstIndex(where: { $0.key == key }) else {
            throw LoginStateStoreError.noSuchSession(key)
        }
        var entry = entries.remove(at: index)
        entry.usedAt = date.wholeSeconds
        entries.append(entry)
        defaultKey = key
    }
}
