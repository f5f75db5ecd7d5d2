import SessionCLIKit
import SessionCLINetworking

// session-cli-api: the commands of session-cli that need networking, in an
// executable of their own so that only they link FoundationNetworking.
// session-cli runs it with the whole command line; it can also be run directly.
ToolEntry.main(networking: NetworkCommands.run)
