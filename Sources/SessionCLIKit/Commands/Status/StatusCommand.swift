import SessionCore
import SessionSupport
import SessionSystem

/// `status`: show the session and the button. Never writes, never uses the network.
package struct StatusCommand: Command {
    /// `status`'s options.
    package enum Option: String, SelectsSession {
        case json
        case showToken = "show-token"
        case watch
        case server
        case account

        /// The option's help.
        package var spec: OptionSpec {
            switch self {
            case .json: OptionSpec(rawValue, help: .jsonOptionHelp)
            case .showToken: OptionSpec(rawValue, help: .statusShowTokenHelp)
            case .watch: OptionSpec(rawValue, help: .statusWatchHelp)
            case .server, .account: Self.spec(of: self)
            }
        }
    }

    package static let spec = CommandSpec(
        name: "status", summary: .statusSummary, options: Option.self, discussion: Message(.statusDiscussion),
        examples: [
            "session-cli status",
            "session-cli status --json | jq -r .account",
            "session-cli status --watch --json",
        ],
        failures: [words, .session, .store, .keyring], outcomes: [.failure])

    let json: Bool
    let showToken: Bool
    let watch: Bool
    let selection: SessionSelection

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        json = arguments.has(.json)
        showToken = arguments.has(.showToken)
        watch = arguments.has(.watch)
        selection = try SessionSelection(parsing: arguments)
    }

    /// Prints the session and the button; exits 0 only when logged in. With
    /// `--watch`, prints them again on every change until a signal ends it.
    package func run(context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let selection = try self.selection.completed(from: context.environment)
        let sessions = try store.readSessions()
        // The usecase's rule, for the default session or the selected one;
        // a watch waits for a selected session that is not there yet.
        var shown: SessionSet.Entry?
        do {
            shown = try selection.pick(from: sessions)
        } catch {
            guard watch && error.code == .failure else { throw error }
        }
        if try store.hasInsecurePermissions() {
            context.warn(Message(.insecurePermissions, ["path": store.path]))
        }
        guard watch else {
            let status = try show(
                sessions, shown, absent: nil, at: context.now(), selection: selection, store: store,
                context: context)
            return status.phase == .loggedIn ? .success : .failure
        }
        try follow(from: shown?.key, selection: selection, store: store, context: context)
        return .success
    }

    /// `--watch`: the status now, then again each time what status shows
    /// changes, until a signal ends the process. Apart from `run`, so a
    /// plain `status` never makes the streams' types at start-up.
    @inline(never)
    private func follow(
        from key: SessionKey?, selection: SessionSelection, store: FileLoginStateStore,
        context: CommandContext
    ) throws {
        Signals.exitOnInterrupt(status: ExitCode.success.rawValue)
        let changes = try store.stateChanges()
        let followed = Locked(key)
        let now = context.now
        let screens = Following.views(
            of: { try Self.read(store, selection, following: followed, at: now()) }, changes: changes,
            differs: { $0.differs(from: $1, selecting: !selection.isEmpty) }, nextChange: { $0.nextChange },
            now: now)
        try waitFor {
            var first = true
            for try await screen in screens {
                if !first && !json { context.console.out("") }
                first = false
                try show(
                    screen.sessions, screen.shown, absent: screen.absent, at: screen.checkedAt,
                    selection: selection, store: store, context: context)
            }
        }
    }

    /// What the screen shows now: the default session as it is now, or the
    /// selected one, followed by its key once it was found.
    private static func read(
        _ store: FileLoginStateStore, _ selection: SessionSelection, following: Locked<SessionKey?>,
        at date: Date
    ) throws -> Screen {
        let sessions = try store.readSessions()
        guard !selection.isEmpty else {
            return Screen(
                sessions: sessions, shown: sessions.entry(.defaultSession), absent: nil, checkedAt: date)
        }
        let matches = sessions.byUse.filter(selection.matches)
        let shown = following.withLock { key in
            let match = matches.first { $0.key == key } ?? (matches.count == 1 ? matches.first : nil)
            if let match { key = match.key }
            return match
        }
        let absent =
            shown == nil
            ? following.withLock { $0 } ?? SessionKey(server: selection.server, account: selection.account)
            : nil
        return Screen(sessions: sessions, shown: shown, absent: absent, checkedAt: date)
    }

    /// Prints what status shows at `date` (the `shown` session of
    /// `sessions`, or the selected one that is `absent`) as text or as one
    /// JSON line, and returns the status it showed.
    @discardableResult
    private func show(
        _ sessions: SessionSet, _ shown: SessionSet.Entry?, absent: SessionKey?, at date: Date,
        selection: SessionSelection, store: FileLoginStateStore, context: CommandContext
    ) throws -> LoginStatus {
        var state = LoginState.loggedOut
        if let shown {
            let credential = try shown.credential()
            // A token asked for that is in the keyring: only then does status ask it.
            state =
                showToken && credential.holdsStandIns
                ? try store.repository(for: shown.key).load() : .loggedIn(credential)
        }
        let status = LoginUsecase.status(of: state, at: date)
        let report = StatusReport(
            status: status, storePath: store.path, showToken: showToken, language: context.language,
            environmentToken: context.environment[.token] != nil, sessions: sessions,
            listsOthers: selection.isEmpty, absent: absent)
        if json {
            context.console.out(try report.json())
        } else {
            context.console.out(composed: try report.text(style: context.style))
        }
        return status
    }
}

/// What `status` shows at one moment: the store's sessions, the one shown in
/// full (or the selected one that is absent), and when it was read.
private struct Screen: Sendable {
    let sessions: SessionSet
    let shown: SessionSet.Entry?
    let absent: SessionKey?
    let checkedAt: Date

    /// The sessions the screen says something of: every one, or the selected one alone.
    private func relevant(selecting: Bool) -> [SessionSet.Entry] {
        selecting ? (shown.map { [$0] } ?? []) : sessions.entries
    }

    /// Whether `other` shows something else: another session, another
    /// credential or list, or a session that has expired since.
    func differs(from other: Screen, selecting: Bool) -> Bool {
        if selecting {
            guard shown == other.shown, absent == other.absent else { return true }
        } else {
            guard sessions == other.sessions else { return true }
        }
        return relevant(selecting: selecting).map { $0.summary.isExpired(at: checkedAt) }
            != other.relevant(selecting: selecting).map { $0.summary.isExpired(at: other.checkedAt) }
    }

    /// The next moment a session on the screen expires, with nothing written.
    var nextChange: Date? {
        sessions.entries.compactMap(\.summary.expiresAt).filter { $0 > checkedAt }.min()
    }
}

// The help of each option above, in English and Japanese.
extension MessageKey {
    static var statusShowTokenHelp: MessageKey {
        MessageKey(
            "Include the full token in the output.",
            "出力にトークン全体を含めます。")
    }
    static var statusWatchHelp: MessageKey {
        MessageKey(
            "Print the status again on every change, until Ctrl-C or SIGTERM (exit 0).",
            "変化のたびに状態を出力し直します。Ctrl-C か SIGTERM で終わります (終了コード 0)。")
    }
}
