#!/usr/bin/env python3
"""A Git smart-HTTP server on 127.0.0.1 for the credential-helper tests.

Standard library only (Python 3.11). It runs `git http-backend` as a CGI
program for every request, so clone, fetch and push are real Git, and it asks
for credentials on every request (the /test/ endpoints excepted):

    Authorization: Bearer <token>
    Authorization: Basic base64(<user>:<token>)     any user name

pass when <token> is one of the accepted tokens; anything else gets 401 with
`WWW-Authenticate: Basic realm="session-tests"`.

Start-up: it makes a temporary root folder holding one bare repository,
`repo.git` (branch `main`, one commit), served as
http://127.0.0.1:<port>/repo.git, prints exactly one line

    READY <port> <root-dir>

on standard output, and serves until its standard input reaches end-of-file;
then it stops any CGI still running, removes the root folder and exits.
Nothing else is ever written to standard output; errors go to standard error.
SIGTERM and SIGINT clean up the same way.

Test endpoints (no authentication, never counted):

    POST /test/tokens    body: the accepted tokens, separated by white space;
                         replaces the whole set (an empty body accepts none).
                         Answers 204.
    GET  /test/requests  200 JSON: {"authorized": n, "unauthorized": n,
                         "schemes": [...], "usernames": [...]}. "schemes"
                         lists the scheme of every Authorization header
                         received, in order ("Basic", "Bearer", or the word
                         sent); "usernames" lists the user names sent with
                         Basic, in order. Tokens are never reported.
    POST /test/reset     sets the counts and both lists back to empty; 204.

Environment:
    GIT_SERVER_TOKENS       accepted tokens at start, separated by spaces
                            (default: none, so every request gets 401)
    GIT_SERVER_CGI_TIMEOUT  seconds one http-backend run may take before it is
                            killed (default 120)
    GIT_SERVER_CHALLENGES   schemes of the WWW-Authenticate challenges sent with
                            401, in order (default "Basic"; "Basic Bearer" adds a
                            Bearer one, which costs git 2.39 one more round trip,
                            and "Bearer" alone makes git 2.39 fail: see README)
    GIT_SERVER_VERBOSE      1: one line per request on standard error

Tokens are never printed or logged. Request bodies are limited to 64 MiB
(413 beyond that); chunked request bodies are accepted. CGI output is
streamed to the client as it comes.
"""

import base64
import binascii
import hmac
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

REALM = "session-tests"
MAX_BODY = 64 * 1024 * 1024
CHUNK = 64 * 1024
VERBOSE = os.environ.get("GIT_SERVER_VERBOSE", "0") == "1"
# The schemes of the 401 challenges, in order (README: why Basic alone).
CHALLENGES = [w for w in os.environ.get("GIT_SERVER_CHALLENGES", "Basic").replace(",", " ").split()] or ["Basic"]
try:
    CGI_TIMEOUT = float(os.environ.get("GIT_SERVER_CGI_TIMEOUT", "120"))
except ValueError:
    CGI_TIMEOUT = 120.0

# Only the READY line goes to the real standard output; anything else that
# might print (a stray print, a child process) lands on standard error.
_ready_out = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)
sys.stdout = sys.stderr

ROOT = os.path.realpath(tempfile.mkdtemp(prefix="git-server-"))
HOME = os.path.join(ROOT, ".home")
REPO = os.path.join(ROOT, "repo.git")

_lock = threading.Lock()
_tokens = set(os.environ.get("GIT_SERVER_TOKENS", "").split())
_stats = {"authorized": 0, "unauthorized": 0, "schemes": [], "usernames": []}
_children = set()
_exiting = threading.Event()


def _exit_now(code=0):
    if _exiting.is_set():
        return
    _exiting.set()
    with _lock:
        children = list(_children)
    for proc in children:
        _kill(proc)
    shutil.rmtree(ROOT, ignore_errors=True)
    os._exit(code)


def _kill(proc):
    """Kills a CGI and whatever it started (its own process group)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        pass


def _git_env():
    """An environment for our own git processes: none of the caller's Git
    settings, a throw-away HOME, no system config, a fixed identity."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"),
        "LANG": "C",
        "LC_ALL": "C",
        "HOME": HOME,
        "XDG_CONFIG_HOME": os.path.join(HOME, ".config"),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_TERMINAL_PROMPT": "0",
    }
    return env


def _git(args, stdin=None):
    env = _git_env()
    env.update({
        "GIT_AUTHOR_NAME": "Session Tests",
        "GIT_AUTHOR_EMAIL": "tests@session.invalid",
        "GIT_AUTHOR_DATE": "2024-01-01T00:00:00Z",
        "GIT_COMMITTER_NAME": "Session Tests",
        "GIT_COMMITTER_EMAIL": "tests@session.invalid",
        "GIT_COMMITTER_DATE": "2024-01-01T00:00:00Z",
    })
    done = subprocess.run(
        ["git", *args], input=stdin, env=env, cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False,
    )
    if done.returncode != 0:
        sys.stderr.write(f"git_server: git {' '.join(args)} failed:\n")
        sys.stderr.write(done.stderr.decode("utf-8", "replace"))
        raise SystemExit(1)
    return done.stdout.decode().strip()


def _make_repository():
    os.makedirs(HOME, exist_ok=True)
    _git(["init", "--quiet", "--bare", "--initial-branch=main", REPO])
    gd = "--git-dir=" + REPO
    blob = _git([gd, "hash-object", "-w", "--stdin"], b"Repository for the Session credential tests.\n")
    tree = _git([gd, "mktree"], f"100644 blob {blob}\tREADME.md\n".encode())
    commit = _git([gd, "commit-tree", tree, "-m", "Initial commit"])
    _git([gd, "update-ref", "refs/heads/main", commit])
    _git([gd, "config", "http.receivepack", "true"])


def _exec_path():
    return _git(["--exec-path"])


class _BodyTooLarge(Exception):
    pass


class _BadBody(Exception):
    pass


def _check_token(token):
    if not token:
        return False
    encoded = token.encode("utf-8", "surrogateescape")
    with _lock:
        accepted = list(_tokens)
    ok = False
    for candidate in accepted:
        # compare with every token, in constant time for each
        if hmac.compare_digest(candidate.encode("utf-8", "surrogateescape"), encoded):
            ok = True
    return ok


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "session-git-server"
    timeout = 120  # idle keep-alive connections end after this

    def version_string(self):
        return self.server_version

    # --- logging: quiet unless GIT_SERVER_VERBOSE=1; never headers ---------------

    def log_message(self, format, *args):
        if VERBOSE:
            sys.stderr.write("git_server: %s %s\n" % (self.address_string(), format % args))

    # --- per-request state ---------------------------------------------------------

    def parse_request(self):
        self._auth = None
        return super().parse_request()

    def _authenticate(self):
        """(ok, scheme, username), computed and recorded once per request."""
        if self._auth is not None:
            return self._auth
        header = self.headers.get("Authorization")
        scheme = user = None
        ok = False
        if header is not None:
            word, _, rest = header.strip().partition(" ")
            lowered = word.lower()
            if lowered == "bearer":
                scheme = "Bearer"
                ok = _check_token(rest.strip())
            elif lowered == "basic":
                scheme = "Basic"
                try:
                    decoded = base64.b64decode(rest.strip(), validate=True).decode("utf-8")
                    user, sep, token = decoded.partition(":")
                    ok = bool(sep) and _check_token(token)
                except (binascii.Error, UnicodeDecodeError):
                    user = None
            else:
                scheme = word[:40]
        with _lock:
            _stats["authorized" if ok else "unauthorized"] += 1
            if scheme is not None:
                _stats["schemes"].append(scheme)
            if user is not None:
                _stats["usernames"].append(user)
        self._auth = (ok, scheme, user)
        return self._auth

    # --- request bodies --------------------------------------------------------------

    def _body_chunks(self):
        """Yields the request body (Content-Length or chunked), at most MAX_BODY
        bytes; raises _BodyTooLarge past that, _BadBody on broken framing."""
        te = self.headers.get("Transfer-Encoding", "").strip().lower()
        if te == "chunked":
            total = 0
            while True:
                line = self.rfile.readline(1024)
                if not line.endswith(b"\n"):
                    raise _BadBody()
                try:
                    size = int(line.split(b";", 1)[0].strip(), 16)
                except ValueError:
                    raise _BadBody()
                if size == 0:
                    while True:  # trailers, up to the blank line
                        trailer = self.rfile.readline(8192)
                        if trailer in (b"\r\n", b"\n", b""):
                            return
                total += size
                if total > MAX_BODY:
                    raise _BodyTooLarge()
                while size:
                    data = self.rfile.read(min(size, CHUNK))
                    if not data:
                        raise _BadBody()
                    size -= len(data)
                    yield data
                if self.rfile.readline(16) not in (b"\r\n", b"\n"):
                    raise _BadBody()
        elif te:
            raise _BadBody()
        length = self._content_length()
        if length is None:
            return
        if length > MAX_BODY:
            raise _BodyTooLarge()
        while length:
            data = self.rfile.read(min(length, CHUNK))
            if not data:
                raise _BadBody()
            length -= len(data)
            yield data

    def _content_length(self):
        value = self.headers.get("Content-Length")
        if value is None:
            return None
        try:
            length = int(value)
        except ValueError:
            raise _BadBody()
        if length < 0:
            raise _BadBody()
        return length

    def _read_small_body(self, limit):
        data = bytearray()
        for chunk in self._body_chunks():
            data += chunk
            if len(data) > limit:
                raise _BodyTooLarge()
        return bytes(data)

    def _discard_body(self):
        """Reads and drops the body so the connection can be reused; closes it
        instead when that is not possible."""
        try:
            for _ in self._body_chunks():
                pass
        except (_BodyTooLarge, _BadBody, OSError):
            self.close_connection = True

    # --- simple answers --------------------------------------------------------------

    def _answer(self, code, body=b"", content_type="text/plain; charset=utf-8", headers=(), close=False):
        self.send_response(code)
        for name, value in headers:
            self.send_header(name, value)
        if body or code not in (204, 304):
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
        if close:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)

    def _challenge(self, close=False):
        self._answer(
            401, b"Authentication required.\n",
            headers=[("WWW-Authenticate", f'{scheme} realm="{REALM}"') for scheme in CHALLENGES],
            close=close,
        )

    def handle_expect_100(self):
        # Answer 401 / 413 before the client sends a body it would waste.
        if not self.path.startswith("/test/"):
            ok, _, _ = self._authenticate()
            if not ok:
                self._challenge(close=True)
                return False
            try:
                length = self._content_length()
            except _BadBody:
                self._answer(400, b"Bad Content-Length.\n", close=True)
                return False
            if length is not None and length > MAX_BODY:
                self._answer(413, b"Request body too large.\n", close=True)
                return False
        return super().handle_expect_100()

    # --- dispatch --------------------------------------------------------------------

    def do_GET(self):
        self._dispatch()

    def do_POST(self):
        self._dispatch()

    def do_HEAD(self):
        self._dispatch()

    def _dispatch(self):
        path, _, query = self.path.partition("?")
        if path.startswith("/test/"):
            self._test_endpoint(path)
            return
        ok, scheme, user = self._authenticate()
        if not ok:
            self._discard_body()
            self._challenge(close=self.close_connection)
            return
        self._run_cgi(path, query, scheme, user)

    def _test_endpoint(self, path):
        try:
            if path == "/test/tokens" and self.command == "POST":
                body = self._read_small_body(1024 * 1024)
                new = set(body.decode("utf-8", "surrogateescape").split())
                with _lock:
                    _tokens.clear()
                    _tokens.update(new)
                self._answer(204)
            elif path == "/test/requests" and self.command == "GET":
                self._discard_body()
                with _lock:
                    snapshot = json.dumps(_stats).encode()
                self._answer(200, snapshot + b"\n", "application/json")
            elif path == "/test/reset" and self.command == "POST":
                self._discard_body()
                with _lock:
                    _stats["authorized"] = _stats["unauthorized"] = 0
                    _stats["schemes"].clear()
                    _stats["usernames"].clear()
                self._answer(204)
            else:
                self._discard_body()
                self._answer(404, b"No such test endpoint.\n", close=self.close_connection)
        except _BodyTooLarge:
            self._answer(413, b"Request body too large.\n", close=True)
        except _BadBody:
            self._answer(400, b"Bad request body.\n", close=True)

    # --- CGI -------------------------------------------------------------------------

    def _cgi_environment(self, path, query, scheme, user):
        env = _git_env()
        env.update({
            "GATEWAY_INTERFACE": "CGI/1.1",
            "SERVER_SOFTWARE": self.server_version,
            "SERVER_PROTOCOL": self.request_version,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": str(self.server.server_address[1]),
            "REQUEST_METHOD": self.command,
            "SCRIPT_NAME": "",
            "PATH_INFO": urllib.parse.unquote(path),
            "QUERY_STRING": query,
            "REMOTE_ADDR": self.client_address[0],
            "AUTH_TYPE": scheme or "",
            "REMOTE_USER": user or "token",
            "GIT_PROJECT_ROOT": ROOT,
            "GIT_HTTP_EXPORT_ALL": "1",
        })
        if self.headers.get("Content-Type") is not None:
            env["CONTENT_TYPE"] = self.headers["Content-Type"]
        te = self.headers.get("Transfer-Encoding", "").strip().lower()
        if te != "chunked" and self.headers.get("Content-Length") is not None:
            env["CONTENT_LENGTH"] = self.headers["Content-Length"].strip()
        # Every other header as HTTP_*, as CGI does (Git-Protocol and
        # Content-Encoding matter to http-backend); never the credentials.
        for name, value in self.headers.items():
            key = name.upper().replace("-", "_")
            if key in ("AUTHORIZATION", "PROXY_AUTHORIZATION", "PROXY", "CONTENT_TYPE",
                       "CONTENT_LENGTH", "TRANSFER_ENCODING", "CONNECTION", "EXPECT"):
                continue
            env["HTTP_" + key] = value
        return env

    def _run_cgi(self, path, query, scheme, user):
        try:
            length = self._content_length()
        except _BadBody:
            self._answer(400, b"Bad Content-Length.\n", close=True)
            return
        if length is not None and length > MAX_BODY:
            self.close_connection = True
            self._answer(413, b"Request body too large.\n", close=True)
            return

        backend = os.path.join(_exec_path_cached(), "git-http-backend")
        try:
            proc = subprocess.Popen(
                [backend], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=None, env=self._cgi_environment(path, query, scheme, user),
                cwd=ROOT, start_new_session=True,
            )
        except OSError as error:
            sys.stderr.write(f"git_server: cannot start git http-backend: {error}\n")
            self._discard_body()
            self._answer(500, b"Cannot start git http-backend.\n", close=self.close_connection)
            return
        with _lock:
            _children.add(proc)
        timed_out = threading.Event()

        def on_timeout():
            timed_out.set()
            _kill(proc)

        timer = threading.Timer(CGI_TIMEOUT, on_timeout)
        timer.daemon = True
        timer.start()
        body_error = []

        def feed():
            # Copies the request body to the CGI; when the CGI stops reading,
            # the rest of the body is still read (and dropped) so the
            # connection stays in step.
            sink = proc.stdin
            try:
                for chunk in self._body_chunks():
                    if sink is not None:
                        try:
                            sink.write(chunk)
                        except (BrokenPipeError, OSError):
                            sink = None
            except (_BodyTooLarge, _BadBody, OSError) as error:
                body_error.append(error)
                _kill(proc)
            finally:
                try:
                    proc.stdin.close()
                except OSError:
                    pass

        feeder = threading.Thread(target=feed, name="cgi-stdin", daemon=True)
        feeder.start()
        try:
            self._relay_cgi_output(proc, timed_out, body_error)
        finally:
            feeder.join(CGI_TIMEOUT)
            if feeder.is_alive():
                # The client stopped sending its body: unblock the reader.
                self.close_connection = True
                try:
                    self.connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                feeder.join()
            try:
                proc.wait(timeout=5)  # normally it has ended already
            except subprocess.TimeoutExpired:
                _kill(proc)
                proc.wait()
            timer.cancel()
            with _lock:
                _children.discard(proc)
            try:
                proc.stdout.close()
            except OSError:
                pass
            if body_error or feeder.is_alive():
                self.close_connection = True

    def _relay_cgi_output(self, proc, timed_out, body_error):
        out = proc.stdout
        status, reason = 200, None
        headers = []
        content_length = None
        saw_location = False
        header_bytes = 0
        while True:
            line = out.readline(65536)
            header_bytes += len(line)
            if not line or header_bytes > 1024 * 1024:
                # the CGI ended (or was killed) before finishing its headers
                if body_error and isinstance(body_error[0], _BodyTooLarge):
                    self._answer(413, b"Request body too large.\n", close=True)
                elif body_error:
                    self._answer(400, b"Bad request body.\n", close=True)
                elif timed_out.is_set():
                    self._answer(504, b"git http-backend timed out.\n", close=True)
                else:
                    self._answer(502, b"git http-backend gave no answer.\n", close=True)
                return
            line = line.rstrip(b"\r\n")
            if not line:
                break
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip(), value.strip()
            lname = name.lower()
            if lname == "status":
                code, _, text = value.partition(" ")
                try:
                    status, reason = int(code), (text or None)
                except ValueError:
                    status = 502
            elif lname == "content-length":
                try:
                    content_length = int(value)
                except ValueError:
                    content_length = None
            elif lname in ("connection", "transfer-encoding"):
                continue
            else:
                if lname == "location":
                    saw_location = True
                headers.append((name, value))
        if saw_location and status == 200 and reason is None:
            status = 302

        chunked = content_length is None and self.request_version == "HTTP/1.1"
        self.send_response(status, reason)
        for name, value in headers:
            self.send_header(name, value)
        if content_length is not None:
            self.send_header("Content-Length", str(content_length))
        elif chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command == "HEAD":
            return
        sent = 0
        while True:
            data = out.read1(CHUNK)
            if not data:
                break
            if content_length is not None:
                data = data[: max(0, content_length - sent)]
                if not data:
                    continue
            sent += len(data)
            if chunked:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            else:
                self.wfile.write(data)
        if chunked:
            if timed_out.is_set() or body_error:
                # a truncated answer must not look complete
                self.close_connection = True
                return
            self.wfile.write(b"0\r\n\r\n")
        elif content_length is not None and sent < content_length:
            self.close_connection = True


_exec_path_value = None


def _exec_path_cached():
    global _exec_path_value
    if _exec_path_value is None:
        _exec_path_value = _exec_path()
    return _exec_path_value


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = False

    def handle_error(self, request, client_address):
        # A client hanging up mid-answer is normal; say more only when asked.
        if VERBOSE:
            super().handle_error(request, client_address)


def _watch_stdin():
    try:
        while os.read(0, 65536):
            pass
    except OSError:
        pass
    _exit_now(0)


def main():
    signal.signal(signal.SIGTERM, lambda *_: _exit_now(0))
    signal.signal(signal.SIGINT, lambda *_: _exit_now(0))
    try:
        _make_repository()
        _exec_path_cached()
        server = Server(("127.0.0.1", 0), Handler)
    except BaseException as error:
        sys.stderr.write(f"git_server: start-up failed: {error!r}\n")
        _exit_now(1)
        return
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, name="http", daemon=True).start()
    _ready_out.write(f"READY {port} {ROOT}\n")
    _ready_out.flush()
    _watch_stdin()


if __name__ == "__main__":
    main()
