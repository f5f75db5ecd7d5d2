#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets from the package's own sources
# with `swiftc -sanitize=fuzzer,address`, and runs one or all of them.
#
#   Fuzz/fuzz.sh [TARGET|all] [SECONDS]      default: all, 30 s each
#   Fuzz/fuzz.sh list                         the targets
#
# Each target starts from its seed corpus in Fuzz/Corpus/TARGET (checked in,
# never written) and keeps what it finds in .build/fuzz/corpus/TARGET. A
# crash or a broken invariant stops the run with the failing input saved as
# .build/fuzz/crash-TARGET-*, and the script exits 1. At the end it prints,
# per target, the executions, the seconds and what it found.
set -euo pipefail
cd "$(dirname "$0")/.."

which=${1:-all}
seconds=${2:-30}
build=.build/fuzz
targets=$(cd Fuzz/Targets && ls -- *.swift | sed 's/\.swift$//')
if [ "$which" = list ]; then
    echo "$targets"
    exit 0
fi
if [ "$which" != all ] && ! grep -qx "$which" <<<"$targets"; then
    echo "fuzz.sh: no target '$which'; the targets: $(echo $targets)" >&2
    exit 2
fi
case $seconds in '' | *[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number" >&2; exit 2 ;; esac

flags=(
    -swift-version 6 -package-name Session -parse-as-library -g -O
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault
    -sanitize=fuzzer,address -I "$build/modules"
    # The system's libcrypto (signing keys) and libcurl (the transport), as the
    # package's CCrypto and CCurl targets have them.
    -I Sources/CCrypto -Xcc -fmodule-map-file=Sources/CCrypto/module.modulemap
    -I Sources/CCurl -Xcc -fmodule-map-file=Sources/CCurl/module.modulemap
)
mkdir -p "$build/modules" "$build/lib" "$build/bin"

# The library's modules, in dependency order, each a static library built
# with the fuzzer's coverage and AddressSanitizer.
libraries=()
for module in SessionSupport SessionSystem SessionCore SessionHTTP SessionSystemNetwork SessionNetworking; do
    [ -d "Sources/$module" ] || continue
    echo "fuzz.sh: building $module" >&2
    find "Sources/$module" -name '*.swift' -print0 | xargs -0 swiftc "${flags[@]}" -module-name "$module" \
        -emit-module -emit-module-path "$build/modules/$module.swiftmodule" \
        -emit-library -static -o "$build/lib/lib$module.a"
    libraries=("-l$module" "${libraries[@]}")
done

run() {
    local target=$1
    echo "fuzz.sh: building $target" >&2
    if ! swiftc "${flags[@]}" -module-name "Fuzz$target" "Fuzz/Targets/$target.swift" Fuzz/Support/*.swift \
        -L "$build/lib" "${libraries[@]}" -lcrypto -lcurl -use-ld=lld -o "$build/bin/$target"; then
        echo "$target: FAILED to build"
        return 1
    fi
    mkdir -p "$build/corpus/$target"
    local log="$build/$target.log"
    local status=0
    # Leak checks are off: the Swift runtime's caches look like leaks to LeakSanitizer.
    ASAN_OPTIONS=detect_leaks=0 "$build/bin/$target" "$build/corpus/$target" "Fuzz/Corpus/$target" \
        -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$build/crash-$target-" \
        >"$log" 2>&1 || status=$?
    local runs
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    if [ "$status" -ne 0 ]; then
        echo "$target: FAILED after ${runs:-?} executions; see $log and $build/crash-$target-*"
        return 1
    fi
    echo "$target: ${runs:-?} executions in $seconds s, no crash, corpus $(ls "$build/corpus/$target" | wc -l) inputs"
}

failed=0
for target in $targets; do
    if [ "$which" = all ] || [ "$which" = "$target" ]; then
        run "$target" || failed=1
    fi
done
exit $failed
