#!/usr/bin/env python3
"""A second, independent OAuth 2.0 authorization server for the token exchange tests.

idpyoidc 5.0.0 (the Python server of the IdentityPython project) as a plain
OAuth 2.0 AS doing client_credentials (RFC 6749 section 4.4) and token
exchange (RFC 8693), behind wsgiref, installed by install.sh beside this file:

    bash install.sh .build/idpy-exchange-python
    PYTHONPATH=.build/idpy-exchange-python python3 server.py

It binds 127.0.0.1 on a free port, builds the idpyoidc server in a new
temporary folder (its working directory), prints exactly one line
`READY <port>` on standard output, and serves (one thread per request; the
idpyoidc calls one at a time under a lock: it is not thread-safe) until its
standard input closes; then it removes its folder and exits at once. SIGTERM
does the same. Nothing else is ever written to standard output. idpyoidc's
logging, warnings and the request log go to standard error only with
IDPY_VERBOSE=1; a start-up failure, or a traceback behind a 500, always does.

BASE below is http://127.0.0.1:<port>, the issuer exactly (no trailing slash).
JSON answers have Content-Type application/json; the token endpoint's also
Cache-Control: no-store. A body over 64 KiB gets 413, an unknown path 404
{"error": "not_found"}, a wrong method 405 (with Allow).

Endpoints
  GET /.well-known/oauth-authorization-server    (RFC 8414) and
  GET /.well-known/openid-configuration          (the same document)
      {issuer: BASE, authorization_endpoint: BASE/authorize,
       token_endpoint: BASE/token, jwks_uri: BASE/jwks.json,
       grant_types_supported: [client_credentials,
         urn:ietf:params:oauth:grant-type:token-exchange],
       token_endpoint_auth_methods_supported: [client_secret_basic, client_secret_post],
       response_types_supported: ["token"], scopes_supported: [read, write]}
  GET /jwks.json   {"keys": [the server's EC P-256 public key]}: it signs every token.
  GET|POST /authorize   400 {"error": "invalid_request", ...}: a placeholder, no browser here.
  POST /token   application/x-www-form-urlencoded. Client authentication
      client_secret_basic or client_secret_post; missing or wrong (or an unknown
      client): 401 {"error": "invalid_client", "error_description":
      "Authorization failed"}, WWW-Authenticate: Basic realm="idpy". Other
      refusals: 400 {error, error_description} in idpyoidc's words.
      Tokens are ES256 JWTs: iss BASE, iat, exp, jti, scope (space-separated),
      sid, token_class "access_token"; no sub. Never a refresh_token.
    grant_type=client_credentials [scope=read|write|"read write"]
      200 {access_token, token_type: "Bearer", scope, expires_in:
      IDPY_ACCESS_TOKEN_SECONDS}. A scope outside read/write: 400 invalid_scope
      "Scope not allowed". Without scope: both.
    grant_type=urn:ietf:params:oauth:grant-type:token-exchange
      subject_token=<an access token this server issued, to any client>,
      subject_token_type=urn:ietf:params:oauth:token-type:access_token,
      [audience=https://api.example.test] [resource=BASE/api] [scope]
      [requested_token_type=urn:ietf:params:oauth:token-type:access_token]
      200 {access_token, token_type: "Bearer", issued_token_type:
      urn:ietf:params:oauth:token-type:access_token, scope, expires_in}.
      The new token ends when the subject token does: expires_in is the subject
      token's time left (>= 1), and the JWT's exp is the subject token's exp.
      Its aud: the audience and resource asked for (none asked: no aud); a token
      for another client than the subject token's also carries client_id.
      scope: the one asked for, cut down to the subject token's (asked for,
      nothing left: 400 invalid_scope "Invalid requested scopes"). An exchanged
      token can be exchanged again.
      Refusals (400):
        audience other than https://api.example.test  invalid_target "Unknown audience"
        resource other than BASE/api                 invalid_target "Unknown resource"
        subject_token_type ...:jwt, ...:id_token, ...:refresh_token, or a
          subject token that is not one of this server's JWTs
                                                     invalid_request "Subject token invalid"
        subject token expired                        invalid_request "Subject token has expired"
        requested_token_type other than access_token invalid_request "Unsupported requested token type"
        actor_token / actor_token_type               invalid_request "Actor token not supported"
        subject_token or subject_token_type missing  invalid_request "Missing required attribute '...'"
    another grant_type: 400 invalid_request "Unsupported grant_type: ..."; none:
      "Do not know how to handle this type of request".

Test control (no authentication)
  GET /test/issue?client=client_1   text/plain: a fresh access token the server
      issued itself through its own client_credentials grant for that client
      (in-process, not through POST /token, so not counted): the subject token a
      test writes to a file. client defaults to client_1; an unknown one: 404.
  GET /test/counts   {"client_credentials": n, "token_exchange": n, "refused": n}:
      POST /token requests by grant_type, answered or refused; refused: POST
      /token requests answered 4xx, whatever their grant_type.

Clients (registered at start; both identical but for the ID)
  client_1, client_2: secret IDPY_CLIENT_SECRET, client_secret_basic or
  client_secret_post, grants client_credentials and token exchange, scopes read
  and write. Exchange policy, the same for both (the TokenExchangeHelper's
  kwargs): audience https://api.example.test, resource BASE/api, subject and
  requested token type access_token only.

Environment:
  IDPY_CLIENT_SECRET         secret of client_1 and client_2 (default idpy-secret-0123456789)
  IDPY_ACCESS_TOKEN_SECONDS  lifetime of a client_credentials access token, and so the
                             longest an exchanged one can live (default 600; integer >= 1)
  IDPY_VERBOSE               1: idpyoidc's logging (INFO; it logs tokens and Authorization
                             headers), warnings and the request log on standard error

What idpyoidc 5.0.0 does that this file works around or relies on:
  - ClientCredentials.process_request crashes on the 2nd request per client
    (TypeError: 'ClientSessionInfo' object is not subscriptable), gives its
    grant no usage_rules (so its token cannot be the subject of an exchange)
    and answers token_type "access_token": see FixedClientCredentials.
  - A token can be the subject of an exchange only if its usage rule has
    supports_minting: ["access_token"] (else MintingNotAllowed: 400
    invalid_grant "Token Exchange not allowed with that token"); set in the
    authz grant_config below. ExchangeGrant hard-codes it for exchanged tokens.
  - validate_token_exchange_policy: the policy dict is keyed by
    subject_token_type and must have a "" default; an empty (or absent)
    audience list lets every audience through, while an empty resource list
    refuses every resource; the requested scope is silently cut down to the
    subject token's; any exception inside the policy becomes 400 server_error.
    Its subject_token_types_supported check ("Unsupported subject token type")
    is never reached for a type outside idpyoidc's own access/refresh token
    mapping: post_parse_request looks that up first and answers "Subject token
    invalid". A per-client cdb[...]["token_exchange"] replaces the whole config.
  - expires_in vs exp: an exchanged token is minted with its grant's lifetime
    (for another client: ExchangeGrant's hard-coded 60 s) and then given the
    subject token's expires_at, so expires_in and the JWT's exp disagree (and
    the token is refused once exp passes): see SubjectBoundTokenExchange,
    which also puts the requested audience/resource into aud (idpyoidc keeps
    them only when both are given, and ExchangeGrant drops them).
  - An expired subject JWT raises ToOld out of parse_request (uncaught by
    idpyoidc): answered here as 400 invalid_request "Subject token has expired".
  - The token endpoint's request_format is "json": the form body is
    deserialized here before parse_request.
"""

import json
import logging
import os
import shutil
import sys
import tempfile
import threading
import traceback
import urllib.parse
import warnings

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import wsgi_peer  # noqa: E402  (Scripts/wsgi_peer.py: the protocol and the server every test server shares)




VERBOSE = os.environ.get("IDPY_VERBOSE", "0") == "1"
CLIENT_SECRET = os.environ.get("IDPY_CLIENT_SECRET", "") or "idpy-secret-0123456789"
ACCESS_TOKEN_SECONDS = wsgi_peer.env_int("IDPY_ACCESS_TOKEN_SECONDS", 600, 1)
CLIENT_IDS = ("client_1", "client_2")
SCOPES = ["read", "write"]
ALLOWED_AUDIENCE = "https://api.example.test"
MAX_BODY = 64 * 1024

CC = "client_credentials"
TE = "urn:ietf:params:oauth:grant-type:token-exchange"
AT = "urn:ietf:params:oauth:token-type:access_token"

# Keep the READY line the only thing on standard output: anything else that
# prints (idpyoidc, warnings, a stray print) lands on standard error.
_ready_out = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)
sys.stdout = sys.stderr
if VERBOSE:
    logging.basicConfig(stream=sys.stderr, level=logging.INFO,
                        format="idpy: %(levelname)s %(name)s: %(message)s")
else:
    warnings.simplefilter("ignore")
    logging.disable(logging.CRITICAL)  # idpyoidc logs refusals at ERROR level

try:
    from idpyoidc.message import Message
    from idpyoidc.server import Server
    from idpyoidc.server.configure import ASConfiguration
    from idpyoidc.server.exception import ClientAuthenticationError, ToOld, UnAuthorizedClient
    from idpyoidc.server.oauth2.token_helper import validate_token_exchange_policy
    from idpyoidc.server.oauth2.token_helper.client_credentials import ClientCredentials
    from idpyoidc.server.oauth2.token_helper.token_exchange import TokenExchangeHelper
    from idpyoidc.server.session.grant import ExchangeGrant
    from idpyoidc.server.session.token import MintingNotAllowed
    from idpyoidc.server.token.exception import WrongTokenClass
    from idpyoidc.time_util import utc_time_sans_frac
except ImportError as err:
    sys.stderr.write(f"server.py: {err}; install the packages with install.sh beside this file "
                     "and put that folder on PYTHONPATH\n")
    os._exit(1)

_tmpdir = tempfile.mkdtemp(prefix="idpy-exchange-")


def _exit_now(code=0):
    shutil.rmtree(_tmpdir, ignore_errors=True)
    os._exit(code)


# Serve until standard input closes (the test ended, or died).
wsgi_peer.exit_when_stdin_closes(lambda: shutil.rmtree(_tmpdir, ignore_errors=True))


# --- HTTP server ----------------------------------------------------------------


httpd = wsgi_peer.listen(log=(lambda line: sys.stderr.write("idpy: %s\n" % line)) if VERBOSE else None, verbose=VERBOSE)
PORT = httpd.server_address[1]
ISSUER = f"http://127.0.0.1:{PORT}"
ALLOWED_RESOURCE = f"{ISSUER}/api"


# --- idpyoidc: the grant helpers ----------------------------------------------------


class FixedClientCredentials(ClientCredentials):
    """idpyoidc 5.0.0's ClientCredentials.process_request crashes on the 2nd request per client
    (TypeError: 'ClientSessionInfo' object is not subscriptable), gives its grant no usage_rules
    (so the access token can't be the base of a token exchange) and returns token_type
    "access_token".  This version mints a fresh grant per request with the configured usage rules."""

    def process_request(self, req, **kwargs):
        _context = self.endpoint.upstream_get("context")
        _mngr = _context.session_manager
        client_id = req["client_id"]
        if not req.get("authenticated", False):
            return self.error_cls(error="invalid_client", error_description="Not authenticated")
        _allowed = _context.cdb[client_id].get("allowed_scopes", [])
        _scope = req.get("scope") or _allowed
        if not set(_scope).issubset(_allowed):
            return self.error_cls(error="invalid_scope", error_description="Scope not allowed")
        branch_id = _mngr.add_grant(
            ["client_credentials", client_id],
            token_usage_rules=_context.authz.usage_rules(client_id),
            scope=_scope,
        )
        _info = _mngr.get_session_info(branch_id, grant=True)
        tok = self._mint_token(token_class="access_token", grant=_info["grant"],
                               session_id=branch_id, client_id=client_id,
                               scope=_scope, token_type="Bearer")
        resp = {"access_token": tok.value, "token_type": "Bearer", "scope": _scope}
        if tok.expires_at:
            # The same second as the mint (or the next): ACCESS_TOKEN_SECONDS, at least 1.
            resp["expires_in"] = max(1, tok.expires_at - utc_time_sans_frac())
        return resp


class SubjectBoundTokenExchange(TokenExchangeHelper):
    """Two things idpyoidc 5.0.0's TokenExchangeHelper gets wrong, put right:

    1. Lifetime. It mints the new token with its grant's usage rule (a token for another client
       gets an ExchangeGrant, whose __init__ hard-codes expires_in 60 over the configured rules),
       so the JWT's exp is now + 60, then sets the session token's expires_at to the subject
       token's: the answer's expires_in (the subject token's time left, up to the full lifetime)
       and the JWT's exp disagree, and the server refuses the token (ToOld) once exp has passed.
       Here the new token is minted with the subject token's time left as its lifetime, so exp,
       expires_at and expires_in all say it ends when the subject token does (idpyoidc's rule).
       A subject token in its last second (idpyoidc still calls it active) is refused as expired
       (invalid_request "Subject token has expired", idpyoidc's own words once the JWT's exp has
       passed): minted with lifetime 0 the JWT would carry no exp at all.
    2. Audience. It passes the requested targets on only when both audience and resource are
       given (resource alone is dropped), and ExchangeGrant.payload_arguments ignores them
       anyway (aud = the grant's resources, empty). Here the JWT's aud is every requested
       audience and resource that the policy let through, and there is no aud when none was
       asked for."""

    _targets = ()
    _subject_expired = False

    def process_request(self, request, **kwargs):
        # Called under IDPY_LOCK: one exchange at a time, so the instance can carry the targets.
        self._targets = sorted(set(request.get("audience") or []) | set(request.get("resource") or []))
        self._subject_expired = False
        try:
            response = super().process_request(request, **kwargs)
            if self._subject_expired:  # MintingNotAllowed, which idpyoidc turns into invalid_grant
                return self.error_cls(error="invalid_request", error_description="Subject token has expired")
            return response
        finally:
            self._targets = ()
            self._subject_expired = False

    def _mint_token(self, token_class, grant, session_id, client_id, based_on=None, scope=None,
                    token_args=None, token_type=""):
        if based_on is None or not based_on.expires_at:
            return super()._mint_token(token_class, grant, session_id, client_id, based_on=based_on,
                                       scope=scope, token_args=token_args, token_type=token_type)
        _context = self.endpoint.upstream_get("context")
        _mngr = _context.session_manager
        left = based_on.expires_at - utc_time_sans_frac()
        if left < 1:
            self._subject_expired = True
            raise MintingNotAllowed("Subject token has expired")
        usage_rules = dict(grant.usage_rules.get(token_class) or {})
        usage_rules["expires_in"] = left  # the JWT's exp: see the class docstring
        token_args = dict(token_args or {})
        token_args.pop("resources", None)
        if self._targets:
            token_args["resources"] = list(self._targets)
        if isinstance(grant, ExchangeGrant):  # a grant of its own per exchange for another client
            grant.resources = list(self._targets)
        for meth in _context.token_args_methods:
            token_args = meth(_context, client_id, token_args)
        token = grant.mint_token(
            session_id,
            context=_context,
            token_class=token_class,
            token_handler=_mngr.token_handler[token_class],
            based_on=based_on,
            usage_rules=usage_rules,
            scope=scope,
            token_type=token_type,
            **token_args,
        )
        token.expires_at = based_on.expires_at
        _mngr.set(_mngr.unpack_session_key(session_id), grant)
        return token

    def token_exchange_response(self, token, issued_token_type):
        response = super().token_exchange_response(token, issued_token_type)
        if "expires_in" in response:
            # Minted with >= 1 s left; a second boundary since then must not make it 0.
            response["expires_in"] = max(1, response["expires_in"])
        return response


# --- idpyoidc: the server -------------------------------------------------------------

KEYDEFS = [{"type": "EC", "crv": "P-256", "use": ["sig"]}]
CRYPT = {"kwargs": {"keys": {"key_defs": [
    {"type": "OCT", "use": ["enc"], "kid": "password"},
    {"type": "OCT", "use": ["enc"], "kid": "salt"}]}, "iterations": 1}}

CONF = {
    "issuer": ISSUER,
    "httpc_params": {"verify": False},
    "keys": {"uri_path": "jwks.json", "key_defs": KEYDEFS, "read_only": False},
    "preference": {"grant_types_supported": [CC, TE]},
    "token_handler_args": {
        "jwks_defs": {"key_defs": [{"type": "OCT", "kid": "code", "use": ["enc"]}]},
        "token": {
            "class": "idpyoidc.server.token.jwt_token.JWTToken",
            "kwargs": {"lifetime": ACCESS_TOKEN_SECONDS},
        },
    },
    "endpoint": {
        "token": {
            "path": "token",
            "class": "idpyoidc.server.oauth2.token.Token",
            "kwargs": {
                "client_authn_method": ["client_secret_basic", "client_secret_post"],
                # Explicit helper config (otherwise TokenExchangeHelper's built-in default is used)
                "grant_types_helpers": {
                    CC: {"class": FixedClientCredentials},
                    TE: {
                        "class": SubjectBoundTokenExchange,
                        "kwargs": {
                            "subject_token_types_supported": [AT],
                            "requested_token_types_supported": [AT],
                            "default_requested_token_type": AT,
                            "policy": {
                                "": {
                                    "function": validate_token_exchange_policy,
                                    "kwargs": {
                                        "resource": [ALLOWED_RESOURCE],
                                        "audience": [ALLOWED_AUDIENCE],
                                    },
                                }
                            },
                        },
                    },
                },
            },
        },
    },
    "client_authn": "idpyoidc.server.client_authn.verify_client",
    "claims_interface": {"class": "idpyoidc.server.session.claims.OAuth2ClaimsInterface", "kwargs": {}},
    "authz": {
        "class": "idpyoidc.server.authz.AuthzHandling",
        "kwargs": {"grant_config": {
            "usage_rules": {
                # supports_minting: without it a token can't be the subject of an exchange.
                "access_token": {"supports_minting": ["access_token"], "expires_in": ACCESS_TOKEN_SECONDS},
            },
            "expires_in": 43200,
        }},
    },
    "session_params": {"encrypter": CRYPT},
    "userinfo": {"class": "idpyoidc.server.user_info.UserInfo", "kwargs": {"db": {}}},
}


def build_server():
    os.chdir(_tmpdir)  # idpyoidc writes key files relative to the working directory
    server = Server(ASConfiguration(conf=CONF, base_path=_tmpdir), cwd=_tmpdir)
    ctx = server.context
    ctx.map_supported_to_preferred()
    for client_id in CLIENT_IDS:
        ctx.cdb[client_id] = {
            "client_id": client_id,
            "client_secret": CLIENT_SECRET,
            "token_endpoint_auth_method": "client_secret_basic",
            "grant_types_supported": [CC, TE],
            "allowed_scopes": list(SCOPES),
        }
    return server


try:
    SERVER = build_server()
    TOKEN_EP = SERVER.get_endpoint("token")
    JWKS = SERVER.keyjar.export_jwks(private=False, issuer_id="")
except Exception:
    sys.stderr.write("server.py: start-up failed\n")
    traceback.print_exc(file=sys.stderr)
    _exit_now(1)

# idpyoidc is not thread-safe (its session manager is a plain dict): one request at a time.
IDPY_LOCK = threading.Lock()
COUNTS_LOCK = threading.Lock()
COUNTS = {"client_credentials": 0, "token_exchange": 0, "refused": 0}
GRANT_COUNTERS = {CC: "client_credentials", TE: "token_exchange"}


def metadata():
    return {
        "issuer": ISSUER,
        "authorization_endpoint": f"{ISSUER}/authorize",
        "token_endpoint": f"{ISSUER}/token",
        "jwks_uri": f"{ISSUER}/jwks.json",
        "grant_types_supported": [CC, TE],
        "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
        "response_types_supported": ["token"],
        "scopes_supported": list(SCOPES),
    }


# --- WSGI -------------------------------------------------------------------------------


class Reply(Exception):
    def __init__(self, status, body, headers=()):
        super().__init__(status)
        self.status, self.body, self.headers = status, body, list(headers)


def _error(status, error, description, headers=()):
    return Reply(status, {"error": error, "error_description": description}, headers)


def _read_body(environ):
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > MAX_BODY:
        raise _error(413, "invalid_request", f"body over {MAX_BODY} bytes")
    return environ["wsgi.input"].read(length).decode("utf-8", "replace") if length > 0 else ""


def token(environ):
    body = _read_body(environ)
    grant_type = (urllib.parse.parse_qs(body).get("grant_type") or [""])[0]
    try:
        status, payload, headers = _token(environ, body)
    except Reply as reply:
        status, payload, headers = reply.status, reply.body, reply.headers
    with COUNTS_LOCK:
        if grant_type in GRANT_COUNTERS:
            COUNTS[GRANT_COUNTERS[grant_type]] += 1
        if 400 <= status < 500:
            COUNTS["refused"] += 1
    raise Reply(status, payload, headers + [("Cache-Control", "no-store"), ("Pragma", "no-cache")])


def _token(environ, body):
    headers = {}
    if environ.get("HTTP_AUTHORIZATION"):
        headers["authorization"] = environ["HTTP_AUTHORIZATION"]
    http_info = {"headers": headers, "method": "POST", "url": f"{ISSUER}/token"}
    # The token endpoint's request_format is "json"; deserialize the form body ourselves.
    try:
        req_dict = Message().from_urlencoded(body).to_dict()
    except Exception:
        raise _error(400, "invalid_request", "body must be application/x-www-form-urlencoded")

    with IDPY_LOCK:
        try:
            req = TOKEN_EP.parse_request(req_dict, http_info=http_info)
        except WrongTokenClass as err:  # e.g. subject_token_type=refresh_token with an access token
            req = TOKEN_EP.error_cls(error="invalid_request", error_description=f"Wrong token class: {err}")
        except ToOld:  # the subject token's JWT exp has passed
            req = TOKEN_EP.error_cls(error="invalid_request", error_description="Subject token has expired")
        except (UnAuthorizedClient, ClientAuthenticationError) as err:
            raise _error(401, "invalid_client", str(err) or "client authentication failed",
                         [("WWW-Authenticate", 'Basic realm="idpy"')])
        except Exception as err:  # library bugs -> JSON 500 instead of wsgiref's text page
            traceback.print_exc(file=sys.stderr)
            raise _error(500, "server_error", repr(err))

        if isinstance(req, TOKEN_EP.error_cls) or "error" in req:
            result = req
        else:
            try:
                result = TOKEN_EP.process_request(req, http_info=http_info)
            except Exception as err:
                traceback.print_exc(file=sys.stderr)
                raise _error(500, "server_error", repr(err))
        if "error" in result:
            if result["error"] == "invalid_client":
                raise _error(401, "invalid_client", result.get("error_description", ""),
                             [("WWW-Authenticate", 'Basic realm="idpy"')])
            args = {"error": result["error"]}
            if "error_description" in result:
                args["error_description"] = result["error_description"]
            resp = TOKEN_EP.do_response(**args)
            status = 400
        else:
            resp = TOKEN_EP.do_response(request=req, **result)
            status = 200
    hdrs = [(k, v) for k, v in resp.get("http_headers", [])
            if k.lower() not in ("set-cookie", "content-type")]
    return status, json.loads(resp["response"]), hdrs


def issue(environ):
    query = urllib.parse.parse_qs(environ.get("QUERY_STRING", ""))
    client_id = (query.get("client") or ["client_1"])[0]
    if client_id not in CLIENT_IDS:
        raise Reply(404, f"unknown client {client_id!r}; known: {', '.join(CLIENT_IDS)}\n")
    with IDPY_LOCK:
        result = TOKEN_EP.grant_type_helper[CC].process_request({"client_id": client_id, "authenticated": True})
    raise Reply(200, result["access_token"])


ROUTES = {
    "/.well-known/oauth-authorization-server": {"GET": lambda environ: Reply(200, metadata())},
    "/.well-known/openid-configuration": {"GET": lambda environ: Reply(200, metadata())},
    "/jwks.json": {"GET": lambda environ: Reply(200, JWKS)},
    "/authorize": {m: lambda environ: _error(400, "invalid_request", "this server has no authorization "
                                            "endpoint: use client_credentials or token exchange")
                   for m in ("GET", "POST")},
    "/token": {"POST": token},
    "/test/issue": {"GET": issue},
    "/test/counts": {"GET": lambda environ: Reply(200, dict(COUNTS))},
}


def application(environ, start_response):
    try:
        methods = ROUTES.get(environ.get("PATH_INFO", ""))
        if methods is None:
            raise Reply(404, {"error": "not_found"})
        handler = methods.get(environ["REQUEST_METHOD"])
        if handler is None:
            raise Reply(405, {"error": "method_not_allowed"}, [("Allow", ", ".join(methods))])
        result = handler(environ)
        raise result if isinstance(result, Reply) else Reply(500, {"error": "server_error"})
    except Reply as reply:
        status, body, headers = reply.status, reply.body, reply.headers
    except Exception as err:
        traceback.print_exc(file=sys.stderr)
        status, body, headers = 500, {"error": "server_error", "error_description": repr(err)}, []
    if isinstance(body, str):
        data, ctype = body.encode(), "text/plain; charset=utf-8"
    else:
        data, ctype = json.dumps(body).encode(), "application/json"
    reason = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 405: "Method Not Allowed",
              413: "Content Too Large", 500: "Internal Server Error"}.get(status, "Error")
    start_response(f"{status} {reason}", [("Content-Type", ctype), ("Content-Length", str(len(data)))] + headers)
    return [data]


wsgi_peer.serve(httpd, application, _ready_out, _exit_now)
