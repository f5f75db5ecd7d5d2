#!/usr/bin/env bash
# Start-up of the helpers git and kubectl run on every fetch, push and
# command: `git-credential get` and `kube-credential`, each against `token`,
# with a fresh token (nothing to refresh, so no networking is loaded), paired
# (A B A B …) by session-bench pair so the ratio holds on a noisy machine.
# With valgrind installed, the instructions of each (exact on every run).
# Usage: bench/tool-helpers.sh [PAIRS]   (default 300)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-300}
case "$rounds" in '' | *[!0-9]*) echo "usage: bench/tool-helpers.sh [PAIRS]" >&2; exit 2 ;; esac

. bench/build.sh   # bench: session-bench; cli: the static release session-cli

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
store="$work/session.json"
printf 'bench_token_0123456789abcdef' | "$cli" --store "$store" login --with-token \
    --server https://git.example.com --user bench --expires-in 86400 >/dev/null
printf 'protocol=https\nhost=git.example.com\n' >"$work/git-request"
# Both answer (a helper that printed nothing would be timed doing nothing).
answer=$("$cli" --store "$store" git-credential get <"$work/git-request")
[[ $answer == *password=* ]] || { echo "bench: git-credential get answered nothing" >&2; exit 1; }
answer=$("$cli" --store "$store" kube-credential)
[[ $answer == *ExecCredential* ]] || { echo "bench: kube-credential answered nothing" >&2; exit 1; }

echo "### \`git-credential get\` (A) against \`token\` (B)"
echo
"$bench" pair --rounds "$rounds" --stdin "$work/git-request" -- "$cli" --store "$store" git-credential get \
    --vs "$cli" --store "$store" token
echo
echo "### \`kube-credential\` (A) against \`token\` (B)"
echo
"$bench" pair --rounds "$rounds" --env KUBERNETES_EXEC_INFO='{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","spec":{"interactive":false}}' \
    -- "$cli" --store "$store" kube-credential --vs "$cli" --store "$store" token
echo

if command -v valgrind >/dev/null; then
    instructions() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$cli" --store "$store" "$@" <"$work/git-request" \
            2>&1 >/dev/null | sed -n 's/.*refs: *//p' | tr -d ,
    }
    token=$(instructions token)
    git=$(instructions git-credential get)
    kube=$(instructions kube-credential)
    echo "| command | instructions | vs token |"
    echo "|---|---|---|"
    echo "| \`token\` | $token | 1.00× |"
    echo "| \`git-credential get\` | $git | $(python3 -c "print(f'{$git / $token:.2f}×')") |"
    echo "| \`kube-credential\` | $kube | $(python3 -c "print(f'{$kube / $token:.2f}×')") |"
fi
