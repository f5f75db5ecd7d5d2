// `import Session` gives the whole public API: the session store and the
// login strategies (SessionCore) and the request pipeline (SessionNetworking).
// They are separate targets only so that session-cli's everyday commands do not
// link FoundationNetworking; see Package.swift.
@_exported public import SessionCore
@_exported public import SessionNetworking

// URLRequest and HTTPURLResponse, which the networking API uses, live in
// FoundationNetworking on Linux.
#if canImport(FoundationNetworking)
    @_exported public import FoundationNetworking
#endif
