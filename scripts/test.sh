#!/usr/bin/env bash
# Everything `npm test` checks, in order of speed. Browser tests need Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "› migrations match the schema"
npx tsx scripts/check-migrations.ts
echo "› typecheck"
npm run --silent typecheck
echo "› lint"
npm run --silent lint
echo "› unit and integration tests"
npx vitest run
echo "› build"
npm run --silent build
echo "› system tests (the built server as a process: start-up, signals, kill -9, faults)"
npx vitest run --config tests/system/vitest.config.ts
if [ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-browser ]; then
  echo "› browser tests (Chromium)"
  npx vitest run --config tests/e2e/vitest.config.ts
else
  echo "Chromium was not found (apt-get install chromium): the browser tests were NOT run."
fi
