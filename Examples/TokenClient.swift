import Foundation
import Session

/// A client that signs every request with the session's token, and stops
/// the moment the session ends: the token header is read from the store for
/// each request, so a logout anywhere is seen by the next request.
struct Profile: Decodable, Sendable {
    let login: String
}

func makeClient(server: URL, store: any LoginStateRepository) -> NetworkClient {
    NetworkClient(
        baseURL: server, transport: ConnectionSettings().transport(),
        behavior: CombinedRequestBehavior([
            AuthTokenHeaderBehavior(repository: store),
            // A 401 from the session's own server ends the session.
            UnauthorizedLogoutBehavior(repository: store),
        ]))
}

/// Who the token belongs to, as the server says.
func whoAmI(server: URL, store: any LoginStateRepository) async throws -> String {
    try await makeClient(server: server, store: store).send(Request<Profile>(path: "/user")).login
}
