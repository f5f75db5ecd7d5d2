#!/usr/bin/env python3
"""session-cli through a real proxy (Debian's tinyproxy), in a network namespace of its own.

Loopback is never proxied, so the proxy tests need destinations that are not
loopback. Run as root under `unshare --net --mount`, this gives the namespace's
own `lo` the addresses 10.77.0.2 and 10.77.0.3, names them in a private
/etc/hosts (api.corp.test, other.corp.test), and starts there: the tests'
server with TLS on 10.77.0.2, a plain one on 127.0.0.1, and two tinyproxy
instances on 127.0.0.1 (one open, one that wants a user and password). Nothing
leaves the machine; everything ends with the namespace.

The one argument is JSON: {"cli": path, "certificates": folder, "server": test_server.py,
"home": folder}. It runs each case and prints one JSON object:
{"cases": [{"name", "status", "stdout", "stderr", "proxy": [request lines the open proxy logged],
"authProxy": [...]}]}.
"""
import atexit
import json
import os
import select
import socket
import socketserver
import subprocess
import sys
import threading

options = json.loads(sys.argv[1])
cli, certificates, home = options["cli"], options["certificates"], options["home"]
WAIT = 30  # seconds any one step may take
children = []  # every process started here, stopped at exit whatever happens


def stop_children():
    for child in children:
        if child.poll() is None:
            child.terminate()
            try:
                child.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                child.kill()


atexit.register(stop_children)


def run(command):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=WAIT)


run(["ip", "link", "set", "lo", "up"])
for address in ("10.77.0.2", "10.77.0.3"):
    run(["ip", "addr", "add", address + "/32", "dev", "lo"])
hosts = os.path.join(home, "hosts")
with open(hosts, "w") as file:
    file.write("127.0.0.1 localhost\n::1 localhost\n10.77.0.2 api.corp.test\n10.77.0.3 other.corp.test\n")
run(["mount", "--bind", hosts, "/etc/hosts"])


def start_server(*arguments):
    child = subprocess.Popen([sys.executable, options["server"], *arguments], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, bufsize=0)
    children.append(child)
    ready, _, _ = select.select([child.stdout], [], [], WAIT)
    words = child.stdout.readline().decode().split() if ready else []
    if not words or words[0] != "READY":
        raise SystemExit("the test server did not start")
    return child, int(words[1])


def start_proxy(name, port, extra=""):
    config = os.path.join(home, name + ".conf")
    with open(config, "w") as file:
        file.write(f"Port {port}\nListen 127.0.0.1\nTimeout 30\nLogLevel Info\nMaxClients 20\n{extra}")
    # In the foreground it logs to standard output, a line at a time with stdbuf.
    # Unbuffered here (bufsize=0), so select() sees every line that is not read yet.
    child = subprocess.Popen(["stdbuf", "-oL", "tinyproxy", "-d", "-c", config], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, bufsize=0)
    children.append(child)
    # Ready when its log says so.
    while True:
        ready, _, _ = select.select([child.stdout], [], [], WAIT)
        line = child.stdout.readline().decode() if ready else ""
        if not line:
            raise SystemExit("tinyproxy did not start")
        if "Accepting connections" in line:
            return child


socks_log = []


class Socks5(socketserver.BaseRequestHandler):
    """A SOCKS5 proxy (RFC 1928, no authentication, CONNECT only) that logs each destination as
    the client named it: a name for socks5h://, where the proxy resolves it."""

    def handle(self):
        client = self.request
        client.settimeout(WAIT)
        version, count = client.recv(2)
        client.recv(count)
        client.sendall(b"\x05\x00")
        version, command, _, kind = client.recv(4)
        if kind == 3:
            host = client.recv(client.recv(1)[0]).decode()
        elif kind == 1:
            host = socket.inet_ntoa(client.recv(4))
        else:
            return
        port = int.from_bytes(client.recv(2), "big")
        socks_log.append(f"{host}:{port}")
        upstream = socket.create_connection((host, port), timeout=WAIT)
        client.sendall(b"\x05\x00\x00\x01" + bytes(4) + bytes(2))
        # One direction on a thread of its own, the other here until the client is done.
        threading.Thread(target=self.pipe, args=(upstream, client), daemon=True).start()
        self.pipe(client, upstream)

    @staticmethod
    def pipe(source, target):
        try:
            while data := source.recv(65536):
                target.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, target):
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def requests_logged(proxy):
    """The request lines the proxy logged since the last call (it logs before it forwards)."""
    lines = []
    while select.select([proxy.stdout], [], [], 0.2)[0]:
        line = proxy.stdout.readline().decode()
        if not line:
            break
        if "Request (file descriptor" in line or "Connect (file descriptor" in line:
            lines.append(line.split("): ", 1)[-1].strip())
    return lines


tls_server, tls_port = start_server("--bind", "10.77.0.2", "--tls", f"{certificates}/server.pem",
                                    f"{certificates}/server.key")
plain_server, plain_port = start_server()
open_port, auth_port, closed_port = free_port(), free_port(), free_port()
open_proxy = start_proxy("open", open_port)
auth_proxy = start_proxy("auth", auth_port, "BasicAuth proxyuser pr0xy-s3cret\n")

socks = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Socks5)
socks.daemon_threads = True
threading.Thread(target=socks.serve_forever, daemon=True).start()
socks_port = socks.server_address[1]

base = {"HOME": home, "PATH": "/usr/bin:/bin"}
api = f"https://api.corp.test:{tls_port}"
loopback = f"http://127.0.0.1:{plain_port}"
ca = ["--ca-file", f"{certificates}/ca.pem"]
for server, extra in ((api, ca), (f"https://10.77.0.2:{tls_port}", ca), (loopback, []),
                      (f"http://localhost:{plain_port}", [])):
    subprocess.run([cli, "login", "--with-token", "--server", server, "--account", "alice", *extra],
                   input=b"sk_live_9f8e7d6c5b4a3210", env=base, capture_output=True, timeout=WAIT, check=True)

proxy = f"http://127.0.0.1:{open_port}"
cases = [
    ("https through HTTPS_PROXY", [f"{api}/echo"], {"HTTPS_PROXY": proxy}),
    ("https through https_proxy, lowercase first", [f"{api}/echo"],
     {"https_proxy": proxy, "HTTPS_PROXY": f"http://127.0.0.1:{closed_port}"}),
    ("https through ALL_PROXY", [f"{api}/echo"], {"ALL_PROXY": proxy}),
    ("https through a socks5h proxy", [f"{api}/echo"], {"HTTPS_PROXY": f"socks5h://127.0.0.1:{socks_port}"}),
    ("NO_PROXY by name", [f"{api}/echo"], {"HTTPS_PROXY": proxy, "NO_PROXY": "example.com,api.corp.test"}),
    ("NO_PROXY by suffix", [f"{api}/echo"], {"HTTPS_PROXY": proxy, "no_proxy": ".corp.test"}),
    ("NO_PROXY by address", [f"https://10.77.0.2:{tls_port}/echo"], {"HTTPS_PROXY": proxy, "NO_PROXY": "10.77.0.2"}),
    ("NO_PROXY by CIDR", [f"https://10.77.0.2:{tls_port}/echo"], {"HTTPS_PROXY": proxy, "NO_PROXY": "10.77.0.0/16"}),
    ("NO_PROXY *", [f"{api}/echo"], {"HTTPS_PROXY": proxy, "NO_PROXY": "*"}),
    ("http to 127.0.0.1 never proxied", [f"{loopback}/echo"], {"http_proxy": proxy, "ALL_PROXY": proxy}),
    ("http to localhost never proxied", [f"http://localhost:{plain_port}/echo"],
     {"http_proxy": proxy, "ALL_PROXY": proxy, "HTTPS_PROXY": proxy}),
    ("the proxy wants credentials", [f"{api}/echo"],
     {"HTTPS_PROXY": f"http://proxyuser:wrong-pa55word@127.0.0.1:{auth_port}"}),
    ("the proxy's credentials", [f"{api}/echo"],
     {"HTTPS_PROXY": f"http://proxyuser:pr0xy-s3cret@127.0.0.1:{auth_port}"}),
    ("the proxy cannot be reached", [f"{api}/echo"],
     {"HTTPS_PROXY": f"http://proxyuser:pr0xy-s3cret@127.0.0.1:{closed_port}"}),
]
results = []
requests_logged(open_proxy)
requests_logged(auth_proxy)
for name, arguments, environment in cases:
    # A full URL: the session of that URL's origin.
    done = subprocess.run([cli, "api", *arguments], env={**base, **environment},
                          capture_output=True, timeout=WAIT * 2)
    results.append({"name": name, "status": done.returncode, "stdout": done.stdout.decode(errors="replace"),
                    "stderr": done.stderr.decode(errors="replace"), "proxy": requests_logged(open_proxy),
                    "authProxy": requests_logged(auth_proxy), "socks": socks_log[:]})
    socks_log.clear()

for child in (tls_server, plain_server):
    child.stdin.close()
    child.wait(timeout=WAIT)
for child in (open_proxy, auth_proxy):
    child.terminate()
    child.wait(timeout=WAIT)
print(json.dumps({"cases": results, "ports": {"tls": tls_port, "plain": plain_port, "open": open_port,
                                               "auth": auth_port, "closed": closed_port}}))
