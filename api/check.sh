#!/usr/bin/env bash
# The public API of the Session product against the release named in
# api/baseline, two ways, each failing on a break that api/allowed-breaks.txt
# does not list (and CHANGELOG.md names):
#   1. Swift's `diagnose-api-breaking-changes` against the baseline commit:
#      removals, renames and changed signatures (it builds the baseline in
#      .build/…/apidiff);
#   2. the public symbols of SYMBOL_GRAPH (Session's, at access level public)
#      against api/public-symbols.txt: a symbol gone, including one made
#      `package` or internal, which the digester does not report.
# A symbol added is printed, not refused. After a release, or an allowed
# break: api/check.sh --write SYMBOL_GRAPH rewrites api/public-symbols.txt.
#
# Usage: api/check.sh SYMBOL_GRAPH | api/check.sh --write SYMBOL_GRAPH
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = --write ]; then
    api/public-symbols.py "$2" > api/public-symbols.txt
    echo "api: wrote $(wc -l < api/public-symbols.txt) public symbols to api/public-symbols.txt"
    exit 0
fi
graph="$1"
allowed="api/allowed-breaks.txt"
baseline="$(grep -E '^[0-9a-f]{40}$' api/baseline | head -n 1)"
[ -n "$baseline" ] || { echo "api: api/baseline names no commit" >&2; exit 1; }

# 1. The digester, with the allowed breaks (its own words, one per line).
allowlist="$(mktemp)"
trap 'rm -f "$allowlist"' EXIT
grep -v '^#' "$allowed" | sed '/^$/d' > "$allowlist" || true
swift package diagnose-api-breaking-changes "$baseline" --products Session \
    --breakage-allowlist-path "$allowlist"

# 2. The public symbols, against the list kept with the release.
current="$(mktemp)"
trap 'rm -f "$allowlist" "$current"' EXIT
api/public-symbols.py "$graph" > "$current"
gone="$(comm -23 api/public-symbols.txt "$current" | grep -vxF -f "$allowlist" || true)"
added="$(comm -13 api/public-symbols.txt "$current" || true)"
if [ -n "$added" ]; then
    echo "api: public symbols added since the release (fine; list them with --write at the next release):"
    echo "$added" | sed 's/^/  + /'
fi
if [ -n "$gone" ]; then
    echo "api: public symbols gone since the release, not in $allowed:" >&2
    echo "$gone" | sed 's/^/  - /' >&2
    exit 1
fi
echo "api: no public symbol of the release is gone"
