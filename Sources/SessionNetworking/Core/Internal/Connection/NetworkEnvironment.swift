package import SessionSystem

/// The variables curl reads for trust and proxies, as this process has them
/// (or as a test gives them): read once per transport, not per request.
package struct NetworkEnvironment: Sendable, Hashable {
    private var values: [ProcessEnvironment.Name: String]

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

    package subscript(_ name: ProcessEnvironment.Name) -> String? { values[name] }

    /// The first of `names` that is set.
    package func first(_ names: ProcessEnvironment.Name...) -> String? {
        names.lazy.compactMap { values[$0] }.first
    }

    private static let names: [ProcessEnvironment.Name] = [
        .certificateFile, .certificateDirectory, .curlCABundle, .httpsProxy, .httpsProxyUpper, .httpProxy,
        .allProxy, .allProxyLower, .noProxy, .noProxyLower,
    ]
}
