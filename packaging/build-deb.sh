#!/usr/bin/env bash
# Builds a Debian package of session-cli from the static release build:
#   packaging/build-deb.sh [OUTPUT-FOLDER]      (default: .build/deb)
# It holds both executables in /usr/bin (session-cli runs session-cli-api
# from its own folder), the bash, zsh and fish completion scripts and the
# manual page (English, and Japanese under man/ja), each made by the tool
# itself from its command table. Install it with
#   sudo apt-get install ./.build/deb/session-cli_<version>_<arch>.deb
# and remove it with 'sudo apt-get remove session-cli': every file it put
# in place is dpkg's, so removing it leaves nothing behind.
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-.build/deb}"
version=$(sed -n 's/.*sessionVersion = "\(.*\)"/\1/p' Sources/SessionSupport/Version.swift)
arch=$(dpkg --print-architecture)

# The same build .ci/run makes (warnings as errors), so CI builds it once.
flags=(-c release --static-swift-stdlib -Xswiftc -warnings-as-errors)
swift build "${flags[@]}" --product session-cli
swift build "${flags[@]}" --product session-cli-api
bin=$(swift build "${flags[@]}" --show-bin-path)

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/session-cli_${version}_${arch}"
install -D -m 755 "$bin/session-cli" "$root/usr/bin/session-cli"
install -D -m 755 "$bin/session-cli-api" "$root/usr/bin/session-cli-api"
tool="$root/usr/bin/session-cli"
# What the tool writes for the package is in English, and never reads a store.
export LC_ALL=C.UTF-8 HOME="$stage/home"
install -d "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/man/man1" "$root/usr/share/man/ja/man1" \
    "$root/usr/share/doc/session-cli"
"$tool" --lang en completion bash >"$root/usr/share/bash-completion/completions/session-cli"
"$tool" --lang en completion zsh >"$root/usr/share/zsh/vendor-completions/_session-cli"
"$tool" --lang en completion fish >"$root/usr/share/fish/vendor_completions.d/session-cli.fish"
"$tool" --lang en help --man | gzip -9n >"$root/usr/share/man/man1/session-cli.1.gz"
"$tool" --lang ja help --man | gzip -9n >"$root/usr/share/man/ja/man1/session-cli.1.gz"
chmod 644 "$root"/usr/share/bash-completion/completions/* "$root"/usr/share/zsh/vendor-completions/* \
    "$root"/usr/share/fish/vendor_completions.d/* "$root"/usr/share/man/man1/* "$root"/usr/share/man/ja/man1/*
cat >"$root/usr/share/doc/session-cli/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: session-cli
Comment: Built from the Session Swift package's own sources, with the Swift
 standard library linked statically; it links no other Swift package.
COPYRIGHT
chmod 644 "$root/usr/share/doc/session-cli/copyright"

# The libraries the executables load, as Debian packages, from the files themselves.
mkdir -p "$stage/debian"
printf 'Source: session-cli\n\nPackage: session-cli\nArchitecture: any\n' >"$stage/debian/control"
depends=$(cd "$stage" && dpkg-shlibdeps -O -e"$root/usr/bin/session-cli" -e"$root/usr/bin/session-cli-api" \
    2>/dev/null | sed -n 's/^shlibs:Depends=//p')
size=$(du -sk "$root/usr" | cut -f1)
install -d "$root/DEBIAN"
cat >"$root/DEBIAN/control" <<CONTROL
Package: session-cli
Version: $version
Architecture: $arch
Maintainer: Session maintainers <maintainers@session.invalid>
Installed-Size: $size
Depends: $depends
Section: utils
Priority: optional
Homepage: https://example.com/your-org/session
Description: keep login sessions and sign requests with them
 session-cli keeps login sessions (a server and an account each, one the
 default) in one file that is safe across processes and crashes, with the
 tokens in the file or the system keyring. It signs in at OAuth 2.0 and
 OpenID Connect providers, refreshes tokens once across processes, revokes
 them at logout, and hands the session to git and kubectl.
CONTROL

mkdir -p "$output"
dpkg-deb --root-owner-group -Zxz --build "$root" "$output/session-cli_${version}_${arch}.deb" >/dev/null
echo "$output/session-cli_${version}_${arch}.deb"
