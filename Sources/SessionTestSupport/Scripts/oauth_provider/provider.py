#!/usr/bin/env python3
"""A real OAuth 2.0 / OpenID Connect provider for the integration tests.

A one-file Django project around django-oauth-toolkit (DOT) 3.4.1 and oauthlib
3.3.1, installed by install.sh beside this file:

    bash install.sh .build/oauth-python
    PYTHONPATH=.build/oauth-python python3 provider.py

It binds 127.0.0.1 on a free port, makes a fresh sqlite database in a new
temporary folder, runs the migrations, creates the user and the clients, prints
exactly one line `READY <port>` on standard output, and serves (one thread per
request) until its standard input closes; then it removes its folder and exits
at once. Nothing else is ever written to standard output; errors go to
standard error (and request logs too with PROVIDER_VERBOSE=1).

Issuer: http://127.0.0.1:<port> (no trailing slash). README.md beside this file
lists the endpoints, the clients, the user and the behaviour found in DOT.

OpenID Connect RP-Initiated Logout is on: both discovery documents list
end_session_endpoint = <issuer>/o/logout/. A GET there with id_token_hint,
client_id, post_logout_redirect_uri and state shows DOT's confirmation page
(form id="authorizationForm", button name="allow", value "Logout") while the
browser is signed in; pressing it ends the provider's session, deletes the
person's tokens of every authorization-code client, and redirects to
post_logout_redirect_uri with state added (nothing else). The accepted
post_logout_redirect_uris are cli-web's and cli-confidential's
http://127.0.0.1/callback, http://127.0.0.1/logged-out, http://[::1]/callback
and http://[::1]/logged-out, any port (DOT's RFC 8252 loopback rule), and
cli-web-exact's PROVIDER_EXACT_REDIRECT_URIS, as exact strings. Cancel, or a
bad request (a URI not registered, an unknown client, a spent ID token), gets
DOT's error page (HTTP 400) and no redirect.

Environment:
  PROVIDER_ACCESS_TOKEN_SECONDS   access token lifetime (default 3600)
  PROVIDER_DEVICE_INTERVAL        "interval" in the device authorization response (default 5)
  PROVIDER_DEVICE_EXPIRES_SECONDS lifetime of a device_code/user_code pair (default 1800)
  PROVIDER_WEB_CONSENT            1: cli-web, cli-web-exact and cli-confidential show DOT's
                                  consent page (default 0: skipped)
  PROVIDER_EXACT_REDIRECT_URIS    space-separated redirect URIs registered for cli-web-exact,
                                  compared as exact strings, port included (default
                                  "http://127.0.0.1:43123/callback http://localhost:43124/callback
                                  http://[::1]:43125/callback")
  PROVIDER_CLIENT_SECRET          secret of cli-confidential and cli-device-confidential
                                  (default s3cret-for-tests-0123456789)
  PROVIDER_AUTH_METHODS           token_endpoint_auth_methods_supported in both discovery
                                  documents (default "client_secret_basic client_secret_post none")
  PROVIDER_ISS_PARAMETER          1: every successful authorization response carries iss=<issuer>
                                  (RFC 9207) and discovery says so; error responses (Cancel) carry
                                  none, as DOT ships (default 0: no iss)
  PROVIDER_REQUIRE_NONCE          1: an authorization request with scope openid and no nonce is
                                  answered with a redirect carrying error=invalid_request,
                                  error_description=nonce required (default 0: nonce optional)
  PROVIDER_SKIP_MIGRATIONS        1: make the tables straight from the models instead of
                                  running the migrations (start-up ~0.7 s instead of ~2.2 s)
  PROVIDER_VERBOSE                1: log every request and warnings to standard error
  PROVIDER_REFRESH_GRACE_SECONDS  REFRESH_TOKEN_GRACE_PERIOD_SECONDS (default 0): for that long
                                  after a refresh token was used, the same token answers again with
                                  the pair it was rotated to (a client whose answer was lost)
"""

import logging
import os
import secrets
import shutil
import sys
import tempfile
import threading
import time
import types
import urllib.parse
import warnings

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import wsgi_peer  # noqa: E402  (Scripts/wsgi_peer.py: the protocol and the server every test server shares)

USERNAME = "alice"
PASSWORD = "wonderland-42"
EMAIL = "alice@example.com"
# A second person, so two accounts at one provider can sign in side by side.
SECOND_USERNAME = "bob"
SECOND_PASSWORD = "builder-73"
SECOND_EMAIL = "bob@example.com"
MACHINE_CLIENT_ID = "cli-machine"
DEVICE_CLIENT_ID = "cli-device"
WEB_CLIENT_ID = "cli-web"
WEB_REDIRECT_URI = "http://127.0.0.1/callback"
# Where cli-web and cli-confidential may send the browser after RP-Initiated
# Logout. DOT compares them as it does redirect URIs (scheme, host, path,
# query), and lets any port through for http on 127.0.0.1 and [::1].
WEB_POST_LOGOUT_REDIRECT_URIS = (
    "http://127.0.0.1/callback http://127.0.0.1/logged-out http://[::1]/callback http://[::1]/logged-out"
)
EXACT_CLIENT_ID = "cli-web-exact"
CONFIDENTIAL_CLIENT_ID = "cli-confidential"
DEVICE_CONFIDENTIAL_CLIENT_ID = "cli-device-confidential"
DEFAULT_EXACT_REDIRECT_URIS = "http://127.0.0.1:43123/callback http://localhost:43124/callback http://[::1]:43125/callback"
DEFAULT_CLIENT_SECRET = "s3cret-for-tests-0123456789"
DEFAULT_AUTH_METHODS = "client_secret_basic client_secret_post none"
SCOPES = {
    "openid": "OpenID Connect",
    "profile": "Your profile (user name, name)",
    "email": "Your e-mail address",
    "read": "Read access",
}
DEVICE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code"




ACCESS_TOKEN_SECONDS = wsgi_peer.env_int("PROVIDER_ACCESS_TOKEN_SECONDS", 3600)
DEVICE_INTERVAL = wsgi_peer.env_int("PROVIDER_DEVICE_INTERVAL", 5)
DEVICE_EXPIRES_SECONDS = wsgi_peer.env_int("PROVIDER_DEVICE_EXPIRES_SECONDS", 1800)
WEB_CONSENT = os.environ.get("PROVIDER_WEB_CONSENT", "0") == "1"
EXACT_REDIRECT_URIS = (os.environ.get("PROVIDER_EXACT_REDIRECT_URIS", "").strip() or DEFAULT_EXACT_REDIRECT_URIS).split()
CLIENT_SECRET = os.environ.get("PROVIDER_CLIENT_SECRET", "") or DEFAULT_CLIENT_SECRET
AUTH_METHODS = (os.environ.get("PROVIDER_AUTH_METHODS", "").strip() or DEFAULT_AUTH_METHODS).split()
ISS_PARAMETER = os.environ.get("PROVIDER_ISS_PARAMETER", "0") == "1"
REQUIRE_NONCE = os.environ.get("PROVIDER_REQUIRE_NONCE", "0") == "1"
VERBOSE = os.environ.get("PROVIDER_VERBOSE", "0") == "1"
SKIP_MIGRATIONS = os.environ.get("PROVIDER_SKIP_MIGRATIONS", "0") == "1"
REFRESH_GRACE_SECONDS = wsgi_peer.env_int("PROVIDER_REFRESH_GRACE_SECONDS", 0)
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "oauth2_provider",
]

# Keep the READY line the only thing on standard output: anything else that
# prints (Django, warnings, a stray print) lands on standard error.
_ready_out = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)
sys.stdout = sys.stderr
if not VERBOSE:
    warnings.simplefilter("ignore")

_tmpdir = tempfile.mkdtemp(prefix="oauth-provider-")


def _exit_now(code=0):
    shutil.rmtree(_tmpdir, ignore_errors=True)
    os._exit(code)


# Serve until standard input closes (the test ended, or died).
wsgi_peer.exit_when_stdin_closes(lambda: shutil.rmtree(_tmpdir, ignore_errors=True))


# --- HTTP server ----------------------------------------------------------------


httpd = wsgi_peer.listen(log=(lambda line: sys.stderr.write("provider: %s\n" % line)) if VERBOSE else None)
PORT = httpd.server_address[1]
ISSUER = f"http://127.0.0.1:{PORT}"

# --- Django settings --------------------------------------------------------------


def _rsa_private_key_pem():
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


LOGIN_TEMPLATE = """<!DOCTYPE html>
<html><head><title>Sign in</title></head>
<body>
<h1>Sign in</h1>
{% if form.errors %}<p class="errornote">Please enter a correct username and password.</p>{% endif %}
<form method="post" action="{% url 'login' %}" id="login-form">
{% csrf_token %}
{{ form.as_p }}
<input type="hidden" name="next" value="{{ next }}">
<button type="submit">Sign in</button>
</form>
</body></html>
"""
LOGGED_OUT_TEMPLATE = """<!DOCTYPE html>
<html><head><title>Signed out</title></head><body><h1>Signed out</h1></body></html>
"""

# Module that Django imports as the URL configuration (filled in below).
URLS_MODULE = "oauth_test_provider_urls"
sys.modules[URLS_MODULE] = types.ModuleType(URLS_MODULE)
HERE = __name__  # "__main__" when run as a script

from django.conf import settings  # noqa: E402

settings.configure(
    DEBUG=False,
    SECRET_KEY=secrets.token_urlsafe(48),
    ALLOWED_HOSTS=["*"],
    ROOT_URLCONF=URLS_MODULE,
    INSTALLED_APPS=INSTALLED_APPS,
    # Migrations for no app means "migrate --run-syncdb" creates the tables from the models.
    MIGRATION_MODULES={app.rsplit(".", 1)[-1]: None for app in INSTALLED_APPS} if SKIP_MIGRATIONS else {},
    MIDDLEWARE=[
        f"{HERE}.counting_middleware",
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
    ],
    DATABASES={
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.path.join(_tmpdir, "provider.sqlite3"),
            "OPTIONS": {
                "timeout": 30,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=OFF;",
            },
        }
    },
    TEMPLATES=[
        {
            "BACKEND": "django.template.backends.django.DjangoTemplates",
            "DIRS": [],
            "APP_DIRS": False,
            "OPTIONS": {
                "loaders": [
                    (
                        "django.template.loaders.locmem.Loader",
                        {
                            "registration/login.html": LOGIN_TEMPLATE,
                            "registration/logged_out.html": LOGGED_OUT_TEMPLATE,
                        },
                    ),
                    "django.template.loaders.app_directories.Loader",
                ],
                "context_processors": [
                    "django.template.context_processors.request",
                    "django.contrib.auth.context_processors.auth",
                ],
            },
        }
    ],
    # A test server: a fast hasher keeps each login cheap on a 2-core machine.
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    USE_TZ=True,
    TIME_ZONE="UTC",
    USE_I18N=False,
    STATIC_URL="/static/",
    LOGIN_URL="/accounts/login/",
    LOGIN_REDIRECT_URL="/o/device/",
    DEFAULT_AUTO_FIELD="django.db.models.BigAutoField",
    LOGGING={
        "version": 1,
        "disable_existing_loggers": False,
        "handlers": {"stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr"}},
        "root": {"handlers": ["stderr"], "level": "INFO" if VERBOSE else "ERROR"},
        "loggers": {
            "django": {"handlers": ["stderr"], "level": "INFO" if VERBOSE else "ERROR", "propagate": False},
        },
    },
    OAUTH2_PROVIDER={
        "OIDC_ENABLED": True,
        "OIDC_RSA_PRIVATE_KEY": _rsa_private_key_pem(),
        # Used verbatim as the issuer everywhere (both discovery documents, the
        # ID token's iss) and as the origin of every endpoint URL they list.
        "OIDC_ISS_ENDPOINT": ISSUER,
        "OAUTH2_VALIDATOR_CLASS": f"{HERE}.ProviderValidator",
        "SCOPES": SCOPES,
        "DEFAULT_SCOPES": ["__all__"],
        "ACCESS_TOKEN_EXPIRE_SECONDS": ACCESS_TOKEN_SECONDS,
        "ID_TOKEN_EXPIRE_SECONDS": 3600,
        "REFRESH_TOKEN_EXPIRE_SECONDS": None,
        "ROTATE_REFRESH_TOKEN": True,
        "REFRESH_TOKEN_REUSE_PROTECTION": True,
        "REFRESH_TOKEN_GRACE_PERIOD_SECONDS": REFRESH_GRACE_SECONDS,
        "PKCE_REQUIRED": True,
        "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,  # S256 only; "plain" is refused
        "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
        "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
        "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,  # bearer token in the header only
        "DEVICE_FLOW_INTERVAL": DEVICE_INTERVAL,
        "OAUTH_DEVICE_VERIFICATION_URI": f"{ISSUER}/o/device/",
        "OAUTH_DEVICE_VERIFICATION_URI_COMPLETE": f"{ISSUER}/o/device/?user_code={{user_code}}",
        "REQUEST_APPROVAL_PROMPT": "force",
        "ALLOWED_REDIRECT_URI_SCHEMES": ["http", "https"],
        "OAUTH2_RESPONSE_TYPES_SUPPORTED": ["code"],
        "OIDC_RESPONSE_TYPES_SUPPORTED": ["code"],
        "OAUTH2_GRANT_TYPES_SUPPORTED": ["authorization_code", "refresh_token", DEVICE_GRANT_TYPE, "client_credentials"],
        # Only what discovery says; DOT's token, revocation and device authorization
        # endpoints take client_secret_basic and client_secret_post whatever this lists.
        "OAUTH2_TOKEN_ENDPOINT_AUTH_METHODS_SUPPORTED": AUTH_METHODS,
        "OIDC_TOKEN_ENDPOINT_AUTH_METHODS_SUPPORTED": AUTH_METHODS,
        # RFC 9207: DOT adds iss to success redirects (not to error ones) and
        # advertises it in both documents.
        "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": ISS_PARAMETER,
        # OpenID Connect RP-Initiated Logout: /o/logout/, listed as
        # end_session_endpoint in both OIDC discovery documents. DOT's defaults
        # for the rest: always ask (confirmation page, button "allow") while
        # the browser is signed in; http allowed for public clients (not
        # STRICT_REDIRECT_URIS); expired ID tokens accepted as id_token_hint;
        # the person's tokens of authorization-code clients deleted.
        "OIDC_RP_INITIATED_LOGOUT_ENABLED": True,
    },
)

# --- request counting (for /test/counts) ---------------------------------------------

_counts_lock = threading.Lock()
_COUNT_KEYS = ("authorization_code", "refresh_token", DEVICE_GRANT_TYPE, "revocations", "device_authorizations")
_counts = dict.fromkeys(_COUNT_KEYS, 0)


def _count(key):
    with _counts_lock:
        _counts[key] = _counts.get(key, 0) + 1


def counting_middleware(get_response):
    """Counts POSTs to the token endpoint by grant_type, to the revocation
    endpoint ("revocations") and to the device authorization endpoint
    ("device_authorizations"), before DOT sees them."""

    def middleware(request):
        if request.method == "POST":
            if request.path == "/o/token/":
                _count(request.POST.get("grant_type") or "(none)")
            elif request.path == "/o/revoke_token/":
                _count("revocations")
            elif request.path == "/o/device-authorization/":
                _count("device_authorizations")
        return get_response(request)

    return middleware


# --- Django proper -----------------------------------------------------------------

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth import views as auth_views  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.http import HttpResponseNotAllowed, JsonResponse  # noqa: E402
from django.urls import include, path, re_path  # noqa: E402
from django.views.decorators.csrf import csrf_exempt  # noqa: E402
from oauthlib.oauth2 import DeviceApplicationServer, InvalidRequestError  # noqa: E402

from oauth2_provider import urls as dot_urls  # noqa: E402
from oauth2_provider import views as dot_views  # noqa: E402
from oauth2_provider.exceptions import (  # noqa: E402
    InvalidOIDCClientError,
    InvalidOIDCRedirectURIError,
    OAuthToolkitError,
)
from oauth2_provider.models import get_application_model, get_device_grant_model  # noqa: E402
from oauth2_provider.oauth2_validators import OAuth2Validator  # noqa: E402
from oauth2_provider.views.generic import ProtectedResourceView  # noqa: E402
from oauth2_provider.views.mixins import ProtectedResourceMetadataMixin  # noqa: E402


class ProviderValidator(OAuth2Validator):
    """DOT puts only "sub" (the user's primary key) in the ID token and the
    userinfo response; add the account name and e-mail. DOT still releases
    each claim only when its scope was granted: preferred_username and name
    with "profile", email and email_verified with "email"."""

    def get_additional_claims(self):
        return {
            "preferred_username": lambda request: request.user.get_username(),
            "name": lambda request: request.user.get_full_name() or request.user.get_username(),
            "email": lambda request: request.user.email,
            "email_verified": lambda request: True,
        }

    def validate_redirect_uri(self, client_id, redirect_uri, request, *args, **kwargs):
        # DOT (models.check_redirect_to_uri_allowed) compares scheme, host, path and
        # query but lets any port through when the registered URI is http on
        # 127.0.0.1 or [::1] (RFC 8252 section 7.3). cli-web-exact wants the
        # registered string exactly, port included, like providers that do not
        # implement that rule.
        allowed = super().validate_redirect_uri(client_id, redirect_uri, request, *args, **kwargs)
        if allowed and request.client.client_id == EXACT_CLIENT_ID:
            return redirect_uri in request.client.redirect_uris.split()
        return allowed


class ProviderAuthorizationView(dot_views.AuthorizationView):
    """DOT's authorization endpoint, plus:

    - PROVIDER_ISS_PARAMETER=1: DOT adds iss (RFC 9207) to success redirects
      only, and so does this provider: an error redirect (Cancel, a refused
      request) has no iss, exactly as DOT 3.4.1 ships.
    - PROVIDER_REQUIRE_NONCE=1: scope openid without nonce is an error
      redirect (invalid_request, "nonce required"), once the client and its
      redirect_uri are known to be good.
    """

    def validate_authorization_request(self, request):
        scopes, credentials = super().validate_authorization_request(request)
        if REQUIRE_NONCE and "openid" in scopes and not credentials.get("nonce"):
            error = InvalidRequestError(description="nonce required", state=credentials.get("state"))
            raise OAuthToolkitError(error=error, redirect_uri=credentials["redirect_uri"])
        return scopes, credentials


class ProviderLogoutView(dot_views.RPInitiatedLogoutView):
    """DOT's RP-Initiated Logout endpoint (/o/logout/), plus:

    - DOT checks post_logout_redirect_uri as it checks a redirect_uri: any
      port passes for http on 127.0.0.1 or [::1]. cli-web-exact wants the
      registered string exactly, port included, here too (as
      ProviderValidator does for its redirect_uri); a mismatch gets DOT's own
      error page (HTTP 400).
    - An unknown client_id made DOT raise (500); answer with DOT's error page
      for an unknown client instead (HTTP 400, invalid_request).
    """

    def get_request_application(self, id_token, client_id):
        try:
            return super().get_request_application(id_token, client_id)
        except get_application_model().DoesNotExist:
            raise InvalidOIDCClientError()

    def validate_post_logout_redirect_uri(self, application, post_logout_redirect_uri):
        super().validate_post_logout_redirect_uri(application, post_logout_redirect_uri)
        if (
            post_logout_redirect_uri
            and application.client_id == EXACT_CLIENT_ID
            and post_logout_redirect_uri not in application.post_logout_redirect_uris.split()
        ):
            raise InvalidOIDCRedirectURIError("This client does not have this redirect uri registered.")


class ProviderDeviceServer(DeviceApplicationServer):
    # oauthlib's DeviceApplicationServer does not pass expires_in on (always
    # 1800 s); make the device_code/user_code lifetime configurable.
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._expires_in = DEVICE_EXPIRES_SECONDS


class ProviderDeviceAuthorizationView(dot_views.DeviceAuthorizationView):
    server_class = ProviderDeviceServer


_device_exchange_lock = threading.Lock()
_used_device_codes = set()

# What /test/fail-code-exchanges and /test/slow-code-exchanges asked for.
_exchange_plan_lock = threading.Lock()
_exchange_plan = {"error": "invalid_grant", "count": 0, "seconds": 0.0}


# What /test/hold-refreshes asked for: refresh_token requests wait at the gate
# until /test/release-refreshes, and /test/wait-held-refresh answers once one waits.
_refresh_gate = threading.Condition()
_refresh_hold = {"closed": False, "waiting": 0}


def _pass_refresh_gate():
    with _refresh_gate:
        if not _refresh_hold["closed"]:
            return
        _refresh_hold["waiting"] += 1
        _refresh_gate.notify_all()
        _refresh_gate.wait_for(lambda: not _refresh_hold["closed"], timeout=120)
        _refresh_hold["waiting"] -= 1


def _take_exchange_plan():
    """(seconds to wait, error to answer or None) for this authorization_code request."""
    with _exchange_plan_lock:
        seconds, _exchange_plan["seconds"] = _exchange_plan["seconds"], 0.0
        error = None
        if _exchange_plan["count"] > 0:
            _exchange_plan["count"] -= 1
            error = _exchange_plan["error"]
        return seconds, error


class ProviderTokenView(dot_views.TokenView):
    """DOT's token view with the test hooks for the authorization code grant
    (/test/slow-code-exchanges, /test/fail-code-exchanges) and four small fixes
    for the device code grant:

    - DOT looks at the device grant's stored status only, and that flips to
      "expired" only when someone enters the user code on the device page after
      the deadline; so DOT alone answers authorization_pending (or even issues
      tokens) past expires_in. Check the deadline first, so a poll after it gets
      expired_token as RFC 8628 says.
    - DOT hands out a new token pair every time an approved device_code is
      presented again. Here a device_code is good for one successful exchange;
      later ones get 400 invalid_grant.
    - A device_code grant request without device_code made DOT raise (500);
      answer 400 invalid_request instead.
    - DOT answers a poll from its stored status (authorization_pending,
      access_denied, ...) before it authenticates the client; so a confidential
      client polling without its secret was told authorization_pending. Here it
      gets 401 invalid_client, like at the other grants.
    """

    def post(self, request, *args, **kwargs):
        grant_type = request.POST.get("grant_type")
        if grant_type == "refresh_token":
            _pass_refresh_gate()
        if grant_type == "authorization_code":
            seconds, error = _take_exchange_plan()
            if seconds > 0:
                time.sleep(seconds)
            if error is not None:
                return JsonResponse(
                    {"error": error, "error_description": "Failing on purpose for a test."}, status=400
                )
        if grant_type == DEVICE_GRANT_TYPE:
            device_code = request.POST.get("device_code")
            if not device_code:
                return JsonResponse(
                    {"error": "invalid_request", "error_description": "Missing device_code parameter."},
                    status=400,
                )
            with _device_exchange_lock:
                if device_code in _used_device_codes:
                    return JsonResponse(
                        {"error": "invalid_grant", "error_description": "The device code has already been used."},
                        status=400,
                    )
                grant = get_device_grant_model().objects.filter(device_code=device_code).first()
                if grant is not None:
                    owner = get_application_model().objects.filter(client_id=grant.client_id).first()
                    if (
                        owner is not None
                        and owner.client_type == owner.CLIENT_CONFIDENTIAL
                        and not self.authenticate_client(request)
                    ):
                        return JsonResponse({"error": "invalid_client"}, status=401)
                    grant.is_expired()  # sets status "expired" once past the deadline
                response = super().post(request, *args, **kwargs)
                if response.status_code == 200:
                    _used_device_codes.add(device_code)
                return response
        return super().post(request, *args, **kwargs)


class MeView(ProtectedResourceMetadataMixin, ProtectedResourceView):
    """GET /api/me: needs a valid bearer access token (header only); 401 with
    WWW-Authenticate: Bearer ... otherwise."""

    def get(self, request, *args, **kwargs):
        user = request.resource_owner
        if user is None:
            # A client signed in as itself (client credentials): no person behind the token.
            token = getattr(request, "access_token", None)
            client = token.application.client_id if token is not None and token.application else None
            return JsonResponse({"client": client})
        return JsonResponse({"username": user.get_username(), "email": user.email, "sub": str(user.pk)})


def test_counts(request):
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    with _counts_lock:
        return JsonResponse(dict(_counts))


def test_live_refresh_tokens(request):
    """GET /test/live-refresh-tokens: how many refresh tokens the provider
    would still accept (not revoked), by client_id: the provider's own view
    of whether a logout ended the grant."""
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    from oauth2_provider.models import get_refresh_token_model

    live = {}
    for token in get_refresh_token_model().objects.filter(revoked__isnull=True).select_related("application"):
        client_id = token.application.client_id
        live[client_id] = live.get(client_id, 0) + 1
    return JsonResponse(live)


def test_live_access_tokens(request):
    """GET /test/live-access-tokens: how many access tokens the provider would
    still accept (not expired; DOT deletes a revoked one), by client_id."""
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    from django.utils import timezone
    from oauth2_provider.models import get_access_token_model

    live = {}
    for token in get_access_token_model().objects.filter(expires__gt=timezone.now()).select_related("application"):
        client_id = token.application.client_id if token.application else "(none)"
        live[client_id] = live.get(client_id, 0) + 1
    return JsonResponse(live)


@csrf_exempt
def test_reset_counts(request):
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    with _counts_lock:
        _counts.clear()
        _counts.update(dict.fromkeys(_COUNT_KEYS, 0))
        return JsonResponse(dict(_counts))


def _form_number(request, name, default, kind):
    value = request.POST.get(name, "").strip()
    if not value:
        return default
    try:
        number = kind(value)
    except ValueError:
        return None
    return number if 0 <= number < 86400 else None  # no inf, nan or negative values


@csrf_exempt
def test_fail_code_exchanges(request):
    """The next `count` authorization_code token requests get 400 {"error": error}."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    error = request.POST.get("error", "").strip() or "invalid_grant"
    count = _form_number(request, "count", 1, int)
    if count is None:
        return JsonResponse({"error": "count must be a whole number, 0 or more (below 86400)"}, status=400)
    with _exchange_plan_lock:
        _exchange_plan.update(error=error, count=count)
        return JsonResponse({"error": error, "count": count})


@csrf_exempt
def test_slow_code_exchanges(request):
    """The next authorization_code token request waits `seconds` first."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    seconds = _form_number(request, "seconds", None, float)
    if seconds is None:
        return JsonResponse({"error": "seconds must be a number, 0 or more (below 86400)"}, status=400)
    with _exchange_plan_lock:
        _exchange_plan["seconds"] = seconds
        return JsonResponse({"seconds": seconds})


@csrf_exempt
def test_hold_refreshes(request):
    """From now on refresh_token requests wait until /test/release-refreshes (120 s at most)."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    with _refresh_gate:
        _refresh_hold["closed"] = True
        return JsonResponse({"held": True})


@csrf_exempt
def test_release_refreshes(request):
    """Lets every waiting refresh_token request (and later ones) through."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    with _refresh_gate:
        _refresh_hold["closed"] = False
        _refresh_gate.notify_all()
        return JsonResponse({"held": False})


def test_wait_held_refresh(request):
    """Answers once a refresh_token request waits at the gate (60 s at most): {"waiting": N}."""
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    with _refresh_gate:
        _refresh_gate.wait_for(lambda: _refresh_hold["waiting"] > 0, timeout=60)
        return JsonResponse({"waiting": _refresh_hold["waiting"]})


# Everything of DOT's lives in the "oauth2_provider" namespace, as its views
# reverse() their URLs there. The RFC 8414 / RFC 9728 documents sit at the
# root; the endpoints under /o/. Our overrides come first, so they win.
_dot_patterns = [
    *dot_urls.metadata_urlpatterns,
    path(
        "o/",
        include(
            [
                path("authorize/", ProviderAuthorizationView.as_view(), name="authorize"),
                path("token/", ProviderTokenView.as_view(), name="token"),
                path(
                    "device-authorization/",
                    ProviderDeviceAuthorizationView.as_view(),
                    name="device-authorization",
                ),
                path("logout/", ProviderLogoutView.as_view(), name="rp-initiated-logout"),
                *dot_urls.base_urlpatterns,
                *dot_urls.oidc_urlpatterns,
            ]
        ),
    ),
]

sys.modules[URLS_MODULE].urlpatterns = [
    path("", include((_dot_patterns, "oauth2_provider"))),
    # OpenID Connect discovery at the issuer's root too (DOT serves it under /o/).
    re_path(r"^\.well-known/openid-configuration/?$", dot_views.ConnectDiscoveryInfoView.as_view()),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/me", MeView.as_view()),
    path("test/counts", test_counts),
    path("test/live-refresh-tokens", test_live_refresh_tokens),
    path("test/live-access-tokens", test_live_access_tokens),
    path("test/reset-counts", test_reset_counts),
    path("test/fail-code-exchanges", test_fail_code_exchanges),
    path("test/slow-code-exchanges", test_slow_code_exchanges),
    path("test/hold-refreshes", test_hold_refreshes),
    path("test/release-refreshes", test_release_refreshes),
    path("test/wait-held-refresh", test_wait_held_refresh),
]


def _populate():
    call_command("migrate", verbosity=0, interactive=False, skip_checks=True, run_syncdb=SKIP_MIGRATIONS)
    user = get_user_model().objects.create_user(
        USERNAME, EMAIL, PASSWORD, first_name="Alice", last_name="Liddell"
    )
    get_user_model().objects.create_user(SECOND_USERNAME, SECOND_EMAIL, SECOND_PASSWORD, first_name="Bob")
    Application = get_application_model()
    common = dict(
        user=user,
        client_type=Application.CLIENT_PUBLIC,
        client_secret="",
        hash_client_secret=False,
        algorithm=Application.RS256_ALGORITHM,
    )
    confidential = dict(
        common,
        client_type=Application.CLIENT_CONFIDENTIAL,
        client_secret=CLIENT_SECRET,
        hash_client_secret=True,  # stored hashed (with the fast test hasher), as DOT does by default
    )
    device, browser = Application.GRANT_DEVICE_CODE, Application.GRANT_AUTHORIZATION_CODE
    machine = Application.GRANT_CLIENT_CREDENTIALS
    exact_uris = " ".join(EXACT_REDIRECT_URIS)
    # (client ID, name, grant, redirect URIs, post-logout redirect URIs, settings):
    # every client the tests sign in with.
    clients = [
        (DEVICE_CLIENT_ID, "Session CLI (device)", device, "", "", common),
        (WEB_CLIENT_ID, "Session CLI (browser)", browser, WEB_REDIRECT_URI, WEB_POST_LOGOUT_REDIRECT_URIS, common),
        (EXACT_CLIENT_ID, "Session CLI (browser, exact redirect URIs)", browser, exact_uris, exact_uris, common),
        (CONFIDENTIAL_CLIENT_ID, "Session CLI (browser, confidential)", browser, WEB_REDIRECT_URI,
         WEB_POST_LOGOUT_REDIRECT_URIS, confidential),
        (DEVICE_CONFIDENTIAL_CLIENT_ID, "Session CLI (device, confidential)", device, "", "", confidential),
        (MACHINE_CLIENT_ID, "Session CLI (a machine, client credentials)", machine, "", "", confidential),
    ]
    for client_id, name, grant, redirect_uris, post_logout_uris, settings in clients:
        consent = {"skip_authorization": not WEB_CONSENT} if grant == browser else {}
        Application.objects.create(
            client_id=client_id, name=name, authorization_grant_type=grant, redirect_uris=redirect_uris,
            post_logout_redirect_uris=post_logout_uris, **consent, **settings,
        )

try:
    _populate()
    application = get_wsgi_application()
except Exception:
    logging.getLogger("provider").exception("provider.py: start-up failed")
    _exit_now(1)

wsgi_peer.serve(httpd, application, _ready_out, _exit_now)
