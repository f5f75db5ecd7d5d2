#!/usr/bin/env bash
# The networking half against curl: `session-cli api /plain` and curl sending
# the same request with the same header to the same loopback server (the
# tests' Python server), paired (A B A B …) by session-bench pair; then the
# companion's start alone (`session-cli-api help`) against `session-cli
# status`; then each binary's size and peak memory. With a COMMIT, the same
# for the build of that commit, in the same run.
# Usage: bench/api-vs-curl.sh [PAIRS] [COMMIT]   (default 300 pairs)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-300}
revision=${2:-}

. bench/build.sh   # bench: session-bench; cli: the static release session-cli
swift build -c release --static-swift-stdlib --product session-cli-api >/dev/null

work=$(mktemp -d)
cleanup() {
    [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null
    git worktree remove --force "$work/tree" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

builds=("$PWD/.build/release")
if [ -n "$revision" ]; then
    git worktree add --detach "$work/tree" "$revision" >/dev/null 2>&1
    (cd "$work/tree" && for product in session-cli session-cli-api; do
        swift build -c release --static-swift-stdlib --product "$product" --scratch-path "$work/build" >/dev/null
    done)
    builds+=("$work/build/release")
fi

# The server: two loopback ports; its first line names them. It stops with this script.
mkfifo "$work/keep" "$work/ready"
python3 Sources/SessionTestSupport/Scripts/test_server.py <"$work/keep" >"$work/ready" &
server_pid=$!
exec 3>"$work/keep"
read -r _ port _ _ <"$work/ready"
token=tok_bench_0123456789abcdef
curl=$(command -v curl)

for build in "${builds[@]}"; do
    name=$([ "$build" = "${builds[0]}" ] && echo "this tree" || echo "$(git rev-parse --short "$revision")")
    store="$work/session-$(basename "$(dirname "$build")").json"
    printf '%s' "$token" | "$build/session-cli" --store "$store" login --with-token \
        --server "http://127.0.0.1:$port" --account bench >/dev/null
    echo "### $name: \`session-cli api /plain\` (A) against curl (B)"
    echo
    "$bench" pair --rounds "$rounds" -- "$build/session-cli" --store "$store" api /plain \
        --vs "$curl" -s -H "Authorization: Bearer $token" "http://127.0.0.1:$port/plain"
    echo
    echo "### $name: the companion alone, \`session-cli-api api /plain\` (A) against curl (B)"
    echo
    "$bench" pair --rounds "$rounds" -- "$build/session-cli-api" --store "$store" api /plain \
        --vs "$curl" -s -H "Authorization: Bearer $token" "http://127.0.0.1:$port/plain"
    echo
    echo "### $name: the companion's start, \`session-cli-api help\` (A) against \`session-cli status\` (B)"
    echo
    "$bench" pair --rounds "$rounds" -- "$build/session-cli-api" help --vs "$build/session-cli" --store "$store" status
    echo
    echo "| $name | size | peak memory of \`api /plain\` |"
    echo "|---|---|---|"
    peak=$(/usr/bin/time -f %M "$build/session-cli" --store "$store" api /plain 2>&1 >/dev/null | tail -n 1)
    for binary in session-cli session-cli-api; do
        echo "| $binary | $(($(stat -c %s "$build/$binary") / 1000000)) MB | $([ $binary = session-cli-api ] && echo "$((peak / 1024)) MiB (the companion's, after exec)" || echo "-") |"
    done
    echo
done
curl_peak=$(/usr/bin/time -f %M "$curl" -s -H "Authorization: Bearer $token" "http://127.0.0.1:$port/plain" 2>&1 >/dev/null | tail -n 1)
echo "curl's peak memory for the same request: $((curl_peak / 1024)) MiB"
