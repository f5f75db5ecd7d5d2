#!/usr/bin/env bash
# Builds and runs the consumer package outside this repository, depending on
# it by path, as an app would: its own SecretStore, the file store with it,
# no token in the session file or in sessions(), and one request through
# NetworkClient with an AuthTokenHeaderBehavior to a loopback server.
#
# It is built as a static release executable, the way a server app ships,
# and that executable must hold no symbol of FoundationNetworking: on Linux,
# `import Session` sends through libcurl with the library's own HTTP types.
# Its size and peak memory are printed for bench/README.md.
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$(mktemp -d)"
server_pid=""
# Stops the server if it still runs, and keeps the script's own exit status
# (a server stopped here would otherwise make it 143).
cleanup() {
    local status=$?
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$scratch"
    exit "$status"
}
trap cleanup EXIT
cp -R "$repository/Tests/ConsumerPackage/." "$scratch/"
rm -f "$scratch/check.sh"
cd "$scratch"
SESSION_PACKAGE_PATH="$repository" swift build -q -c release --static-swift-stdlib --product consumer
binary="$(SESSION_PACKAGE_PATH="$repository" swift build -c release --static-swift-stdlib --show-bin-path)/consumer"

if [ "$(uname)" = Linux ]; then
    networking="$(nm "$binary" | grep -c 20FoundationNetworking || true)"
    if [ "$networking" != 0 ]; then
        echo "consumer: the static executable holds $networking FoundationNetworking symbols" >&2
        exit 1
    fi
    echo "consumer: no FoundationNetworking symbol in the static executable"
fi

# The server: 200 with "alice's token" for the token, 401 for anything else.
# It prints its port once it listens, serves one request (60 s at most) and
# ends; it is stopped on exit whatever happens.
coproc SERVER {
    python3 -c '
import http.server
class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        good = self.headers.get("Authorization") == "Bearer consumer-secret-token-0123456789"
        body = b"alice\x27s token" if good else b"no"
        self.send_response(200 if good else 401)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.timeout = 60
server.handle_request()
'
}
server_pid=$SERVER_PID
port=""
read -r -t 60 port <&"${SERVER[0]}" || true
[ -n "$port" ] || { echo "consumer: the test server did not start" >&2; exit 1; }

if [ -x /usr/bin/time ]; then
    CONSUMER_SERVER_PORT="$port" /usr/bin/time -f "consumer: peak memory %M KiB" "$binary"
else
    CONSUMER_SERVER_PORT="$port" "$binary"
fi
echo "consumer: static executable $(stat -c %s "$binary" 2>/dev/null || stat -f %z "$binary") bytes"
