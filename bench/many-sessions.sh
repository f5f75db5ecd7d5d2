#!/usr/bin/env bash
# Start-up with many sessions in the store: `status` and `token` with 100
# sessions against the same commands with one, paired (A B A B …) by
# session-bench pair, so the ratio holds on a noisy machine. The sessions are
# like a provider's sign-in leaves them (a token pair, an account, a server,
# the provider, scopes), made by `session-bench make-store`; the default is
# the same session in both stores. With valgrind installed, the instructions
# of each command too (exact on every run).
# Usage: bench/many-sessions.sh [SESSIONS] [PAIRS]   (default 100 sessions, 300 pairs)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100}
rounds=${2:-300}
case "$count$rounds" in '' | *[!0-9]*) echo "usage: bench/many-sessions.sh [SESSIONS] [PAIRS]" >&2; exit 2 ;; esac

. bench/build.sh   # bench: session-bench; cli: the static release session-cli

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" make-store "$work/one.json" 1
"$bench" make-store "$work/many.json" "$count"
for store in one many; do
    "$cli" --store "$work/$store.json" status >/dev/null   # exit 0: the default session is logged in
done

for command in status token; do
    echo "### \`$command\`: $count sessions (A) against one (B)"
    echo
    "$bench" pair --rounds "$rounds" -- "$cli" --store "$work/many.json" "$command" \
        --vs "$cli" --store "$work/one.json" "$command"
    echo
done

if command -v valgrind >/dev/null; then
    echo "| command | instructions, 1 session | instructions, $count sessions | ratio |"
    echo "|---|---|---|---|"
    for command in status token; do
        instructions() {
            valgrind --tool=callgrind --callgrind-out-file=/dev/null "$cli" --store "$work/$1.json" "$command" \
                2>&1 >/dev/null | sed -n 's/.*refs: *//p' | tr -d ,
        }
        one=$(instructions one)
        many=$(instructions many)
        echo "| \`$command\` | $one | $many | $(python3 -c "print(f'{$many / $one:.2f}×')") |"
    done
fi
