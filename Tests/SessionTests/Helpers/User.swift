struct User: Decodable, Sendable, Equatable {
    let login: String
    let id: Int
}
