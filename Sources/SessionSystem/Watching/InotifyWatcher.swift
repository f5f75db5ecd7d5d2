#if os(Linux)
    import Glibc
    import FoundationEssentials

    /// The changes of files as Linux reports them (inotify), for every
    /// watch of the process: one inotify descriptor and one thread while any
    /// file is watched, none when none is.
    ///
    /// A file is watched through its folder, so a file replaced by a rename,
    /// deleted, created again, or written in place is followed. While the
    /// folder does not exist, its nearest existing parent is watched for it
    /// to appear. The thread blocks in `poll` with no timeout: an idle
    /// watcher costs no CPU. A queue overflow signals every watch, so a
    /// change is read late rather than missed.
    ///
    /// ```swift
    /// let id = InotifyWatcher.shared.watch(file: "/home/alice/.local/state/app/session.json") { print("changed") }
    /// InotifyWatcher.shared.stop(id)
    /// ```
    package final class InotifyWatcher: Sendable {
        package static let shared = InotifyWatcher()

        private struct Watch {
            /// The folder the file is in, and the file's name.
            let folder: String
            let name: String
            /// What is watched now: the folder, or its nearest existing parent.
            var watched: String
            var descriptor: Int32
            let onChange: @Sendable () -> Void
        }

        /// The running thread's inotify descriptor, and the socket's end that
        /// tells it to stop. The thread owns the descriptor and the socket's
        /// other end, and closes them as it ends.
        private struct Running {
            let inotify: Int32
            let wakeWrite: Int32
        }

        private struct State {
            var running: Running?
            var watches: [Int: Watch] = [:]
            var byDescriptor: [Int32: Set<Int>] = [:]
            var nextID = 0
            /// Threads started and not yet ended: one, or for a moment two
            /// when a watch starts a thread while the last one is ending.
            var threads = 0
            /// Threads that ended and are still to be joined.
            var ended: [pthread_t] = []
            /// Who is told of the threads' lives (``observe(_:)``).
            var observer: (any Observer)?

            var isIdle: Bool { watches.isEmpty && running == nil && threads == 0 }
        }

        private let state = Locked(State())

        private static let mask: UInt32 =
            UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO)
            | UInt32(IN_CLOSE_WRITE) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
            | UInt32(IN_ONLYDIR)

        /// Watches `file`; `onChange` runs on the watcher's thread after each
        /// event that may have changed it, and must not block.
        ///
        /// - Returns: The watch's number for ``stop(_:)``.
        /// - Throws: The `errno` of the system's refusal (too many inotify
        ///   instances, watches or open files).
        package func watch(file path: String, onChange: @escaping @Sendable () -> Void) throws(Errno) -> Int {
            let (folder, name) = Self.split(Self.absolute(path))
            joinEndedThreads()
            let outcome = state.withLock { state -> Result<Int, Errno> in
                if state.running == nil {
                    switch Self.start(self) {
                    case .success(let running):
                        state.running = running
                        state.threads += 1
                    case .failure(let error): return .failure(error)
                    }
                }
                guard let running = state.running else { return .failure(Errno(code: EINVAL)) }
                let id = state.nextID
                state.nextID += 1
                var watch = Watch(
                    folder: folder, name: name, watched: folder, descriptor: -1, onChange: onChange)
                guard Self.resolve(&watch, inotify: running.inotify) else {
                    return .failure(Errno(code: errno))
                }
                state.watches[id] = watch
                state.byDescriptor[watch.descriptor, default: []].insert(id)
                return .success(id)
            }
            // A watch the system refused leaves the thread running only if another watch needs it.
            if case .failure = outcome { stopIfIdle() }
            return try outcome.get()
        }

        /// A system call's refusal.
        package struct Errno: Error {
            package let code: Int32
        }

        /// Stops the watch `id`. The last one tells the thread to stop, which
        /// then closes the descriptors; nothing waits for it.
        package func stop(_ id: Int) {
            state.withLock { state in
                guard let watch = state.watches.removeValue(forKey: id), let running = state.running else {
                    return
                }
                Self.release(watch.descriptor, of: id, in: &state, inotify: running.inotify)
            }
            stopIfIdle()
        }

        /// What is told of the watcher threads' lives: a benchmark or a test
        /// that counts wake-ups or waits for the last thread to end.
        package protocol Observer: Sendable {
            /// A thread started and took its name (``threadName``).
            func started()
            /// The thread woke to read events.
            func wokeUp()
            /// A thread ended and closed its descriptors; `idle` when no
            /// watch, thread or descriptor is left (``joinEndedThreads()``
            /// then leaves no trace of it).
            func ended(idle: Bool)
        }

        /// Tells `observer` of the threads' lives from now on (`nil`: no one).
        package func observe(_ observer: (any Observer)?) {
            state.withLock { $0.observer = observer }
        }

        /// Whether no watch, thread or descriptor is left.
        package var isIdle: Bool { state.withLock(\.isIdle) }

        /// Tells the thread to stop once no watch is left. It ends on its own;
        /// a watch started meanwhile starts a new thread.
        private func stopIfIdle() {
            state.withLock { state in
                guard state.watches.isEmpty, let running = state.running else { return }
                state.running = nil
                state.byDescriptor = [:]
                // The thread sees the byte, or the end of the line once this end is closed.
                var byte: UInt8 = 1
                _ = write(running.wakeWrite, &byte, 1)
                close(running.wakeWrite)
            }
        }

        /// Joins the threads that said they ended: each has only to return,
        /// so none of this waits. Each watch does it first; after the last
        /// thread ended, whoever needs it gone from the process calls it.
        package func joinEndedThreads() {
            let ended = state.withLock { state -> [pthread_t] in
                defer { state.ended = [] }
                return state.ended
            }
            for thread in ended { pthread_join(thread, nil) }
        }

        /// The thread's last step: it closes its descriptors, and the last
        /// one out tells who waits for idle.
        private func ended(inotify: Int32, wakeRead: Int32) {
            let orphaned = state.withLock { state -> [@Sendable () -> Void] in
                // Asked before closing, while the number is still this thread's own.
                guard let running = state.running, running.inotify == inotify else { return [] }
                // Ended on its own (poll failed): the next watch starts a
                // thread again; those already set tell their readers, who
                // read once more and then hear nothing until they watch anew.
                close(running.wakeWrite)
                state.running = nil
                state.byDescriptor = [:]
                return state.watches.values.map(\.onChange)
            }
            for onChange in orphaned { onChange() }
            close(inotify)
            close(wakeRead)
            let (observer, idle) = state.withLock { state in
                state.threads -= 1
                state.ended.append(pthread_self())
                return (state.observer, state.isIdle)
            }
            observer?.ended(idle: idle)
        }

        // MARK: The thread

        /// The watcher thread's name, as `/proc/self/task/*/comm` shows it.
        package static let threadName = "session-watch"

        private static func start(_ watcher: InotifyWatcher) -> Result<Running, Errno> {
            let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard inotify >= 0 else { return .failure(Errno(code: errno)) }
            // The wake-up line: a socket pair, close-on-exec from its creation,
            // so no child started meanwhile inherits it.
            var wake: [Int32] = [-1, -1]
            let kind =
                Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            guard socketpair(AF_UNIX, kind, 0, &wake) == 0 else {
                let code = errno
                close(inotify)
                return .failure(Errno(code: code))
            }
            let body = Unmanaged.passRetained(
                ThreadBody {
                    // Named by now (the thread's first step).
                    watcher.state.withLock(\.observer)?.started()
                    watcher.run(inotify: inotify, wake: wake[0])
                    watcher.ended(inotify: inotify, wakeRead: wake[0])
                })
            var thread = pthread_t()
            let started = pthread_create(
                &thread, nil,
                { raw in
                    guard let raw else { return nil }
                    InotifyWatcher.nameThisThread()
                    Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
                    return nil
                }, body.toOpaque())
            guard started == 0 else {
                body.release()
                close(inotify)
                close(wake[0])
                close(wake[1])
                return .failure(Errno(code: started))
            }
            return .success(Running(inotify: inotify, wakeWrite: wake[1]))
        }

        /// Names the calling thread, as `pthread_setname_np` does on Linux
        /// (which Swift cannot call): so `top -H` and the tests can tell it.
        private static func nameThisThread() {
            let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { return }
            defer { close(fd) }
            var name = threadName
            _ = name.withUTF8 { write(fd, $0.baseAddress, $0.count) }
        }

        private final class ThreadBody {
            let run: () -> Void
            init(_ run: @escaping () -> Void) { self.run = run }
        }

        /// Waits for events until the wake-up socket says stop.
        private func run(inotify: Int32, wake: Int32) {
            let size = 64 * 1024
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
            defer { buffer.deallocate() }
            while true {
                var fds = [
                    pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                ]
                guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
                if fds[1].revents != 0 { return }
                guard fds[0].revents != 0 else { continue }
                var events: [(descriptor: Int32, mask: UInt32, name: String)] = []
                while true {
                    let count = read(inotify, buffer, size)
                    guard count > 0 else { break }
                    var offset = 0
                    while offset + MemoryLayout<inotify_event>.size <= count {
                        let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                        let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                        let name =
                            event.len > 0
                            ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                        events.append((event.wd, event.mask, name))
                        offset += MemoryLayout<inotify_event>.size + Int(event.len)
                    }
                }
                let changed = state.withLock { state -> ([@Sendable () -> Void], (any Observer)?)? in
                    // Told to stop while reading: the watches, if any, are another thread's now.
                    guard state.running?.inotify == inotify else { return nil }
                    return (Self.handle(events, in: &state, inotify: inotify), state.observer)
                }
                guard let (changed, observer) = changed else { return }
                observer?.wokeUp()
                for onChange in changed { onChange() }
            }
        }

        /// The watches `events` may have changed, each followed to where its folder is now.
        private static func handle(
            _ events: [(descriptor: Int32, mask: UInt32, name: String)], in state: inout State, inotify: Int32
        ) -> [@Sendable () -> Void] {
            var changed = Set<Int>()
            var moved = Set<Int>()
            let gone = UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_IGNORED)
            for event in events {
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Events were lost: every watch reads again, and finds its folder again.
                    changed.formUnion(state.watches.keys)
                    moved.formUnion(state.watches.keys)
                    continue
                }
                for id in state.byDescriptor[event.descriptor] ?? [] {
                    guard let watch = state.watches[id] else { continue }
                    if event.mask & gone != 0 {
                        changed.insert(id)
                        moved.insert(id)
                    } else if watch.watched == watch.folder {
                        if event.name == watch.name { changed.insert(id) }
                    } else if event.name == nextComponent(of: watch) {
                        // The folder (or one on the way to it) appeared: watch closer.
                        changed.insert(id)
                        moved.insert(id)
                    }
                }
                if event.mask & UInt32(IN_IGNORED) != 0 {
                    // The kernel removed this watch: its folder is gone.
                    state.byDescriptor[event.descriptor] = nil
                }
            }
            for id in moved {
                guard var watch = state.watches[id] else { continue }
                release(watch.descriptor, of: id, in: &state, inotify: inotify)
                if resolve(&watch, inotify: inotify) {
                    state.byDescriptor[watch.descriptor, default: []].insert(id)
                }
                state.watches[id] = watch
            }
            return changed.compactMap { state.watches[$0]?.onChange }
        }

        // MARK: Where to watch

        /// Watches the folder, or the nearest of its parents that exists; a
        /// parent is given up as soon as the next folder down appears.
        private static func resolve(_ watch: inout Watch, inotify: Int32) -> Bool {
            var path = watch.folder
            // Bounded: each round goes one folder up or, when one appeared, starts over.
            for _ in 0..<256 {
                let descriptor = inotify_add_watch(inotify, path, mask)
                if descriptor >= 0 {
                    if path != watch.folder, exists(child(of: path, toward: watch.folder)) {
                        // It appeared while we looked: start again from the folder.
                        path = watch.folder
                        continue
                    }
                    watch.watched = path
                    watch.descriptor = descriptor
                    return true
                }
                guard errno == ENOENT || errno == ENOTDIR, path != "/" else { break }
                path = parent(of: path)
            }
            watch.descriptor = -1
            return false
        }

        /// Drops `id` from the watch `descriptor`; the last one removes it from the kernel.
        private static func release(_ descriptor: Int32, of id: Int, in state: inout State, inotify: Int32) {
            guard var ids = state.byDescriptor[descriptor] else { return }
            ids.remove(id)
            if ids.isEmpty {
                state.byDescriptor[descriptor] = nil
                inotify_rm_watch(inotify, descriptor)
            } else {
                state.byDescriptor[descriptor] = ids
            }
        }

        private static func nextComponent(of watch: Watch) -> String {
            let next = child(of: watch.watched, toward: watch.folder)
            return String(next.split(separator: "/").last ?? "")
        }

        /// The folder one step down from `ancestor` toward `path`.
        private static func child(of ancestor: String, toward path: String) -> String {
            let base = ancestor == "/" ? "" : ancestor
            let rest = path.dropFirst(base.count).split(separator: "/")
            return base + "/" + (rest.first.map(String.init) ?? "")
        }

        private static func parent(of path: String) -> String {
            guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
            return String(path[..<slash])
        }

        private static func exists(_ path: String) -> Bool {
            var info = stat()
            return stat(path, &info) == 0
        }

        /// `path` from the root: a relative one is taken from the current folder.
        private static func absolute(_ path: String) -> String {
            guard !path.hasPrefix("/") else { return path }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard getcwd(&buffer, buffer.count) != nil else { return "/" + path }
            let folder = String(
                decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return (folder == "/" ? "" : folder) + "/" + path
        }

        private static func split(_ path: String) -> (folder: String, name: String) {
            guard let slash = path.lastIndex(of: "/") else { return (".", path) }
            let folder = slash == path.startIndex ? "/" : String(path[..<slash])
            return (folder, String(path[path.index(after: slash)...]))
        }
    }
#endif
