#!/usr/bin/env bash
# `npm run lockfile`: bring package-lock.json up to date after package.json changed (or after a merge
# of two lockfiles), for every platform, then prove that `npm install` leaves it byte for byte as it is.
# Locked versions of everything package.json did not change are kept; `npm update NAME` moves one.
set -euo pipefail
cd "$(dirname "$0")/.."

# npm 10.3 to 11.2 dropped other platforms' optional packages from the lockfile on every install.
npm_version=$(npm --version)
if ! node -e 'const [a, b] = process.argv[1].split(".").map(Number); process.exit(a > 11 || (a === 11 && b >= 3) ? 0 : 1)' "$npm_version"; then
  echo "npm $npm_version would drop other platforms' packages from the lockfile: use npm 11.3 or newer." >&2
  exit 1
fi

# 1. Resolve package.json into the lockfile. npm (11.3+) locks every optional dependency whatever the
#    platform, so macOS's and Linux arm64's native packages are written beside this machine's.
npm install --package-lock-only --no-audit --no-fund
# 2. Check what npm does not: every platform's packages are locked, every peer is met.
node scripts/lockfile-check.mjs
# 3. Install from it, and fail if that install changes the lockfile.
locked=$(mktemp)
trap 'rm -f "$locked"' EXIT
cp package-lock.json "$locked"
npm install --no-audit --no-fund
if ! cmp -s package-lock.json "$locked"; then
  diff -u "$locked" package-lock.json | head -40 >&2 || true
  echo "npm install changed package-lock.json after it was generated: see the diff above." >&2
  exit 1
fi
echo "package-lock.json is up to date: npm install leaves it unchanged."
