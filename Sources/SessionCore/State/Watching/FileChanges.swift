import SessionSupport
import SessionSystem

/// The changes the operating system reports for one file, as a stream that
/// says "read again": inotify on Linux (``InotifyWatcher``), a dispatch
/// source on Apple platforms (`FolderWatch`). What ``FileLoginStateStore``
/// gives ``LoginStateRepository/stateChanges()``.
///
/// ```swift
/// for await _ in try FileChanges.of(file: path, folder: folder) { reload() }
/// ```
package enum FileChanges {
    /// A stream that yields after each change of the file at `path`,
    /// several in a burst as one, and stops watching when its consumer is
    /// cancelled. The watch is set before this returns.
    ///
    /// - Throws: ``SessionFileError/io(path:operation:code:)`` naming
    ///   `folder` when the system refuses a watch.
    package static func of(file path: String, folder: String) throws(SessionFileError) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        #if os(Linux)
            let id: Int
            do {
                id = try InotifyWatcher.shared.watch(file: path) { continuation.yield() }
            } catch {
                throw .io(path: folder, operation: "watch", code: error.code)
            }
            continuation.onTermination = { _ in InotifyWatcher.shared.stop(id) }
        #elseif canImport(Darwin)
            let watch: FolderWatch
            do {
                watch = try FolderWatch(file: path) { continuation.yield() }
            } catch {
                throw .io(path: folder, operation: "watch", code: error.code)
            }
            continuation.onTermination = { _ in watch.stop() }
        #endif
        return stream
    }
}
