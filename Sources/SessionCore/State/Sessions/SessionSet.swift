package import SessionSupport

/// The sessions of a store and which one is the default, as one value: the
/// rules of many sessions in one place, for both stores.
///
/// - One session per ``SessionKey``; a save with the key of a session that
///   is there replaces it.
/// - Exactly one default while there are sessions.
/// - At most ``SessionLimits/sessionCount`` sessions.
/// - When the default goes, the most recently used of the others is the
///   default: the sessions are kept in the order they were last used (a
///   login, a switch, a refresh), so two uses within one second of
///   ``StoredSession/usedAt`` still have an order.
package struct SessionSet: Sendable, Equatable {
    /// One session and when it was last used.
    package struct Entry: Sendable, Equatable {
        package var credential: Credential
        package var usedAt: Date
        package var key: SessionKey { credential.key }

        package init(credential: Credential, usedAt: Date) {
            self.credential = credential
            self.usedAt = usedAt.wholeSeconds
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

    /// The session `selector` stands for, as a login state.
    package func state(_ selector: Selector) -> LoginState {
        guard let key = key(selector), let entry = entries.first(where: { $0.key == key }) else {
            return .loggedOut
        }
        return .loggedIn(entry.credential)
    }

    /// Every session as the public API lists them: the default first, then
    /// the most recently used.
    package var stored: [StoredSession] {
        let byUse = entries.reversed()
        return (byUse.filter { $0.key == defaultKey } + byUse.filter { $0.key != defaultKey }).map {
            StoredSession(credential: $0.credential, isDefault: $0.key == defaultKey, usedAt: $0.usedAt)
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
    package mutating func remove(_ selector: Selector) -> Credential? {
        guard let key = key(selector), let index = entries.firstIndex(where: { $0.key == key }) else {
            return nil
        }
        let removed = entries.remove(at: index)
        if defaultKey == key { defaultKey = entries.last?.key }
        return removed.credential
    }

    /// Removes every session, and returns them.
    package mutating func removeAll() -> [Credential] {
        defer { (entries, defaultKey) = ([], nil) }
        return entries.map(\.credential)
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
