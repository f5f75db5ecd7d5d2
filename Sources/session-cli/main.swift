import SessionCLIKit

// session-cli: every command that needs no networking runs here; the others
// are handed to session-cli-api beside it. See ToolEntry.
ToolEntry.main(networking: nil)
