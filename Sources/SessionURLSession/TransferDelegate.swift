import Foundation
import SessionCore
import SessionSupport
import SessionSystem

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession and its delegate, through which every transfer of a
/// ``URLSessionTransport`` runs: bodies are handed over as they arrive,
/// never gathered by URLSession, and redirects are handed back.
///
/// The session-level delegate is used because Linux Foundation ignores a
/// task's own delegate for data and redirects. A task with no completion
/// handler, on a session with a delegate, keeps no copy of its body there.
/// The session is invalidated when the last transport using it goes away (a
/// session keeps its delegate alive).
final class TransferSession: Sendable {
    let session: URLSession
    private let delegate: TransferDelegate

    init(configuration: URLSessionConfiguration) {
        let queue = BoundedDelegateQueue()
        delegate = TransferDelegate(queue: queue)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// One request, no redirect followed: the body goes to `receive` a piece
    /// at a time when `deliversBody` says the response's body is the
    /// answer, and is dropped otherwise (a redirect that will be followed).
    func transfer(
        _ request: URLRequest, deliversBody: @escaping @Sendable (HTTPURLResponse) -> Bool,
        receive: @escaping @Sendable (HTTPURLResponse, Data) throws -> Void
    ) async throws -> HTTPURLResponse {
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.register(
                    task.taskIdentifier,
                    Transfer(continuation: continuation, deliversBody: deliversBody, receive: receive))
                task.resume()
            }
        } onCancel: { [delegate] in
            delegate.cancel(task)
        }
    }
}

/// The delegate queue, with back-pressure: URLSession hands each piece of a
/// body to the delegate by adding an operation here, and neither
/// FoundationNetworking nor libcurl can be asked to slow down, so a server
/// faster than the receiver (loopback, a fast network, a slow terminal) would
/// pile pieces up in memory. Adding blocks the caller, URLSession's own work
/// queue, while `slots` pieces wait: libcurl stops reading the socket, and
/// TCP slows the server down. At 16 KiB a piece, 16 slots hold 256 KiB.
///
/// Nothing the delegate does waits for that work queue (it cancels from
/// another thread: ``TransferDelegate/cancel(_:)``), so the wait always ends.
/// While a transfer is being cancelled there is no back-pressure: the pieces
/// still coming are dropped at once, and the work queue gets to the
/// cancellation soon instead of feeding the delegate one slot at a time.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    private let slots = DispatchSemaphore(value: 16)
    private let cancelling = Locked(0)

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
    }

    /// A transfer started or finished being cancelled.
    func cancelling(_ change: Int) {
        cancelling.withLock { $0 += change }
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        guard cancelling.withLock({ $0 }) == 0 else { return super.addOperation(block) }
        slots.wait()
        let slots = slots
        super.addOperation {
            block()
            slots.signal()
        }
    }
}

/// One transfer in flight: how it ends, and where its body goes.
struct Transfer: Sendable {
    let continuation: CheckedContinuation<HTTPURLResponse, any Error>
    let deliversBody: @Sendable (HTTPURLResponse) -> Bool
    let receive: @Sendable (HTTPURLResponse, Data) throws -> Void
    /// Why the receiver stopped the transfer, if it did.
    var failure: (any Error)?
    /// Whether it is being cancelled.
    var cancelling = false
}

/// Routes the session's callbacks to the transfer of each task.
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let transfers = Locked<[Int: Transfer]>([:])
    private let queue: BoundedDelegateQueue

    init(queue: BoundedDelegateQueue) {
        self.queue = queue
    }

    /// Cancels `task` from a thread of its own: in Linux Foundation, cancel()
    /// waits for URLSession's work queue, which may be waiting for the
    /// delegate queue to take a piece (``BoundedDelegateQueue``), so neither
    /// the delegate nor a task's canceller may wait there. Until the task
    /// completes, the delegate queue takes pieces without back-pressure.
    func cancel(_ task: URLSessionTask) {
        let first = transfers.withLock { transfers in
            guard transfers[task.taskIdentifier]?.cancelling == false else { return false }
            transfers[task.taskIdentifier]?.cancelling = true
            return true
        }
        guard first else { return }
        queue.cancelling(+1)
        DispatchQueue.global().async { task.cancel() }
    }

    func register(_ identifier: Int, _ transfer: Transfer) {
        transfers.withLock { $0[identifier] = transfer }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let response = dataTask.response as? HTTPURLResponse,
            let transfer = transfers.withLock({ $0[dataTask.taskIdentifier] }), transfer.failure == nil,
            transfer.deliversBody(response)
        else { return }
        do {
            try transfer.receive(response, data)
        } catch {
            transfers.withLock { $0[dataTask.taskIdentifier]?.failure = error }
            cancel(dataTask)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
            return
        }
        if let failure = transfer.failure {
            transfer.continuation.resume(throwing: failure)
        } else if let error {
            transfer.continuation.resume(throwing: error)
        } else if let response = task.response as? HTTPURLResponse {
            transfer.continuation.resume(returning: response)
        } else {
            transfer.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    /// Hands every redirect response back instead of following it: the
    /// transport follows redirects itself, by its own rules.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
