/// What pressing the login button does.
///
/// ```swift
/// let action = try usecase.strategy().action   // .logIn or .logOut
/// ```
public enum LoginAction: String, Sendable, CaseIterable {
    case logIn = "login"
    case logOut = "logout"
}
