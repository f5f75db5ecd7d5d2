#!/usr/bin/env python3
"""A fake Kubernetes API server over HTTPS on 127.0.0.1, for the tests of
`session-cli kube-credential` (a kubectl exec credential plugin) with the real
kubectl. Standard library only, plus the `openssl` command to make a throwaway
CA and server certificate (subjectAltName IP:127.0.0.1) in a temp folder.

It prints one line, `READY <port> <path-to-ca.pem>`, then serves until its
standard input closes (then deletes the temp folder and exits). Nothing else is
ever written to stdout. SIGTERM also ends it. Errors go to stderr; with
KUBE_SERVER_VERBOSE=1 each request's method, path, Accept and User-Agent too
(never a token).

Accepted bearer tokens: KUBE_SERVER_TOKENS (space-separated) at start, then
whatever POST /test/tokens says. Every API request without
`Authorization: Bearer <accepted token>` gets 401 and a `Status` body.

API (bearer token required; legacy discovery only, which is all kubectl needs):
  GET /version                               version.Info: KUBE_SERVER_VERSION, default v1.32.5
  GET /api                                   APIVersions ["v1"]
  GET /apis                                  APIGroupList with no groups
  GET /api/v1                                APIResourceList: pods, namespaces
  GET /api/v1/namespaces                     the namespaces default and kube-system
  GET /api/v1/namespaces/<ns>/pods           hello-0 and hello-1 in default, none elsewhere
  GET /api/v1/namespaces/<ns>/pods/<name>    one pod, or 404
  GET /api/v1/pods                           every pod (kubectl get pods -A)
  A list or a pod comes as a meta.k8s.io/v1 Table when Accept asks for
  `as=Table`, else as a PodList / Pod. Anything else: 404 Status (405 for a
  method other than GET or HEAD).

Test endpoints (no token needed, not counted):
  GET  /test/requests  {"total": N, "authorized": N, "unauthorized": N,
                        "token_prefixes": [...], "paths": [...]}
                       token_prefixes: the first 12 hex characters of the
                       SHA-256 of each bearer token presented, in order (a
                       request without one adds nothing); paths: "GET /api" ...
                       of each API request, in order.
  POST /test/tokens    body: JSON {"tokens": [...]} or the tokens as
                       whitespace-separated text. Replaces the accepted set;
                       with ?mode=add adds to it. Answers {"accepted": <count>}.
  POST /test/reset     sets the counts to zero and empties both lists.

Request bodies over 64 KiB are not read: 413, and the connection is closed
(a chunked body: 411).
"""
import datetime
import hashlib
import http.server
import json
import os
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
import threading
import urllib.parse

MAX_BODY = 64 * 1024
VERBOSE = os.environ.get("KUBE_SERVER_VERBOSE") == "1"
VERSION = os.environ.get("KUBE_SERVER_VERSION") or "v1.32.5"
STARTED = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
PODS = {"default": ["hello-0", "hello-1"]}
NAMESPACES = ["default", "kube-system"]

UNAUTHORIZED = {"kind": "Status", "apiVersion": "v1", "status": "Failure",
                "message": "Unauthorized", "reason": "Unauthorized", "code": 401}


def version_parts():
    """(major, minor) of VERSION, e.g. ("1", "32"); ValueError when it is not vMAJOR.MINOR[.PATCH]."""
    parts = VERSION.lstrip("v").split(".")
    if len(parts) < 2 or not parts[0].isdigit() or not parts[1].isdigit():
        raise ValueError(f"KUBE_SERVER_VERSION must look like v1.32.5, not {VERSION!r}")
    return parts[0], parts[1]


def status(code, reason, message):
    return {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
            "message": message, "reason": reason, "details": {}, "code": code}


def fingerprint(token):
    return hashlib.sha256(token.encode("utf-8")).hexdigest()[:12]


class State:
    def __init__(self, tokens):
        self.lock = threading.Lock()
        self.tokens = set(tokens)
        self.reset()

    def reset(self):
        self.total = self.authorized = self.unauthorized = 0
        self.prefixes = []
        self.paths = []

    def check(self, method, path, token):
        """Counts one API request; True when its token is accepted."""
        with self.lock:
            self.total += 1
            self.paths.append(f"{method} {path}")
            if token is not None:
                self.prefixes.append(fingerprint(token))
            ok = token is not None and token in self.tokens
            if ok:
                self.authorized += 1
            else:
                self.unauthorized += 1
            return ok

    def snapshot(self):
        with self.lock:
            return {"total": self.total, "authorized": self.authorized,
                    "unauthorized": self.unauthorized,
                    "token_prefixes": list(self.prefixes), "paths": list(self.paths)}


STATE = State(os.environ.get("KUBE_SERVER_TOKENS", "").split())


# --- what the API answers ---------------------------------------------------

def timestamp(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def age(created):
    seconds = int((datetime.datetime.now(datetime.timezone.utc) - created).total_seconds())
    if seconds < 120:
        return f"{seconds}s"
    if seconds < 3600 * 3:
        return f"{seconds // 60}m"
    return f"{seconds // 3600}h"


def pod_created(index):
    return STARTED - datetime.timedelta(minutes=5 + index)


def pod_metadata(namespace, name, index):
    return {"name": name, "namespace": namespace, "uid": f"00000000-0000-4000-8000-{index:012d}",
            "resourceVersion": "1", "creationTimestamp": timestamp(pod_created(index)),
            "labels": {"app": "hello"}}


def pod(namespace, name, index):
    return {"kind": "Pod", "apiVersion": "v1", "metadata": pod_metadata(namespace, name, index),
            "spec": {"containers": [{"name": "hello", "image": "example.invalid/hello:1"}]},
            "status": {"phase": "Running",
                       "containerStatuses": [{"name": "hello", "ready": True, "restartCount": 0,
                                              "image": "example.invalid/hello:1", "imageID": "",
                                              "started": True, "state": {"running": {}}}]}}


def pods_in(namespace):
    """(namespace, name, index) of each pod; every namespace when namespace is None."""
    found = []
    index = 0
    for ns in NAMESPACES:
        for name in PODS.get(ns, []):
            if namespace is None or ns == namespace:
                found.append((ns, name, index))
            index += 1
    return found


POD_COLUMNS = [
    {"name": "Name", "type": "string", "format": "name", "description": "Name of the pod", "priority": 0},
    {"name": "Ready", "type": "string", "format": "", "description": "Ready containers", "priority": 0},
    {"name": "Status", "type": "string", "format": "", "description": "Phase or reason", "priority": 0},
    {"name": "Restarts", "type": "string", "format": "", "description": "Container restarts", "priority": 0},
    {"name": "Age", "type": "string", "format": "", "description": "Time since creation", "priority": 0},
]


def pod_table(entries):
    rows = []
    for ns, name, index in entries:
        meta = {"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1",
                "metadata": pod_metadata(ns, name, index)}
        rows.append({"cells": [name, "1/1", "Running", "0", age(pod_created(index))], "object": meta})
    return {"kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": {"resourceVersion": "1"},
            "columnDefinitions": POD_COLUMNS, "rows": rows}


def api_answer(path, accept):
    """(code, body) for a GET of an API path."""
    wants_table = "as=Table" in accept
    if path == "/version":
        major, minor = version_parts()
        return 200, {"major": major, "minor": minor, "gitVersion": VERSION,
                     "gitCommit": "0000000000000000000000000000000000000000", "gitTreeState": "clean",
                     "buildDate": "2025-05-15T00:00:00Z", "goVersion": "go1.23.8", "compiler": "gc",
                     "platform": "linux/amd64"}
    if path == "/api":
        return 200, {"kind": "APIVersions", "versions": ["v1"],
                     "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": "127.0.0.1"}]}
    if path == "/apis":
        return 200, {"kind": "APIGroupList", "apiVersion": "v1", "groups": []}
    if path == "/api/v1":
        return 200, {"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": "v1", "resources": [
            {"name": "namespaces", "singularName": "namespace", "namespaced": False, "kind": "Namespace",
             "verbs": ["get", "list"], "shortNames": ["ns"]},
            {"name": "pods", "singularName": "pod", "namespaced": True, "kind": "Pod",
             "verbs": ["get", "list"], "shortNames": ["po"], "categories": ["all"]},
        ]}
    if path == "/api/v1/namespaces":
        return 200, {"kind": "NamespaceList", "apiVersion": "v1", "metadata": {"resourceVersion": "1"},
                     "items": [{"kind": "Namespace", "apiVersion": "v1",
                                "metadata": {"name": ns, "creationTimestamp": timestamp(STARTED)},
                                "status": {"phase": "Active"}} for ns in NAMESPACES]}
    parts = path.strip("/").split("/")
    if parts == ["api", "v1", "pods"]:
        namespace, name = None, None
    elif len(parts) in (5, 6) and parts[:3] == ["api", "v1", "namespaces"] and parts[4] == "pods":
        namespace, name = parts[3], (parts[5] if len(parts) == 6 else None)
    else:
        return 404, status(404, "NotFound", "the server could not find the requested resource")
    entries = pods_in(namespace)
    if name is not None:
        entries = [entry for entry in entries if entry[1] == name]
        if not entries:
            return 404, {**status(404, "NotFound", f'pods "{name}" not found'),
                         "details": {"name": name, "kind": "pods"}}
        return 200, pod_table(entries) if wants_table else pod(*entries[0])
    if wants_table:
        return 200, pod_table(entries)
    return 200, {"kind": "PodList", "apiVersion": "v1", "metadata": {"resourceVersion": "1"},
                 "items": [pod(*entry) for entry in entries]}


# --- HTTP -------------------------------------------------------------------

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "kube-test-server"
    sys_version = ""
    timeout = 30

    def reply(self, code, body, close=False):
        data = json.dumps(body).encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        if close:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def read_body(self):
        """The body, or None (after answering 413 / 411) when it is not to be read."""
        if self.headers.get("Transfer-Encoding"):
            self.reply(411, status(411, "LengthRequired", "send a Content-Length"), close=True)
            return None
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if length < 0 or length > MAX_BODY:
            self.reply(413, status(413, "RequestEntityTooLarge", "request body over 64 KiB"), close=True)
            return None
        return self.rfile.read(length) if length else b""

    def handle_any(self):
        split = urllib.parse.urlsplit(self.path)
        path = split.path
        if VERBOSE:
            print(f"{self.command} {self.path} Accept: {self.headers.get('Accept', '-')} "
                  f"User-Agent: {self.headers.get('User-Agent', '-')}", file=sys.stderr, flush=True)
        body = self.read_body()
        if body is None:
            return
        if path.startswith("/test/"):
            self.handle_test(path, urllib.parse.parse_qs(split.query), body)
            return
        header = self.headers.get("Authorization") or ""
        scheme, _, token = header.partition(" ")
        token = token.strip() if scheme.lower() == "bearer" and token.strip() else None
        if not STATE.check(self.command, self.path, token):
            self.reply(401, UNAUTHORIZED)
            return
        if self.command not in ("GET", "HEAD"):
            self.reply(405, status(405, "MethodNotAllowed", "the server does not allow this method"))
            return
        code, answer = api_answer(path, self.headers.get("Accept") or "")
        self.reply(code, answer)

    def handle_test(self, path, query, body):
        if path == "/test/requests" and self.command == "GET":
            self.reply(200, STATE.snapshot())
        elif path == "/test/reset" and self.command == "POST":
            with STATE.lock:
                STATE.reset()
            self.reply(200, {"reset": True})
        elif path == "/test/tokens" and self.command == "POST":
            text = body.decode("utf-8", "replace")
            try:
                parsed = json.loads(text) if text.lstrip().startswith("{") else None
            except ValueError:
                self.reply(400, {"message": "body is not JSON"})
                return
            if parsed is not None:
                tokens = parsed.get("tokens")
                if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
                    self.reply(400, {"message": "tokens must be a list of strings"})
                    return
            else:
                tokens = text.split()
            with STATE.lock:
                if query.get("mode") == ["add"]:
                    STATE.tokens.update(tokens)
                else:
                    STATE.tokens = set(tokens)
                count = len(STATE.tokens)
            self.reply(200, {"accepted": count})
        else:
            self.reply(404, {"message": "not found"})

    do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = handle_any

    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, tls):
        self.tls = tls
        super().__init__(("127.0.0.1", 0), Handler)

    def finish_request(self, request, client_address):
        # The TLS handshake happens here, in the connection's own thread.
        request.settimeout(Handler.timeout)
        try:
            conn = self.tls.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError):
            return
        try:
            self.RequestHandlerClass(conn, client_address, self)
        finally:
            conn.close()

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError, ssl.SSLError)):
            return
        super().handle_error(request, client_address)


def openssl(*args, cwd):
    result = subprocess.run(["openssl", *args], cwd=cwd, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if result.returncode != 0:
        raise RuntimeError("openssl " + args[0] + " failed: " + result.stderr.decode("utf-8", "replace"))


def make_certificates(folder):
    """ca.pem (a CA of its own), server.pem + server.key signed by it for IP 127.0.0.1."""
    curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    openssl("req", "-x509", *curve, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
            "-subj", "/CN=kube-test-server CA",
            "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign", cwd=folder)
    openssl("req", "-new", *curve, "-keyout", "server.key", "-out", "server.csr",
            "-subj", "/CN=127.0.0.1", cwd=folder)
    with open(os.path.join(folder, "server.ext"), "w") as ext:
        ext.write("subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n"
                  "keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
            "-set_serial", str(int.from_bytes(os.urandom(8), "big")), "-days", "2",
            "-extfile", "server.ext", "-out", "server.pem", cwd=folder)
    return os.path.join(folder, "ca.pem")


def main():
    folder = tempfile.mkdtemp(prefix="kube-server-")

    def stop(*_):
        shutil.rmtree(folder, ignore_errors=True)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    try:
        version_parts()
        ca = make_certificates(folder)
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(os.path.join(folder, "server.pem"), os.path.join(folder, "server.key"))
        server = Server(tls)
    except Exception as error:  # noqa: BLE001 - report it and leave nothing behind
        print(f"kube_server: {error}", file=sys.stderr, flush=True)
        shutil.rmtree(folder, ignore_errors=True)
        os._exit(1)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"READY {server.server_address[1]} {ca}", flush=True)
    try:
        sys.stdin.buffer.read()  # returns when the test closes our stdin, or dies
    finally:
        stop()


if __name__ == "__main__":
    main()
