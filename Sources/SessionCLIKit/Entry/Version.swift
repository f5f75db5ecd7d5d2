/// The tool's version, printed by `--version`.
package let sessionCLIVersion = "0.1.0"
