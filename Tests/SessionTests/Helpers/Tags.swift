import Testing

/// What a test needs beyond the toolchain. Xcode's test plans select by tag;
/// `swift test --filter tag:pypi` does once the toolchain's Swift Testing has
/// tag filters (6.3.1 has not: select by suite name there, as CONTRIBUTING.md shows).
extension Tag {
    /// Needs Python 3 (a loopback HTTP server from the test scripts).
    @Tag static var python: Self
    /// Needs packages from PyPI: the tests' OAuth provider (django-oauth-toolkit),
    /// installed into the build folder on first use. Implies Python 3.
    @Tag static var pypi: Self
    /// Needs Chromium and chromium-driver (skipped without them unless
    /// `SESSION_TESTS_REQUIRE_BROWSER=1`).
    @Tag static var browser: Self
    /// Needs gnome-keyring and dbus-daemon: a real Secret Service on a
    /// private bus (skipped without them unless `SESSION_TESTS_REQUIRE_KEYRING=1`).
    @Tag static var keyring: Self
}
