#!/usr/bin/env bash
# Times `session-cli status` and `session-cli token` (release, static stdlib,
# logged in with a fresh token, file store) against /bin/true and
# `gh auth status` in the same hyperfine run, and reports
# the peak memory (max RSS) of each. Needs Debian's hyperfine and gh:
#   apt-get install -y hyperfine gh libcurl4-openssl-dev
# Usage: bench/cli-status.sh [runs]   (default 300)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-300}

for tool in hyperfine gh python3; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is missing (apt-get install -y hyperfine gh)" >&2; exit 1; }
done
swift build -c release --static-swift-stdlib --product session-cli >/dev/null
cli="$PWD/.build/release/session-cli"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GH_CONFIG_DIR="$work/gh" SESSION_CLI_STORE="$work/home/session.json"
mkdir -p "$HOME" "$GH_CONFIG_DIR"
printf 'bench_token_0123456789abcdef' | "$cli" login --with-token --server https://api.example.com \
    --user bench --expires-in 3600 >/dev/null
"$cli" status >/dev/null   # exit 0: logged in

hyperfine -N --warmup 20 --runs "$runs" --ignore-failure --export-json "$work/times.json" \
    -n true /bin/true -n 'session-cli status' "$cli status" -n 'session-cli token' "$cli token" \
    -n 'gh auth status' 'gh auth status' >/dev/null

# Peak memory: the largest max RSS over 20 runs of each command.
python3 - "$work/times.json" "$cli" <<'PY'
import json, resource, subprocess, sys
times = {r["command"]: sorted(r["times"]) for r in json.load(open(sys.argv[1]))["results"]}
def median(name): t = times[name]; return t[len(t) // 2]
def peak_rss_kib(argv):
    # A fresh Python per run, so RUSAGE_CHILDREN holds this one command alone.
    probe = "import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    return max(int(subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True).stdout) for _ in range(20))
rss = {"session-cli status": peak_rss_kib([sys.argv[2], "status"]), "gh auth status": peak_rss_kib(["gh", "auth", "status"])}
print("| command | median | vs /bin/true | gh auth status / this | peak RSS |")
print("|---|---|---|---|---|")
for name in ["true", "session-cli status", "session-cli token", "gh auth status"]:
    m = median(name)
    mem = f"{rss[name] / 1024:.1f} MiB" if name in rss else "—"
    print(f"| {name} | {m * 1e3:.2f} ms | {m / median('true'):.1f}× | {median('gh auth status') / m:.1f}× | {mem} |")
print(f"token / status: {median('session-cli token') / median('session-cli status'):.2f}×")
PY
