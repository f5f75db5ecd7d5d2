import SessionCLIKit
import SessionCLINetworking

// session-cli-api: the same commands, with the network, in an executable of
// their own so that only it links FoundationNetworking. session-cli runs it
// with the whole command line; it can also be run directly.
ToolEntry.main(network: .inProcess(NetworkService()))
