#!/usr/bin/env bash
# Runs a command while the machine is busy the way CI machines are: a second
# clone of this repository building in a loop (`swift build` after
# `rm -rf .build`), and BURNERS processes spinning a core each. The command
# runs in the current folder (a fresh clone, say). Prints the
# load average every 30 s on standard error, and stops everything it started
# when the command ends (or on Ctrl-C). Its exit status is the command's.
#
#   bench/under-load.sh [--burners N] -- COMMAND [ARGUMENT...]
#
# For example, ten runs of the suite from a fresh clone beside a build loop:
#   bench/under-load.sh -- bash -c 'for i in $(seq 10); do swift test || exit 1; done'
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
burners=0
if [ "${1:-}" = "--burners" ]; then
    burners=${2:?usage: bench/under-load.sh [--burners N] -- COMMAND}
    shift 2
fi
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || { echo "usage: bench/under-load.sh [--burners N] -- COMMAND" >&2; exit 2; }

work=$(mktemp -d)
pids=()
stop() {
    for pid in "${pids[@]}"; do kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    # The build's own processes outlive their shell for a moment: wait (10 s at most) until
    # no process of each group is left, so that nothing writes into the clone as it goes.
    for pid in "${pids[@]}"; do
        for _ in $(seq 100); do kill -0 -- -"$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 -- -"$pid" 2>/dev/null || true
    done
    # A compiler the build started may still finish a file or two: remove until nothing is left.
    for _ in $(seq 50); do rm -rf "$work" 2>/dev/null && break; sleep 0.2; done
}
trap stop EXIT
trap 'exit 130' INT TERM

git clone -q "$repository" "$work/clone"
# Each in a process group of its own, so that stopping it stops its children.
setsid bash -c "cd '$work/clone' && while true; do rm -rf .build; swift build >/dev/null 2>&1; done" &
pids+=($!)
for _ in $(seq "$burners"); do
    setsid bash -c 'while :; do :; done' &
    pids+=($!)
done
setsid bash -c 'while sleep 30; do echo "under-load: load average $(cut -d" " -f1-3 /proc/loadavg)" >&2; done' &
pids+=($!)

status=0
"$@" || status=$?
echo "under-load: load average at the end $(cut -d' ' -f1-3 /proc/loadavg)" >&2
exit $status
