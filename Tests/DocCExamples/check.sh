#!/usr/bin/env bash
# Compiles the Swift examples of the DocC catalog's articles, as a reader
# would paste them: each article's blocks in order, one program per article
# (a block may use what an earlier block of its article made), in a package
# outside this repository that depends on it by path. A block that is a
# package manifest (it starts with `// swift-tools-version`) is skipped; a
# block an article marks `<!-- example: not compiled (why) -->` on the line
# before its fence is skipped too, and the mark says why. What a fragment
# takes as given (`store`, the provider's `metadata`) an article declares in
# a comment the reader does not see, `<!-- example: given` … `-->`, placed
# before the blocks; each program starts with `import Foundation` and
# `import Session`, as the reader's file would.
#
# Usage: Tests/DocCExamples/check.sh   (exit 1 when an article's examples do not compile)
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"
catalog="$repository/Sources/Session/Session.docc"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

targets=""
for article in "$catalog"/*.md; do
    name="$(basename "$article" .md)"
    program="$(awk '
        /^<!-- example: given/ { given = 1; next }
        given && /^-->/ { given = 0; next }
        given { print; next }
        /^<!-- example: not compiled/ { skip = 1; next }
        /^```swift/ { inside = 1; first = 1; keep = !skip; skip = 0; next }
        /^```/ && inside { inside = 0; if (keep) print ""; next }
        inside {
            if (first && $0 ~ /^\/\/ swift-tools-version/) keep = 0
            first = 0
            if (keep) print
            next
        }
        { if ($0 !~ /^[[:space:]]*$/) skip = 0 }
    ' "$article")"
    [ -n "$(printf '%s' "$program" | tr -d '[:space:]')" ] || continue
    mkdir -p "$scratch/Sources/$name"
    printf 'import Foundation\nimport Session\n\n%s\n' "$program" > "$scratch/Sources/$name/main.swift"
    targets="$targets        .executableTarget(name: \"$name\", dependencies: [.product(name: \"Session\", package: \"session\")], swiftSettings: [.unsafeFlags([\"-suppress-warnings\"])]),
"
done

cat > "$scratch/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "DocCExamples",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "session", path: "$repository")],
    targets: [
$targets    ],
    swiftLanguageModes: [.v6]
)
MANIFEST

cd "$scratch"
# One article at a time, so that each article's errors are all shown.
failed=0
for name in $(ls Sources); do
    if ! swift build -q --target "$name" >"$scratch/errors.txt" 2>&1; then
        grep -E "^/.*error:" "$scratch/errors.txt" | sed "s|$scratch/Sources/||" | sort -u >&2
        failed=$((failed + 1))
    fi
done
if [ "$failed" != 0 ]; then
    echo "doc examples: the examples of $failed articles do not compile (as above)" >&2
    exit 1
fi
echo "doc examples: every article's examples compile ($(ls Sources | wc -l) articles)"
