#!/usr/bin/env bash
# Start-up of the commands people run most, against their floors, in ONE
# hyperfine run (so the ratios hold on a noisy machine):
#   session-cli status, session-cli token (fresh token), both static release builds;
#   the reference: a static Swift program that imports only FoundationEssentials,
#     reads the session file and prints three lines (bench/reference/main.swift);
#   a static print("ok") (bench/reference/ok.swift); /bin/true; gh auth status.
# Then the peak memory (max RSS) of each, and the binary's size and ICU check.
# Needs Debian's hyperfine, gh and time:  apt-get install -y hyperfine gh time
# hyperfine runs each command's runs in a row, so a drift of the machine's
# speed moves whole rows: for one ratio you can trust, pair the runs (A B A B)
# with session-bench, given a logged-in session in $SESSION_CLI_STORE:
#   swift run -c release session-bench pair --rounds 100 -- \
#       .build/release/session-cli status --vs .build/bench-startup/reference "$SESSION_CLI_STORE"
# Usage: bench/startup.sh [runs]   (default 300)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-300}

for tool in hyperfine gh python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is missing (apt-get install -y hyperfine gh)" >&2; exit 1; }
done
swift build -c release --static-swift-stdlib --product session-cli >/dev/null
cli="$PWD/.build/release/session-cli"
out=.build/bench-startup
mkdir -p "$out"
swiftc -O -static-stdlib bench/reference/main.swift -o "$out/reference"
swiftc -O -static-stdlib bench/reference/ok.swift -o "$out/ok"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GH_CONFIG_DIR="$work/gh" SESSION_CLI_STORE="$work/home/session.json"
mkdir -p "$HOME" "$GH_CONFIG_DIR"
printf 'bench_token_0123456789abcdef' | "$cli" login --with-token --server https://api.example.com \
    --user bench --expires-in 3600 >/dev/null
"$cli" status >/dev/null   # exit 0: logged in
"$out/reference" "$SESSION_CLI_STORE" >/dev/null

# The floors first: the first benchmark of a run is the one a cold machine slows down.
hyperfine -N --warmup 20 --runs "$runs" --ignore-failure --export-json "$work/times.json" \
    -n '/bin/true' /bin/true -n 'print("ok")' "$out/ok" \
    -n 'reference (FoundationEssentials)' "$out/reference $SESSION_CLI_STORE" \
    -n 'session-cli status' "$cli status" -n 'session-cli token' "$cli token" \
    -n 'gh auth status' 'gh auth status' >/dev/null

python3 - "$work/times.json" "$cli" "$out" "$SESSION_CLI_STORE" <<'PY'
import json, subprocess, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
cli, out, store = sys.argv[2], sys.argv[3], sys.argv[4]
def median(name): return results[name]["median"]
def peak_rss_kib(argv):
    # GNU time waits for the command alone: its max RSS is the command's own.
    def once():
        run = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        return int(run.stderr.strip().splitlines()[-1])
    return max(once() for _ in range(20))
argv = {"session-cli status": [cli, "status"], "session-cli token": [cli, "token"],
        "reference (FoundationEssentials)": [f"{out}/reference", store], 'print("ok")': [f"{out}/ok"],
        "/bin/true": ["/bin/true"], "gh auth status": ["gh", "auth", "status"]}
reference = median("reference (FoundationEssentials)")
print("| program | median | user | sys | vs reference | gh is … slower | peak RSS |")
print("|---|---|---|---|---|---|---|")
rss = {}
for name, args in argv.items():
    r = results[name]; rss[name] = peak_rss_kib(args)
    print(f"| {name} | {r['median'] * 1e3:.2f} ms | {r['user'] * 1e3:.2f} ms | {r['system'] * 1e3:.2f} ms | "
          f"{r['median'] / reference:.2f}× | {median('gh auth status') / r['median']:.1f}× | {rss[name] / 1024:.1f} MiB |")
print()
print(f"status / reference: {median('session-cli status') / reference:.2f}× (goal ≤ 1.15×)")
print(f"gh / status: {median('gh auth status') / median('session-cli status'):.1f}× (goal ≥ 20×)")
print(f"token / status: {median('session-cli token') / median('session-cli status'):.2f}× (goal ≤ 1.10×)")
print(f"status peak RSS − reference: {(rss['session-cli status'] - rss['reference (FoundationEssentials)']) / 1024:+.2f} MiB (goal ≤ 1 MiB)")
import os
size = os.path.getsize(cli)
nm = subprocess.run(["nm", cli], capture_output=True, text=True).stdout
icu = sum(1 for line in nm.splitlines() if any(f" {p}" in line for p in ("ucal_", "udat_", "ubrk_", "ucol_", "unum_")))
print(f"session-cli: {size / 1e6:.1f} MB, ICU symbols: {icu}; reference: {os.path.getsize(out + '/reference') / 1e6:.1f} MB")
PY
