#!/usr/bin/env bash
# Start-up of `status` and `token` against the same commands built from an
# earlier commit, paired (A B A B …) by session-bench pair on one store with
# one session, so a change's cost is read as a ratio measured in one run.
# With valgrind installed, the instructions of each too (exact on every run).
# Usage: bench/against-commit.sh COMMIT [PAIRS]   (default 300 pairs)
set -euo pipefail
cd "$(dirname "$0")/.."
revision=${1:?usage: bench/against-commit.sh COMMIT [PAIRS]}
rounds=${2:-300}

. bench/build.sh   # bench: session-bench; cli: the static release session-cli

work=$(mktemp -d)
trap 'git worktree remove --force "$work/tree" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git worktree add --detach "$work/tree" "$revision" >/dev/null 2>&1
(cd "$work/tree" && swift build -c release --static-swift-stdlib --product session-cli \
    --scratch-path "$work/build" >/dev/null)
old="$work/build/release/session-cli"
short=$(git rev-parse --short "$revision")

# One session, as the earlier build writes it, read by both.
store="$work/session.json"
printf '%s' "tok_bench_0123456789abcdef" | "$old" --store "$store" login --with-token \
    --server https://api.example.com --user alice --expires-in 86400 >/dev/null

for command in status token; do
    echo "### \`$command\`: this tree (A) against $short (B)"
    echo
    "$bench" pair --rounds "$rounds" -- "$cli" --store "$store" "$command" --vs "$old" --store "$store" "$command"
    echo
done

if command -v valgrind >/dev/null; then
    echo "| command | instructions, $short | instructions, this tree | ratio |"
    echo "|---|---|---|---|"
    for command in status token; do
        instructions() {
            valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" --store "$store" "$command" \
                2>&1 >/dev/null | sed -n 's/.*refs: *//p' | tr -d ,
        }
        before=$(instructions "$old")
        after=$(instructions "$cli")
        echo "| \`$command\` | $before | $after | $(python3 -c "print(f'{$after / $before:.3f}×')") |"
    done
fi
