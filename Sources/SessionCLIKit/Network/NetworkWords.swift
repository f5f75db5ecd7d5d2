// The words of the network: a server that cannot be reached, a connection refused on the way, an
// answer that is not what was asked.
extension MessageKey {
    package static var theIdentityProvider: MessageKey {
        MessageKey(
            "the identity provider",
            "ID プロバイダー")
    }
    package static var reasonNoAnswerWithin: MessageKey {
        MessageKey(
            "no complete answer within {seconds} s; the exchange was stopped",
            "{seconds} 秒以内に完全な応答がなかったので、やり取りを止めました")
    }
    package static var reasonAnswerTooLarge: MessageKey {
        MessageKey(
            "the answer is larger than the limit of {limit}; it was stopped there",
            "応答が上限の {limit} を超えたので、そこで止めました")
    }
    static var reasonConnectionRefused: MessageKey {
        MessageKey(
            "the connection was refused (nothing listens there?)",
            "接続を拒否されました (そこで待ち受けているものがない?)")
    }
    static var reasonHostNotFound: MessageKey {
        MessageKey(
            "the host name could not be resolved",
            "ホスト名を解決できません")
    }
    static var reasonConnectionLost: MessageKey {
        MessageKey(
            "the connection was lost",
            "接続が切れました")
    }
    static var reasonTooManyRedirects: MessageKey {
        MessageKey(
            "too many redirects",
            "リダイレクトが多すぎます")
    }
    package static var reasonUnreachable: MessageKey {
        MessageKey(
            "it could not be reached",
            "接続できませんでした")
    }
    package static var reasonOther: MessageKey {
        MessageKey(
            "{text}",
            "{text}")
    }
}

extension ErrorKey {
    package static var dpopKeyUnusable: ErrorKey {
        ErrorKey(
            .badData,
            "the session's DPoP key cannot be used: {reason}; log in again",
            "セッションの DPoP 鍵を使えません: {reason}。もう一度ログインしてください")
    }
    static var connectionProxyNeedsCredentials: ErrorKey {
        ErrorKey(
            .unavailable,
            "the proxy {proxy} asks for credentials (status {status}); put the user and password in the proxy variable's URL (http://user:password@host:port)",
            "プロキシ {proxy} が認証情報を求めています (ステータス {status})。プロキシ変数の URL にユーザーとパスワードを入れてください (http://user:password@host:port)"
        )
    }
    package static var cannotReach: ErrorKey {
        ErrorKey(
            .unavailable,
            "cannot reach {origin}: {reason}",
            "{origin} に接続できません: {reason}")
    }
    static var connectionCertificateRejected: ErrorKey {
        ErrorKey(
            .unavailable,
            "the certificate of {origin} was not trusted ({why}); if your organisation's own CA signed it, log in with --ca-file PATH or set SSL_CERT_FILE",
            "{origin} の証明書は信頼されていません ({why})。組織独自の CA が署名している場合は --ca-file PATH でログインするか SSL_CERT_FILE を設定してください"
        )
    }
    static var connectionCAFileUnusable: ErrorKey {
        ErrorKey(
            .ioError,
            "cannot use the CA file {path}: {why}",
            "CA ファイル {path} を使えません: {why}")
    }
    static var connectionClientCertificateUnusable: ErrorKey {
        ErrorKey(
            .ioError,
            "cannot use the client certificate file {path}: {why}",
            "クライアント証明書のファイル {path} を使えません: {why}")
    }
    static var connectionClientCertificateRequired: ErrorKey {
        ErrorKey(
            .unavailable,
            "{origin} asks for a client certificate; log in with --client-cert PATH --client-cert-key PATH",
            "{origin} はクライアント証明書を求めています。--client-cert PATH --client-cert-key PATH でログインしてください")
    }
    static var connectionTLSFailed: ErrorKey {
        ErrorKey(
            .unavailable,
            "the TLS handshake with {origin} failed: {why}",
            "{origin} との TLS ハンドシェイクに失敗しました: {why}")
    }
    static var connectionProxyRefused: ErrorKey {
        ErrorKey(
            .unavailable,
            "the proxy {proxy} refused the request for {origin} (status {status})",
            "プロキシ {proxy} が {origin} へのリクエストを拒否しました (ステータス {status})")
    }
    static var connectionProxyFailed: ErrorKey {
        ErrorKey(
            .unavailable,
            "the proxy {proxy} could not be used for {origin}: {why}",
            "プロキシ {proxy} を {origin} に使えません: {why}")
    }
    static var connectionNoAnswer: ErrorKey {
        ErrorKey(
            .unavailable,
            "no answer from {origin} within {seconds} s",
            "{origin} から {seconds} 秒以内に応答がありません")
    }
    package static var connectionNoCompleteAnswer: ErrorKey {
        ErrorKey(
            .unavailable,
            "no complete answer from {origin} within {seconds} s",
            "{origin} から {seconds} 秒以内に完全な応答がありません")
    }
    static var connectionNoAnswerThroughProxy: ErrorKey {
        ErrorKey(
            .unavailable,
            "no answer from {origin} through the proxy {proxy} within {seconds} s",
            "プロキシ {proxy} 経由で {origin} から {seconds} 秒以内に応答がありません")
    }
    static var connectionUnsupported: ErrorKey {
        ErrorKey(
            .unavailable,
            "not possible on this platform: {what}",
            "このプラットフォームではできません: {what}")
    }
    package static var providerAnswerTooLarge: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the identity provider sent an answer larger than {limit} MiB; it was stopped there",
            "ID プロバイダーが {limit} MiB より大きな応答を送ってきたので、そこで止めました")
    }
    package static var serverErrorAnswerTooLarge: ErrorKey {
        ErrorKey(
            .failure,
            "the server's error answer is larger than {limit} MiB; it was stopped there",
            "サーバーのエラー応答が {limit} MiB より大きいので、そこで止めました")
    }
    package static var requestDidNotComplete: ErrorKey {
        ErrorKey(
            .failure,
            "the request did not complete",
            "リクエストが完了しませんでした")
    }
    package static var requestCancelled: ErrorKey {
        ErrorKey(
            .failure,
            "the request was cancelled",
            "リクエストは取り消されました")
    }
    package static var invalidRequest: ErrorKey {
        ErrorKey(
            .usage,
            "invalid request: {reason}",
            "リクエストが正しくありません: {reason}")
    }
    package static var providerStatus: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the provider answered with status {status}",
            "プロバイダーはステータス {status} を返しました")
    }
    package static var providerUndecodable: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the provider's answer could not be read",
            "プロバイダーの応答を読めませんでした")
    }
    package static var sequenceTooManySteps: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the request sequence sent {limit} requests without finishing; it was stopped",
            "リクエストのシーケンスが終わらないまま {limit} 回送ったので、止めました")
    }
    package static var sequenceNotHTTP: ErrorKey {
        ErrorKey(
            .badProtocol,
            "a step of the request sequence is not an absolute http or https URL",
            "リクエストのシーケンスのステップが、絶対 http/https の URL ではありません")
    }
}

extension WordCatalog {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var network: WordCatalog {
        WordCatalog(
            "network",
            words: [
                .theIdentityProvider,
                .reasonNoAnswerWithin,
                .reasonAnswerTooLarge,
                .reasonConnectionRefused,
                .reasonHostNotFound,
                .reasonConnectionLost,
                .reasonTooManyRedirects,
                .reasonUnreachable,
                .reasonOther,
            ],
            errors: [
                .dpopKeyUnusable,
                .connectionProxyNeedsCredentials,
                .cannotReach,
                .connectionCertificateRejected,
                .connectionCAFileUnusable,
                .connectionClientCertificateUnusable,
                .connectionClientCertificateRequired,
                .connectionTLSFailed,
                .connectionProxyRefused,
                .connectionProxyFailed,
                .connectionNoAnswer,
                .connectionNoCompleteAnswer,
                .connectionNoAnswerThroughProxy,
                .connectionUnsupported,
                .providerAnswerTooLarge,
                .serverErrorAnswerTooLarge,
                .requestDidNotComplete,
                .requestCancelled,
                .invalidRequest,
                .providerStatus,
                .providerUndecodable,
                .sequenceTooManySteps,
                .sequenceNotHTTP,
            ])
    }
}
