// The words of `KubeCredentialCommand`, each key beside its English and its Japanese text.
extension MessageKey {
    static var kubeSummary: MessageKey {
        MessageKey(
            "kubectl's credential plugin: the session's token for a cluster.",
            "kubectl の認証情報プラグイン: セッションのトークンをクラスターに渡します。")
    }
    static var kubeDiscussion: MessageKey {
        MessageKey(
            "Prints an ExecCredential (client.authentication.k8s.io/v1, or the version KUBERNETES_EXEC_INFO names: v1 or v1beta1) with the session's access token, or with --id-token its ID token (checked as at sign-in: its issuer and audience), and when it expires, refreshed first when it is due. kubectl keeps it until then. Not logged in: exit 1, one line on standard error.\n\nTo use it for a cluster's user:\n\n  kubectl config set-credentials NAME \\\n    --exec-command=/path/to/session-cli \\\n    --exec-arg=kube-credential \\\n    --exec-api-version=client.authentication.k8s.io/v1 \\\n    --exec-interactive-mode=Never\n\nAdd --exec-arg=--id-token for a cluster that takes OpenID Connect ID tokens, and --exec-arg=--server=URL or --exec-arg=--account=NAME to choose a session.",
            "ExecCredential (client.authentication.k8s.io/v1、または KUBERNETES_EXEC_INFO が指定するバージョン: v1 か v1beta1) を出力します。中身はセッションのアクセストークン (--id-token なら ID トークン。サインイン時と同じく発行者とオーディエンスを確認します) とその期限で、期限が近ければ先に更新します。kubectl はその期限まで使い続けます。ログインしていなければ終了コード 1 で、標準エラーに 1 行出します。\n\nクラスターのユーザーに使うには:\n\n  kubectl config set-credentials NAME \\\n    --exec-command=/path/to/session-cli \\\n    --exec-arg=kube-credential \\\n    --exec-api-version=client.authentication.k8s.io/v1 \\\n    --exec-interactive-mode=Never\n\nOpenID Connect の ID トークンを受け付けるクラスターには --exec-arg=--id-token を、セッションを選ぶには --exec-arg=--server=URL か --exec-arg=--account=NAME を加えてください。"
        )
    }
}

extension ErrorKey {
    static var kubeExecInfoVersion: ErrorKey {
        ErrorKey(
            .usage,
            "KUBERNETES_EXEC_INFO asks for {version}; kube-credential answers client.authentication.k8s.io/v1 and v1beta1",
            "KUBERNETES_EXEC_INFO が {version} を求めています。kube-credential が答えるのは client.authentication.k8s.io/v1 と v1beta1 です"
        )
    }
    static var kubeNoIDToken: ErrorKey {
        ErrorKey(
            .failure,
            "the session has no ID token; sign in with --scope openid to use --id-token",
            "セッションに ID トークンがありません。--id-token を使うには --scope openid を付けてサインインしてください")
    }
    static var kubeIDTokenExpired: ErrorKey {
        ErrorKey(
            .failure,
            "the session's ID token has expired and the provider gave no new one; run 'session-cli login'",
            "セッションの ID トークンの期限が切れていて、プロバイダーは新しいものを返しませんでした。'session-cli login' を実行してください")
    }
    static var kubeIDTokenRefused: ErrorKey {
        ErrorKey(
            .badProtocol,
            "the session's ID token was refused: {reason}",
            "セッションの ID トークンを受け付けられません: {reason}")
    }
    static var kubeExecInfoInvalid: ErrorKey {
        ErrorKey(
            .usage,
            "KUBERNETES_EXEC_INFO is not the JSON kubectl sets (no apiVersion)",
            "KUBERNETES_EXEC_INFO が kubectl の設定する JSON ではありません (apiVersion がありません)")
    }
}

extension KubeCredentialCommand {
    /// Every key above: what the catalog's tests check, and the errors whose
    /// codes a command that names this catalog documents.
    package static var words: WordCatalog {
        WordCatalog(
            "kubeCredential",
            words: [
                .kubeSummary,
                .kubeDiscussion,
            ],
            errors: [
                .kubeExecInfoVersion,
                .kubeNoIDToken,
                .kubeIDTokenExpired,
                .kubeIDTokenRefused,
                .kubeExecInfoInvalid,
            ])
    }
}
