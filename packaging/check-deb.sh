#!/usr/bin/env bash
# Checks the Debian package as a person would use it, on this machine (as root):
# install it with apt-get, run session-cli, read its manual page, complete a
# word in a new bash, then remove it and check that none of its files is left.
#   packaging/check-deb.sh PACKAGE.deb
set -euo pipefail
deb=$(realpath "$1")
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
fail() { echo "check-deb: $*" >&2; exit 1; }

DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >/dev/null
files=$(dpkg -L session-cli)

status=0
out=$(HOME="$home" LC_ALL=C.UTF-8 session-cli status) || status=$?
[ "$status" -eq 1 ] && [ "${out%%$'\n'*}" = "Not logged in" ] || fail "session-cli status: $status: $out"
MANWIDTH=80 LC_ALL=C.UTF-8 man session-cli 2>/dev/null | grep -q "session-cli - keep login sessions" \
    || fail "man session-cli does not show the page"
MANWIDTH=80 LC_ALL=C.UTF-8 man -l /usr/share/man/ja/man1/session-cli.1.gz 2>/dev/null | grep -q "ログインセッション" \
    || fail "the Japanese manual page does not show"
# A new bash loads the script on demand through bash-completion, as a login shell does.
words=$(HOME="$home" bash --norc -c '
    source /usr/share/bash-completion/bash_completion
    _completion_loader session-cli
    COMP_LINE="session-cli lo"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(session-cli lo); COMP_CWORD=1
    _session_cli; echo "${COMPREPLY[*]}"')
[ "$words" = "login logout" ] || fail "bash completes 'session-cli lo' as '$words'"

DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq session-cli >/dev/null
for file in $files; do
    [ -f "$file" ] || [ -L "$file" ] && fail "apt-get remove left $file behind"
done
if dpkg-query -W session-cli >/dev/null 2>&1; then fail "dpkg still knows session-cli"; fi
echo "check-deb: installed, used and removed $(basename "$deb") with nothing left behind"
