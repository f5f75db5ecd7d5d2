import SessionCore
import SessionSupport

/// `login --secrets keyring|file` with no way to sign in: the selected
/// session's tokens move, under the store's lock, into the keyring before
/// the file stops holding them, or back into the file before the keyring's
/// items go. No new sign-in.
struct SecretsMove {
    let location: SecretsLocation
    let selection: SessionSelection

    init(to location: SecretsLocation, server: URL?, account: String?) {
        self.location = location
        selection = SessionSelection(server: server, account: account)
    }

    func run(context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        guard let session = try context.session(selection, in: store) else {
            throw CLIError(
                location == .keyring ? .moveNoSessionToKeyring : .moveNoSessionToFile,
                ["location": location.rawValue])
        }
        let name = ErrorReport.describe(session.key)
        let place = Message(location == .keyring ? .placeKeyring : .placeFile)
        guard session.credential.secretsLocation != location else {
            context.say(Message(.moveAlreadyThere, messages: ["session": name, "place": place]))
            return .success
        }
        let moved = try session.repository.update { state -> Bool in
            guard var credential = state.credential else { return false }
            credential.secretsLocation = location
            state = .loggedIn(credential)
            return true
        }
        guard moved else { throw CLIError(.moveSessionGone) }
        context.say(Message(.moveDone, messages: ["session": name, "place": place]))
        return .success
    }
}
