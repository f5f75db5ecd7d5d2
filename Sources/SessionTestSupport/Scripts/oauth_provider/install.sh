#!/usr/bin/env bash
# Installs the Python packages the OAuth 2.0 / OpenID Connect test provider
# (provider.py beside this file) needs into one folder, with pip --target.
#
#   install.sh DIR          e.g. install.sh .build/oauth-python
#
# Then run the provider with: PYTHONPATH=DIR python3 provider.py
#
# Idempotent: DIR gets a marker file naming the exact pinned set; when it is
# there and matches, the script does nothing and prints nothing. The first time
# it prints one line saying what it installs. It installs into DIR.partial.PID
# first and renames that to DIR at the end, so an interrupted install never
# leaves a DIR that looks complete.
#
# Every package is pinned and installed with --no-deps, so the set is exactly
# this list (the full dependency closure, checked against Python 3.11 on Linux).
# oauthlib must stay on 3.3.x: with oauthlib 4.x the device authorization
# endpoint of django-oauth-toolkit 3.4.1 answers 500.
#
# Environment: PYTHON (default python3) is the interpreter whose pip is used.
# The install itself (arguments, marker, staging folder, import check) is
# ../pinned_install.sh.
set -euo pipefail
PACKAGES=(
    "django-oauth-toolkit==3.4.1"
    "oauthlib==3.3.1"
    "Django==5.2.19"
    "asgiref==3.13.0"
    "sqlparse==0.6.1"
    "jwcrypto==1.6.1"
    "cryptography==50.0.2"
    "cffi==2.1.1"
    "pycparser==3.12"
    "typing_extensions==4.16.0"
    "requests==2.34.2"
    "urllib3==2.8.0"
    "idna==3.20"
    "charset-normalizer==3.5.2"
    "certifi==2026.10.18"
)
# shellcheck source=../pinned_install.sh
source "$(dirname "$0")/../pinned_install.sh" "$@"
install_pinned .oauth-provider-installed "oauth provider: installing ${PACKAGES[0]} ${PACKAGES[1]} ${PACKAGES[2]} and their pinned dependencies" \
    'import django, oauth2_provider, oauthlib, jwcrypto, cryptography, requests'
