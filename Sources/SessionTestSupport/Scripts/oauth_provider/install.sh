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
set -euo pipefail

if [ $# -ne 1 ] || [ -z "$1" ]; then
    echo "usage: $0 DIR" >&2
    exit 2
fi
DIR=${1%/}
PYTHON=${PYTHON:-python3}

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
MARKER_NAME=.oauth-provider-installed
WANT="$("$PYTHON" -c 'import sys; print("python%d.%d" % sys.version_info[:2])') ${PACKAGES[*]}"

installed() {
    [ -f "$1/$MARKER_NAME" ] && [ "$(cat "$1/$MARKER_NAME")" = "$WANT" ]
}

if installed "$DIR"; then
    exit 0
fi

# Never clobber a folder this script did not make.
if [ -e "$DIR" ] && [ ! -f "$DIR/$MARKER_NAME" ] && [ -n "$(ls -A "$DIR" 2>/dev/null)" ]; then
    echo "install.sh: $DIR exists, is not empty and was not made by this script; not touching it" >&2
    exit 1
fi

echo "oauth provider: installing ${PACKAGES[0]} ${PACKAGES[1]} ${PACKAGES[2]} and their pinned dependencies into $DIR"

STAGING="$DIR.partial.$$"
LOG="$DIR.install-log.$$"
trap 'rm -rf "$STAGING" "$LOG"' EXIT
mkdir -p "$(dirname "$DIR")"
rm -rf "$STAGING"

if ! "$PYTHON" -m pip install --quiet --disable-pip-version-check --no-input \
        --no-warn-script-location \
        --only-binary=:all: --no-deps --target "$STAGING" "${PACKAGES[@]}" >"$LOG" 2>&1; then
    echo "install.sh: pip failed; its output:" >&2
    cat "$LOG" >&2
    exit 1
fi

# Check that the set imports before declaring it installed.
if ! PYTHONPATH="$STAGING" "$PYTHON" -c 'import django, oauth2_provider, oauthlib, jwcrypto, cryptography, requests' >"$LOG" 2>&1; then
    echo "install.sh: the installed packages do not import:" >&2
    cat "$LOG" >&2
    exit 1
fi
printf '%s\n' "$WANT" >"$STAGING/$MARKER_NAME"

# Another run may have finished first; then keep its copy.
if installed "$DIR"; then
    exit 0
fi
rm -rf "$DIR"
mv "$STAGING" "$DIR"
