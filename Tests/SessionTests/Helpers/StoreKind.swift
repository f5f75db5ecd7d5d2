import Foundation
import SessionCore

/// The two shipped stores, so one suite can run over both.
enum StoreKind: String, CaseIterable, Sendable {
    case inMemory
    case file

    /// A fresh, empty store of this kind. The folder holding a file store is
    /// returned too and must be kept alive as long as the store is used.
    func makeStore() -> (store: any LoginStateRepository, directory: TemporaryDirectory) {
        let directory = TemporaryDirectory()
        switch self {
        case .inMemory: return (InMemoryLoginStateStore(), directory)
        case .file: return (FileLoginStateStore(fileURL: directory.file("app/session.json")), directory)
        }
    }
}
