#!/usr/bin/env python3
"""A CI that hands out OpenID Connect tokens, and a provider that takes them.

One process, one port, plain WSGI (wsgiref, one thread per request) around
Authlib 1.9.10's OAuth 2.0 core, installed by install.sh beside this file:

    bash install.sh .build/machine-python
    PYTHONPATH=.build/machine-python python3 server.py

It binds 127.0.0.1 on a free port, prints exactly one line `READY <port>` on
standard output, and serves until its standard input closes; then it exits
at once (os._exit). Nothing else is ever written to standard output. Request
logs, warnings and tracebacks go to standard error only with MACHINE_VERBOSE=1
(a start-up failure is always reported there, with exit status 1).

BASE below is http://127.0.0.1:<port>. Every JSON answer has Content-Type
application/json; the token endpoint's also Cache-Control: no-store. A body
over 64 KiB gets 413; an unknown path 404; a wrong method 405 (with Allow).

A. The CI: GitHub Actions' OIDC token service, emulated
   Sources: docs.github.com "About security hardening with OpenID Connect"
   (the claims, the default audience, the discovery document) and
   "Configuring OpenID Connect in cloud providers" (ACTIONS_ID_TOKEN_REQUEST_URL
   + "&audience=", Authorization: bearer ACTIONS_ID_TOKEN_REQUEST_TOKEN, the
   answer's "value"); @actions/core getIDToken (oidc-utils.ts) for the request.
   Issuer BASE/ci stands for https://token.actions.githubusercontent.com; its
   key is an RSA-2048 key made at start, kid "ci-key-1", RS256.

   GET /ci/.well-known/openid-configuration
       {issuer, jwks_uri: BASE/ci/.well-known/jwks, subject_types_supported,
        response_types_supported, id_token_signing_alg_values_supported: [RS256],
        claims_supported, scopes_supported}
   GET /ci/.well-known/jwks      {"keys": [the CI's public key]}
   GET /ci/token[?anything]&audience=AUD
       What ACTIONS_ID_TOKEN_REQUEST_URL points at (GitHub's URL already has a
       query, ?api-version=2.0, which it requires, so a client that drops it is caught). Needs
       "Authorization: Bearer <MACHINE_CI_REQUEST_TOKEN>"; missing or wrong:
       401 {"message": "..."} (counted as ci_refused). Otherwise 200
       {"count": 1, "value": "<JWT>"} (counted as ci_token). The JWT: header
       {alg RS256, kid ci-key-1, typ JWT}; claims iss BASE/ci,
       sub repo:octo-org/app:ref:refs/heads/main, aud = the audience parameter
       (absent or empty: GitHub's default https://github.com/octo-org),
       iat, nbf = iat, exp = iat + the CI lifetime (may be negative: already
       expired), jti (random), and GitHub's context claims: ref, sha,
       repository, repository_owner, repository_visibility, run_id, run_number,
       run_attempt, actor, workflow, workflow_ref, event_name, ref_type,
       job_workflow_ref, runner_environment (github-hosted).

B. The provider (issuer BASE, no trailing slash)
   GET /.well-known/openid-configuration, /.well-known/oauth-authorization-server
       (RFC 8414 / OpenID Connect Discovery) issuer, authorization_endpoint
       BASE/authorize (a placeholder: it answers 400 invalid_request; nobody
       signs in here with a browser), token_endpoint BASE/token, jwks_uri
       BASE/jwks (the provider's key, kid provider-key-1: it signs the access
       tokens issued as JWTs, see token exchange), grant_types_supported
       [client_credentials, urn:ietf:params:oauth:grant-type:jwt-bearer,
       urn:ietf:params:oauth:grant-type:token-exchange],
       token_endpoint_auth_methods_supported [client_secret_basic,
       client_secret_post, private_key_jwt, none], response_types_supported
       [code], subject_types_supported, id_token_signing_alg_values_supported.
   POST /token (application/x-www-form-urlencoded; a parameter may appear once,
       except audience and resource: RFC 6749 section 3.2, RFC 8693 section
       2.1). Success: 200 {access_token (48 random characters, or a JWT),
       token_type "Bearer", expires_in, [scope if asked], [issued_token_type]}
       and never a refresh_token. Errors: RFC 6749 section 5.2 JSON
       {error, error_description}; invalid_client is 401 with Authlib's
       WWW-Authenticate: Basic error=..., the others 400.

       1. urn:ietf:params:oauth:grant-type:jwt-bearer (RFC 7523 section 2.1),
          Authlib's JWTBearerGrant: assertion = a CI token (iss BASE/ci, the
          registered client "ci-bearer"), RS256 with the CI's key, exp checked
          (with MACHINE_LEEWAY_SECONDS of leeway), aud must be BASE/token or
          BASE. The access token's subject is the assertion's sub. Refusals:
          400 invalid_grant, descriptions "The assertion has expired ...",
          "The assertion's audience ... is not this server ...", "Unknown
          assertion issuer ...", "The assertion was refused: bad_signature",
          "Invalid JWT assertion." (not a JWT) or joserfc's words prefixed with
          "The assertion: ". No assertion: invalid_request "Missing 'assertion'
          in request". The grant authenticates no client (RFC 7523 section 3.1
          makes it optional): a client_id or secret sent along is ignored.
       2. client_credentials (RFC 6749 section 4.4) with client_id=ci-federated,
          client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer,
          client_assertion=<a CI token> (RFC 7523 section 2.2), checked the
          way Microsoft Entra workload identity federation does: the client is
          the form's client_id, and the token's iss, sub and aud must match the
          client's federated credential {issuer BASE/ci, subject
          repo:octo-org/app:ref:refs/heads/main, audience api://session-tests};
          RS256 with the CI's key; exp checked (leeway as above); no jti replay
          check. Refusals: 401 invalid_client, descriptions "The client
          assertion has expired ...", "The client assertion's audience ... is
          not ... federated credential ...", "The client assertion's subject
          ... does not match ...", "... issuer ...", "client_id is required
          ...", "The client assertion: bad_signature". The access token's
          subject is the client_id.
          ci-secret may not use this grant (400 unauthorized_client).
       3. urn:ietf:params:oauth:grant-type:token-exchange (RFC 8693), clients
          ci-exchange (public: client_id in the body, no secret; Basic with an
          empty password is not accepted) and ci-secret
          (secret ci-secret-0123456789, client_secret_basic or
          client_secret_post). See TokenExchangeGrant for each rule and its
          section. Answer (section 2.2.1): access_token, issued_token_type,
          token_type Bearer, expires_in, [scope]. requested_token_type
          ...:access_token (or none): an opaque token, issued_token_type
          urn:ietf:params:oauth:token-type:access_token; ...:jwt: an RS256 JWT
          signed by the provider key (iss BASE, sub, aud, client_id, exp, iat,
          jti), issued_token_type urn:ietf:params:oauth:token-type:jwt. Both
          work at /api/me. The subject is the subject token's sub.
          Errors: invalid_request "Missing 'subject_token'" / "Missing
          'subject_token_type'" / "unsupported subject_token_type ..." /
          "unsupported requested_token_type ..." / "actor_token is not
          supported" / "The subject_token has expired" / "The subject_token's
          audience ... is not accepted ..." / "The subject_token is not an
          access token this provider issued, or it has expired";
          invalid_target "audience ... is not a target of this provider" /
          "resource ... is not a target of this provider" / "resource must be
          an absolute URI without a fragment".
          Allowed targets: audience https://api.example.test, resource
          BASE/api. Accepted subject tokens: ...:jwt and ...:id_token (a CI
          token: CI signature, iss BASE/ci, exp, aud api://session-tests or
          BASE); ...:access_token (one this provider issued, not expired).
   GET /authorize  400 {"error": "invalid_request", ...}
   GET /jwks       {"keys": [the provider's public key]}
   GET /api/me     "Authorization: Bearer <access token>": 200 {"sub", "client_id",
                   "grant" (the grant_type as sent), "scope", "audience", "expires_at"};
                   otherwise 401 with
                   WWW-Authenticate: Bearer error="invalid_token" and
                   {"error": "invalid_token", "error_description": ...}.

C. Test control (no authentication; 127.0.0.1 only)
   GET  /test/counts   {"ci_token": answered 200, "ci_refused": answered 401,
                        "jwt_bearer", "client_credentials", "token_exchange":
                        POST /token by grant_type, answered or refused,
                        "refused": POST /token not answered 200 (any grant)}
   POST /test/reset-counts   sets them all to 0; answers the counts
   POST /test/settings  form fields, any of: ci_lifetime (int seconds, may be
                        negative), access_token_seconds (int, > 0),
                        omit_issued_token_type (0/1: the token exchange answer
                        leaves out issued_token_type, which RFC 8693 section
                        2.2.1 makes REQUIRED), exchange_refresh_token (0/1: the
                        exchange answer adds a refresh_token), ci_status (200 to
                        599: what /ci/token answers, 503 for a service that is
                        down). 200 with all settings as JSON;
                        a bad value: 400 {"error": "..."} and nothing changes.
   GET  /test/settings  the settings as JSON
   GET  /test/mint?audience=AUD&lifetime=N&subject=S
                        text/plain: a CI token minted directly, as a platform
                        writes one to a file (a Kubernetes projected token):
                        audience default GitHub's default, lifetime default
                        the CI lifetime, subject default the repository's;
                        not counted, not logged.
   GET  /test/log       the emulated CI's log: the last 200 requests to
                        /ci/token, oldest first: [{"time": unix seconds
                        (float), "audience": str or null, "status": 200|401}]

Environment:
  MACHINE_CI_REQUEST_TOKEN      the request token /ci/token wants
                                (default ci-request-token-0123456789)
  MACHINE_CI_TOKEN_SECONDS      lifetime of the CI's tokens (default 300; may be negative)
  MACHINE_ACCESS_TOKEN_SECONDS  expires_in of the provider's access tokens (default 3600)
  MACHINE_LEEWAY_SECONDS        clock-skew leeway on exp/nbf/iat of every CI token the
                                provider checks (default 60, Authlib's own default): a
                                token expired less than this long ago is still accepted
  MACHINE_VERBOSE               1: request log, warnings and tracebacks on standard error
"""

import json
import os
import secrets
import sys
import threading
import time
import traceback
import urllib.parse
import warnings

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import wsgi_peer  # noqa: E402  (Scripts/wsgi_peer.py: the protocol and the server every test server shares)




VERBOSE = os.environ.get("MACHINE_VERBOSE", "0") == "1"
CI_REQUEST_TOKEN = os.environ.get("MACHINE_CI_REQUEST_TOKEN", "") or "ci-request-token-0123456789"
LEEWAY = wsgi_peer.env_int("MACHINE_LEEWAY_SECONDS", 60)
MAX_BODY = 64 * 1024

# Keep the READY line the only thing on standard output: anything else that
# prints lands on standard error.
_ready_out = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)
sys.stdout = sys.stderr
if not VERBOSE:
    warnings.simplefilter("ignore")  # Authlib's deprecation warnings, among others


def log(message):
    if VERBOSE:
        sys.stderr.write(f"machine: {message}\n")


# Serve until standard input closes (the test ended, or died).
wsgi_peer.exit_when_stdin_closes(None)

# --- HTTP server ----------------------------------------------------------------


httpd = wsgi_peer.listen(log=log, timeout=30)
PORT = httpd.server_address[1]
BASE = f"http://127.0.0.1:{PORT}"
CI_ISSUER = f"{BASE}/ci"
TOKEN_ENDPOINT = f"{BASE}/token"
API_RESOURCE = f"{BASE}/api"

# --- the world the tests sign in to ----------------------------------------------------

CI_SUBJECT = "repo:octo-org/app:ref:refs/heads/main"
# GitHub: "By default, the audience is the URL of the repository owner".
CI_DEFAULT_AUDIENCE = "https://github.com/octo-org"
CI_CLAIMS = {  # GitHub's context claims of one push to main
    "ref": "refs/heads/main",
    "sha": "5e5a6e9f1bd1a1d6a4a3e0a5c0b8c6f7e9d1a2b3",
    "repository": "octo-org/app",
    "repository_owner": "octo-org",
    "repository_visibility": "private",
    "run_id": "4242424242",
    "run_number": "7",
    "run_attempt": "1",
    "actor": "octocat",
    "workflow": "ci",
    "workflow_ref": "octo-org/app/.github/workflows/ci.yml@refs/heads/main",
    "event_name": "push",
    "ref_type": "branch",
    "job_workflow_ref": "octo-org/app/.github/workflows/ci.yml@refs/heads/main",
    "runner_environment": "github-hosted",
}
FEDERATED_AUDIENCE = "api://session-tests"
ALLOWED_AUDIENCES = {"https://api.example.test"}
ALLOWED_RESOURCES = {API_RESOURCE}
SECRET_CLIENT_SECRET = "ci-secret-0123456789"

JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer"
TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"
CLIENT_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
TT_ACCESS_TOKEN = "urn:ietf:params:oauth:token-type:access_token"
TT_JWT = "urn:ietf:params:oauth:token-type:jwt"
TT_ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token"

# --- mutable state (one lock) ---------------------------------------------------------

_lock = threading.Lock()
_settings = {
    "ci_lifetime": wsgi_peer.env_int("MACHINE_CI_TOKEN_SECONDS", 300),
    "access_token_seconds": wsgi_peer.env_int("MACHINE_ACCESS_TOKEN_SECONDS", 3600),
    "omit_issued_token_type": False,
    "exchange_refresh_token": False,
    "ci_status": 200,
}
_COUNT_KEYS = ("ci_token", "ci_refused", "jwt_bearer", "client_credentials", "token_exchange", "refused")
_counts = dict.fromkeys(_COUNT_KEYS, 0)
_ci_log = []  # the last 200 requests to /ci/token
_tokens = {}  # access token -> {"sub", "client_id", "grant", "scope", "audience", "expires_at"}


def setting(name):
    with _lock:
        return _settings[name]


def count(key):
    with _lock:
        _counts[key] += 1


# --- keys -----------------------------------------------------------------------------

try:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    from joserfc import jwt
    from joserfc.errors import ExpiredTokenError, InvalidClaimError, JoseError
    from joserfc.jwk import KeySet, RSAKey

    from authlib.common.security import generate_token
    from authlib.oauth2.rfc6749 import (
        AuthorizationServer,
        BaseGrant,
        ClientMixin,
        InvalidClientError,
        InvalidGrantError,
        InvalidRequestError,
        OAuth2Error,
        OAuth2Payload,
        OAuth2Request,
        TokenEndpointMixin,
        UnauthorizedClientError,
    )
    from authlib.oauth2.rfc6749.grants import ClientCredentialsGrant
    from authlib.oauth2.rfc7523 import JWTBearerClientAssertion, JWTBearerGrant
except ImportError as error:
    sys.stderr.write(f"server.py: {error}; run install.sh DIR and start with PYTHONPATH=DIR\n")
    os._exit(1)


def _rsa_key(kid):
    private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return RSAKey.import_key(pem, parameters={"kid": kid, "use": "sig", "alg": "RS256"})


CI_KEY = _rsa_key("ci-key-1")
CI_JWKS = {"keys": [CI_KEY.as_dict(private=False)]}
CI_KEYSET = KeySet.import_key_set(CI_JWKS)
PROVIDER_KEY = _rsa_key("provider-key-1")
PROVIDER_JWKS = {"keys": [PROVIDER_KEY.as_dict(private=False)]}


def mint_ci_token(audience=None, lifetime=None, subject=None):
    """A GitHub Actions OIDC token, signed with the CI's key."""
    now = int(time.time())
    if lifetime is None:
        lifetime = setting("ci_lifetime")
    claims = {
        "jti": secrets.token_hex(16),
        "sub": subject or CI_SUBJECT,
        "aud": audience or CI_DEFAULT_AUDIENCE,
        **CI_CLAIMS,
        "iss": CI_ISSUER,
        "iat": now,
        "nbf": now,
        "exp": now + lifetime,
    }
    return jwt.encode({"alg": "RS256", "kid": "ci-key-1", "typ": "JWT"}, claims, CI_KEY, algorithms=["RS256"])


def safe(value, limit=120):
    """A value fit for error_description: RFC 6749 section 5.2 allows only
    %x20-21 / %x23-5B / %x5D-7E (Authlib raises ValueError otherwise)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=True)
    text = "".join(c if 0x20 <= ord(c) <= 0x7E and c not in '"\\' else "?" for c in text)
    return text if len(text) <= limit else text[:limit] + "..."


def claim_problem(error, claims, what, expected_audience):
    """Words for a joserfc claims error about `what` (e.g. "The assertion")."""
    cause = error
    if isinstance(cause, ExpiredTokenError):
        return f"{what} has expired (exp {safe(claims.get('exp'))}, now {int(time.time())}, leeway {LEEWAY} s)"
    if isinstance(cause, InvalidClaimError) and cause.claim == "aud":
        return f"{what}'s audience {safe(claims.get('aud'))} is not {expected_audience}"
    return f"{what}: {safe(cause.description)}"


# --- Authlib on plain WSGI --------------------------------------------------------


class CaseInsensitiveHeaders(dict):
    def __init__(self, environ):
        super().__init__()
        for key, value in environ.items():
            if key.startswith("HTTP_"):
                self[key[5:].replace("_", "-").lower()] = value
            elif key in ("CONTENT_TYPE", "CONTENT_LENGTH") and value:
                self[key.replace("_", "-").lower()] = value

    def get(self, key, default=None):
        return super().get(key.lower(), default)

    def __getitem__(self, key):
        return super().__getitem__(key.lower())

    def __contains__(self, key):
        return super().__contains__(key.lower())


class WSGIPayload(OAuth2Payload):
    """The request's parameters: data has the first value of each, datalist all."""

    def __init__(self, pairs):
        self._datalist = {}
        for key, value in pairs:
            self._datalist.setdefault(key, []).append(value)
        self._data = {key: values[0] for key, values in self._datalist.items()}

    @property
    def data(self):
        return self._data

    @property
    def datalist(self):
        return self._datalist


class WSGIOAuth2Request(OAuth2Request):
    """What authlib.integrations.flask_oauth2.requests.FlaskOAuth2Request is
    for Flask: method, uri, headers, form, args and payload of one request."""

    def __init__(self, environ, form_pairs):
        query = environ.get("QUERY_STRING", "")
        uri = BASE + environ.get("PATH_INFO", "/") + ("?" + query if query else "")
        super().__init__(environ["REQUEST_METHOD"], uri, headers=CaseInsensitiveHeaders(environ))
        self.payload = WSGIPayload(form_pairs)
        self._form = self.payload.data
        self._args = dict(urllib.parse.parse_qsl(query, keep_blank_values=True))

    @property
    def form(self):
        return self._form

    @property
    def args(self):
        return self._args


class Client(ClientMixin):
    def __init__(self, client_id, grants, auth_methods, secret=None, federated=None):
        self.client_id = client_id
        self.grants = set(grants)
        self.auth_methods = set(auth_methods)
        self.secret = secret
        self.federated = federated  # {"issuer", "subject", "audience"}, Entra's "federated credential"

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        return scope

    def check_redirect_uri(self, redirect_uri):
        return False

    def check_client_secret(self, client_secret):
        return self.secret is not None and secrets.compare_digest(self.secret, client_secret)

    def check_endpoint_auth_method(self, method, endpoint):
        return method in self.auth_methods

    def check_response_type(self, response_type):
        return False

    def check_grant_type(self, grant_type):
        return grant_type in self.grants


CLIENTS = {
    client.client_id: client
    for client in (
        # RFC 7523 section 2.1: the CI's tokens are grants; "iss" names this client.
        Client("ci-bearer", [JWT_BEARER], []),
        # RFC 7523 section 2.2 the Entra way: client_id in the form, the CI's token as the assertion.
        Client(
            "ci-federated",
            ["client_credentials"],
            ["private_key_jwt"],
            federated={"issuer": CI_ISSUER, "subject": CI_SUBJECT, "audience": FEDERATED_AUDIENCE},
        ),
        Client(
            "ci-secret", [TOKEN_EXCHANGE], ["client_secret_basic", "client_secret_post"], secret=SECRET_CLIENT_SECRET
        ),
        Client("ci-exchange", [TOKEN_EXCHANGE], ["none"]),
    )
}
ISSUER_CLIENTS = {CI_ISSUER: "ci-bearer"}


class Server(AuthorizationServer):
    """authlib.oauth2.rfc6749.AuthorizationServer for plain WSGI: the methods
    its docstrings say a framework integration MUST implement."""

    def query_client(self, client_id):
        return CLIENTS.get(client_id)

    def save_token(self, token, request):
        extra = getattr(request, "machine", {})
        record = {
            "sub": extra.get("sub") or (request.user if isinstance(request.user, str) else None)
            or request.client.get_client_id(),
            "client_id": request.client.get_client_id(),
            "grant": request.payload.grant_type,
            "scope": token.get("scope"),
            "audience": extra.get("audience", []),
            "expires_at": int(time.time()) + token["expires_in"],
        }
        with _lock:
            _tokens[token["access_token"]] = record

    def send_signal(self, name, *args, **kwargs):
        pass  # no signal system here (Flask's integration sends blinker signals)

    def create_oauth2_request(self, request):
        return request  # the WSGI app builds the WSGIOAuth2Request itself

    def create_json_request(self, request):
        raise NotImplementedError("no JSON endpoints")

    def handle_response(self, status, body, headers):
        return status, body, headers


def generate_bearer_token(grant_type, client, user=None, scope=None, expires_in=None, include_refresh_token=True):
    # The "default" token generator: opaque, never a refresh token (RFC 6749
    # section 4.4.3 and RFC 7523 / RFC 8693 issue none here).
    token = {
        "access_token": generate_token(48),
        "token_type": "Bearer",
        "expires_in": expires_in or setting("access_token_seconds"),
    }
    if scope:
        token["scope"] = scope
    return token


class CIJWTBearerGrant(JWTBearerGrant):
    """RFC 7523 section 2.1 with the CI's tokens as the grants."""

    LEEWAY = LEEWAY

    def get_audiences(self):
        # RFC 7523 section 3 point 3: the token endpoint URL or the issuer.
        # Authlib 1.9.10 returns [] by default, which refuses every assertion.
        return [TOKEN_ENDPOINT, BASE]

    def resolve_issuer_client(self, issuer):
        client_id = ISSUER_CLIENTS.get(issuer)
        if client_id is None:
            raise InvalidGrantError(description=f"Unknown assertion issuer {safe(issuer)}")
        return CLIENTS[client_id]

    def resolve_client_public_key(self, client):
        return CI_KEYSET

    def process_assertion_claims(self, assertion):
        try:
            return super().process_assertion_claims(assertion)
        except InvalidGrantError as error:
            cause = error.__cause__
            if not error.description and isinstance(cause, JoseError):
                # joserfc's BadSignatureError has no description, only an error code.
                raise InvalidGrantError(description=f"The assertion was refused: {safe(cause.error)}") from cause
            raise

    def verify_claims(self, claims):
        try:
            super().verify_claims(claims)
        except InvalidGrantError as error:
            cause = error.__cause__
            if isinstance(cause, JoseError):
                expected = f"this server ({TOKEN_ENDPOINT} or {BASE})"
                raise InvalidGrantError(description=claim_problem(cause, claims, "The assertion", expected)) from cause
            raise

    def authenticate_user(self, subject):
        return subject  # the "user" is the CI job, named by its sub

    def has_granted_permission(self, client, user):
        return True


class FederatedClientAssertion(JWTBearerClientAssertion):
    """private_key_jwt the way Microsoft Entra workload identity federation
    reads it: RFC 7523 section 2.2 / 3 want iss == sub == client_id, which a
    CI's token never has; Entra names the client by the form's client_id and
    matches the token's iss, sub and aud against that client's federated
    credential. Authlib's JWTBearerClientAssertion.__call__ takes the client
    from the token's sub, and its verify_claims insists on sub == iss, so
    both are replaced; its extract_assertion, authenticate_client and the
    InvalidClientError plumbing are kept."""

    CLIENT_AUTH_METHOD = "private_key_jwt"

    def __call__(self, query_client, request):
        form = request.form
        assertion = form.get("client_assertion")
        if form.get("client_assertion_type") != CLIENT_ASSERTION_TYPE or not assertion:
            return None  # not this method
        client_id = request.payload.client_id
        if not client_id:
            raise InvalidClientError(
                status_code=401,
                description="client_id is required with a federated client assertion "
                "(the client is named by client_id, not by the token's sub)",
            )
        client = query_client(client_id)
        if client is None:
            raise InvalidClientError(status_code=401, description=f"Unknown client {safe(client_id)}")
        credential = client.federated
        if credential is None:
            raise InvalidClientError(
                status_code=401, description=f"The client {client_id} has no federated credential"
            )
        self.extract_assertion(assertion)  # a compact JWS with a JSON object, or invalid_client
        try:
            token = jwt.decode(assertion, CI_KEYSET, algorithms=["RS256"])
        except JoseError as error:
            raise InvalidClientError(
                status_code=401, description=f"The client assertion: {safe(error.description or error.error)}"
            ) from error
        self.verify_federated_claims(token.claims, credential)
        request.client = client
        return self.authenticate_client(client)

    def verify_federated_claims(self, claims, credential):
        registry = jwt.JWTClaimsRegistry(
            leeway=self.leeway,
            exp={"essential": True},
            aud={"essential": True, "values": [credential["audience"]]},
        )
        try:
            registry.validate(claims)
        except JoseError as error:
            expected = f"the federated credential's {credential['audience']}"
            raise InvalidClientError(
                status_code=401, description=claim_problem(error, claims, "The client assertion", expected)
            ) from error
        if claims.get("iss") != credential["issuer"]:
            raise InvalidClientError(
                status_code=401,
                description=f"The client assertion's issuer {safe(claims.get('iss'))} does not match "
                f"the federated credential's {credential['issuer']}",
            )
        if claims.get("sub") != credential["subject"]:
            raise InvalidClientError(
                status_code=401,
                description=f"The client assertion's subject {safe(claims.get('sub'))} does not match "
                f"the federated credential's {credential['subject']}",
            )


class FederatedClientCredentialsGrant(ClientCredentialsGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "private_key_jwt"]


class TokenExchangeGrant(BaseGrant, TokenEndpointMixin):
    """OAuth 2.0 Token Exchange, RFC 8693, written from its text (Authlib
    1.9.10 has an empty authlib.oauth2.rfc8693 package)."""

    GRANT_TYPE = TOKEN_EXCHANGE
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]
    SUBJECT_TOKEN_TYPES = (TT_JWT, TT_ID_TOKEN, TT_ACCESS_TOKEN)
    REQUESTED_TOKEN_TYPES = (TT_ACCESS_TOKEN, TT_JWT)
    SUBJECT_AUDIENCES = (FEDERATED_AUDIENCE, BASE)

    def validate_token_request(self):
        # Section 2.1: "client authentication ... as described in Section 2.3
        # of [RFC6749]"; this deployment requires it (ci-exchange as a public
        # client, "none", names itself with client_id).
        client = self.authenticate_token_endpoint_client()
        if not client.check_grant_type(self.GRANT_TYPE):
            raise UnauthorizedClientError(f"The client is not authorized to use 'grant_type={self.GRANT_TYPE}'")
        self.request.client = client
        data = self.request.payload.data
        # Section 2.1: subject_token REQUIRED; subject_token_type REQUIRED.
        for name in ("subject_token", "subject_token_type"):
            if not data.get(name):
                raise InvalidRequestError(f"Missing '{name}'")
        # Section 2.1: actor_token OPTIONAL, actor_token_type REQUIRED with it and
        # MUST NOT be there without it. This server supports no delegation, and
        # section 2.2.2 answers an unacceptable request with invalid_request.
        if "actor_token" in data or "actor_token_type" in data:
            raise InvalidRequestError("actor_token is not supported")
        # Section 2.2.2: "If ... the subject_token ... [is] invalid for any
        # reason, or [is] unacceptable based on policy, the error code is
        # invalid_request"; a type this server cannot read is unacceptable.
        subject_type = data["subject_token_type"]
        if subject_type not in self.SUBJECT_TOKEN_TYPES:
            raise InvalidRequestError(f"unsupported subject_token_type {safe(subject_type)}")
        # Section 2.1: requested_token_type OPTIONAL; when unspecified "the
        # issued token type is at the discretion of the authorization server".
        requested = data.get("requested_token_type") or TT_ACCESS_TOKEN
        if requested not in self.REQUESTED_TOKEN_TYPES:
            raise InvalidRequestError(f"unsupported requested_token_type {safe(requested)}")
        # Section 2.1: resource OPTIONAL, "an absolute URI ... MUST NOT include a
        # fragment component", may be repeated; audience OPTIONAL, a logical name,
        # may be repeated. Section 2.2.2: a target the server is unwilling or
        # unable to issue a token for: invalid_target.
        datalist = self.request.payload.datalist
        resources = [value for value in datalist.get("resource", []) if value != ""]
        audiences = [value for value in datalist.get("audience", []) if value != ""]
        for resource in resources:
            parts = urllib.parse.urlsplit(resource)
            if not parts.scheme or not parts.netloc or parts.fragment or "#" in resource:
                raise OAuth2Error(
                    error="invalid_target",
                    description=f"resource must be an absolute URI without a fragment, not {safe(resource)}",
                )
            if resource not in ALLOWED_RESOURCES:
                raise OAuth2Error(
                    error="invalid_target", description=f"resource {safe(resource)} is not a target of this provider"
                )
        for audience in audiences:
            if audience not in ALLOWED_AUDIENCES:
                raise OAuth2Error(
                    error="invalid_target", description=f"audience {safe(audience)} is not a target of this provider"
                )
        self.validate_requested_scope()
        subject = self.verify_subject_token(data["subject_token"], subject_type)
        self.request.machine = {"sub": subject, "audience": audiences + resources, "requested": requested}

    def verify_subject_token(self, token, token_type):
        """The subject token's sub; invalid_request (section 2.2.2) when it is
        not acceptable."""
        if token_type == TT_ACCESS_TOKEN:
            with _lock:
                record = _tokens.get(token)
            if record is None or record["expires_at"] <= time.time():
                raise InvalidRequestError(
                    "The subject_token is not an access token this provider issued, or it has expired"
                )
            return record["sub"]
        # urn:ietf:params:oauth:token-type:jwt and ...:id_token (section 3): a CI token.
        try:
            decoded = jwt.decode(token, CI_KEYSET, algorithms=["RS256"])
        except (JoseError, ValueError) as error:
            description = (error.description or error.error) if isinstance(error, JoseError) else "not a JWT"
            raise InvalidRequestError(f"The subject_token: {safe(description)}") from error
        claims = decoded.claims
        registry = jwt.JWTClaimsRegistry(
            leeway=LEEWAY,
            iss={"essential": True, "value": CI_ISSUER},
            exp={"essential": True},
            aud={"essential": True, "values": list(self.SUBJECT_AUDIENCES)},
            sub={"essential": True},
        )
        try:
            registry.validate(claims)
        except JoseError as error:
            expected = f"accepted (expected {FEDERATED_AUDIENCE} or {BASE})"
            raise InvalidRequestError(claim_problem(error, claims, "The subject_token", expected)) from error
        return claims["sub"]

    def create_token_response(self):
        extra = self.request.machine
        token = self.generate_token(scope=self.request.payload.scope, include_refresh_token=False)
        if extra["requested"] == TT_JWT:
            now = int(time.time())
            claims = {
                "iss": BASE,
                "sub": extra["sub"],
                "aud": extra["audience"] or [BASE],
                "client_id": self.request.client.get_client_id(),
                "iat": now,
                "exp": now + token["expires_in"],
                "jti": secrets.token_hex(16),
            }
            if token.get("scope"):
                claims["scope"] = token["scope"]
            token["access_token"] = jwt.encode(
                {"alg": "RS256", "kid": "provider-key-1", "typ": "at+jwt"}, claims, PROVIDER_KEY, algorithms=["RS256"]
            )
        # Section 2.2.1: issued_token_type REQUIRED; token_type REQUIRED ("Bearer"
        # for a token usable as an access token); expires_in RECOMMENDED;
        # refresh_token OPTIONAL (none here).
        token["issued_token_type"] = extra["requested"]
        self.save_token(token)
        if setting("exchange_refresh_token"):
            # Section 2.2.1 lets a provider add one; a client that renews by exchanging again keeps none.
            token["refresh_token"] = secrets.token_urlsafe(32)
        if setting("omit_issued_token_type"):
            del token["issued_token_type"]  # a broken provider, for the client's refusal test
        return 200, token, self.TOKEN_RESPONSE_HEADER


authorization_server = Server()
authorization_server.register_token_generator("default", generate_bearer_token)
authorization_server.register_client_auth_method(
    "private_key_jwt", FederatedClientAssertion(validate_jti=False, leeway=LEEWAY)
)
authorization_server.register_grant(CIJWTBearerGrant)
authorization_server.register_grant(FederatedClientCredentialsGrant)
authorization_server.register_grant(TokenExchangeGrant)

# --- the WSGI application ---------------------------------------------------------

NO_STORE = [("Cache-Control", "no-store"), ("Pragma", "no-cache")]


class Reply(Exception):
    def __init__(self, status, body, headers=()):
        self.status, self.body, self.headers = status, body, list(headers)


def read_body(environ):
    raw = environ.get("CONTENT_LENGTH") or "0"
    try:
        length = int(raw)
    except ValueError:
        raise Reply(400, {"error": "invalid_request", "error_description": "bad Content-Length"})
    if length < 0:
        raise Reply(400, {"error": "invalid_request", "error_description": "bad Content-Length"})
    if length > MAX_BODY:
        if length <= 1024 * 1024:
            # Read it away, so closing the socket does not reset the connection
            # before the client has read the answer.
            stream = environ["wsgi.input"]
            while length > 0:
                chunk = stream.read(min(length, 65536))
                if not chunk:
                    break
                length -= len(chunk)
        raise Reply(413, {"error": "invalid_request", "error_description": f"body over {MAX_BODY} bytes"})
    return environ["wsgi.input"].read(length) if length else b""


def read_form(environ):
    body = read_body(environ)
    media_type = (environ.get("CONTENT_TYPE") or "").split(";")[0].strip().lower()
    if body and media_type != "application/x-www-form-urlencoded":
        raise Reply(
            400, {"error": "invalid_request", "error_description": "the body must be application/x-www-form-urlencoded"}
        )
    try:
        return urllib.parse.parse_qsl(body.decode("utf-8"), keep_blank_values=True, strict_parsing=False)
    except UnicodeDecodeError:
        raise Reply(400, {"error": "invalid_request", "error_description": "the body is not UTF-8"})


def query(environ):
    return urllib.parse.parse_qs(environ.get("QUERY_STRING", ""), keep_blank_values=True)


def bearer(environ):
    value = environ.get("HTTP_AUTHORIZATION", "")
    scheme, _, credentials = value.partition(" ")
    return credentials.strip() if scheme.lower() == "bearer" else None


def int_param(value, name, low, high):
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise Reply(400, {"error": f"{name} must be a whole number"})
    if not low <= number <= high:
        raise Reply(400, {"error": f"{name} must be between {low} and {high}"})
    return number


# A: the CI


def ci_discovery(environ):
    return 200, {
        "issuer": CI_ISSUER,
        "jwks_uri": f"{CI_ISSUER}/.well-known/jwks",
        "subject_types_supported": ["public", "pairwise"],
        "response_types_supported": ["id_token"],
        "claims_supported": sorted(["sub", "aud", "exp", "iat", "iss", "jti", "nbf", *CI_CLAIMS]),
        "id_token_signing_alg_values_supported": ["RS256"],
        "scopes_supported": ["openid"],
    }


def ci_jwks(environ):
    return 200, CI_JWKS


def ci_token(environ):
    params = query(environ)
    # GitHub's request URL carries its own query; a client that appends "?audience=" instead of
    # "&audience=" loses it (the toolkit's getIDToken appends with "&").
    if params.get("api-version") != ["2.0"]:
        return 400, {"message": "api-version=2.0 is required in the query"}
    if setting("ci_status") != 200:
        return setting("ci_status"), {"message": "the token service is unavailable (a knob of the test)"}
    audience = (params.get("audience") or [""])[-1] or None
    given = bearer(environ)
    ok = given is not None and secrets.compare_digest(given.encode(), CI_REQUEST_TOKEN.encode())
    with _lock:
        _counts["ci_token" if ok else "ci_refused"] += 1
        _ci_log.append({"time": time.time(), "audience": audience, "status": 200 if ok else 401})
        del _ci_log[:-200]
    if not ok:
        return 401, {"message": "Bad credentials: Authorization must be Bearer <ACTIONS_ID_TOKEN_REQUEST_TOKEN>"}
    return 200, {"count": 1, "value": mint_ci_token(audience)}


# B: the provider


def provider_metadata(environ):
    return 200, {
        "issuer": BASE,
        "authorization_endpoint": f"{BASE}/authorize",
        "token_endpoint": TOKEN_ENDPOINT,
        "jwks_uri": f"{BASE}/jwks",
        "grant_types_supported": ["client_credentials", JWT_BEARER, TOKEN_EXCHANGE],
        "token_endpoint_auth_methods_supported": [
            "client_secret_basic", "client_secret_post", "private_key_jwt", "none"
        ],
        "token_endpoint_auth_signing_alg_values_supported": ["RS256"],
        "response_types_supported": ["code"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["RS256"],
    }


def provider_jwks(environ):
    return 200, PROVIDER_JWKS


def authorize(environ):
    return 400, {
        "error": "invalid_request",
        "error_description": "This provider has no authorization endpoint for people; it signs in machines only",
    }


_GRANT_COUNTERS = {
    JWT_BEARER: "jwt_bearer",
    "client_credentials": "client_credentials",
    TOKEN_EXCHANGE: "token_exchange",
}


def token_endpoint(environ):
    grant_key = None
    try:
        pairs = read_form(environ)
        grant_type = next((value for key, value in pairs if key == "grant_type"), None)
        grant_key = _GRANT_COUNTERS.get(grant_type)
        if grant_key:
            count(grant_key)
        # RFC 6749 section 3.2: "Request and response parameters MUST NOT be
        # included more than once"; RFC 8693 section 2.1 lets audience and
        # resource repeat.
        seen = set()
        for key, _ in pairs:
            if key in seen and key not in ("audience", "resource"):
                raise Reply(400, {"error": "invalid_request", "error_description": f"Repeated parameter {safe(key)}"})
            seen.add(key)
        request = WSGIOAuth2Request(environ, pairs)
        status, body, headers = authorization_server.create_token_response(request)
    except Reply as reply:
        status, body, headers = reply.status, reply.body, reply.headers
    if status != 200:
        count("refused")
    headers = [(k, v) for k, v in headers if k.lower() not in ("cache-control", "pragma", "content-type")]
    return status, body, headers + NO_STORE


def api_me(environ):
    given = bearer(environ)
    with _lock:
        record = _tokens.get(given) if given else None
    if record is None or record["expires_at"] <= time.time():
        description = "no access token" if not given else "unknown or expired access token"
        return 401, {"error": "invalid_token", "error_description": description}, [
            ("WWW-Authenticate", f'Bearer error="invalid_token", error_description="{description}"')
        ]
    return 200, dict(record)


# C: test control


def test_counts(environ):
    with _lock:
        return 200, dict(_counts)


def test_reset_counts(environ):
    read_body(environ)
    with _lock:
        _counts.update(dict.fromkeys(_COUNT_KEYS, 0))
        return 200, dict(_counts)


def test_settings(environ):
    if environ["REQUEST_METHOD"] == "POST":
        form = dict(read_form(environ))
        changes = {}
        if "ci_lifetime" in form:
            changes["ci_lifetime"] = int_param(form["ci_lifetime"], "ci_lifetime", -86400 * 365, 86400 * 365)
        if "access_token_seconds" in form:
            changes["access_token_seconds"] = int_param(
                form["access_token_seconds"], "access_token_seconds", 1, 86400 * 365
            )
        if "exchange_refresh_token" in form:
            changes["exchange_refresh_token"] = bool(
                int_param(form["exchange_refresh_token"], "exchange_refresh_token", 0, 1)
            )
        if "ci_status" in form:
            changes["ci_status"] = int_param(form["ci_status"], "ci_status", 200, 599)
        if "omit_issued_token_type" in form:
            changes["omit_issued_token_type"] = bool(
                int_param(form["omit_issued_token_type"], "omit_issued_token_type", 0, 1)
            )
        with _lock:
            _settings.update(changes)
    with _lock:
        return 200, dict(_settings)


def test_mint(environ):
    params = query(environ)
    audience = (params.get("audience") or [""])[-1] or None
    subject = (params.get("subject") or [""])[-1] or None
    lifetime = params.get("lifetime")
    if lifetime:
        lifetime = int_param(lifetime[-1], "lifetime", -86400 * 365, 86400 * 365)
    else:
        lifetime = None
    return 200, mint_ci_token(audience, lifetime, subject), [("Content-Type", "text/plain; charset=utf-8")]


def test_log(environ):
    with _lock:
        return 200, list(_ci_log)


ROUTES = {
    "/ci/.well-known/openid-configuration": (("GET",), ci_discovery),
    "/ci/.well-known/jwks": (("GET",), ci_jwks),
    "/ci/token": (("GET",), ci_token),
    "/.well-known/openid-configuration": (("GET",), provider_metadata),
    "/.well-known/oauth-authorization-server": (("GET",), provider_metadata),
    "/jwks": (("GET",), provider_jwks),
    "/authorize": (("GET", "POST"), authorize),
    "/token": (("POST",), token_endpoint),
    "/api/me": (("GET",), api_me),
    "/test/counts": (("GET",), test_counts),
    "/test/reset-counts": (("POST",), test_reset_counts),
    "/test/settings": (("GET", "POST"), test_settings),
    "/test/mint": (("GET",), test_mint),
    "/test/log": (("GET",), test_log),
}


def application(environ, start_response):
    path = environ.get("PATH_INFO", "/")
    method = environ["REQUEST_METHOD"]
    headers = []
    try:
        route = ROUTES.get(path)
        if route is None:
            raise Reply(404, {"error": "not_found", "error_description": f"no such path {safe(path)}"})
        methods, handler = route
        if method not in methods:
            raise Reply(405, {"error": "method_not_allowed"}, [("Allow", ", ".join(methods))])
        answer = handler(environ)
        status, body = answer[0], answer[1]
        headers = list(answer[2]) if len(answer) > 2 else []
    except Reply as reply:
        status, body, headers = reply.status, reply.body, reply.headers
    except Exception:
        if VERBOSE:
            traceback.print_exc(file=sys.stderr)
        status, body, headers = 500, {"error": "server_error"}, []
    if isinstance(body, (dict, list)):
        payload = json.dumps(body).encode()
        headers = [(k, v) for k, v in headers if k.lower() != "content-type"] + [("Content-Type", "application/json")]
    else:
        payload = body.encode() if isinstance(body, str) else body
    reason = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 405: "Method Not Allowed",
              413: "Content Too Large", 500: "Internal Server Error"}.get(status, "Error")
    start_response(f"{status} {reason}", headers + [("Content-Length", str(len(payload)))])
    return [payload]


wsgi_peer.serve(httpd, application, _ready_out, os._exit)
