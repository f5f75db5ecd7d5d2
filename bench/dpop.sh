#!/usr/bin/env bash
# `api` on a session bound by DPoP against `api` on a bearer session, to the
# same loopback server (the tests' Python server), paired (A B A B …) by
# session-bench pair. The bound session comes from Glewlwyd (Debian's
# glewlwyd) through `login --client-credentials --dpop`. Then the same at a
# server that demands a DPoP nonce (the tests' /dpop/nonce, which answers as
# /echo once a proof carries its nonce) against the bearer session's /echo,
# with the requests each run sent, counted by the server.
# Usage: bench/dpop.sh [PAIRS]   (default 300 pairs)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-300}

. bench/build.sh   # bench: session-bench; cli: the static release session-cli
swift build -c release --static-swift-stdlib --product session-cli-api >/dev/null

work=$(mktemp -d)
cleanup() {
    exec 3>&- 4>&- 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

mkfifo "$work/keep-server" "$work/ready-server" "$work/keep-provider" "$work/ready-provider"
python3 Sources/SessionTestSupport/Scripts/test_server.py <"$work/keep-server" >"$work/ready-server" &
exec 3>"$work/keep-server"
read -r _ port _ _ <"$work/ready-server"
python3 Sources/SessionTestSupport/Scripts/glewlwyd/provider.py --log-level ERROR \
    <"$work/keep-provider" >"$work/ready-provider" 2>/dev/null &
exec 4>"$work/keep-provider"
read -r _ _ issuer info <"$work/ready-provider"
secret=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["clients"]["machine"]["client_secret"])' "$info")

printf '%s' tok_bench_0123456789abcdef | "$cli" --store "$work/bearer.json" login --with-token \
    --server "http://127.0.0.1:$port" --account bench >/dev/null
SESSION_CLI_CLIENT_SECRET=$secret "$cli" --store "$work/dpop.json" login --client-credentials --dpop \
    --issuer "$issuer" --client-id machine --scope api --server "http://127.0.0.1:$port" >/dev/null

echo "### \`api /plain\`: a DPoP-bound session (A) against a bearer session (B)"
echo
"$bench" pair --rounds "$rounds" -- "$cli" --store "$work/dpop.json" api /plain \
    --vs "$cli" --store "$work/bearer.json" api /plain

seen() { curl -s "http://127.0.0.1:$port/test/seen" | python3 -c 'import json,sys; print(json.load(sys.stdin)["requests"])'; }
echo
echo "### \`api\` at a server that demands a nonce: the bound session's \`/dpop/nonce\` (A) against the bearer session's \`/echo\` (B)"
echo
before=$(seen)
for _ in 1 2 3 4 5; do "$cli" --store "$work/dpop.json" api /dpop/nonce >/dev/null; done
after=$(seen)
echo "Requests the server saw for 5 runs of the bound session (the first run is refused once): $((after - before - 1))"
echo
"$bench" pair --rounds "$rounds" -- "$cli" --store "$work/dpop.json" api /dpop/nonce \
    --vs "$cli" --store "$work/bearer.json" api /echo
