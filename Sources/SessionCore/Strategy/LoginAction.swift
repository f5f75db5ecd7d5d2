/// What pressing the login button does.
public enum LoginAction: String, Sendable, CaseIterable {
    case logIn = "login"
    case logOut = "logout"
}
