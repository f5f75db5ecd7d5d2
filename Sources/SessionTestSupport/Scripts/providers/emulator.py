"""GitHub, GitLab, Google and Microsoft Entra ID as their documentation describes them, at their real names.

These machines cannot reach the providers, so the tests meet them here: one HTTPS server that answers
for every name below by its Host header, with a certificate from a CA the test makes. Each quirk is written
as the provider documents it, with its source beside it, and as the public client code that copes with it
(golang/oauth2, gh's cli/oauth, MSAL, google-auth-library, actions/toolkit) expects it. What is emulated and
not the real thing: the sign-in pages (a person approves with one form post), the token values, and short
polling intervals (1 s instead of 5 s, so the suite stays quick; the interval itself is not what is tested).

Besides people signing in, machines: a GitHub Actions job's OpenID Connect token service
(pipelines.actions.githubusercontent.com) and its issuer (token.actions.githubusercontent.com); Microsoft
Entra ID taking that token as a federated credential (client credentials with a client assertion); and
Google's Security Token Service (sts.googleapis.com) exchanging it. The emulator mints those JWTs itself,
signed by no real key, and knows every one it minted: that set stands in for the signature check the real
providers make against the issuer's keys.

Standard library only. The scenarios (scenarios.py) run it in a thread of their own process and act as the
person: they post the user code to the verification page, or follow a browser sign-in to its redirect.
"""
import base64
import hashlib
import http.server
import json
import os
import secrets
import socketserver
import ssl
import subprocess
import threading
import time
import urllib.parse

GITHUB, API_GITHUB, GIST = "github.com", "api.github.com", "gist.github.com"
GITLAB = "gitlab.com"
GOOGLE_ACCOUNTS, GOOGLE_OAUTH, GOOGLE_OIDC, GOOGLE_APIS = (
    "accounts.google.com", "oauth2.googleapis.com", "openidconnect.googleapis.com", "www.googleapis.com")
MICROSOFT, GRAPH = "login.microsoftonline.com", "graph.microsoft.com"
# GitHub Actions: the job's token service (ACTIONS_ID_TOKEN_REQUEST_URL names it) and the tokens' issuer.
ACTIONS_TOKEN_SERVICE, ACTIONS_ISSUER = "pipelines.actions.githubusercontent.com", "token.actions.githubusercontent.com"
STS = "sts.googleapis.com"  # Google's Security Token Service
# Not a provider: a host a hostile discovery document names, and one that copies Microsoft's document.
ATTACKER, IMPOSTOR = "attacker.example.test", "login.example.test"
NAMES = [GITHUB, API_GITHUB, GIST, GITLAB, GOOGLE_ACCOUNTS, GOOGLE_OAUTH, GOOGLE_OIDC, GOOGLE_APIS, MICROSOFT,
         GRAPH, ACTIONS_TOKEN_SERVICE, ACTIONS_ISSUER, STS, ATTACKER, IMPOSTOR]

TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47"  # contoso's tenant ID in the emulation
OTHER_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad"  # Microsoft's consumers tenant
INTERVAL = 1  # every provider documents 5 s; shortened here (see above)

# The GitHub Actions job: a workflow of octo-org/app on main. Its token's claims are those GitHub's "About
# security hardening with OpenID Connect" shows (its "Understanding the OIDC token" example).
ACTIONS_ISSUER_URL = "https://" + ACTIONS_ISSUER
ACTIONS_SUBJECT = "repo:octo-org/app:ref:refs/heads/main"
ACTIONS_DEFAULT_AUDIENCE = "https://github.com/octo-org"  # the owner's URL, when the job asks for no audience
# Microsoft Entra: an app registration in TENANT with one federated identity credential trusting that job
# (learn.microsoft.com "Workload identity federation", "Configuring OpenID Connect in Azure" at GitHub).
ENTRA_APP = "11111111-2222-3333-4444-555555555555"
ENTRA_FEDERATED = {ENTRA_APP: [{"name": "octo-org-app-main", "issuer": ACTIONS_ISSUER_URL,
                                "subject": ACTIONS_SUBJECT, "audiences": ["api://AzureADTokenExchange"]}]}
# Google: a workload identity pool provider for GitHub in project 123456 (cloud.google.com "Workload Identity
# Federation with deployment pipelines"). Its audience parameter is the provider's full resource name; the
# token's aud is, by default, that name as an https URL ("default audience").
STS_PROVIDER = "projects/123456/locations/global/workloadIdentityPools/ci-pool/providers/github"
STS_AUDIENCE = "//iam.googleapis.com/" + STS_PROVIDER
STS_TOKEN_AUDIENCE = "https://iam.googleapis.com/" + STS_PROVIDER
TOKEN_TYPE = "urn:ietf:params:oauth:token-type:"


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jwt(claims):
    """An ID token: the client does not check its signature (it comes straight from the token endpoint)."""
    header = b64url(json.dumps({"alg": "RS256", "kid": "emulated", "typ": "JWT"}).encode())
    return header + "." + b64url(json.dumps(claims).encode()) + "." + b64url(b"emulated-signature")


class Grant:
    """One person's grant to one client: its tokens and what was asked."""

    def __init__(self, provider, client, account, scope):
        self.provider, self.client, self.account, self.scope = provider, client, account, scope
        self.access, self.refresh = set(), set()
        self.revoked = False
        self.app = account is None  # an application's own grant (client credentials): no person


class Emulator:
    def __init__(self):
        self.lock = threading.Lock()
        self.log = []  # one entry per request: host, method, path, user agent, whether a secret came
        self.grants = []
        self.devices = {}  # device_code -> {"provider", "client", "user_code", "scope", "state"}
        self.codes = {}  # authorization code -> {"grant", "redirect_uri", "challenge", "client"}
        self.git_root = None
        # Knobs a scenario turns (each says which documented behaviour it selects).
        self.github_form = False  # GitHub's default: a form, whatever Accept says (as without Accept)
        self.github_expiring = set()  # GitHub Apps with "expire user authorization tokens" on
        self.google_token_endpoint = None  # a hostile discovery document's token endpoint
        self.microsoft_tid = None  # an ID token whose tid is not its issuer's tenant
        self.slow_down_once = set()  # providers whose next poll answers slow_down
        # GitHub Actions: the job's request token and token service address (as the runner sets them).
        self.actions_request_token = jwt({"iss": "https://vstoken.actions.githubusercontent.com",
                                          "aud": "vso:" + secrets.token_hex(8), "nbf": int(time.time()),
                                          "exp": int(time.time()) + 21600, "scp": "Actions.GenericRead"})
        self.actions_path = "/%s/00000000-0000-0000-0000-000000000000/_apis/distributedtask/hubs/Actions/plans/%s/jobs/%s/idtoken" % (
            secrets.token_urlsafe(36)[:48], "c2b4ad7a-8d6f-4a1e-9b0e-0d3c5f2e7a11", "5b0c8a3e-2f4d-5e6a-9c1b-7a8d6e5f4c3b")
        self.actions_minted = {}  # every JWT the token service issued -> its claims (the "signature check")
        self.actions_requests = []  # one entry per token service request: the audience asked, what was answered
        self.actions_expired = False  # mint tokens whose exp has passed (a job's token kept too long)
        self.entra_seen = []  # Entra's client-credentials requests: what came (never the assertion itself)
        self.sts_seen = []  # STS requests: every field but the subject token, and what was answered
        self.entra_legacy_no_match = False  # answer a federated credential mismatch as Entra did until 2023

    def actions_request_url(self):
        """ACTIONS_ID_TOKEN_REQUEST_URL: the token service with its own query, to which `&audience=` is added."""
        return "https://%s%s?api-version=2.0" % (ACTIONS_TOKEN_SERVICE, self.actions_path)

    def actions_claims(self, token):
        """The claims of a GitHub Actions token this emulator minted, or None: knowing every token it minted
        stands in for checking the signature against https://token.actions.githubusercontent.com/.well-known/jwks
        (the emulator has no real key; its tokens end in "emulated-signature")."""
        with self.lock:
            return self.actions_minted.get(token)

    # ---- what the scenarios do as the person ----

    def approve(self, user_code, account):
        """The person enters the user code at the verification page and approves."""
        with self.lock:
            for device in self.devices.values():
                if device["user_code"] == user_code and device["state"] == "pending":
                    device["state"] = "approved"
                    device["account"] = account
                    return True
        return False

    def expire_access_tokens(self, provider):
        """The provider forgets every access token it issued (they expired): the next API call gets 401."""
        with self.lock:
            for grant in self.grants:
                if grant.provider == provider:
                    grant.access.clear()

    def forget_refresh_tokens(self, provider):
        """Every refresh token the provider issued stops working (expired, or revoked by the person)."""
        with self.lock:
            for grant in self.grants:
                if grant.provider == provider:
                    grant.refresh.clear()

    def requests(self):
        with self.lock:
            return list(self.log)

    # ---- tokens ----

    def issue(self, grant, prefix, refresh_prefix=None):
        access = prefix + secrets.token_hex(18)
        grant.access.add(access)
        refresh = None
        if refresh_prefix:
            refresh = refresh_prefix + secrets.token_hex(18)
            grant.refresh.add(refresh)
        return access, refresh

    def grant_of(self, token, provider, kind="access"):
        with self.lock:
            for grant in self.grants:
                if grant.provider == provider and not grant.revoked and token in getattr(grant, kind):
                    return grant
        return None

    def new_grant(self, provider, client, account, scope):
        with self.lock:
            # Google keeps one grant per client and account (revoking one token ends all of them).
            if provider == "google":
                for grant in self.grants:
                    if (grant.provider, grant.client, grant.account) == ("google", client, account) and not grant.revoked:
                        return grant
            grant = Grant(provider, client, account, scope)
            self.grants.append(grant)
            return grant


def form_of(body):
    return {k: v[0] for k, v in urllib.parse.parse_qs(body.decode(errors="replace"), keep_blank_values=True).items()}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    emulator = None  # set by serve()
    secrets = {}  # client ID -> secret, for the clients that have one

    def log_message(self, *arguments):
        pass

    def do_GET(self):
        self.dispatch()

    def do_POST(self):
        self.dispatch()

    def dispatch(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.body = self.rfile.read(length) if length else b""
        host = (self.headers.get("Host") or "").split(":")[0].lower()
        path, _, query = self.path.partition("?")
        self.query = {k: v[0] for k, v in urllib.parse.parse_qs(query).items()}
        self.form = form_of(self.body) if self.command == "POST" else {}
        self.client, self.secret_sent = self.client_credentials()
        with self.emulator.lock:
            self.emulator.log.append({
                "host": host, "method": self.command, "path": path,
                "userAgent": self.headers.get("User-Agent"), "secret": self.secret_sent,
                "authorization": (self.headers.get("Authorization") or "").split(" ")[0] or None,
            })
        route = {
            GITHUB: self.github, API_GITHUB: self.api_github, GIST: self.gist, GITLAB: self.gitlab,
            GOOGLE_ACCOUNTS: self.google_accounts, GOOGLE_OAUTH: self.google_oauth, GOOGLE_OIDC: self.google_oidc,
            GOOGLE_APIS: self.google_apis, MICROSOFT: self.microsoft, GRAPH: self.graph, IMPOSTOR: self.impostor,
            ACTIONS_TOKEN_SERVICE: self.actions_token_service, ACTIONS_ISSUER: self.actions_issuer, STS: self.sts,
        }.get(host, self.nowhere)
        try:
            route(path)
        except BrokenPipeError:
            pass

    # ---- answers ----

    def send(self, status, body=b"", content_type="application/json; charset=utf-8", headers=()):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        elif isinstance(body, str):
            body = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def client_credentials(self):
        """The client ID, and whether its secret came (in HTTP Basic or in the body)."""
        client = self.form.get("client_id")
        secret = self.form.get("client_secret")
        authorization = self.headers.get("Authorization") or ""
        if authorization.startswith("Basic "):
            try:
                user, _, password = base64.b64decode(authorization[6:]).decode().partition(":")
                client, secret = urllib.parse.unquote_plus(user), urllib.parse.unquote_plus(password)
            except ValueError:
                pass
        return client, bool(secret) and secret == self.secrets.get(client)

    def bearer(self, *schemes):
        authorization = self.headers.get("Authorization") or ""
        scheme, _, token = authorization.partition(" ")
        return token if scheme.lower() in schemes else None

    def nowhere(self, path):
        self.send(404, {"error": "not_found"})

    # ---- GitHub (docs.github.com: "Authorizing OAuth apps", "Generating a user access token for a GitHub
    # App", "Refreshing user access tokens"; the REST API's "User agent required") ----

    def github_answer(self, fields):
        """GitHub's token and device endpoints answer with HTTP 200 and a form unless the request asks for
        JSON with Accept (golang/oauth2 internal/token.go and cli/oauth read both)."""
        if self.emulator.github_form or "application/json" not in (self.headers.get("Accept") or ""):
            body = urllib.parse.urlencode({k: str(v) for k, v in fields.items()})
            self.send(200, body, "application/x-www-form-urlencoded; charset=utf-8")
        else:
            self.send(200, fields)

    def github(self, path):
        emulator = self.emulator
        if path == "/.well-known/openid-configuration":
            return self.send(404, "Not Found", "text/plain")  # GitHub publishes none for sign-in
        if path == "/login/device/code" and self.command == "POST":
            device_code, user_code = secrets.token_hex(20), "%04X-%04X" % (secrets.randbelow(65536), secrets.randbelow(65536))
            with emulator.lock:
                emulator.devices[device_code] = {"provider": "github", "client": self.client, "user_code": user_code,
                                                 "scope": self.form.get("scope", ""), "state": "pending"}
            return self.github_answer({"device_code": device_code, "user_code": user_code,
                                       "verification_uri": "https://github.com/login/device",
                                       "expires_in": 900, "interval": INTERVAL})
        if path == "/login/device" and self.command == "POST":  # the person enters the code
            ok = emulator.approve(self.form.get("user_code", ""), self.form.get("account", "octocat"))
            return self.send(200 if ok else 404, "Congratulations, you're all set!" if ok else "Not found", "text/html")
        if path == "/login/oauth/authorize":
            return self.authorize("github", "https://github.com/login/oauth/authorize")
        if path == "/login/oauth/access_token" and self.command == "POST":
            return self.github_token()
        if path.endswith("/info/refs") or path.endswith("/git-upload-pack"):
            return self.git(path, lambda token: self.emulator.grant_of(token, "github"))
        self.send(404, "Not Found", "text/plain")

    def github_token(self):
        emulator, form = self.emulator, self.form
        kind = form.get("grant_type")
        expiring = self.client in emulator.github_expiring
        if kind == "urn:ietf:params:oauth:grant-type:device_code" or (kind is None and "device_code" in form):
            device = emulator.devices.get(form.get("device_code", ""))
            if device is None:
                return self.github_answer({"error": "incorrect_device_code",
                                           "error_description": "The device_code provided is not valid."})
            if "github" in emulator.slow_down_once:
                emulator.slow_down_once.discard("github")
                # GitHub's slow_down names the new interval (+5 s), and gh's cli/oauth takes it.
                return self.github_answer({"error": "slow_down", "error_description": "Too many requests have been made in the same timeframe.", "interval": INTERVAL + 5})
            if device["state"] == "pending":
                # Errors come with HTTP 200 (the device flow documentation's "Error codes").
                return self.github_answer({"error": "authorization_pending",
                                           "error_description": "The authorization request is still pending."})
            if device["state"] == "used":
                return self.github_answer({"error": "expired_token", "error_description": "The device_code has expired."})
            device["state"] = "used"
            grant = emulator.new_grant("github", self.client, device["account"], device["scope"])
        elif kind == "authorization_code" or (kind is None and "code" in form):
            grant = (self.redeem_code(form) or {}).get("grant")
            if grant is None:
                return self.github_answer({"error": "bad_verification_code",
                                           "error_description": "The code passed is incorrect or expired."})
        elif kind == "refresh_token":
            grant = emulator.grant_of(form.get("refresh_token", ""), "github", "refresh")
            if grant is None or not expiring:
                return self.github_answer({"error": "bad_refresh_token",
                                           "error_description": "The refresh token passed is incorrect or expired."})
            # Rotation: the old refresh token and the old access token stop working.
            grant.refresh.clear()
            grant.access.clear()
        else:
            return self.github_answer({"error": "unsupported_grant_type"})
        if expiring:
            access, refresh = emulator.issue(grant, "ghu_", "ghr_")
            # A GitHub App's expiring user token: 8 hours, its refresh token 6 months; scope always "".
            return self.github_answer({"access_token": access, "expires_in": 28800, "refresh_token": refresh,
                                       "refresh_token_expires_in": 15811200, "scope": "", "token_type": "bearer"})
        access, _ = emulator.issue(grant, "gho_")
        # An OAuth app's token never expires; scopes come back comma-separated.
        return self.github_answer({"access_token": access, "scope": grant.scope.replace(" ", ","), "token_type": "bearer"})

    def api_github(self, path):
        # "All API requests MUST include a valid User-Agent header": 403 without one.
        if not self.headers.get("User-Agent"):
            return self.send(403, "Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required).\n", "text/plain")
        grant = self.emulator.grant_of(self.bearer("bearer", "token") or "", "github")
        if grant is None:
            return self.send(401, {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest"})
        if path == "/user":
            return self.send(200, {"login": grant.account, "id": 583231, "node_id": "MDQ6VXNlcjU4MzIzMQ==",
                                   "type": "User", "name": "The Octocat", "email": None})
        self.send(404, {"message": "Not Found"})

    def gist(self, path):
        self.send(404, "Not Found", "text/plain")

    # ---- GitLab (docs.gitlab.com/api/oauth2: device authorization grant, refresh; Doorkeeper answers) ----

    def gitlab(self, path):
        emulator = self.emulator
        if path == "/.well-known/openid-configuration":
            # GitLab 17.x lists no device_authorization_endpoint (kubelogin#1584).
            return self.send(200, {
                "issuer": "https://gitlab.com", "authorization_endpoint": "https://gitlab.com/oauth/authorize",
                "token_endpoint": "https://gitlab.com/oauth/token", "revocation_endpoint": "https://gitlab.com/oauth/revoke",
                "introspection_endpoint": "https://gitlab.com/oauth/introspect",
                "userinfo_endpoint": "https://gitlab.com/oauth/userinfo", "jwks_uri": "https://gitlab.com/oauth/discovery/keys",
                "scopes_supported": ["api", "read_api", "read_user", "openid", "profile", "email"],
                "response_types_supported": ["code"], "grant_types_supported": ["authorization_code", "password", "client_credentials", "device_code", "refresh_token"],
                "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
                "subject_types_supported": ["public"], "id_token_signing_alg_values_supported": ["RS256"]})
        if path == "/.well-known/oauth-authorization-server":
            return self.send(404, {"error": "404 Not Found"})
        if path == "/oauth/authorize_device" and self.command == "POST":
            device_code, user_code = secrets.token_urlsafe(30), secrets.token_hex(4).upper()
            with emulator.lock:
                emulator.devices[device_code] = {"provider": "gitlab", "client": self.client, "user_code": user_code,
                                                 "scope": self.form.get("scope", ""), "state": "pending"}
            return self.send(200, {"device_code": device_code, "user_code": user_code,
                                   "verification_uri": "https://gitlab.com/oauth/device",
                                   "verification_uri_complete": "https://gitlab.com/oauth/device?user_code=" + user_code,
                                   "expires_in": 300, "interval": INTERVAL})
        if path == "/oauth/device" and self.command == "POST":
            ok = emulator.approve(self.form.get("user_code", ""), self.form.get("account", "alice"))
            return self.send(200 if ok else 404, "ok" if ok else "no", "text/html")
        if path == "/oauth/token" and self.command == "POST":
            return self.gitlab_token()
        if path == "/oauth/revoke" and self.command == "POST":
            return self.revoke("gitlab", self.form.get("token", ""), {})  # Doorkeeper answers {} (200)
        if path == "/oauth/userinfo":
            grant = emulator.grant_of(self.bearer("bearer") or "", "gitlab")
            if grant is None:
                return self.send(401, {"error": "invalid_token"})
            return self.send(200, {"sub": "4231", "sub_legacy": "f0a1", "name": "Alice", "nickname": grant.account,
                                   "preferred_username": grant.account, "email": grant.account + "@example.com",
                                   "profile": "https://gitlab.com/" + grant.account})
        if path == "/api/v4/user":
            grant = emulator.grant_of(self.bearer("bearer") or "", "gitlab")
            if grant is None:
                return self.send(401, {"message": "401 Unauthorized"})
            return self.send(200, {"id": 4231, "username": grant.account, "name": "Alice", "state": "active"})
        if path.endswith("/info/refs") or path.endswith("/git-upload-pack"):
            # An OAuth token is accepted only as the password of oauth2 (GitLab's lib/gitlab/auth.rb).
            return self.git(path, lambda token: self.emulator.grant_of(token, "gitlab"), user="oauth2")
        self.send(404, {"error": "404 Not Found"})

    def gitlab_token(self):
        emulator, form = self.emulator, self.form
        kind = form.get("grant_type")
        if kind == "urn:ietf:params:oauth:grant-type:device_code":
            device = emulator.devices.get(form.get("device_code", ""))
            if device is None or device["state"] == "used":
                return self.send(400, {"error": "invalid_grant", "error_description": "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client."})
            if device["state"] == "pending":
                return self.send(400, {"error": "authorization_pending", "error_description": "The authorization request is still pending as the end user hasn't yet completed the user-interaction steps."})
            device["state"] = "used"
            grant = emulator.new_grant("gitlab", self.client, device["account"], device["scope"])
        elif kind == "refresh_token":
            grant = emulator.grant_of(form.get("refresh_token", ""), "gitlab", "refresh")
            if grant is None:
                return self.send(400, {"error": "invalid_grant", "error_description": "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client."})
            # GitLab invalidates the old pair at once.
            grant.refresh.clear()
            grant.access.clear()
        else:
            return self.send(400, {"error": "unsupported_grant_type"})
        access, refresh = emulator.issue(grant, "glpat-oauth-", "glrt-")
        body = {"access_token": access, "token_type": "Bearer", "expires_in": 7200, "refresh_token": refresh,
                "scope": grant.scope, "created_at": int(time.time())}
        if "openid" in grant.scope.split():
            body["id_token"] = jwt({"iss": "https://gitlab.com", "sub": "4231", "aud": grant.client,
                                    "exp": int(time.time()) + 120, "iat": int(time.time()),
                                    "preferred_username": grant.account, "nickname": grant.account})
        self.send(200, body)

    # ---- Google (developers.google.com/identity/protocols/oauth2/limited-input-device, native-app,
    # openid-connect; google-auth-library's _GOOGLE_ISSUERS) ----

    def google_accounts(self, path):
        if path == "/.well-known/openid-configuration":
            token = self.emulator.google_token_endpoint or "https://oauth2.googleapis.com/token"
            return self.send(200, {
                "issuer": "https://accounts.google.com", "authorization_endpoint": "https://accounts.google.com/o/oauth2/v2/auth",
                "device_authorization_endpoint": "https://oauth2.googleapis.com/device/code", "token_endpoint": token,
                "userinfo_endpoint": "https://openidconnect.googleapis.com/v1/userinfo",
                "revocation_endpoint": "https://oauth2.googleapis.com/revoke", "jwks_uri": "https://www.googleapis.com/oauth2/v3/certs",
                "response_types_supported": ["code", "token", "id_token"], "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": ["RS256"],
                "scopes_supported": ["openid", "email", "profile"],
                "token_endpoint_auth_methods_supported": ["client_secret_post", "client_secret_basic"],
                "code_challenge_methods_supported": ["plain", "S256"],
                "grant_types_supported": ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code", "urn:ietf:params:oauth:grant-type:jwt-bearer"]})
        if path == "/.well-known/oauth-authorization-server":
            return self.send(404, "Not Found", "text/html")
        if path == "/o/oauth2/v2/auth":
            return self.authorize("google", "https://accounts.google.com/o/oauth2/v2/auth")
        if path == "/device" and self.command == "POST":
            ok = self.emulator.approve(self.form.get("user_code", ""), self.form.get("account", "alice@gmail.com"))
            return self.send(200 if ok else 404, "ok" if ok else "no", "text/html")
        self.send(404, "Not Found", "text/html")

    def google_oauth(self, path):
        emulator, form = self.emulator, self.form
        if path == "/device/code" and self.command == "POST":
            device_code = "4/4-" + secrets.token_urlsafe(30)
            user_code = "%s-%s" % (secrets.token_hex(2).upper(), secrets.token_hex(2).upper())
            with emulator.lock:
                emulator.devices[device_code] = {"provider": "google", "client": self.client, "user_code": user_code,
                                                 "scope": form.get("scope", ""), "state": "pending"}
            # Google names the page verification_url (not _uri).
            return self.send(200, {"device_code": device_code, "user_code": user_code,
                                   "verification_url": "https://www.google.com/device", "expires_in": 1800,
                                   "interval": INTERVAL})
        if path == "/token" and self.command == "POST":
            return self.google_token()
        if path == "/revoke" and self.command == "POST":
            return self.revoke("google", form.get("token", ""), {}, whole_grant=True)
        self.send(404, "Not Found", "text/html")

    def google_token(self):
        emulator, form = self.emulator, self.form
        # An installed app (TV, desktop) must send its secret on every request here, polls included.
        if not self.secret_sent:
            return self.send(401, {"error": "invalid_client", "error_description": "Unauthorized"})
        kind = form.get("grant_type")
        if kind == "urn:ietf:params:oauth:grant-type:device_code":
            device = emulator.devices.get(form.get("device_code", ""))
            if device is None or device["state"] == "used":
                return self.send(400, {"error": "invalid_grant", "error_description": "Bad Request"})
            if "google" in emulator.slow_down_once:
                emulator.slow_down_once.discard("google")
                return self.send(403, {"error": "slow_down", "error_description": "Forbidden"})
            if device["state"] == "pending":
                # 428 for pending, as Google's limited-input device documentation shows.
                return self.send(428, {"error": "authorization_pending", "error_description": "Precondition Required"})
            device["state"] = "used"
            grant = emulator.new_grant("google", self.client, device["account"], device["scope"])
            fresh_refresh, nonce = True, None
        elif kind == "authorization_code":
            entry = self.redeem_code(form)
            if entry is None:
                return self.send(400, {"error": "invalid_grant", "error_description": "Bad Request"})
            # A refresh token only for access_type=offline (native-app documentation, step 5).
            grant, fresh_refresh, nonce = entry["grant"], entry["offline"], entry["nonce"]
        elif kind == "refresh_token":
            grant = emulator.grant_of(form.get("refresh_token", ""), "google", "refresh")
            if grant is None:
                return self.send(400, {"error": "invalid_grant", "error_description": "Token has been expired or revoked."})
            fresh_refresh, nonce = False, None
        else:
            return self.send(400, {"error": "unsupported_grant_type", "error_description": "Invalid grant_type: " + str(kind)})
        access, refresh = emulator.issue(grant, "ya29.", "1//0g" if fresh_refresh else None)
        body = {"access_token": access, "expires_in": 3599, "token_type": "Bearer",
                "scope": "https://www.googleapis.com/auth/userinfo.email openid"}
        if refresh:
            body["refresh_token"] = refresh  # a refresh answer carries none: the old one stays
        # Google's ID tokens may name the issuer without the scheme.
        claims = {"iss": "accounts.google.com", "azp": grant.client, "aud": grant.client,
                  "sub": "110169484474386276334", "email": grant.account, "email_verified": True,
                  "iat": int(time.time()), "exp": int(time.time()) + 3599}
        if nonce:
            claims["nonce"] = nonce  # the authorization request's, as OpenID Connect Core asks
        body["id_token"] = jwt(claims)
        self.send(200, body)

    def google_user(self):
        grant = self.emulator.grant_of(self.bearer("bearer") or "", "google")
        if grant is None:
            return self.send(401, {"error": {"code": 401, "message": "Request had invalid authentication credentials.", "status": "UNAUTHENTICATED"}})
        self.send(200, {"sub": "110169484474386276334", "email": grant.account, "email_verified": True})

    def google_oidc(self, path):
        if path == "/v1/userinfo":
            return self.google_user()
        self.send(404, "Not Found", "text/html")

    def google_apis(self, path):
        if path == "/oauth2/v3/userinfo":
            return self.google_user()
        self.send(404, {"error": {"code": 404, "message": "Not Found"}})

    # ---- Microsoft Entra ID (learn.microsoft.com: v2-oauth2-device-code, v2-oauth2-auth-code-flow,
    # OpenID Connect metadata of the common and organizations tenants; MSAL's token_cache.py) ----

    def microsoft(self, path):
        emulator, form = self.emulator, self.form
        parts = path.strip("/").split("/")
        tenant, rest = (parts[0], "/".join(parts[1:])) if parts else ("", "")
        base = "https://login.microsoftonline.com/" + tenant
        if rest == "v2.0/.well-known/openid-configuration":
            if tenant in ("common", "organizations"):
                issuer = "https://login.microsoftonline.com/{tenantid}/v2.0"  # the placeholder, written literally
            elif tenant in ("contoso.onmicrosoft.com", TENANT):
                issuer = "https://login.microsoftonline.com/%s/v2.0" % TENANT  # a domain answers with its GUID
            else:
                return self.send(400, {"error": "invalid_tenant", "error_description": "AADSTS90002: Tenant '%s' not found." % tenant})
            return self.send(200, {
                "token_endpoint": base + "/oauth2/v2.0/token", "token_endpoint_auth_methods_supported": ["client_secret_post", "private_key_jwt", "client_secret_basic"],
                "jwks_uri": base + "/discovery/v2.0/keys", "response_modes_supported": ["query", "fragment", "form_post"],
                "subject_types_supported": ["pairwise"], "id_token_signing_alg_values_supported": ["RS256"],
                "response_types_supported": ["code", "id_token", "code id_token", "id_token token"],
                "scopes_supported": ["openid", "profile", "email", "offline_access"], "issuer": issuer,
                "request_uri_parameter_supported": False, "userinfo_endpoint": "https://graph.microsoft.com/oidc/userinfo",
                "authorization_endpoint": base + "/oauth2/v2.0/authorize", "device_authorization_endpoint": base + "/oauth2/v2.0/devicecode",
                "http_logout_supported": True, "frontchannel_logout_supported": True, "end_session_endpoint": base + "/oauth2/v2.0/logout",
                "claims_supported": ["sub", "iss", "aud", "exp", "iat", "tid", "preferred_username", "name"],
                "kerberos_endpoint": base + "/kerberos", "tenant_region_scope": None, "cloud_instance_name": "microsoftonline.com"})
        if rest == "v2.0/.well-known/oauth-authorization-server":
            return self.send(404, "", "text/html")
        if rest == "oauth2/v2.0/devicecode" and self.command == "POST":
            device_code, user_code = secrets.token_urlsafe(40), secrets.token_hex(5).upper()[:9]
            with emulator.lock:
                emulator.devices[device_code] = {"provider": "microsoft", "client": self.client, "user_code": user_code,
                                                 "scope": form.get("scope", ""), "state": "pending"}
            # A message to show, and no verification_uri_complete.
            return self.send(200, {"user_code": user_code, "device_code": device_code,
                                   "verification_uri": "https://microsoft.com/devicelogin", "expires_in": 900,
                                   "interval": INTERVAL,
                                   "message": "To sign in, use a web browser to open the page https://microsoft.com/devicelogin and enter the code %s to authenticate." % user_code})
        if rest == "oauth2/v2.0/token" and self.command == "POST":
            return self.microsoft_token(tenant)
        if rest == "oauth2/v2.0/approve" and self.command == "POST":  # the person at microsoft.com/devicelogin
            ok = emulator.approve(form.get("user_code", ""), form.get("account", "alice@contoso.com"))
            return self.send(200 if ok else 404, "ok" if ok else "no", "text/html")
        self.send(404, {"error": "not_found"})

    def microsoft_error(self, code, number, text, status=400):
        """Microsoft's errors: HTTP 400 (401 for invalid_client), an AADSTS code, then trace lines in the description."""
        trace = secrets.token_hex(8)
        return self.send(status, {"error": code, "error_description": "AADSTS%d: %s\r\nTrace ID: %s\r\nCorrelation ID: %s\r\nTimestamp: 2026-11-27 12:00:00Z" % (number, text, trace, trace),
                               "error_codes": [number], "timestamp": "2026-11-27 12:00:00Z", "trace_id": trace,
                               "correlation_id": trace, "error_uri": "https://login.microsoftonline.com/error?code=%d" % number})

    def microsoft_token(self, tenant):
        emulator, form = self.emulator, self.form
        kind = form.get("grant_type")
        if kind == "client_credentials":
            return self.microsoft_client_credentials(tenant)
        if kind == "urn:ietf:params:oauth:grant-type:device_code":
            device = emulator.devices.get(form.get("device_code", ""))
            if device is None or device["state"] == "used":
                return self.microsoft_error("invalid_grant", 70000, "The provided value for the 'device_code' is not valid.")
            if device["state"] == "pending":
                return self.microsoft_error("authorization_pending", 70016, "OAuth 2.0 device flow error. Authorization is pending. Continue polling.")
            device["state"] = "used"
            grant = emulator.new_grant("microsoft", self.client, device["account"], device["scope"])
        elif kind == "refresh_token":
            grant = emulator.grant_of(form.get("refresh_token", ""), "microsoft", "refresh")
            if grant is None:
                return self.microsoft_error("invalid_grant", 700082, "The refresh token has expired due to inactivity.")
            grant.refresh.discard(form.get("refresh_token", ""))  # refresh tokens are replaced
        else:
            return self.microsoft_error("unsupported_grant_type", 70003, "The app requested an unsupported grant type.")
        if "offline_access" not in grant.scope.split():
            access, refresh = emulator.issue(grant, "eyJ0eXAiOiJKV1Qi.", None)  # a refresh token only with offline_access
        else:
            access, refresh = emulator.issue(grant, "eyJ0eXAiOiJKV1Qi.", "0.AAAA")
        tid = emulator.microsoft_tid or TENANT
        body = {"token_type": "Bearer", "scope": "openid profile email User.Read", "expires_in": 3599,
                "ext_expires_in": 3599, "access_token": access}
        if refresh:
            body["refresh_token"] = refresh
        if "openid" in grant.scope.split():
            body["id_token"] = jwt({"aud": grant.client, "iss": "https://login.microsoftonline.com/%s/v2.0" % TENANT,
                                    "iat": int(time.time()), "nbf": int(time.time()), "exp": int(time.time()) + 3599,
                                    "name": "Alice", "oid": "00000000-0000-0000-66f3-3332eca7ea81",
                                    "preferred_username": grant.account, "sub": "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
                                    "tid": tid, "ver": "2.0"})
        self.send(200, body)

    def microsoft_client_credentials(self, tenant):
        """An application as itself (learn.microsoft.com "Microsoft identity platform and the OAuth 2.0 client
        credentials flow"), here its third case: "Access token request with a federated credential", where
        client_assertion is another identity provider's token, with client_assertion_type jwt-bearer and no
        secret. Entra checks it against the app's federated identity credentials: issuer, subject and one
        audience must match exactly ("Workload identity federation"), and it must be within its valid time."""
        emulator, form = self.emulator, self.form
        assertion_type, assertion = form.get("client_assertion_type"), form.get("client_assertion")
        client, scope = form.get("client_id"), form.get("scope", "")
        claims = emulator.actions_claims(assertion or "")
        seen = {"tenant": tenant, "clientId": client, "clientAssertionType": assertion_type,
                "clientAssertion": bool(assertion), "assertionMinted": claims is not None,
                "assertionAudience": (claims or {}).get("aud"), "secret": bool(form.get("client_secret")),
                "scope": scope}
        with emulator.lock:
            emulator.entra_seen.append(seen)

        def refuse(code, number, text, status=400):
            seen["answer"] = "AADSTS%d" % number
            return self.microsoft_error(code, number, text, status)

        if tenant not in (TENANT, "contoso.onmicrosoft.com"):
            return refuse("invalid_request", 90002, "Tenant '%s' not found." % tenant)
        if not assertion and not form.get("client_secret"):
            return refuse("invalid_client", 7000216, "'client_assertion', 'client_secret' or 'request' is required for the 'client_credentials' grant type.", 401)
        if client not in ENTRA_FEDERATED:
            # The error code reference: AADSTS700016 UnauthorizedClient_DoesNotMatchRequest.
            return refuse("unauthorized_client", 700016, "Application with identifier '%s' was not found in the directory '%s'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You may have sent your authentication request to the wrong tenant." % (client, tenant))
        if assertion_type != "urn:ietf:params:oauth:client-assertion-type:jwt-bearer" or claims is None:
            # A token nobody here minted: its signature cannot be checked against its issuer's keys.
            return refuse("invalid_client", 700027, "Client assertion failed signature validation.", 401)
        now = int(time.time())
        if not claims.get("nbf", 0) <= now < claims.get("exp", 0):
            # "Workload identity federation" / MSAL: AADSTS700024, with invalid_client (Azure/login#180, #372).
            stamp = lambda t: time.strftime("%Y-%m-%dT%H:%M:%S.0000000Z", time.gmtime(t))
            return refuse("invalid_client", 700024, "Client assertion is not within its valid time range. Current time: %s, assertion valid from %s, expiry time of assertion %s. Review the documentation at https://learn.microsoft.com/entra/identity-platform/certificate-credentials ." % (stamp(now), stamp(claims.get("nbf", 0)), stamp(claims.get("exp", 0))), 401)
        records = ENTRA_FEDERATED[client]
        aud = claims.get("aud")
        audiences = aud if isinstance(aud, list) else [aud]
        if not any(r["issuer"] == claims.get("iss") and r["subject"] == claims.get("sub")
                   and any(a in r["audiences"] for a in audiences) for r in records):
            if emulator.entra_legacy_no_match:
                # Until 2023 one code for all three, with invalid_request (azure-workload-identity's
                # troubleshooting page, its issue #616).
                return refuse("invalid_request", 70021, "No matching federated identity record found for presented assertion. Assertion Issuer: '%s'. Assertion Subject: '%s'. Assertion Audience: '%s'. https://docs.microsoft.com/en-us/azure/active-directory/develop/workload-identity-federation" % (claims.get("iss"), claims.get("sub"), ",".join(map(str, audiences))))
            # Now one code for each claim that matches no record, with invalid_client: AADSTS700211 (issuer),
            # AADSTS700213 (subject), AADSTS700212 (audience); matching is case-sensitive (learn.microsoft.com
            # "reference-breaking-changes": federated identity credentials now use case-sensitive matching;
            # Azure/login#482, #517).
            hint = "Please check your federated identity credential Subject, Audience and Issuer against the presented assertion. https://learn.microsoft.com/entra/workload-id/workload-identity-federation"
            if not any(r["issuer"] == claims.get("iss") for r in records):
                return refuse("invalid_client", 700211, "No matching federated identity record found for presented assertion issuer '%s'. %s" % (claims.get("iss"), hint), 401)
            if not any(r["subject"] == claims.get("sub") for r in records):
                return refuse("invalid_client", 700213, "No matching federated identity record found for presented assertion subject '%s'. %s" % (claims.get("sub"), hint), 401)
            return refuse("invalid_client", 700212, "No matching federated identity record found for presented assertion audience '%s'. %s" % (",".join(map(str, audiences)), hint), 401)
        scopes = scope.split()
        if len(scopes) != 1 or not scopes[0].endswith("/.default"):
            # The client credentials page: "the resource identifier (application ID URI) of the resource you
            # want, affixed with the .default suffix"; anything else is AADSTS1002012.
            return refuse("invalid_scope", 1002012, "The provided value for scope %s is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI)." % scope)
        grant = emulator.new_grant("microsoft", client, None, scope)
        access, _ = emulator.issue(grant, "eyJ0eXAiOiJKV1Qi.")
        seen["answer"] = "access_token"
        # No refresh token, no scope, no ID token: the documented answer (the page's "Successful response").
        self.send(200, {"token_type": "Bearer", "expires_in": 3599, "ext_expires_in": 3599, "access_token": access})

    def graph(self, path):
        grant = self.emulator.grant_of(self.bearer("bearer") or "", "microsoft")
        if grant is None:
            return self.send(401, {"error": {"code": "InvalidAuthenticationToken", "message": "Access token is empty."}})
        if grant.app:
            # An application's token (client credentials): no signed-in user, so no /me
            # (learn.microsoft.com "Get access without a user"); the tenant's organization it may read.
            if path == "/v1.0/organization":
                return self.send(200, {"@odata.context": "https://graph.microsoft.com/v1.0/$metadata#organization",
                                       "value": [{"id": TENANT, "displayName": "Contoso",
                                                  "verifiedDomains": [{"name": "contoso.onmicrosoft.com", "isDefault": True}]}]})
            if path in ("/v1.0/me", "/oidc/userinfo"):
                return self.send(400, {"error": {"code": "BadRequest", "message": "/me request is only valid with delegated authentication flow."}})
            return self.send(404, {"error": {"code": "Request_ResourceNotFound"}})
        if path == "/oidc/userinfo":
            return self.send(200, {"sub": "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ", "name": "Alice",
                                   "family_name": "Smith", "given_name": "Alice", "email": grant.account})
        if path == "/v1.0/me":
            return self.send(200, {"displayName": "Alice Smith", "userPrincipalName": grant.account,
                                   "id": "87d349ed-44d7-43e1-9a83-5f2406dee5bd"})
        self.send(404, {"error": {"code": "Request_ResourceNotFound"}})

    def impostor(self, path):
        """Not Microsoft: a server that copies the common tenant's document, {tenantid} and all."""
        if path.endswith("/.well-known/openid-configuration"):
            return self.send(200, {"issuer": "https://login.microsoftonline.com/{tenantid}/v2.0",
                                   "token_endpoint": "https://login.example.test/common/oauth2/v2.0/token",
                                   "device_authorization_endpoint": "https://login.example.test/common/oauth2/v2.0/devicecode"})
        self.send(404, {"error": "not_found"})

    # ---- GitHub Actions' OpenID Connect tokens (docs.github.com "About security hardening with OpenID
    # Connect" and "Configuring OpenID Connect in cloud providers"; actions/toolkit packages/core
    # src/oidc-utils.ts, OidcClient.getIDToken) ----

    def actions_token_service(self, path):
        """The job's token service: GET ACTIONS_ID_TOKEN_REQUEST_URL, which carries its own query
        (api-version=2.0), with `&audience=` added, authorized by `Authorization: Bearer
        $ACTIONS_ID_TOKEN_REQUEST_TOKEN`. It answers {"count": …, "value": "<JWT>"}, and getIDToken reads
        `value` only. Without an audience the token's aud is the repository owner's URL."""
        emulator = self.emulator
        if path != emulator.actions_path or self.command != "GET":
            return self.send(404, {"$id": "1", "message": "Not Found"})
        if self.bearer("bearer") != emulator.actions_request_token:
            # The request token is the job's; anything else is refused (toolkit: "Failed to get ID Token.
            # Error Code : 401").
            with emulator.lock:
                emulator.actions_requests.append({"audience": self.query.get("audience"), "answer": 401})
            return self.send(401, {"$id": "1", "innerException": None, "message": "TF400813: The user is not authorized to access this resource.",
                                   "typeName": "Microsoft.TeamFoundation.Framework.Server.UnauthorizedRequestException", "typeKey": "UnauthorizedRequestException", "errorCode": 0})
        if self.query.get("api-version") != "2.0":
            return self.send(400, {"$id": "1", "message": "The api-version query parameter is required."})
        audience = self.query.get("audience") or ACTIONS_DEFAULT_AUDIENCE
        now = int(time.time())
        if emulator.actions_expired:
            now -= 900  # minted a quarter hour ago: exp passed ten minutes ago
        # The claims of the documentation's example token: nbf ten minutes before iat, exp five after.
        claims = {"jti": secrets.token_hex(16), "sub": ACTIONS_SUBJECT, "aud": audience,
                  "ref": "refs/heads/main", "sha": "d6dc3b4c2e6e5a0f1b9ef0d6a7b1c2d3e4f5a6b7",
                  "repository": "octo-org/app", "repository_owner": "octo-org", "repository_owner_id": "65",
                  "repository_id": "74", "repository_visibility": "private", "actor": "octocat", "actor_id": "12",
                  "run_id": "6402374911", "run_number": "10", "run_attempt": "1", "runner_environment": "github-hosted",
                  "workflow": "deploy", "workflow_ref": "octo-org/app/.github/workflows/deploy.yml@refs/heads/main",
                  "job_workflow_ref": "octo-org/app/.github/workflows/deploy.yml@refs/heads/main",
                  "head_ref": "", "base_ref": "", "event_name": "push", "ref_type": "branch", "ref_protected": "true",
                  "iss": ACTIONS_ISSUER_URL, "nbf": now - 600, "exp": now + 300, "iat": now}
        token = jwt(claims)
        with emulator.lock:
            emulator.actions_minted[token] = claims
            emulator.actions_requests.append({"audience": self.query.get("audience"), "answer": 200})
        self.send(200, {"count": 1, "value": token})

    def actions_issuer(self, path):
        """The issuer's discovery document and keys, at the names GitHub documents; the key is a stand-in
        (the emulator's tokens are recognized by the set of those it minted, not by a signature)."""
        if path == "/.well-known/openid-configuration":
            return self.send(200, {
                "issuer": ACTIONS_ISSUER_URL, "jwks_uri": ACTIONS_ISSUER_URL + "/.well-known/jwks",
                "subject_types_supported": ["public", "pairwise"], "response_types_supported": ["id_token"],
                "claims_supported": ["sub", "aud", "exp", "iat", "iss", "jti", "nbf", "ref", "sha", "repository",
                                     "repository_id", "repository_owner", "repository_owner_id", "run_id",
                                     "run_number", "run_attempt", "actor", "actor_id", "workflow", "workflow_ref",
                                     "head_ref", "base_ref", "event_name", "ref_type", "ref_protected", "environment",
                                     "job_workflow_ref", "repository_visibility", "runner_environment"],
                "id_token_signing_alg_values_supported": ["RS256"], "scopes_supported": ["openid"]})
        if path == "/.well-known/jwks":
            return self.send(200, {"keys": [{"kty": "RSA", "alg": "RS256", "use": "sig", "kid": "emulated",
                                             "n": b64url(hashlib.sha512(b"emulated").digest() * 4), "e": "AQAB"}]})
        self.send(404, "Not Found", "text/plain")

    # ---- Google's Security Token Service (cloud.google.com "Workload Identity Federation", "Configure
    # Workload Identity Federation with deployment pipelines"; the STS REST reference, v1/token;
    # google-auth-library-python google/oauth2/sts.py and external_account.py) ----

    def sts(self, path):
        """A token exchange (RFC 8693) of another provider's token for a federated Google access token.
        google-auth-library posts it form-encoded without client authentication; the audience is the pool
        provider's full resource name, the subject token a JWT or ID token whose aud the provider accepts
        (by default https://iam.googleapis.com/<provider>), whose iss is the provider's issuer and which
        passes its attribute condition (GitHub providers must have one)."""
        emulator, form = self.emulator, self.form
        if path != "/v1/token" or self.command != "POST":
            return self.send(404, {"error": {"code": 404, "message": "Not Found", "status": "NOT_FOUND"}})
        subject_token = form.get("subject_token", "")
        claims = emulator.actions_claims(subject_token)
        seen = {name: value for name, value in form.items() if name != "subject_token"}
        seen["subjectToken"] = bool(subject_token)
        seen["subjectTokenMinted"] = claims is not None
        seen["subjectTokenAudience"] = (claims or {}).get("aud")
        seen["authorization"] = (self.headers.get("Authorization") or "").split(" ")[0] or None
        with emulator.lock:
            emulator.sts_seen.append(seen)

        def refuse(code, text):
            seen["answer"] = code
            # STS's errors: HTTP 400 and the two OAuth fields, which sts.py's handle_error_response reads.
            return self.send(400, {"error": code, "error_description": text})

        if form.get("grant_type") != "urn:ietf:params:oauth:grant-type:token-exchange":
            return refuse("unsupported_grant_type", "Invalid value for \"grant_type\".")
        audience = form.get("audience", "")
        if not audience.startswith("//iam.googleapis.com/"):
            # google-github-actions/auth#60, #211: a name that is not a provider's full resource name.
            return refuse("invalid_request", "Invalid value for \"audience\". This value should be the full resource name of the Identity Provider. See https://cloud.google.com/iam/docs/reference/sts/rest/v1/TopLevel/token for the list of possible formats.")
        if audience != STS_AUDIENCE:
            # google-github-actions/auth#17, #161: a pool or provider that does not exist.
            return refuse("invalid_target", "The target service indicated by the \"audience\" parameters is invalid. This might either be because the pool or provider is disabled or deleted or because it doesn't exist.")
        if form.get("subject_token_type") not in (TOKEN_TYPE + "jwt", TOKEN_TYPE + "id_token"):
            return refuse("invalid_request", "Invalid value for \"subject_token_type\". Expected urn:ietf:params:oauth:token-type:jwt or urn:ietf:params:oauth:token-type:id_token for an OIDC provider.")
        if form.get("requested_token_type") != TOKEN_TYPE + "access_token":
            return refuse("invalid_request", "Invalid value for \"requested_token_type\". Only urn:ietf:params:oauth:token-type:access_token is supported.")
        if not subject_token:
            return refuse("invalid_request", "Missing required parameter \"subject_token\".")
        if claims is None:
            return refuse("invalid_grant", "Invalid JWT signature.")
        if claims.get("iss") != ACTIONS_ISSUER_URL:
            return refuse("invalid_grant", "The issuer in ID Token %s does not match the expected ones." % claims.get("iss"))
        if claims.get("aud") != STS_TOKEN_AUDIENCE:
            # google-github-actions/auth#29: the token's aud is not one the provider accepts.
            return refuse("invalid_grant", "The audience in ID Token [%s] does not match the expected audience %s." % (claims.get("aud"), STS_TOKEN_AUDIENCE))
        if not claims.get("iat", 0) - 300 <= int(time.time()) < claims.get("exp", 0):
            return refuse("invalid_grant", "ID Token expired at %d." % claims.get("exp", 0))
        if claims.get("repository_owner") != "octo-org":
            # The provider's attribute condition, assertion.repository_owner == 'octo-org'.
            return refuse("unauthorized_client", "The given credential is rejected by the attribute condition.")
        grant = emulator.new_grant("google-sts", None, None, form.get("scope", ""))
        access, _ = emulator.issue(grant, "ya29.d.")
        seen["answer"] = "access_token"
        # The REST reference's response: access_token, issued_token_type, token_type, expires_in; no scope.
        self.send(200, {"access_token": access, "issued_token_type": TOKEN_TYPE + "access_token",
                        "token_type": "Bearer", "expires_in": 3599})

    # ---- what several providers share ----

    def authorize(self, provider, endpoint):
        """A signed-in person who already approved the app: the provider redirects at once with a code."""
        query = self.query
        if query.get("response_type") != "code" or "redirect_uri" not in query or "state" not in query:
            return self.send(400, "invalid_request", "text/plain")
        if provider == "google" and query.get("access_type") != "offline":
            pass  # Google still signs in; it just sends no refresh token (recorded in the log's path)
        account = {"github": "octocat", "google": "alice@gmail.com"}.get(provider, "alice")
        grant = self.emulator.new_grant(provider, query.get("client_id"), account, query.get("scope", ""))
        code = secrets.token_urlsafe(24)
        with self.emulator.lock:
            self.emulator.codes[code] = {"grant": grant, "redirect_uri": query["redirect_uri"],
                                         "challenge": query.get("code_challenge"), "client": query.get("client_id"),
                                         "offline": query.get("access_type") == "offline",
                                         "nonce": query.get("nonce")}
        location = query["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": query["state"]})
        self.send(302, "", "text/html", [("Location", location)])

    def redeem_code(self, form):
        with self.emulator.lock:
            entry = self.emulator.codes.pop(form.get("code", ""), None)
        if entry is None or entry["redirect_uri"] != form.get("redirect_uri") or entry["client"] != self.client:
            return None
        verifier = form.get("code_verifier", "")
        if entry["challenge"] and b64url(hashlib.sha256(verifier.encode()).digest()) != entry["challenge"]:
            return None
        return entry

    def revoke(self, provider, token, answer, whole_grant=False):
        emulator = self.emulator
        grant = emulator.grant_of(token, provider) or emulator.grant_of(token, provider, "refresh")
        if grant is None:
            return self.send(400, {"error": "invalid_token", "error_description": "Token expired or revoked"})
        with emulator.lock:
            if whole_grant:
                grant.revoked = True  # Google: every token of the grant
            grant.access.discard(token)
            grant.refresh.discard(token)
        self.send(200, answer)

    def git(self, path, grant_of, user=None):
        """git's smart HTTP through `git http-backend`, for a token sent with HTTP Basic."""
        authorization = self.headers.get("Authorization") or ""
        allowed = False
        if authorization.startswith("Basic "):
            name, _, password = base64.b64decode(authorization[6:]).decode(errors="replace").partition(":")
            allowed = grant_of(password) is not None and (user is None or name == user)
        if not allowed:
            return self.send(401, "HTTP Basic: Access denied\n", "text/plain", [("WWW-Authenticate", 'Basic realm="Emulated"')])
        environment = {"GIT_PROJECT_ROOT": self.emulator.git_root, "GIT_HTTP_EXPORT_ALL": "1", "PATH_INFO": path,
                       "REQUEST_METHOD": self.command, "QUERY_STRING": urllib.parse.urlencode(self.query),
                       "CONTENT_TYPE": self.headers.get("Content-Type") or "", "CONTENT_LENGTH": str(len(self.body)),
                       "GIT_PROTOCOL": self.headers.get("Git-Protocol") or "", "REMOTE_USER": "emulated",
                       "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        done = subprocess.run(["git", "http-backend"], input=self.body, env=environment, capture_output=True, timeout=30)
        head, _, body = done.stdout.partition(b"\r\n\r\n")
        status, headers = 200, []
        for line in head.decode(errors="replace").split("\r\n"):
            name, _, value = line.partition(": ")
            if name.lower() == "status":
                status = int(value.split()[0])
            elif name.lower() != "content-length" and name:
                headers.append((name, value))
        content_type = dict((k.lower(), v) for k, v in headers).pop("content-type", "text/plain")
        self.send(status, body, content_type, [h for h in headers if h[0].lower() != "content-type"])


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve(address, certificate, key, client_secrets, git_root):
    """Starts the emulator on `address` (host, port) with TLS; returns it and its server."""
    emulator = Emulator()
    emulator.git_root = git_root
    handler = type("BoundHandler", (Handler,), {"emulator": emulator, "secrets": client_secrets})
    server = Server(address, handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    # The handshake happens in the handler's thread, so one stalled client never holds up the others.
    server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return emulator, server
