package import SessionCore
package import SessionHTTP
import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// A session's DPoP key (RFC 9449): made at sign-in, kept as a secret of the
/// session (``Credential/dpopKey``: base64url of its private JWK) with its
/// thumbprint beside it (``Credential/dpopThumbprint``).
package enum DPoPKey {
    /// A sign-in's new key: to sign with, to keep, and its thumbprint.
    package struct Binding: Sendable {
        package let key: SigningKey
        package let secret: AuthToken
        package let thumbprint: String

        /// `credential` bound to this key.
        package func bind(_ credential: inout Credential) {
            credential.dpopKey = secret
            credential.dpopThumbprint = thumbprint
        }
    }

    /// A new P-256 key, as a session keeps it.
    package static func make() throws(SigningKey.Failure) -> Binding {
        let key = try SigningKey.generateP256()
        guard let jwk = key.privateJWK,
            let secret = try? AuthToken(
                Base64URL.encode(Array(JSONOutput.object(jwk.members(includingPrivate: true)).text.utf8)))
        else { throw SigningKey.Failure(description: "the new DPoP key could not be kept") }
        return Binding(key: key, secret: secret, thumbprint: key.publicJWK.thumbprint)
    }

    /// The signing key of a bound session; `nil` for a bearer session.
    ///
    /// - Throws: ``SigningKey/Failure`` when the kept key cannot be read, or
    ///   is not the one its thumbprint names (the tokens are bound to that one).
    package static func signingKey(of credential: Credential) throws(SigningKey.Failure) -> SigningKey? {
        guard let secret = credential.dpopKey else { return nil }
        guard let json = Base64.decode(Array(secret.value.utf8), .url), let jwk = try? JWK(json: json) else {
            throw SigningKey.Failure(description: "the session's DPoP key cannot be read")
        }
        let key = try SigningKey(privateJWK: jwk)
        guard key.publicJWK.thumbprint == credential.dpopThumbprint else {
            throw SigningKey.Failure(
                description: "the session's DPoP key is not the one its tokens are bound to")
        }
        return key
    }
}

extension DPoPKey {
    /// `request` with a fresh proof of `key` for itself (and the last nonce
    /// its endpoint gave), as every request to a token endpoint of a bound
    /// session carries one; `request` unchanged without a key.
    package static func proving(_ request: HTTPRequest, with key: SigningKey?) throws(SigningKey.Failure)
        -> HTTPRequest
    {
        guard let key, let url = request.url else { return request }
        var proven = request
        proven.headerFields[.dpop] = try DPoPProof.make(
            key: key, method: request.method.rawValue, url: url, nonce: DPoPNonces.nonce(for: url))
        return proven
    }

    /// A request that carries `token` to a resource: `Authorization: DPoP`
    /// and a proof with `ath` when bound to `key`, else `Bearer`.
    package static func authorizing(_ request: HTTPRequest, token: AuthToken, key: SigningKey?)
        throws(SigningKey.Failure) -> HTTPRequest
    {
        var authorized = request
        guard let key, let url = request.url else {
            authorized.headerFields[.authorization] = "Bearer \(token.value)"
            return authorized
        }
        authorized.headerFields[.authorization] = "DPoP \(token.value)"
        authorized.headerFields[.dpop] = try DPoPProof.make(
            key: key, method: request.method.rawValue, url: url, accessToken: token,
            nonce: DPoPNonces.nonce(for: url))
        return authorized
    }

    /// Whether a resource's 401 asks for a proof with a new nonce (RFC 9449
    /// §9), keeping the nonce when it does.
    package static func asksForNonce(_ answer: SequenceResponse) -> Bool {
        guard answer.response.status.code == 401, DPoPNonces.isAskedFor(by: answer.response),
            let url = answer.response.url ?? answer.request.url
        else { return false }
        return DPoPNonces.keep(from: answer.response, for: url)
    }

    /// Whether a token endpoint's error asks for a proof with a new nonce (RFC 9449 §8).
    package static func asksForNonce(_ answer: TokenGrant.Answer) -> Bool {
        if case .error(code: "use_dpop_nonce", _, _) = answer { return true }
        return false
    }
}

/// The last `DPoP-Nonce` each server gave (RFC 9449 §8, §9), by origin:
/// sent with the next proof to that origin, and replaced whenever the server
/// sends another. Once a file store's repository is used for requests
/// (``keep(beside:)``, called by ``AuthTokenHeaderBehavior`` and
/// ``TokenRefresher``), the nonces are also kept in a ``NonceFile`` beside
/// its session file, so the next process's first proof carries them too.
package enum DPoPNonces {
    private struct Book {
        var nonces: [String: String] = [:]
        var file: NonceFile?
        /// Whether `file`'s nonces have been read into `nonces`.
        var loaded = true

        mutating func load() {
            guard !loaded, let file else { return }
            loaded = true
            for (origin, nonce) in file.read() where nonces[origin] == nil { nonces[origin] = nonce }
        }
    }

    private static let book = Locked(Book())

    /// Keeps the nonces beside `repository`'s session file from now on, when
    /// it is a file store's; read at the first proof that needs one.
    package static func keep(beside repository: any LoginStateRepository) {
        guard let file = (repository as? any KeepsNoncesBeside)?.nonceFile else { return }
        book.withLock { book in
            guard book.file != file else { return }
            book.file = file
            book.loaded = false
        }
    }

    package static func nonce(for url: URL) -> String? {
        guard let origin = Origin(url)?.description else { return nil }
        return book.withLock { book in
            book.load()
            return book.nonces[origin]
        }
    }

    /// Keeps the nonce a response carried, if it did (printable ASCII, at
    /// most 512 bytes), in the file too when it is new.
    @discardableResult
    package static func keep(from response: HTTPResponse, for url: URL) -> Bool {
        guard let nonce = response.headerFields[.dpopNonce], NonceFile.isValid(nonce),
            let origin = Origin(url)?.description
        else { return false }
        book.withLock { book in
            book.load()
            guard book.nonces[origin] != nonce else { return }
            book.nonces[origin] = nonce
            book.file?.keep(nonce, for: origin)
        }
        return true
    }

    /// Whether a 401 asks for a (new) nonce: `WWW-Authenticate: DPoP error="use_dpop_nonce"`.
    package static func isAskedFor(by response: HTTPResponse) -> Bool {
        guard let challenge = response.headerFields[.wwwAuthenticate] else { return false }
        return challenge.lowercased().hasPrefix("dpop") && challenge.contains("use_dpop_nonce")
    }
}
