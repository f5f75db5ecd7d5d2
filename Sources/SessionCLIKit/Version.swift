/// The tool's version, printed by `--version`.
public let sessionCLIVersion = "0.1.0"
