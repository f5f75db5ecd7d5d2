#!/usr/bin/env python3
"""Throw-away Glewlwyd 2.7.5 OAuth2/OIDC provider on 127.0.0.1 for tests.

Usage:
    python3 glewlwyd_provider.py [--keyed-pubkey PEM] [--redirect-uri URI ...]
                                 [--dpop-nonce] [--par-required] [--log-level LVL]
                                 [--keep-dir]

Creates a temp folder with a fresh SQLite DB (Glewlwyd's init.sqlite3.sql),
a config file listening on 127.0.0.1:<free port>, starts /usr/bin/glewlwyd,
configures (through the admin REST API) user "alice", an OIDC plugin "oidc"
and clients "cli", "machine", "keyed", then prints on stdout:

    READY <port> <issuer-url> <provider.json>

and serves until stdin is closed (EOF) or SIGTERM/SIGINT; then stops
glewlwyd and deletes the temp folder.

Everything else (secrets, key paths, endpoints) is written as JSON to
<tmp>/provider.json and that path is printed on stderr as "INFO <path>".
Standard library only; uses the `openssl` CLI for key generation.
"""

import argparse
import gzip
import http.cookiejar
import json
import os
import shutil
import select
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

GLEWLWYD_BIN = "/usr/bin/glewlwyd"
INIT_SQL = "/usr/share/doc/glewlwyd/database/init.sqlite3.sql.gz"  # full schema (core + plugins + schemes)
MODULE_ROOT = "/usr/lib/glewlwyd"  # user/, client/, scheme/, plugin/ (from `dpkg -L glewlwyd`)
WEBAPP_DIR = "/usr/share/glewlwyd/webapp"

ADMIN_USER = "admin"
ADMIN_PASSWORD = "password"  # default created by init.sqlite3.sql (docs/database/README.md)

PLUGIN_NAME = "oidc"
ALICE_USER = "alice"
ALICE_PASSWORD = "alice-password-1234"
MACHINE_SECRET = "machine-secret-1234"
API_SCOPE = "api"
PAR_PREFIX = "urn:ietf:params:oauth:request_uri:"

START_TIMEOUT = 30.0


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def free_port():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def ec_jwk_from_pem(pub_pem_path, kid):
    """Build a public EC P-256 JWK from a PEM public key (SPKI DER ends with 04||x||y)."""
    import base64
    der = subprocess.run(["openssl", "pkey", "-pubin", "-in", pub_pem_path, "-outform", "DER"],
                         check=True, stdout=subprocess.PIPE).stdout
    point = der[-65:]
    if point[0] != 4:
        raise RuntimeError("unexpected EC public key encoding")
    b64 = lambda b: base64.urlsafe_b64encode(b).rstrip(b"=").decode()
    return {"kty": "EC", "crv": "P-256", "x": b64(point[1:33]), "y": b64(point[33:65]),
            "use": "sig", "alg": "ES256", "kid": kid}


class Api:
    """Minimal JSON HTTP client with a cookie jar (admin session cookie)."""

    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
            urllib.request.ProxyHandler({}))  # never use a proxy: loopback only

    def call(self, method, path, body=None, expect=(200,)):
        data = None
        headers = {}
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with self.opener.open(req, timeout=15) as r:
                status, raw = r.status, r.read()
        except urllib.error.HTTPError as e:
            status, raw = e.code, e.read()
        text = raw.decode(errors="replace")
        if status not in expect:
            raise RuntimeError("%s %s -> %d %s" % (method, path, status, text))
        try:
            return json.loads(text) if text else None
        except ValueError:
            return text


def write_config(tmp, port, db_path, log_level):
    ext = "http://127.0.0.1:%d" % port  # no trailing slash: plugin URLs are external_url + "/api/<name>"
    webapp = os.path.join(tmp, "webapp")
    # real copy (glewlwyd's static file server refuses symlinks leaving static_files_path);
    # the packaged config.json is a dangling/dir symlink into /etc, so we write our own.
    shutil.copytree(WEBAPP_DIR, webapp, symlinks=False, ignore_dangling_symlinks=True,
                    ignore=lambda d, names: ["config.json"] if d == WEBAPP_DIR else [])
    with open(os.path.join(webapp, "config.json"), "w") as f:
        json.dump({"GlewlwydUrl": ext + "/", "ProfileUrl": "profile.html", "AdminUrl": "index.html",
                   "LoginUrl": "login.html", "CallbackPage": "callback.html", "PasswordMinLength": 8,
                   "lang": ["en"], "pattern": {"user": [], "client": []}, "defaultScheme": "",
                   "sessionSchemes": [], "profilePicture": {"property": "picture", "type": "image/*"},
                   "register": [], "register-complete": [], "providerMainstreamList": []}, f)
    mimes = [(".html", "text/html"), (".css", "text/css"), (".js", "application/javascript"),
             (".json", "application/json"), (".png", "image/png"), (".ico", "image/x-icon"),
             (".woff", "font/woff"), (".woff2", "font/woff2"), (".ttf", "font/ttf"), (".svg", "image/svg+xml")]
    conf = """port=%(port)d
bind_address="127.0.0.1"
external_url="%(ext)s"
login_url="login.html"
static_files_path="%(webapp)s"
api_prefix="api"
allow_origin="*"
allow_methods="GET, POST, PUT, DELETE, OPTIONS"
allow_headers="Origin, X-Requested-With, Content-Type, Accept, Bearer, Authorization, DPoP"
expose_headers="Content-Encoding, Authorization, DPoP-Nonce, WWW-Authenticate"
log_mode="file"
log_level="%(log_level)s"
log_file="%(tmp)s/glewlwyd.log"
cookie_secure=0
cookie_same_site="empty"
session_expiration=2419200
session_key="GLEWLWYD2_SESSION_ID"
admin_session_authentication="cookie"
profile_session_authentication="cookie"
allow_multiple_user_per_session=true
login_api_enabled=true
add_x_frame_option_header_deny=true
max_post_size=16778240
admin_scope="g_admin"
profile_scope="g_profile"
user_module_path="%(mod)s/user"
client_module_path="%(mod)s/client"
user_auth_scheme_module_path="%(mod)s/scheme"
plugin_module_path="%(mod)s/plugin"
hash_algorithm="SHA512"
database =
{
  type = "sqlite3"
  path = "%(db)s"
};
static_files_mime_types =
(
%(mimes)s
)
""" % {"port": port, "ext": ext, "webapp": webapp, "log_level": log_level, "tmp": tmp,
       "mod": MODULE_ROOT, "db": db_path,
       "mimes": ",\n".join('  { extension = "%s"\n    mime_type = "%s" }' % m for m in mimes)}
    path = os.path.join(tmp, "glewlwyd.conf")
    with open(path, "w") as f:
        f.write(conf)
    return path


def wait_ready(proc, base, log_path):
    # Glewlwyd says nothing when it listens: its "started on port" log line comes before its
    # socket accepts (a connection right after it is refused). So its own /config/ is asked,
    # every 0.3 s, for at most START_TIMEOUT seconds.
    deadline = time.monotonic() + START_TIMEOUT
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("glewlwyd exited with %s; log:\n%s" % (proc.returncode, tail(log_path)))
        try:
            with opener.open(base + "/config/", timeout=2) as r:
                if r.status == 200:
                    return
        except Exception:
            pass
        time.sleep(0.3)
    raise RuntimeError("glewlwyd did not answer within %ss; log:\n%s" % (START_TIMEOUT, tail(log_path)))


def tail(path, n=40):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-n:])
    except OSError:
        return "(no log)"


def plugin_parameters(issuer, server_key_pem, server_pub_pem, args):
    return {
        "iss": issuer,
        "jwt-type": "rsa",
        "jwt-key-size": "256",
        "key": server_key_pem,
        "cert": server_pub_pem,
        "jwks-show": True,
        "access-token-duration": 3600,
        "refresh-token-duration": 1209600,
        "code-duration": 600,
        "refresh-token-rolling": True,
        "refresh-token-one-use": "never",
        "allow-non-oidc": True,               # required for grant_type=client_credentials on the oidc plugin
        "auth-type-code-enabled": True,
        "auth-type-token-enabled": False,
        "auth-type-id-token-enabled": True,
        "auth-type-none-enabled": False,
        "auth-type-password-enabled": False,
        "auth-type-client-enabled": True,
        "auth-type-device-enabled": True,
        "auth-type-refresh-enabled": True,
        "device-authorization-expiration": 600,
        "device-authorization-interval": 5,
        "scope": [],
        "allowed-scope": ["openid", API_SCOPE],
        "subject-type": "public",
        "name-claim": "on-demand",
        "email-claim": "on-demand",
        "scope-claim": "no",
        "address-claim": {"type": "no", "formatted": "", "street_address": "", "locality": "",
                          "region": "", "postal_code": "", "country": "", "mandatory": False},
        "claims": [],
        "additional-parameters": [],
        "pkce-allowed": True,
        "pkce-method-plain-allowed": False,
        "pkce-required": False,
        "pkce-required-public-client": False,
        "introspection-revocation-allowed": True,
        "introspection-revocation-auth-scope": [],
        "introspection-revocation-allow-target-client": True,
        "session-management-allowed": True,
        "session-cookie-name": "GLEWLWYD2_OIDC_SID",
        "session-cookie-expiration": 2419200,
        "front-channel-logout-allowed": False,
        "back-channel-logout-allowed": False,
        # JWT requests / client assertions (private_key_jwt, client_secret_jwt)
        "request-parameter-allow": True,
        "request-uri-allow-https-non-secure": False,
        "request-parameter-allow-encrypted": False,
        "request-parameter-ietf-strict": False,
        "request-maximum-exp": 3600,
        "client-pubkey-parameter": "pubkey",
        "client-jwks-parameter": "jwks",
        "client-jwks_uri-parameter": "jwks_uri",
        # DPoP
        "oauth-dpop-allowed": True,
        "oauth-dpop-iat-duration": 60,
        "oauth-dpop-iat-gap-duration": 5,
        "oauth-dpop-dpop_bound_access_tokens-property": "dpop_bound_access_tokens",
        "oauth-dpop-nonce-mandatory": bool(args.dpop_nonce),
        "oauth-dpop-nonce-counter": 10,
        # PAR
        "oauth-par-allowed": True,
        "oauth-par-required": bool(args.par_required),
        "oauth-par-request_uri-prefix": PAR_PREFIX,
        "oauth-par-duration": 90,
        "oauth-rar-allowed": False,
        "oauth-ciba-allowed": False,
        "register-client-allowed": False,
        "encrypt-out-token-allow": False,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keyed-pubkey", help="PEM public key (EC P-256) to register for client 'keyed' "
                                           "(default: generate a key pair in the temp folder)")
    ap.add_argument("--redirect-uri", action="append", default=[],
                    help="extra redirect_uri for client 'cli' (exact match; repeatable)")
    ap.add_argument("--dpop-nonce", action="store_true", help="oauth-dpop-nonce-mandatory=true")
    ap.add_argument("--par-required", action="store_true", help="oauth-par-required=true")
    ap.add_argument("--log-level", default="INFO", choices=["NONE", "ERROR", "WARNING", "INFO", "DEBUG"])
    ap.add_argument("--keep-dir", action="store_true", help="do not delete the temp folder at exit")
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="glewlwyd-")
    proc = None
    stop = threading.Event()

    def on_signal(signum, frame):
        stop.set()
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    try:
        # 1. database from Glewlwyd's own init script
        db_path = os.path.join(tmp, "glewlwyd.db")
        with gzip.open(INIT_SQL, "rt") as f:
            sql = f.read()
        con = sqlite3.connect(db_path)
        con.executescript(sql)
        con.commit()
        con.close()

        # 2. keys (server RS256 signing key; EC P-256 key for private_key_jwt client)
        skey, spub = os.path.join(tmp, "server-key.pem"), os.path.join(tmp, "server-pub.pem")
        run(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", skey])
        run(["openssl", "pkey", "-in", skey, "-pubout", "-out", spub])
        keyed_priv = None
        if args.keyed_pubkey:
            kpub = os.path.abspath(args.keyed_pubkey)
        else:
            keyed_priv, kpub = os.path.join(tmp, "keyed-key.pem"), os.path.join(tmp, "keyed-pub.pem")
            run(["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                 "-pkeyopt", "ec_param_enc:named_curve", "-out", keyed_priv])
            run(["openssl", "pkey", "-in", keyed_priv, "-pubout", "-out", kpub])
        keyed_kid = "keyed-1"
        keyed_jwk = ec_jwk_from_pem(kpub, keyed_kid)

        # 3. config + start
        port = free_port()
        base = "http://127.0.0.1:%d" % port
        issuer = "%s/api/%s" % (base, PLUGIN_NAME)
        conf = write_config(tmp, port, db_path, args.log_level)
        log_path = os.path.join(tmp, "glewlwyd.log")
        with open(os.path.join(tmp, "glewlwyd.stdout"), "wb") as out:
            proc = subprocess.Popen([GLEWLWYD_BIN, "--config-file", conf], stdin=subprocess.DEVNULL,
                                    stdout=out, stderr=subprocess.STDOUT, cwd=tmp)
        wait_ready(proc, base, log_path)

        # 4. admin configuration
        api = Api(base + "/api")
        api.call("POST", "/auth/", {"username": ADMIN_USER, "password": ADMIN_PASSWORD})

        api.call("POST", "/scope/", {"name": API_SCOPE, "display_name": "Test API",
                                     "description": "Scope for tests", "password_required": True,
                                     "password_max_age": 0, "scheme": {}})

        api.call("POST", "/user/?source=database",
                 {"username": ALICE_USER, "password": ALICE_PASSWORD, "name": "Alice",
                  "email": "alice@example.test", "enabled": True,
                  "scope": ["openid", API_SCOPE, "g_profile"]})
        alice = api.call("GET", "/user/%s" % ALICE_USER)
        assert alice.get("username") == ALICE_USER, alice

        with open(skey) as f:
            skey_pem = f.read()
        with open(spub) as f:
            spub_pem = f.read()
        api.call("POST", "/mod/plugin/", {"module": "oidc", "name": PLUGIN_NAME, "display_name": "OIDC",
                                          "enabled": True,
                                          "parameters": plugin_parameters(issuer, skey_pem, spub_pem, args)})

        with open(kpub) as f:
            kpub_pem = f.read()
        cli_redirects = ["http://127.0.0.1/callback", "http://localhost/callback"] + args.redirect_uri
        clients = [
            {"client_id": "cli", "name": "Public CLI client", "enabled": True, "confidential": False,
             "redirect_uri": cli_redirects,
             "authorization_type": ["code", "refresh_token", "device_authorization"],
             "token_endpoint_auth_method": ["none"],
             "scope": ["openid", API_SCOPE]},
            {"client_id": "machine", "name": "Machine client", "enabled": True, "confidential": True,
             "password": MACHINE_SECRET,       # checked for client_secret_basic / client_secret_post
             "client_secret": MACHINE_SECRET,  # used for client_secret_jwt (HS256)
             "authorization_type": ["client_credentials"],
             "token_endpoint_auth_method": ["client_secret_basic", "client_secret_post", "client_secret_jwt"],
             "scope": [API_SCOPE]},
            {"client_id": "keyed", "name": "private_key_jwt client", "enabled": True, "confidential": True,
             "redirect_uri": cli_redirects,
             "authorization_type": ["client_credentials", "code", "refresh_token", "device_authorization"],
             "token_endpoint_auth_method": ["private_key_jwt"],
             "pubkey": kpub_pem,
             "jwks": {"keys": [keyed_jwk]},
             "scope": ["openid", API_SCOPE]},
        ]
        for c in clients:
            api.call("POST", "/client/?source=database", c)
            stored = api.call("GET", "/client/%s" % c["client_id"])
            for k, v in c.items():
                if k == "password" or v == []:
                    continue
                if k not in stored:
                    raise RuntimeError("client %s: property %r was not stored: %s" % (c["client_id"], k, stored))

        api.call("PUT", "/mod/plugin/%s/reset" % PLUGIN_NAME)

        info = {
            "port": port, "base_url": base, "issuer": issuer,
            "discovery": issuer + "/.well-known/openid-configuration",
            "token_endpoint": issuer + "/token",
            "device_authorization_endpoint": issuer + "/device_authorization",
            "admin": {"username": ADMIN_USER, "password": ADMIN_PASSWORD},
            "user": {"username": ALICE_USER, "password": ALICE_PASSWORD},
            "scope": API_SCOPE,
            "clients": {
                "cli": {"client_id": "cli", "redirect_uri": cli_redirects},
                "machine": {"client_id": "machine", "client_secret": MACHINE_SECRET},
                "keyed": {"client_id": "keyed", "private_key_pem": keyed_priv, "public_key_pem": kpub,
                          "kid": keyed_kid, "alg": "ES256"},
            },
            "tmp_dir": tmp, "log_file": log_path,
        }
        info_path = os.path.join(tmp, "provider.json")
        with open(info_path, "w") as f:
            json.dump(info, f, indent=2)
        log("INFO %s" % info_path)
        print("READY %d %s %s" % (port, issuer, info_path), flush=True)

        # 5. serve until stdin closes (or a signal)
        fd = sys.stdin.fileno()
        while not stop.is_set():
            if proc.poll() is not None:
                log("glewlwyd exited unexpectedly (%s):\n%s" % (proc.returncode, tail(log_path)))
                return 1
            try:
                r, _, _ = select.select([fd], [], [], 0.5)
            except InterruptedError:
                continue
            if r and not os.read(fd, 65536):
                break  # EOF on stdin
        return 0
    except Exception as e:
        log("ERROR %s" % e)
        return 1
    finally:
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        if args.keep_dir:
            log("kept %s" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
