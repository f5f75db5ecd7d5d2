import SessionSupport
package import SessionSystem

/// The freedesktop Secret Service API (org.freedesktop.Secret, version 0.2)
/// over a ``DBusConnection``: what a session's secrets need of it, and no
/// more. Items live in the default collection (`/org/freedesktop/secrets/aliases/default`),
/// found and replaced by their full set of attributes; secrets travel with
/// the `plain` algorithm, over the local bus.
///
/// ```swift
/// let keyring = try SecretService.connect()
/// try keyring.store(secret, label: "session-cli: alice (access token)", attributes: attributes)
/// let value = try keyring.secret(matching: attributes)
/// ```
package final class SecretService {
    private let bus: DBusConnection
    private let session: String
    private let onPrompt: () -> Void
    private let interrupts: (any InterruptSource)?

    private static let service = "org.freedesktop.secrets"
    private static let collection = "/org/freedesktop/secrets/aliases/default"

    /// Connects to the session bus and opens a `plain` session.
    ///
    /// - Parameters:
    ///   - address: `DBUS_SESSION_BUS_ADDRESS`; else `$XDG_RUNTIME_DIR/bus` when it exists.
    ///   - onPrompt: Called when the keyring must be unlocked at a prompt,
    ///     before the wait (at most ``SessionLimits/keyringUnlockWait``).
    ///   - interrupts: The program's Ctrl-C, which during that wait
    ///     dismisses the prompt and ends it with ``KeyringError/cancelled``
    ///     (a command-line tool's); `nil`: the wait ends only by itself.
    /// - Throws: ``KeyringError``.
    package static func connect(
        address: String? = ProcessEnvironment.value(.sessionBus),
        runtimeDirectory: String? = ProcessEnvironment.value(.runtimeDirectory),
        onPrompt: @escaping () -> Void = {}, interrupts: (any InterruptSource)? = nil
    ) throws(KeyringError) -> SecretService {
        guard let address = DBusConnection.sessionBus(address: address, runtimeDirectory: runtimeDirectory)
        else {
            throw .noSessionBus(
                reason: "DBUS_SESSION_BUS_ADDRESS is not set, and there is no $XDG_RUNTIME_DIR/bus")
        }
        let bus: DBusConnection
        do {
            bus = try DBusConnection(address: address, deadline: deadline())
        } catch {
            switch error {
            case .timedOut: throw .timedOut
            case .noAddress(let reason), .cannotConnect(let reason), .authentication(let reason):
                throw .noSessionBus(reason: reason)
            default: throw Self.keyringError(error)
            }
        }
        do {
            let reply = try bus.call(
                .call(
                    destination: service, path: "/org/freedesktop/secrets",
                    interface: "org.freedesktop.Secret.Service",
                    member: "OpenSession", body: [.string("plain"), .variant(.string(""))]),
                deadline: deadline())
            guard reply.body.count == 2, let session = reply.body[1].stringValue else {
                throw KeyringError.failed(reason: "OpenSession answered without a session")
            }
            return SecretService(
                bus: bus, session: session, onPrompt: onPrompt, interrupts: interrupts)
        } catch let error as DBusConnection.Failure {
            throw Self.keyringError(error)
        } catch let error as KeyringError {
            throw error
        } catch {
            throw .failed(reason: "\(error)")
        }
    }

    private init(
        bus: DBusConnection, session: String, onPrompt: @escaping () -> Void,
        interrupts: (any InterruptSource)?
    ) {
        self.bus = bus
        self.session = session
        self.onPrompt = onPrompt
        self.interrupts = interrupts
    }

    // MARK: Items

    /// Stores `secret` as the item with exactly `attributes`, replacing the
    /// one that has them; unlocks the collection first when it must.
    package func store(_ secret: [UInt8], label: String, attributes: [String: String]) throws(KeyringError) {
        let properties = DBusValue.dictionary(
            key: "s", value: "v",
            [
                (.string("org.freedesktop.Secret.Item.Label"), .variant(.string(label))),
                (.string("org.freedesktop.Secret.Item.Attributes"), .variant(.strings(attributes))),
            ])
        let create = DBusMessage.call(
            destination: Self.service, path: Self.collection, interface: "org.freedesktop.Secret.Collection",
            member: "CreateItem",
            body: [properties, secretValue(secret), .boolean(true)])
        do {
            try call(create)
        } catch .locked {
            try unlock([Self.collection])
            try call(create)
        }
    }

    /// Unlocks the default collection (at a prompt, when the keyring asks),
    /// so items can be stored in it; at once when it is unlocked.
    package func prepareToStore() throws(KeyringError) {
        try unlock([Self.collection])
    }

    /// The secrets of the items with each of `attributeSets`, in their
    /// order: `nil` for a set no item has. Unlocks the items first when
    /// they are locked, and reads them all in one call.
    package func secrets(matching attributeSets: [[String: String]]) throws(KeyringError) -> [[UInt8]?] {
        var found: [String?] = []
        var locked: [String] = []
        for attributes in attributeSets {
            let (unlocked, lockedItems) = try search(attributes)
            found.append(unlocked.first ?? lockedItems.first)
            if unlocked.isEmpty, let item = lockedItems.first { locked.append(item) }
        }
        if !locked.isEmpty { try unlock(locked) }
        let items = found.compactMap { $0 }
        guard !items.isEmpty else { return found.map { _ in nil } }
        let reply = try call(
            .call(
                destination: Self.service, path: "/org/freedesktop/secrets",
                interface: "org.freedesktop.Secret.Service",
                member: "GetSecrets",
                body: [.array(element: "o", items.map { .objectPath($0) }), .objectPath(session)]))
        var values: [String: [UInt8]] = [:]
        for entry in reply.body.first?.elements ?? [] {
            guard case .dictEntry(.objectPath(let item), .structure(let fields)) = entry, fields.count == 4,
                let value = fields[2].byteArray
            else { continue }
            values[item] = value
        }
        return try found.map { item throws(KeyringError) in
            guard let item else { return nil }
            // Found but not given: locked again (or deleted) between the search and the read.
            guard let value = values[item] else { throw .locked }
            return value
        }
    }

    /// The items with `attributes` (a subset of theirs), locked or not.
    package func items(matching attributes: [String: String]) throws(KeyringError) -> [String] {
        let (unlocked, locked) = try search(attributes)
        return unlocked + locked
    }

    /// Deletes `items`, unlocking the collection first when it must.
    package func delete(_ items: [String]) throws(KeyringError) {
        for item in items {
            let delete = DBusMessage.call(
                destination: Self.service, path: item, interface: "org.freedesktop.Secret.Item",
                member: "Delete")
            do {
                try call(delete)
            } catch .locked {
                try unlock([Self.collection])
                try call(delete)
            } catch .noDefaultCollection {
                // Gone already (deleted by another process since the search).
            }
        }
    }

    /// The paths of the items with `attributes`: unlocked, and locked.
    private func search(_ attributes: [String: String]) throws(KeyringError) -> ([String], [String]) {
        let reply = try call(
            .call(
                destination: Self.service, path: "/org/freedesktop/secrets",
                interface: "org.freedesktop.Secret.Service",
                member: "SearchItems", body: [.strings(attributes)]))
        guard reply.body.count == 2 else { throw .failed(reason: "SearchItems answered without two lists") }
        let paths = { (value: DBusValue) in (value.elements ?? []).compactMap(\.stringValue) }
        return (paths(reply.body[0]), paths(reply.body[1]))
    }

    /// `(oayays)`: the secret in this session, in plain.
    private func secretValue(_ secret: [UInt8]) -> DBusValue {
        .structure([.objectPath(session), .bytes([]), .bytes(secret), .string("text/plain")])
    }

    // MARK: Unlocking

    /// Unlocks `objects`, at a prompt when the keyring asks for one, waiting
    /// at most ``SessionLimits/keyringUnlockWait``.
    ///
    /// - Throws: ``KeyringError/locked`` when the prompt was dismissed, or
    ///   nobody answered it in time.
    private func unlock(_ objects: [String]) throws(KeyringError) {
        let reply = try call(
            .call(
                destination: Self.service, path: "/org/freedesktop/secrets",
                interface: "org.freedesktop.Secret.Service",
                member: "Unlock", body: [.array(element: "o", objects.map { .objectPath($0) })]))
        guard reply.body.count == 2, let prompt = reply.body[1].stringValue else {
            throw .failed(reason: "Unlock answered without a prompt")
        }
        guard prompt != "/" else {
            if reply.body[0].elements?.isEmpty ?? true { throw .locked }
            return
        }
        let rule =
            "type='signal',interface='org.freedesktop.Secret.Prompt',member='Completed',path='\(prompt)'"
        try call(
            .call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus",
                member: "AddMatch", body: [.string(rule)]))
        // Ctrl-C cancels from the moment the person is told it does, not only once the prompt is up.
        let interrupt = interrupts?.begin()
        // Only what began ends: a source that could not listen changed nothing to put back.
        defer { if interrupt != nil { interrupts?.end() } }
        onPrompt()
        try call(
            .call(
                destination: Self.service, path: prompt, interface: "org.freedesktop.Secret.Prompt",
                member: "Prompt",
                body: [.string("")]))
        let completed: DBusMessage
        do {
            completed = try bus.waitForSignal(
                deadline: .now + SessionLimits.keyringUnlockWait, interrupt: interrupt
            ) {
                $0.path == prompt && $0.member == "Completed"
            }
        } catch .timedOut {
            // Nobody answered: take the prompt down, and say the keyring stayed locked.
            dismiss(prompt)
            throw .locked
        } catch .interrupted {
            throw .cancelled(promptLeftOpen: !dismiss(prompt))
        } catch {
            throw Self.keyringError(error)
        }
        guard completed.body.first?.booleanValue == false else { throw .locked }
    }

    /// Takes a prompt down; a keyring that does not answer is left as it is.
    ///
    /// Not gnome-keyring's: dismissing an unlock prompt whose window it is
    /// showing makes gnome-keyring-daemon abort (every version to date:
    /// `mark_as_complete` in `gkd-secret-unlock.c` takes the unlock that is
    /// still running off its queue and starts it again, and
    /// `g_assert (!self->current)` fails), and every keyring it had unlocked
    /// goes with it. Its window then stays for the person to answer or
    /// close; when the keyring's process cannot be told, the same.
    ///
    /// - Returns: Whether the keyring took it down.
    @discardableResult
    private func dismiss(_ prompt: String) -> Bool {
        guard !mayBeGnomeKeyring() else { return false }
        let call = DBusMessage.call(
            destination: Self.service, path: prompt, interface: "org.freedesktop.Secret.Prompt",
            member: "Dismiss")
        return (try? bus.call(call, deadline: Self.deadline())) != nil
    }

    /// Whether the process that provides the Secret Service may be
    /// gnome-keyring-daemon: its name (`/proc/PID/comm`, cut to 15 bytes)
    /// says so, or cannot be read.
    private func mayBeGnomeKeyring() -> Bool {
        guard
            let reply = try? bus.call(
                .call(
                    destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                    interface: "org.freedesktop.DBus", member: "GetConnectionUnixProcessID",
                    body: [.string(Self.service)]),
                deadline: Self.deadline()),
            case .uint32(let pid)? = reply.body.first, pid > 0
        else { return true }
        guard let name = try? SmallFile.read("/proc/\(pid)/comm", limit: 32).bytes, !name.isEmpty else {
            return true
        }
        return name.starts(with: Array("gnome-keyring".utf8))
    }

    // MARK: Calls

    @discardableResult
    private func call(_ message: DBusMessage) throws(KeyringError) -> DBusMessage {
        do {
            return try bus.call(message, deadline: Self.deadline())
        } catch {
            throw Self.keyringError(error)
        }
    }

    private static func deadline() -> ContinuousClock.Instant {
        .now + SessionLimits.keyringCallDeadline
    }

    /// What a bus failure means for the keyring.
    private static func keyringError(_ failure: DBusConnection.Failure) -> KeyringError {
        switch failure {
        case .timedOut: .timedOut
        case .noAddress(let reason), .cannotConnect(let reason), .authentication(let reason):
            .noSessionBus(reason: reason)
        case .disconnected: .failed(reason: "the session bus closed the connection")
        case .interrupted: .cancelled(promptLeftOpen: false)
        case .malformed(let reason):
            .failed(reason: "the session bus sent a message that is not D-Bus (\(reason))")
        case .error(let name, let message):
            switch name {
            case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
                .noSecretService
            case _ where name.hasPrefix("org.freedesktop.DBus.Error.Spawn"): .noSecretService
            case "org.freedesktop.Secret.Error.IsLocked": .locked
            case "org.freedesktop.DBus.Error.NoReply":
                .failed(reason: "the Secret Service went away during the call")
            case "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.Secret.Error.NoSuchObject",
                "org.freedesktop.DBus.Error.UnknownObject":
                .noDefaultCollection
            default: .failed(reason: TerminalText.escaped("\(name): \(message)"))
            }
        }
    }
}
