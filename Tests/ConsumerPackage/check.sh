#!/usr/bin/env bash
# Builds and runs the consumer package outside this repository, depending on
# it by path, as an app would: its own SecretStore, the file store with it,
# no token in the session file or in sessions().
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cp -R "$repository/Tests/ConsumerPackage/." "$scratch/"
rm -f "$scratch/check.sh"
cd "$scratch"
SESSION_PACKAGE_PATH="$repository" swift run -q consumer
