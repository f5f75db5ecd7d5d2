#!/usr/bin/env python3
"""A small HTTP server for the networking tests, standard library only.

It listens on two loopback ports (two origins) and also reports a third port
that nothing listens on. It prints one line, `READY <a> <b> <closed>`, then
serves until its standard input closes, so it never outlives the test that
started it, even if that test crashes.

  GET  /echo             200, JSON: the method, path and every header received, in order
  POST /echo             the same, with the body
  GET  /redirect/same    302 to /echo on the same origin
  GET  /redirect/other   302 to /echo on the other port (another origin)
  GET  /redirect/loop/N  302 to /redirect/loop/N+1, or to /echo?hops=N once N+1 equals ?stop=
  POST /uploads          201, {"upload": "http://127.0.0.1:<other>/echo/upload", "id": "u1"}
  POST /oauth/token      200, a fresh Bearer token pair (for refresh tests that need no provider)
  GET  /status/<code>    that status with a JSON body
  GET  /bad-json         200 with a body that is not JSON
  GET  /plain            200, {"ok": true}
"""
import http.server
import json
import os
import socket
import sys
import threading

ports = {}


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

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
        own = self.server.server_address[1]
        other = ports["b"] if own == ports["a"] else ports["a"]
        if self.path.startswith("/echo"):
            self.reply(200, {"method": self.command, "path": self.path, "port": own,
                             "headers": [[k, v] for k, v in self.headers.items()], "body": body})
        elif self.path == "/redirect/same":
            self.reply(302, {}, [("Location", "/echo")])
        elif self.path == "/redirect/other":
            self.reply(302, {}, [("Location", f"http://127.0.0.1:{other}/echo")])
        elif self.path.startswith("/redirect/loop/"):
            hop, _, query = self.path[len("/redirect/loop/"):].partition("?")
            stop = dict(part.split("=", 1) for part in query.split("&") if "=" in part).get("stop")
            following = int(hop) + 1
            target = f"/echo?hops={hop}" if stop and following == int(stop) else f"/redirect/loop/{following}?{query}"
            self.reply(302, {}, [("Location", target)])
        elif self.path == "/oauth/token":
            self.reply(200, {"access_token": "at_" + os.urandom(12).hex(), "token_type": "Bearer",
                             "expires_in": 3600, "refresh_token": "rt_" + os.urandom(12).hex()})
        elif self.path == "/uploads":
            self.reply(201, {"upload": f"http://127.0.0.1:{other}/echo/upload", "id": "u1"})
        elif self.path.startswith("/status/"):
            code = int(self.path.rsplit("/", 1)[1])
            self.reply(code, {"message": f"status {code}"})
        elif self.path == "/bad-json":
            self.reply(200, b'{"login": "alice"')
        elif self.path == "/plain":
            self.reply(200, {"ok": True})
        else:
            self.reply(404, {"message": "not found"})

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = handle_any

    def log_message(self, *args):
        pass


def serve(name):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    ports[name] = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()


def closed_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


serve("a")
serve("b")
print(f"READY {ports['a']} {ports['b']} {closed_port()}", flush=True)
sys.stdin.read()  # returns when the test closes our stdin, or dies
os._exit(0)
