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
# The install itself (arguments, marker, staging folder, import check) is
# ../pinned_install.sh.
set -euo pipefail
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
# shellcheck source=../pinned_install.sh
source "$(dirname "$0")/../pinned_install.sh" "$@"
install_pinned .browser-driver-installed "browser driver: installing ${PACKAGES[0]} and its pinned dependencies" \
    'import selenium.webdriver, selenium.webdriver.chrome.service, trio, trio_websocket, websocket, urllib3, socks, certifi'
