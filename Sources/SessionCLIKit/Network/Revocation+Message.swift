extension Revocation {
    /// The one line standard error says of a revocation, at logout or when a
    /// login replaced a session.
    package var message: String {
        switch self {
        case .revoked(let issuer):
            "Revoked the grant at \(issuer)."
        case .notOffered(let issuer):
            "session-cli: note: \(issuer) lists no revocation endpoint; the grant was not revoked there"
        case .timedOut(let issuer, let seconds):
            "session-cli: warning: \(issuer) did not answer within \(seconds) s; the grant may still be valid "
                + "there; the local session is removed anyway"
        case .failed(let issuer, let reason):
            "session-cli: warning: could not revoke the grant at \(issuer) (\(reason)); "
                + "the local session is removed anyway"
        }
    }
}
