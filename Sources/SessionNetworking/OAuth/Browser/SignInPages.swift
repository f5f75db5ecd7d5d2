public import SessionCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What the browser is shown at the end of a sign-in: whose name the pages
/// carry, in which language, and how a failure is worded.
///
/// The loopback listener holds the browser's connection until the outcome
/// is known (the session saved, the sign-in denied, or a failure), so the
/// page never says more than the app knows. The pages are small,
/// self-contained HTML5 (no external resources, `Cache-Control: no-store`).
///
/// ```swift
/// let pages = SignInPages(appName: "my-cli", language: "ja") { error in "\(error)" }
/// let flow = AuthorizationCodeFlow(configuration: configuration, pages: pages)
/// ```
public struct SignInPages: Sendable {
    /// The name the pages give the app ("session-cli is signed in as …").
    public var appName: String
    /// The pages' language: a tag or locale whose first part is `ja` (`ja`,
    /// `ja-JP`, `ja_JP.UTF-8`) for Japanese, anything else English.
    public var language: String
    /// Whether the app's own output is in a terminal (the pages say "return
    /// to the terminal"), or the app is a window of its own ("return to <appName>").
    public var returnsToTerminal: Bool
    /// The one-line reason a failure page shows: the same words the app
    /// shows for the error.
    public var describe: @Sendable (any Error) -> String
    /// How long the listener holds the browser's connection for the outcome
    /// before it answers that the result will be shown in the app.
    public var outcomeWait: Duration

    /// - Parameters:
    ///   - appName: The name the pages give the app; by default the process's name.
    ///   - language: `ja` (or `ja-JP`, `ja_JP.UTF-8`) for Japanese pages, anything else English.
    ///   - returnsToTerminal: Whether the app's output is in a terminal.
    ///   - outcomeWait: How long the browser waits for the outcome: ``SessionLimits/pageOutcomeWait`` by default.
    ///   - describe: The reason a failure page shows; by default the error's description.
    public init(
        appName: String = ProcessInfo.processInfo.processName, language: String = "en",
        returnsToTerminal: Bool = true, outcomeWait: Duration = SessionLimits.pageOutcomeWait,
        describe: @escaping @Sendable (any Error) -> String = { String(describing: $0) }
    ) {
        self.appName = appName
        self.language = language
        self.returnsToTerminal = returnsToTerminal
        self.outcomeWait = outcomeWait
        self.describe = describe
    }
}
