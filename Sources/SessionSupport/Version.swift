/// The package's version: `session-cli --version`, its manual page, and the
/// `User-Agent` its requests name.
package let sessionVersion = "0.1.0"
