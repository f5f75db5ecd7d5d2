#!/usr/bin/env bash
# Installs selenium, which the real-browser driver (browser.py beside this file)
# needs, into one folder, with pip --target.
#
#   install.sh DIR          e.g. install.sh .build/browser-python
#
# Then run the driver with: PYTHONPATH=DIR python3 browser.py check
#
# Idempotent: DIR gets a marker file naming the exact pinned set; when it is
# there and matches, the script does nothing and prints nothing. The first time
# it prints one line saying what it installs. It installs into DIR.partial.PID
# first and renames that to DIR at the end, so an interrupted install never
# leaves a DIR that looks complete.
#
# Every package is pinned and installed with --no-deps and wheels only, so the
# set is exactly this list (the full dependency closure, checked against Python
# 3.11 on Linux). selenium stays on 4.51.0: 4.52.0 asks for certifi>=2026.10.23,
# which PyPI does not have. Only the Python bindings come from here: the browser
# and its driver are Debian's chromium and chromium-driver, and browser.py never
# lets selenium-manager fetch anything.
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
    "selenium==4.51.0"
    "trio==0.35.0"
    "trio-websocket==0.12.2"
    "websocket-client==1.9.2"
    "urllib3==2.8.0"
    "PySocks==1.7.1"
    "certifi==2026.10.18"
    "typing_extensions==4.16.0"
    "attrs==26.1.0"
    "outcome==1.3.0.post0"
    "sniffio==1.3.1"
    "sortedcontainers==2.4.0"
    "idna==3.20"
    "wsproto==1.3.2"
    "h11==0.16.0"
)
MARKER_NAME=.browser-driver-installed
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

echo "browser driver: installing ${PACKAGES[0]} and its pinned dependencies into $DIR"

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
if ! PYTHONPATH="$STAGING" "$PYTHON" -c 'import selenium.webdriver, selenium.webdriver.chrome.service, trio, trio_websocket, websocket, urllib3, socks, certifi' >"$LOG" 2>&1; then
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
