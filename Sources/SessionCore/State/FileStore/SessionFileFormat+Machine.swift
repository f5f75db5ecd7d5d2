package import SessionSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A machine's sign-in in a session file: where its platform token comes
/// from and how it is spent, as `provider.machine`.
extension SessionFileFormat {
    /// Where a machine's platform token comes from and how it is spent: a
    /// path or a name, never the token.
    package static func fields(_ machine: MachineSignIn) -> JSONOutput {
        var fields: [String: JSONOutput] = [:]
        switch machine.source.kind {
        case .file(let path):
            fields["source"] = .string("file")
            fields["path"] = .string(path)
        case .githubActions(let audience):
            fields["source"] = .string("github-actions")
            fields["audience"] = audience.map { .string($0) }
        case .environment(let name):
            fields["source"] = .string("env")
            fields["name"] = .string(name)
        case .application(let name):
            fields["source"] = .string("application")
            fields["name"] = .string(name)
        }
        switch machine.grant {
        case .clientAssertion: fields["grant"] = .string("client-assertion")
        case .jwtBearer: fields["grant"] = .string("jwt-bearer")
        case .tokenExchange(let exchange):
            fields["grant"] = .string("token-exchange")
            fields["subjectTokenType"] = .string(exchange.subjectTokenType)
            if !exchange.audiences.isEmpty {
                fields["audiences"] = .array(exchange.audiences.map { .string($0) })
            }
            if !exchange.resources.isEmpty {
                fields["resources"] = .array(exchange.resources.map { .string($0) })
            }
            fields["requestedTokenType"] = exchange.requestedTokenType.map { .string($0) }
        }
        return .object(fields)
    }

    /// A machine's sign-in as ``fields(_:)-(MachineSignIn)`` writes it.
    static func machine(_ fields: Fields) throws -> MachineSignIn {
        func required(_ key: String) throws -> String {
            guard let text = try fields.string(key), !text.isEmpty else { throw fields.missing(key) }
            return text
        }
        let source: AssertionSource
        switch try required("source") {
        case "file":
            let path = try required("path")
            guard path.hasPrefix("/"), !path.utf8.contains(0) else { throw fields.invalid("path") }
            source = .file(path)
        case "github-actions": source = .githubActions(audience: try fields.string("audience"))
        case "env":
            let name = try required("name")
            guard AssertionSource.isReadableVariable(name) else { throw fields.invalid("name") }
            source = .environment(name)
        case "application":
            // Kept by name: the application gives its closure again (TokenRefresher).
            source = AssertionSource(.application(name: try required("name")))
        default: throw fields.invalid("source")
        }
        let grant: MachineGrant
        switch try required("grant") {
        case "client-assertion": grant = .clientAssertion
        case "jwt-bearer": grant = .jwtBearer
        case "token-exchange":
            grant = .tokenExchange(
                TokenExchange(
                    subjectTokenType: try required("subjectTokenType"),
                    audiences: try fields.strings("audiences") ?? [],
                    resources: try fields.strings("resources") ?? [],
                    requestedTokenType: try fields.string("requestedTokenType")))
        default: throw fields.invalid("grant")
        }
        return MachineSignIn(source: source, grant: grant)
    }
}
