# Sourced by browser/install.sh and oauth_provider/install.sh: installs the
# pinned PACKAGES into DIR with pip --target, once.
#
#   install_pinned MARKER_NAME "what it says it installs" 'import a, b'
#
# Sourced with the script's arguments (DIR), and after the PACKAGES array. DIR gets a marker file naming
# the exact pinned set and the Python version; when it is there and matches,
# nothing happens and nothing is printed. Otherwise it prints one line,
# installs into DIR.partial.PID, checks that the set imports, and renames the
# folder to DIR, so an interrupted install never leaves a DIR that looks
# complete. It never touches a non-empty DIR it did not make.
if [ $# -ne 1 ] || [ -z "$1" ]; then
    echo "usage: $0 DIR" >&2
    exit 2
fi
DIR=${1%/}
PYTHON=${PYTHON:-python3}

install_pinned() {
    local marker_name=$1 announcement=$2 imports=$3
    local want
    want="$("$PYTHON" -c 'import sys; print("python%d.%d" % sys.version_info[:2])') ${PACKAGES[*]}"
    installed() {
        [ -f "$1/$marker_name" ] && [ "$(cat "$1/$marker_name")" = "$want" ]
    }
    if installed "$DIR"; then
        return 0
    fi
    if [ -e "$DIR" ] && [ ! -f "$DIR/$marker_name" ] && [ -n "$(ls -A "$DIR" 2>/dev/null)" ]; then
        echo "install.sh: $DIR exists, is not empty and was not made by this script; not touching it" >&2
        exit 1
    fi

    echo "$announcement into $DIR"
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
    if ! PYTHONPATH="$STAGING" "$PYTHON" -c "$imports" >"$LOG" 2>&1; then
        echo "install.sh: the installed packages do not import:" >&2
        cat "$LOG" >&2
        exit 1
    fi
    printf '%s\n' "$want" >"$STAGING/$marker_name"

    # Another run may have finished first; then keep its copy.
    if installed "$DIR"; then
        return 0
    fi
    rm -rf "$DIR"
    mv "$STAGING" "$DIR"
}
