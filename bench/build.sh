# Sourced by the bench scripts: builds what they time, as the figures in
# bench/README.md were measured, and names it. From the package's root:
#   bench   session-bench (release), for `pair` and `make-store`
#   cli     session-cli, the static release build users install
swift build -c release --product session-bench >/dev/null
bench="$PWD/.build/release/session-bench"
swift build -c release --static-swift-stdlib --product session-cli >/dev/null
cli="$PWD/.build/release/session-cli"
