package import SessionCore
import SessionSupport
import SessionSystem

/// The one funnel from anything a command throws to what the person sees:
/// its one-line message and its exit code, in the shape of
/// swift-argument-parser's `MessageInfo`. A ``CLIError`` passes as it is;
/// the library's errors get the words of a shared group's ``ErrorKey``, and
/// with them its code: the code is never decided here, only which error
/// happened. (What only the networking library throws, which this module
/// cannot see, is given its key where the network service hands it over,
/// by `NetworkErrorReport`, the same way.)
package enum ErrorReport {
    /// The tool's error for `error`: its message and exit status.
    package static func cliError(for error: any Error) -> CLIError {
        switch error {
        case let error as CLIError:
            error
        case let error as SessionFileError:
            cliError(for: error)
        case let error as StoreBusyError:
            CLIError(
                .storeBusy,
                ["lock": error.lockPath, "seconds": String(Int(error.waited.rounded(.up)))])
        case is AuthTokenError:
            CLIError(
                .invalidTokenIn,
                messages: ["source": Message(.tokenSourceAnywhere), "reason": reason(error)])
        case let error as KeyringError:
            cliError(for: error)
        case let error as LoginStateStoreError:
            switch error {
            case .noSuchSession(let key):
                CLIError(.noSuchSession, messages: ["session": describe(key)])
            case .tooManySessions(let limit):
                CLIError(.tooManySessions, ["limit": String(limit)])
            }
        case let error as ConnectionError:
            cliError(for: error)
        default:
            CLIError(.unexpectedError, ["type": String(describing: type(of: error))])
        }
    }

    /// A request that got no answer, in the catalog's words: a file that
    /// cannot be used is 74, everything on the way (the certificate, the
    /// proxy, the server's silence) is 69.
    package static func cliError(for error: ConnectionError) -> CLIError {
        let origin = error.origin ?? "the server"
        let proxy = error.proxy ?? ""
        switch error.reason {
        case .caFileUnusable(let path, let why):
            return CLIError(.connectionCAFileUnusable, ["path": path, "why": why])
        case .clientCertificateUnusable(let path, let why):
            return CLIError(.connectionClientCertificateUnusable, ["path": path, "why": why])
        case .certificateRejected(let why):
            return CLIError(
                .connectionCertificateRejected, ["origin": origin, "why": why])
        case .clientCertificateRequired:
            return CLIError(.connectionClientCertificateRequired, ["origin": origin])
        case .tlsFailed(let why):
            return CLIError(.connectionTLSFailed, ["origin": origin, "why": why])
        // 407 is the proxy's status for it; some proxies (tinyproxy 1.11) answer a CONNECT with 401.
        case .proxyRefused(let status) where status == 407 || status == 401:
            let status = String(status)
            return CLIError(
                .connectionProxyNeedsCredentials, ["proxy": proxy, "status": status])
        case .proxyRefused(let status):
            return CLIError(
                .connectionProxyRefused, ["proxy": proxy, "origin": origin, "status": String(status)])
        case .proxyFailed(let why):
            return CLIError(
                .connectionProxyFailed, ["proxy": proxy, "origin": origin, "why": why])
        case .noAnswer(let seconds) where error.proxy != nil:
            return CLIError(
                .connectionNoAnswerThroughProxy,
                ["origin": origin, "proxy": proxy, "seconds": String(seconds)])
        case .noAnswer(let seconds):
            return CLIError(
                .connectionNoAnswer, ["origin": origin, "seconds": String(seconds)])
        case .unsupported(let what):
            return CLIError(.connectionUnsupported, ["what": what])
        case .connectionRefused, .hostNotFound, .connectionLost, .tooManyRedirects, .other:
            return CLIError(
                .cannotReach,
                messages: [
                    "origin": Message(.verbatim, ["text": origin]), "reason": reason(error.reason),
                ])
        }
    }

    /// Why a connection failed, for "cannot reach …: <reason>".
    package static func reason(_ reason: ConnectionError.Reason) -> Message {
        switch reason {
        case .connectionRefused: Message(.reasonConnectionRefused)
        case .hostNotFound: Message(.reasonHostNotFound)
        case .connectionLost: Message(.reasonConnectionLost)
        case .tooManyRedirects: Message(.reasonTooManyRedirects)
        case .other(let why): Message(.reasonOther, ["text": why])
        default: Message(.reasonOther, ["text": ConnectionError(reason).description])
        }
    }

    /// Prints `session-cli: <message>` on standard error and returns the exit code.
    package static func report(_ error: any Error, to console: Console, in language: Language) -> ExitCode {
        let cliError = cliError(for: error)
        console.error("session-cli: " + cliError.message.text(in: language))
        return cliError.code
    }

    /// The status to exit with: `status`, unless writing the output failed
    /// (a closed pipe, a full disk, `> /dev/full`); then `outputIncomplete`'s
    /// code (74), said on standard error when standard error still works.
    package static func finish(_ status: ExitCode, console: Console, in language: Language) -> ExitCode {
        guard let failure = console.outputFailure else { return status }
        if failure.stream == .output {
            console.error(
                "session-cli: " + Message(.outputIncomplete, ["reason": failure.reason]).text(in: language))
        }
        return ErrorKey.outputIncomplete.exitCode
    }

    /// Why a token is not valid, in the catalog's words (what `AuthToken`'s
    /// initializer throws).
    package static func reason(_ error: any Error) -> Message {
        guard let error = error as? AuthTokenError else { return cliError(for: error).message }
        return switch error {
        case .empty: Message(.tokenEmpty)
        case .tooLong(let count):
            Message(.tokenTooLong, ["count": String(count), "limit": String(SessionLimits.tokenLength)])
        case .invalidByte(let kind, let offset):
            Message(.tokenBadByte, ["offset": String(offset + 1)], messages: ["kind": Message(byteKey(kind))])
        }
    }

    private static func byteKey(_ kind: AuthTokenError.ByteClass) -> MessageKey {
        switch kind {
        case .space: .byteSpace
        case .tab: .byteTab
        case .carriageReturn: .byteCR
        case .lineFeed: .byteLF
        case .nul: .byteNUL
        case .control: .byteControl
        case .nonASCII: .byteNonASCII
        }
    }

    /// A session's key in words: "alice on https://api.example.com", or as
    /// much of it as the key has, each case worded on its own.
    package static func describe(_ key: SessionKey) -> Message {
        switch (key.account, key.origin) {
        case (let account?, let origin?):
            Message(.sessionAccountOnServer, ["account": account, "server": origin])
        case (let account?, nil): Message(.sessionAccountNoServer, ["account": account])
        case (nil, let origin?): Message(.sessionServerNoAccount, ["server": origin])
        case (nil, nil): Message(.sessionNoServerNoAccount)
        }
    }

    /// What a selection asked for, in words: "alice on https://api.example.com",
    /// "alice", "https://api.example.com" (a part not asked for is not "missing").
    package static func describeAsked(server origin: String?, account: String?) -> Message {
        switch (account, origin) {
        case (let account?, let origin?):
            Message(.sessionAccountOnServer, ["account": account, "server": origin])
        case (let account?, nil): Message(.verbatim, ["text": account])
        case (nil, let origin?): Message(.verbatim, ["text": origin])
        case (nil, nil): Message(.sessionNoServerNoAccount)
        }
    }

    /// Several sessions in words, as a list.
    package static func describe(_ keys: [SessionKey]) -> Message {
        Message.list(keys.map(describe))
    }

    private static func cliError(for error: SessionFileError) -> CLIError {
        switch error {
        case .empty(let path): CLIError(.sessionFileEmpty, ["path": path])
        case .corrupt(let path, let reason): CLIError(.sessionFileCorrupt, ["path": path, "reason": reason])
        case .unsupportedVersion(let path, let version):
            CLIError(
                .sessionFileTooNew,
                ["path": path, "version": String(version), "supported": String(SessionFileFormat.version)])
        case .notRegularFile(let path, let kind):
            CLIError(.sessionFileNotRegular, ["path": path], messages: ["kind": Message(fileKind(kind))])
        case .io(let path, let operation, let code):
            CLIError(
                .fileOperationFailed, ["path": path, "reason": Errno.text(code)],
                messages: ["operation": self.operation(operation), "hint": hint(code, operation)])
        }
    }

    private static func fileKind(_ kind: String) -> MessageKey {
        switch kind {
        case "a directory": .fileKindDirectory
        case "a FIFO": .fileKindFIFO
        case "a symbolic link": .fileKindSymlink
        case "a socket": .fileKindSocket
        case "a character device", "a block device": .fileKindDevice
        default: .fileKindOther
        }
    }

    /// The catalog's words for what the store was doing (``SessionFileError/io(path:operation:code:)``).
    private static func operation(_ operation: String) -> Message {
        let key: MessageKey? =
            switch operation {
            case "open": .operationOpen
            case "inspect": .operationInspect
            case "read": .operationRead
            case "create": .operationCreate
            case "set permissions of": .operationSetPermissions
            case "write": .operationWrite
            case "flush": .operationFlush
            case "create the folder": .operationCreateFolder
            case "open the folder": .operationOpenFolder
            case "flush the folder": .operationFlushFolder
            case "replace": .operationReplace
            case "remove": .operationRemove
            case "list": .operationList
            case "open the lock file": .operationOpenLock
            case "lock": .operationLock
            case "watch": .operationWatch
            default: nil
            }
        return key.map { Message($0) } ?? Message(.verbatim, ["text": operation])
    }

    private static func hint(_ code: Int32, _ operation: String) -> Message {
        switch code {
        case Errno.accessDenied, Errno.notPermitted: Message(.hintPermissions)
        case Errno.readOnlyFileSystem: Message(.hintReadOnly)
        case Errno.noSpace where operation == "watch", Errno.tooManyFiles, Errno.tooManyFilesInSystem:
            Message(.hintWatchLimit)
        case Errno.noSpace, Errno.quotaExceeded: Message(.hintDiskFull)
        case Errno.notDirectory: Message(.hintNotFolder)
        default: Message(.nothing)
        }
    }

    /// Why the keyring could not be used, and how the tool ends because of it.
    private static func cliError(for error: KeyringError) -> CLIError {
        let fix = Message(.keyringFix)
        switch error {
        case .noSessionBus(let reason):
            return CLIError(.keyringNoBus, ["reason": reason], messages: ["fix": fix])
        case .noSecretService: return CLIError(.keyringNoService, messages: ["fix": fix])
        case .locked: return CLIError(.keyringLocked)
        case .timedOut:
            return CLIError(
                .keyringTimedOut, ["seconds": String(SessionLimits.keyringCallDeadline.components.seconds)])
        case .noDefaultCollection: return CLIError(.keyringNoCollection)
        case .missingSecret(let item):
            let kind = SecretKind.allCases.first { $0.words == item }
            return CLIError(
                .keyringMissingSecret,
                messages: ["item": kind.map(secretWords) ?? Message(.verbatim, ["text": item])])
        case .cancelled(let promptLeftOpen):
            return CLIError(promptLeftOpen ? .keyringCancelledPromptOpen : .keyringCancelled)
        case .failed(let reason): return CLIError(.keyringFailed, ["reason": reason], messages: ["fix": fix])
        }
    }

    /// A kind of secret in words.
    package static func secretWords(_ kind: SecretKind) -> Message {
        switch kind {
        case .accessToken: Message(.secretAccessToken)
        case .refreshToken: Message(.secretRefreshToken)
        case .idToken: Message(.secretIDToken)
        case .clientSecret: Message(.secretClientSecret)
        case .dpopKey: Message(.secretDPoPKey)
        }
    }
}
