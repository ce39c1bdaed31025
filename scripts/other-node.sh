#!/usr/bin/env bash
# Runs the server suite (API on SQLite and PostgreSQL, contract, scripts) on another Node version:
#   bash scripts/other-node.sh 22.23.3
# The Node binary comes from the npm registry (scripts/node-dist.sh). A copy of this checkout gets its
# packages installed by that Node's own `npm ci`, as a deployment on it would (native modules for its
# ABI), so the checkout keeps its own. Needs TEST_DATABASE_URL like `npm test` does.
set -euo pipefail
version="${1:?usage: other-node.sh VERSION}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/contrail-node${version%%.*}.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "▶ Node $version"
bindir="$(bash "$root/scripts/node-dist.sh" "$version")"
export PATH="$bindir:$PATH"

echo "▶ Node $version: a copy of the checkout, its packages installed by that Node"
mkdir "$work/repo"
tar -C "$root" --exclude=./data --exclude=./test-results --exclude=./.git --exclude=./node_modules -cf - . |
  tar -C "$work/repo" -xf -
cd "$work/repo"
npm ci --no-audit --no-fund --loglevel=error --nodedir="$(dirname "$bindir")"

echo "▶ Node $version: server suite"
status=0
node node_modules/vitest/vitest.mjs run --project server --reporter=default --reporter=json --outputFile.json=report.json || status=$?
node -e '
  const r = JSON.parse(require("fs").readFileSync("report.json", "utf8"));
  console.log(`node${process.versions.node.split(".")[0]}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
  if (process.env.CI === "true" && r.numPendingTests + r.numTodoTests > 0) process.exit(1);
' || status=1
exit "$status"
