#!/usr/bin/env bash
# Installs the Python packages the idpyoidc token exchange test server
# (server.py beside this file) needs into one folder, with pip --target.
#
#   install.sh DIR          e.g. install.sh .build/idpy-exchange-python
#
# Then run the server with: PYTHONPATH=DIR python3 server.py
#
# Idempotent: DIR gets a marker file (.idpy-exchange-installed) naming the exact
# pinned set; when it is there and matches, the script does nothing and prints
# nothing. The first time it prints one line saying what it installs. It
# installs into DIR.partial.PID first and renames that to DIR at the end, so an
# interrupted install never leaves a DIR that looks complete.
#
# Every package is pinned and installed with --no-deps and --only-binary=:all:,
# so the set is exactly this list: the full dependency closure of idpyoidc 5.0.0,
# checked against Python 3.11 on Linux (typing-extensions is there for
# pyOpenSSL, which wants it below Python 3.13). server.py works around bugs of
# idpyoidc 5.0.0 exactly (see its docstring): do not move idpyoidc without
# checking those again.
#
# Environment: PYTHON (default python3) is the interpreter whose pip is used.
# The install itself (arguments, marker, staging folder, import check) is
# ../pinned_install.sh.
set -euo pipefail
PACKAGES=(
    "idpyoidc==5.0.0"
    "cryptojwt==1.11.0"
    "cryptography==50.0.2"
    "pyOpenSSL==26.4.0"
    "cffi==2.1.1"
    "pycparser==3.12"
    "requests==2.34.2"
    "urllib3==2.8.0"
    "idna==3.20"
    "charset_normalizer==3.5.3"
    "certifi==2026.10.19.post1"
    "responses==0.26.3"
    "jinja2==3.1.6"
    "MarkupSafe==3.0.4"
    "pyyaml==6.0.4"
    "filelock==4.3.1"
    "typing-extensions==4.16.0"
)
# shellcheck source=../pinned_install.sh
source "$(dirname "$0")/../pinned_install.sh" "$@"
install_pinned .idpy-exchange-installed "idpy exchange server: installing ${PACKAGES[0]} ${PACKAGES[1]} and their pinned dependencies" \
    'import idpyoidc, cryptojwt, cryptography'
