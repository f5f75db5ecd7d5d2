#!/usr/bin/env bash
# Installs the Python packages the machine identity test server (server.py
# beside this file) needs into one folder, with pip --target.
#
#   install.sh DIR          e.g. install.sh .build/machine-python
#
# Then run the server with: PYTHONPATH=DIR python3 server.py
#
# Idempotent: DIR gets a marker file naming the exact pinned set; when it is
# there and matches, the script does nothing and prints nothing. The first time
# it prints one line saying what it installs. It installs into DIR.partial.PID
# first and renames that to DIR at the end, so an interrupted install never
# leaves a DIR that looks complete.
#
# Every package is pinned and installed with --no-deps, so the set is exactly
# this list (the full dependency closure, checked against Python 3.11 on Linux):
# authlib 1.9.10 requires cryptography>=45.0.1 and joserfc>=1.6.8; joserfc
# requires cryptography; cryptography requires cffi>=2.0.0, and cffi pycparser.
# (On Python 3.10 cryptography would also need typing_extensions; not pinned.)
#
# Environment: PYTHON (default python3) is the interpreter whose pip is used.
# The install itself (arguments, marker, staging folder, import check) is
# ../pinned_install.sh.
set -euo pipefail
PACKAGES=(
    "authlib==1.9.10"
    "joserfc==1.8.0"
    "cryptography==50.0.2"
    "cffi==2.1.1"
    "pycparser==3.12"
)
# shellcheck source=../pinned_install.sh
source "$(dirname "$0")/../pinned_install.sh" "$@"
install_pinned .machine-identity-installed "machine identity server: installing ${PACKAGES[0]} and its pinned dependencies" \
    'import authlib, joserfc, cryptography'
