#!/usr/bin/env bash
# Tokens in the system keyring against tokens in the session file: `token`
# and `status` for a session kept in a real Secret Service (gnome-keyring
# on a private session bus, started by the tests' keyring_session.py) against
# the same commands for the same session kept in the file, paired
# (A B A B …) by session-bench pair. `token` reads its secret over D-Bus;
# `status` reads the file only, so it should cost what it costs for a file.
# Needs gnome-keyring and dbus (apt-get install gnome-keyring dbus).
# Usage: bench/keyring.sh [PAIRS]   (default 300 pairs)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-300}
case "$rounds" in '' | *[!0-9]*) echo "usage: bench/keyring.sh [PAIRS]" >&2; exit 2 ;; esac

. bench/build.sh   # bench: session-bench; cli: the static release session-cli

work=$(mktemp -d)
# The keyring stops when its standard input closes: when this script ends, however it ends.
coproc KEYRING { python3 Sources/SessionTestSupport/Scripts/keyring/keyring_session.py; }
trap 'exec {KEYRING[1]}>&-; wait "$KEYRING_PID" 2>/dev/null; rm -rf "$work"' EXIT
read -r ready address _ <&"${KEYRING[0]}"
[ "$ready" = READY ] || { echo "bench/keyring.sh: the keyring did not start" >&2; exit 1; }
export DBUS_SESSION_BUS_ADDRESS=$address

token=sk_bench_$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
for secrets in file keyring; do
    printf '%s' "$token" | "$cli" --store "$work/$secrets.json" login --with-token --secrets "$secrets" \
        --server https://api.example.com --user alice --expires-in 86400 >/dev/null
done
if grep -q "$token" "$work/keyring.json"; then
    echo "bench/keyring.sh: the keyring session's file holds its token" >&2
    exit 1
fi

for command in token status; do
    echo "### \`$command\`: tokens in the keyring (A) against in the file (B)"
    echo
    "$bench" pair --rounds "$rounds" -- "$cli" --store "$work/keyring.json" "$command" \
        --vs "$cli" --store "$work/file.json" "$command"
    echo
done
