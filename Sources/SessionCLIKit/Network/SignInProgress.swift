import SessionCore
import SessionSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a person sees while a sign-in or a provider's logout waits for
/// them, shared by `login` and `logout --everywhere`.
enum SignInProgress {
    /// What a person must see during a sign-in, each on its own line of
    /// standard error, so a person can read it and a script can find it
    /// (the `URL:` and `Code:` labels are the same in every language).
    static func show(_ event: SignInEvent, _ context: CommandContext) {
        switch event {
        case .deviceCode(let userCode, let verificationURI, let complete, let expiresIn):
            context.tell(Message(.deviceInstructions, ["minutes": String(max(1, expiresIn / 60))]))
            context.tell(Message(.labelURL, ["url": verificationURI.absoluteString]))
            context.tell(Message(.labelCode, ["code": userCode]))
            if let complete { context.tell(Message(.labelURLWithCode, ["url": complete.absoluteString])) }
            context.tell(Message(.deviceWaiting))
        case .authorizationURL(let url, let opening):
            context.tell(Message(opening ? .webSignInOpening : .webSignInAt))
            context.tell(Message(.labelURL, ["url": url.absoluteString]))
        case .logoutURL(let url, let opening):
            context.tell(Message(opening ? .logoutEndSessionOpening : .logoutEndSessionAt))
            context.tell(Message(.labelURL, ["url": url.absoluteString]))
        case .waitingForBrowser(let redirectURI):
            context.tell(Message(.webWaiting, ["redirect": redirectURI.absoluteString]))
        case .waitingForPaste(let redirectURI):
            context.tell(Message(.webWaiting, ["redirect": redirectURI.absoluteString]))
            context.tell(Message(.webPasteHint, ["redirect": redirectURI.absoluteString]))
        case .refusedCallback(let anotherSignIn):
            context.warn(Message(anotherSignIn ? .webRefusedAnotherSignIn : .webRefusedMalformed))
        case .refusedPaste(let reason):
            switch reason {
            case .anotherSignIn:
                context.warn(Message(.webPasteAnotherSignIn))
            case .anotherRedirect:
                context.warn(Message(.webPasteNotTheRedirect))
            case .malformed: context.warn(Message(.webPasteMalformed))
            }
        }
    }
}
