import SessionCLIKit
import SessionCLINetworking
import SessionCore
import SessionSupport

// session-cli-api: the same commands, with the network, in an executable of
// their own so that only it links FoundationNetworking. session-cli runs it
// with the whole command line; it can also be run directly. Every request it
// sends names the tool (GitHub's API refuses a request that names nothing).
ConnectionSettings.userAgent = "session-cli/\(sessionVersion)"
ToolEntry.main(network: .inProcess(NetworkService()))
