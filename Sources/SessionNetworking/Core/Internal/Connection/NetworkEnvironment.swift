package import SessionSystem

/// The variables curl reads for trust and proxies, as this process has them
/// (or as a test gives them): read once per transport, not per request.
package struct NetworkEnvironment: Sendable, Hashable {
    private var values: [EnvironmentVariable: String]

    /// The values in `environment`; an empty value counts as unset, as in curl.
    package init(_ environment: [String: String]) {
        values = [:]
        for name in Self.names {
            if let value = ProcessEnvironment.value(name, in: environment), !value.isEmpty {
                values[name] = value
            }
        }
    }

    /// This process's values now.
    package static func current() -> NetworkEnvironment {
        var environment: [String: String] = [:]
        for name in names { environment[name.rawValue] = ProcessEnvironment.value(name) }
        return NetworkEnvironment(environment)
    }

    package subscript(_ name: EnvironmentVariable) -> String? { values[name] }

    /// The first of `names` that is set.
    package func first(_ names: EnvironmentVariable...) -> String? {
        names.lazy.compactMap { values[$0] }.first
    }

    private static let names: [EnvironmentVariable] = [
        .certificateFile, .certificateDirectory, .curlCABundle, .httpsProxy, .httpsProxyUpper, .httpProxy,
        .allProxy, .allProxyLower, .noProxy, .noProxyLower,
    ]
}
