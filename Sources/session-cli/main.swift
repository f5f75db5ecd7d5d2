import SessionCLIKit

// session-cli: every command runs here; one that asks for the network is
// handed to session-cli-api beside it. See ToolEntry and CommandContext.network().
ToolEntry.main(network: .companion)
