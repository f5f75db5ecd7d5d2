#!/usr/bin/env python3
"""A small HTTP server for the networking tests, standard library only.

It listens on two loopback ports (two origins) and also reports a third port
that nothing listens on (held, so nothing else can). It prints one line, `READY <a> <b> <closed>`, then
serves until its standard input closes, so it never outlives the test that
started it, even if that test crashes.

  GET  /echo             200, JSON: the method, path and every header received, in order
  POST /echo             the same, with the body
  GET  /redirect/same    302 to /echo on the same origin
  GET  /redirect/other   302 to /echo on the other port (another origin)
  GET  /redirect/loop/N  302 to /redirect/loop/N+1, or to /echo?hops=N once N+1 equals ?stop=
  POST /uploads          201, {"upload": "http://127.0.0.1:<other>/echo/upload", "id": "u1"}
  POST /oauth/token      200, a fresh Bearer token pair (for refresh tests that need no provider)
  POST /oauth/token?access=T
                         200, the same with T as the access token (a peer the test started accepts it)
  GET  /status/<code>    that status with a JSON body
  GET  /bad-json         200 with a body that is not JSON
  GET  /plain            200, {"ok": true}
  POST, PUT /digest      200, JSON: the method, the body's length and SHA-256, whether it came
                         chunked, and its Content-Type; the body is read a piece at a time, never
                         held (bodies of any method, Content-Length or chunked, are read so)

Bounded-read and deadline tests (nothing here holds a whole body in memory; a
client hanging up just ends the answer, quietly):

  GET  /huge?bytes=N&length=L
        200, N bytes (default 0) of the letter "a" (text/plain), written 64 KiB
        at a time.
        L=1 (default): with Content-Length: N, keep-alive as usual.
        L=0: no Content-Length and "Connection: close"; the body ends when the
             server closes the connection.
        L=chunked: Transfer-Encoding: chunked, one 64 KiB chunk per write.
  POST /oauth/huge-token?bytes=N&length=L
        the same as a token endpoint answer: application/json, N bytes in all,
        starting with {"access_token": " and then "a" to the end (so never valid
        JSON: the client is meant to give up reading first).
  POST /oauth/drip-token?interval=S&length=L
        200 application/json: status line and headers at once, then the body
        {"access_token": "drip_...", "token_type": "Bearer", "expires_in": 3600}
        (93 bytes) one byte every S seconds (float, default 1; the first byte
        goes with the headers). length as above (default 1: Content-Length of
        the whole body). A waiting answer ends as soon as the client hangs up.
  GET  /drip?interval=S&bytes=N&length=L
        the same for a GET: N bytes of "a" (default 1024), one every S seconds.

For the networks tests (a private CA, a client certificate, a server that
never answers):

  *    /silent...        reads the request, then answers nothing until the client hangs up
  *    /dpop/nonce       401 with WWW-Authenticate: DPoP error="use_dpop_nonce" and DPoP-Nonce:
                         server-nonce-1 unless the request's DPoP proof carries that nonce; then as /echo
  POST /oauth/revoke     200 {}; counted
  GET  /test/revocations {"revocations": N}: revocations received so far
  GET  /test/seen        {"requests": N}: requests received so far (on either port)

Options: --bind ADDRESS (default 127.0.0.1; ::1 for IPv6), --tls CERT KEY
(both ports speak TLS with that certificate), --client-ca CA (with --tls: a
client certificate signed by CA is required).

So a test can wait on a request having arrived, not on a clock:

  GET  /test/wait-drips?count=N
        answers {"drips": M} once M >= N drip-token requests have arrived
        since the server started (or after 60 s, with what there is).

Bad parameters (not a number, negative) get 400 with a JSON message. Query
parameters are read on these endpoints only; the others match the path exactly
as before.
"""
import argparse
import base64
import hashlib
import http.server
import json
import os
import select
import socket
import ssl
import sys
import threading
import time
import urllib.parse

ports = {}
counts = {"revocations": 0, "requests": 0}
counts_lock = threading.Lock()

# drip-token requests received so far, and a condition to wait for more.
drips = {"count": 0}
drips_arrived = threading.Condition()

CHUNK = 64 * 1024
FILLER = b"a" * CHUNK
TOKEN_PREFIX = b'{"access_token": "'
# The client hanging up shows as one of these while we write (or wait).
HANG_UP = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError)


def dpop_nonce(proof):
    """The nonce claim of a DPoP proof (its payload only; the signature is the client's tests' business)."""
    try:
        payload = proof.split(".")[1]
        return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))).get("nonce")
    except Exception:
        return None


class ClientGone(Exception):
    pass


def filler(total, prefix=b""):
    """Yields total bytes: prefix (cut to total), then "a"s, in pieces of at most 64 KiB."""
    head = prefix[:total]
    if head:
        yield head
    left = total - len(head)
    while left > 0:
        piece = FILLER if left >= CHUNK else FILLER[:left]
        left -= len(piece)
        yield piece


def query_number(query, name, default, kind):
    values = query.get(name)
    if not values:
        return default
    try:
        number = kind(values[-1])
    except ValueError:
        raise ValueError(f"{name} must be a number")
    if not 0 <= number < 1e15:  # also refuses nan and inf
        raise ValueError(f"{name} must be 0 or more")
    return number


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes; without this, Nagle and delayed ACKs
    # stall every keep-alive response by 40 ms.
    disable_nagle_algorithm = True

    def reply(self, status, body, headers=()):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def stream(self, status, content_type, total, pieces, length_mode, interval=0.0):
        """Sends the headers, then each piece of `pieces` (total bytes in all),
        waiting `interval` seconds before each one after the first. length_mode:
        "1" Content-Length, "0" close-delimited, "chunked". Returns quietly,
        closing the connection, once the client has gone."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if length_mode == "1":
            self.send_header("Content-Length", str(total))
        elif length_mode == "chunked":
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        try:
            self.end_headers()
            for index, piece in enumerate(pieces):
                if index and interval > 0:
                    self.wait_or_raise(interval)
                if length_mode == "chunked":
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                else:
                    self.wfile.write(piece)
            if length_mode == "chunked":
                self.wfile.write(b"0\r\n\r\n")
        except HANG_UP + (ClientGone,):
            self.close_connection = True

    def wait_or_raise(self, seconds):
        """Sleeps `seconds`, raising ClientGone as soon as the client closes its end."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            readable, _, _ = select.select([self.connection], [], [], left)
            if not readable:
                return
            try:
                peek = self.connection.recv(1, socket.MSG_PEEK)
            except HANG_UP:
                raise ClientGone()
            if not peek:
                raise ClientGone()
            # The client sent more (a pipelined request): just wait the rest.
            time.sleep(max(0.0, deadline - time.monotonic()))
            return

    def handle_streaming(self, route, query):
        """The bounded-read and deadline endpoints; False when route is none of them."""
        length_mode = (query.get("length") or ["1"])[-1]
        if route == ("GET", "/huge"):
            total = query_number(query, "bytes", 0, int)
            pieces, content_type, interval = filler(total), "text/plain", 0.0
        elif route == ("POST", "/oauth/huge-token"):
            total = query_number(query, "bytes", 0, int)
            pieces, content_type, interval = filler(total, TOKEN_PREFIX), "application/json", 0.0
        elif route == ("POST", "/oauth/drip-token"):
            with drips_arrived:
                drips["count"] += 1
                drips_arrived.notify_all()
            body = json.dumps({"access_token": "drip_" + os.urandom(12).hex(), "token_type": "Bearer",
                               "expires_in": 3600}).encode()
            total, content_type = len(body), "application/json"
            pieces = (body[i:i + 1] for i in range(total))
            interval = query_number(query, "interval", 1.0, float)
        elif route == ("GET", "/drip"):
            total = query_number(query, "bytes", 1024, int)
            pieces, content_type = (b"a" for _ in range(total)), "text/plain"
            interval = query_number(query, "interval", 1.0, float)
        else:
            return False
        if length_mode not in ("0", "1", "chunked"):
            raise ValueError("length must be 0, 1 or chunked")
        self.stream(200, content_type, total, pieces, length_mode, interval)
        return True

    def body_pieces(self):
        """The request's body a piece at a time: by Content-Length, or chunked."""
        if (self.headers.get("Transfer-Encoding") or "").lower() == "chunked":
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return
                yield from self.read_exactly(size)
                self.rfile.readline()
        else:
            yield from self.read_exactly(int(self.headers.get("Content-Length") or 0))

    def read_exactly(self, size):
        """`size` bytes of the request, a piece at a time; fewer if the client stops."""
        while size:
            piece = self.rfile.read(min(size, CHUNK))
            if not piece:
                return
            size -= len(piece)
            yield piece

    def handle_any(self):
        route, _, raw_query = self.path.partition("?")
        with counts_lock:
            counts["requests"] += 1
        if route.startswith("/silent"):
            # Nothing is sent; the wait ends when the client hangs up (or the server stops).
            self.close_connection = True
            while True:
                readable, _, _ = select.select([self.connection], [], [], 5)
                try:
                    if readable and not self.connection.recv(1, socket.MSG_PEEK):
                        return
                except (OSError, ValueError):
                    return
        if route == "/digest":
            digest, count = hashlib.sha256(), 0
            for piece in self.body_pieces():
                digest.update(piece)
                count += len(piece)
            self.reply(200, {"method": self.command, "bytes": count, "sha256": digest.hexdigest(),
                             "chunked": (self.headers.get("Transfer-Encoding") or "").lower() == "chunked",
                             "contentType": self.headers.get("Content-Type")})
            return
        body = b"".join(self.body_pieces()).decode("utf-8", "replace")
        own = self.server.server_address[1]
        other = ports["b"] if own == ports["a"] else ports["a"]
        try:
            if self.handle_streaming((self.command, route), urllib.parse.parse_qs(raw_query)):
                return
        except ValueError as error:
            self.reply(400, {"message": str(error)})
            return
        if route == "/test/wait-drips":
            wanted = query_number(urllib.parse.parse_qs(raw_query), "count", 1, int)
            with drips_arrived:
                drips_arrived.wait_for(lambda: drips["count"] >= wanted, timeout=60)
                self.reply(200, {"drips": drips["count"]})
        elif self.path.startswith("/echo"):
            self.reply(200, {"method": self.command, "path": self.path, "port": own,
                             "headers": [[k, v] for k, v in self.headers.items()], "body": body})
        elif self.path == "/redirect/same":
            self.reply(302, {}, [("Location", "/echo")])
        elif self.path == "/redirect/other":
            self.reply(302, {}, [("Location", f"{SCHEME}://{HOST}:{other}/echo")])
        elif self.path.startswith("/redirect/loop/"):
            hop, _, query = self.path[len("/redirect/loop/"):].partition("?")
            stop = dict(part.split("=", 1) for part in query.split("&") if "=" in part).get("stop")
            following = int(hop) + 1
            target = f"/echo?hops={hop}" if stop and following == int(stop) else f"/redirect/loop/{following}?{query}"
            self.reply(302, {}, [("Location", target)])
        elif self.path == "/oauth/token":
            self.reply(200, {"access_token": "at_" + os.urandom(12).hex(), "token_type": "Bearer",
                             "expires_in": 3600, "refresh_token": "rt_" + os.urandom(12).hex()})
        elif self.path.startswith("/oauth/token?access="):
            # The access token the test names, so a server the test started can accept it.
            access = urllib.parse.unquote(self.path.split("=", 1)[1])
            self.reply(200, {"access_token": access, "token_type": "Bearer", "expires_in": 3600,
                             "refresh_token": "rt_" + os.urandom(12).hex()})
        elif self.path.startswith("/dpop/nonce"):
            if dpop_nonce(self.headers.get("DPoP")) == "server-nonce-1":
                self.reply(200, {"method": self.command, "path": self.path, "port": own,
                                 "headers": [[k, v] for k, v in self.headers.items()], "body": body})
            else:
                self.reply(401, {"error": "use_dpop_nonce"},
                           [("WWW-Authenticate", 'DPoP error="use_dpop_nonce"'), ("DPoP-Nonce", "server-nonce-1")])
        elif self.path == "/oauth/revoke":
            with counts_lock:
                counts["revocations"] += 1
            self.reply(200, {})
        elif self.path == "/test/revocations":
            self.reply(200, {"revocations": counts["revocations"]})
        elif self.path == "/test/seen":
            self.reply(200, {"requests": counts["requests"]})
        elif self.path == "/uploads":
            self.reply(201, {"upload": f"{SCHEME}://{HOST}:{other}/echo/upload", "id": "u1"})
        elif self.path.startswith("/status/"):
            code = int(self.path.rsplit("/", 1)[1])
            self.reply(code, {"message": f"status {code}"})
        elif self.path == "/bad-json":
            self.reply(200, b'{"login": "alice"')
        elif self.path == "/user":
            # Whoever brings a bearer token is alice; nobody else is anyone.
            if (self.headers.get("Authorization") or "").startswith("Bearer "):
                self.reply(200, {"login": "alice"})
            else:
                self.reply(401, {"message": "no token"})
        elif self.path == "/plain":
            self.reply(200, {"ok": True})
        else:
            self.reply(404, {"message": "not found"})

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = handle_any

    def log_message(self, *args):
        pass


options = argparse.ArgumentParser()
options.add_argument("--bind", default="127.0.0.1")
options.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
options.add_argument("--client-ca")
arguments = options.parse_args()
SCHEME = "https" if arguments.tls else "http"
HOST = f"[{arguments.bind}]" if ":" in arguments.bind else arguments.bind
FAMILY = socket.AF_INET6 if ":" in arguments.bind else socket.AF_INET
TLS = None
if arguments.tls:
    TLS = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    TLS.load_cert_chain(*arguments.tls)
    if arguments.client_ca:
        TLS.verify_mode = ssl.CERT_REQUIRED
        TLS.load_verify_locations(arguments.client_ca)


class Server(http.server.ThreadingHTTPServer):
    address_family = FAMILY

    def get_request(self):
        connection, address = super().get_request()
        if TLS is None:
            return connection, address
        # The handshake happens in the handler's thread, so a client that never completes it
        # (or presents no certificate) blocks nobody else.
        return TLS.wrap_socket(connection, server_side=True, do_handshake_on_connect=False), address

    def handle_error(self, request, client_address):
        # A client that hangs up (or fails the handshake) is part of the tests, not an error worth a traceback.
        if isinstance(sys.exc_info()[1], HANG_UP + (ssl.SSLError, OSError)):
            return
        super().handle_error(request, client_address)


def serve(name):
    server = Server((arguments.bind, 0), Handler)
    server.daemon_threads = True
    ports[name] = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()


def closed_port():
    # Bound and never listening, for the server's whole life: a connection is refused, and no
    # other server started meanwhile (a test running beside this one) can take the port.
    probe = socket.socket(FAMILY)
    probe.bind((arguments.bind, 0))
    held.append(probe)
    return probe.getsockname()[1]


held = []


serve("a")
serve("b")
print(f"READY {ports['a']} {ports['b']} {closed_port()}", flush=True)
sys.stdin.read()  # returns when the test closes our stdin, or dies
os._exit(0)
