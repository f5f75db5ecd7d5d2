#if canImport(Darwin)
    import Dispatch
    import Darwin
    import Foundation

    /// The changes of a file as Apple platforms report them: a dispatch
    /// source on its folder (while the folder does not exist, on its nearest
    /// existing parent), set up again after each event, since the folder may
    /// have been replaced or created. The folder's events are its entries
    /// added, removed and renamed: a file replaced by a rename, deleted or
    /// created. A file written in place, without a rename, is not reported.
    package final class FolderWatch: Sendable {
        private let folder: String
        private let onChange: @Sendable () -> Void
        private let source = Locked<(any DispatchSourceFileSystemObject)?>(nil)
        private let stopped = Locked(false)
        private static let queue = DispatchQueue(label: "session.folder-watch")

        /// Watches the folder of the file at `path`.
        ///
        /// - Throws: The `errno` of a folder that exists but cannot be opened.
        package init(file path: String, onChange: @escaping @Sendable () -> Void) throws(FolderWatchErrno) {
            let slash = path.lastIndex(of: "/")
            folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
            self.onChange = onChange
            try arm()
        }

        /// Stops watching.
        package func stop() {
            stopped.withLock { $0 = true }
            source.withLock { source in
                source?.cancel()
                source = nil
            }
        }

        private func arm() throws(FolderWatchErrno) {
            var path = folder
            var descriptor: Int32 = -1
            for _ in 0..<256 {
                descriptor = open(path, O_EVTONLY)
                if descriptor >= 0 || path == "/" || path == "." { break }
                guard errno == ENOENT || errno == ENOTDIR else { throw FolderWatchErrno(code: errno) }
                let slash = path.lastIndex(of: "/")
                path = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "/"
            }
            guard descriptor >= 0 else { throw FolderWatchErrno(code: errno) }
            let opened = descriptor
            let new = DispatchSource.makeFileSystemObjectSource(
                fileDescriptor: opened, eventMask: [.write, .delete, .rename, .link, .attrib],
                queue: Self.queue)
            new.setEventHandler { [weak self] in self?.fired() }
            new.setCancelHandler { close(opened) }
            let replaced = source.withLock { source -> (any DispatchSourceFileSystemObject)? in
                defer { source = new }
                return source
            }
            replaced?.cancel()
            if stopped.withLock({ $0 }) {
                new.cancel()
                return
            }
            new.resume()
        }

        private func fired() {
            guard !stopped.withLock({ $0 }) else { return }
            try? arm()
            onChange()
        }
    }

    /// A system call's refusal.
    package struct FolderWatchErrno: Error {
        package let code: Int32
    }
#endif
