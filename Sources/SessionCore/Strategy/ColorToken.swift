/// The color a login button is drawn in, as a design token rather than a
/// concrete color, so each UI maps it to its own palette.
///
/// ```swift
/// let color = usecase.strategy().color   // .blue
/// color.hex                              // "#007AFF"
/// ```
public enum ColorToken: String, Sendable, CaseIterable {
    /// The call to action: log in.
    case blue
    /// The destructive action: log out.
    case red

    /// The token's sRGB value as `#RRGGBB` (Apple's system blue and red).
    public var hex: String {
        switch self {
        case .blue: "#007AFF"
        case .red: "#FF3B30"
        }
    }
}
