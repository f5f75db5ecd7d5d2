// `import Session` gives the whole public API: the session store and the
// login strategies (SessionCore), the HTTP types and transports (SessionHTTP),
// and the request pipeline (SessionNetworking). They are separate targets so
// that session-cli's everyday commands link no networking; see Package.swift.
@_exported public import SessionCore
@_exported public import SessionHTTP
@_exported public import SessionNetworking

// URLSessionTransport is part of Session on Apple platforms. On Linux it is
// the product SessionURLSession, the only one that links FoundationNetworking.
#if canImport(Darwin)
    @_exported public import SessionURLSession
#endif
