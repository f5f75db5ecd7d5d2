package import SessionSupport

/// A JSON Web Key (RFC 7517) of the kinds this package signs with: an EC
/// key on P-256 (ES256) and an RSA key of 2048 bits or more (RS256). Read
/// strictly from outside bytes: the members' base64url must be canonical
/// and of the right length, and a member given twice is refused (the JSON
/// reader's rule).
///
/// Its ``thumbprint`` (RFC 7638) names the key in `status` and in a DPoP
/// token's `cnf.jkt`.
package struct JWK: Sendable, Equatable {
    package enum Key: Sendable, Equatable {
        /// P-256: the point's coordinates (32 bytes each) and, for a private key, the scalar.
        case p256(x: [UInt8], y: [UInt8], d: [UInt8]?)
        /// RSA: the modulus and the exponent (public only).
        case rsa(n: [UInt8], e: [UInt8])
    }

    package let key: Key

    /// Why a JWK was refused, in words.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    package init(_ key: Key) {
        self.key = key
    }

    /// The key a JWK's JSON text describes.
    ///
    /// - Throws: ``Failure``.
    package init(json bytes: some Collection<UInt8>) throws(Failure) {
        guard bytes.count <= 16_384 else { throw Failure(description: "larger than 16 KiB") }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw Failure(description: "not JSON")
        }
        guard case .object(let object) = value else { throw Failure(description: "not a JSON object") }
        try self.init(object)
    }

    /// The key a JWK's members describe.
    package init(_ object: JSONObject) throws(Failure) {
        func bytes(_ name: String, count: ClosedRange<Int>) throws(Failure) -> [UInt8]? {
            guard let member = object[name] else { return nil }
            guard case .string(let text) = member, let decoded = Base64.decode(Array(text.utf8), .url),
                count.contains(decoded.count)
            else { throw Failure(description: "\(name) is not base64url of the right length") }
            return decoded
        }
        func required(_ name: String, count: ClosedRange<Int>) throws(Failure) -> [UInt8] {
            guard let value = try bytes(name, count: count) else { throw Failure(description: "no \(name)") }
            return value
        }
        guard case .string(let type)? = object["kty"] else { throw Failure(description: "no kty") }
        switch type {
        case "EC":
            guard case .string("P-256")? = object["crv"] else {
                throw Failure(description: "a curve other than P-256")
            }
            key = .p256(
                x: try required("x", count: 32...32), y: try required("y", count: 32...32),
                d: try bytes("d", count: 32...32))
        case "RSA":
            let n = try required("n", count: 256...1024)
            let e = try required("e", count: 1...8)
            guard n.first != 0, e.first != 0 else {
                throw Failure(description: "a number with a leading zero")
            }
            guard object["d"] == nil else { throw Failure(description: "an RSA private key in a JWK") }
            key = .rsa(n: n, e: e)
        default:
            throw Failure(description: "a key type other than EC or RSA")
        }
    }

    /// The public members only.
    package var publicKey: JWK {
        switch key {
        case .p256(let x, let y, _): JWK(.p256(x: x, y: y, d: nil))
        case .rsa: self
        }
    }

    /// Whether it holds a private key.
    package var isPrivate: Bool {
        if case .p256(_, _, _?) = key { return true }
        return false
    }

    /// The JSON members, sorted: with `d` only when `includingPrivate`.
    package func members(includingPrivate: Bool = false) -> [String: JSONOutput] {
        switch key {
        case .p256(let x, let y, let d):
            var members: [String: JSONOutput] = [
                "kty": .string("EC"), "crv": .string("P-256"), "x": .string(Base64URL.encode(x)),
                "y": .string(Base64URL.encode(y)),
            ]
            if includingPrivate, let d { members["d"] = .string(Base64URL.encode(d)) }
            return members
        case .rsa(let n, let e):
            return [
                "kty": .string("RSA"), "n": .string(Base64URL.encode(n)), "e": .string(Base64URL.encode(e)),
            ]
        }
    }

    /// The JSON text of the public key, members sorted, no white space.
    package var publicJSON: String { JSONOutput.object(members()).text }

    /// The JWK thumbprint (RFC 7638): base64url of the SHA-256 of the
    /// required members in lexicographic order, without white space.
    package var thumbprint: String {
        Base64URL.sha256(publicJSON)
    }
}
