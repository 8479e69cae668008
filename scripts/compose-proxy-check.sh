#!/usr/bin/env bash
# compose.yaml's proxy and start-up order without containers, for machines that cannot pull images:
# deploy/haproxy.cfg as it is (only its resolver is this script's one-name DNS server instead of the
# container network's, and it binds loopback ports) in front of 3 web processes of the production
# build on 127.0.0.2-4:3000 (as the replicas share port 3000 on their own addresses), started as
# compose starts them (WORKERS=0, TRUST_PROXY=1, MIGRATE_AT_START=false, SHUTDOWN_DRAIN_MS=3000),
# on the embedded PostgreSQL. Checks, in order:
#   - a web process started before the one-shot step refuses: migrations are pending;
#   - the migrate service's command (cli migrate, then cli seed --if-empty) succeeds;
#   - the proxy fills a template slot per address the DNS name `web` answers, the others in maintenance;
#   - scripts/compose-smoke.mjs's cases through the proxy (home page, every replica, one session);
#   - SIGTERM to one replica under load: every request answered 200, the others take over;
#   - a fourth address in the DNS answer becomes a fourth server without touching the configuration.
# Not covered: the images, compose's own ordering, the S3 gateway (scripts/compose-smoke.sh does these).
#
#   npm run build && bash scripts/compose-proxy-check.sh      (needs Debian's haproxy and curl)
set -euo pipefail

ROOT=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
cd "$ROOT"
WORK=${CHECK_WORK:-/tmp/verdeo-compose-proxy-check}
PROXY_PORT=${CHECK_PORT:-3880}
STATS_PORT=$((PROXY_PORT + 1))
DNS_PORT=$((PROXY_PORT + 2))
NODE_BIN=$(readlink -f node_modules/node/bin/node 2>/dev/null || command -v node)
URL="http://localhost:${PROXY_PORT}"
pids=()

step() { printf '\n== %s\n' "$*"; }
fail() {
  printf '\nPROXY CHECK FAILED: %s\n' "$*" >&2
  tail -n 5 "$WORK"/*.log >&2 || true
  exit 1
}
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT
background() { # name, command…: started in the background, logged to $WORK/name.log, stopped at exit
  local name=$1
  shift
  "$@" >"$WORK/$name.log" 2>&1 &
  pids+=($!)
  eval "${name//-/_}_pid=$!"
}
slot_state() { curl -s "http://127.0.0.1:${STATS_PORT}/;csv" | awk -F, -v slot="$1" '$1=="web" && $2==slot {print $18}'; }

for tool in haproxy curl; do command -v "$tool" >/dev/null || fail "$tool is not installed (apt-get install $tool)"; done
[ -f build/server/main.js ] || fail "no production build: run npm run build"
rm -rf "$WORK" && mkdir -p "$WORK/pg" "$WORK/migrate" "$WORK/web1" "$WORK/web2" "$WORK/web3" "$WORK/web4"

step "PostgreSQL (embedded)"
cat >"$WORK/pg.ts" <<EOF
import { startEmbeddedPostgres } from "~/platform/db/embedded.server";
const database = await startEmbeddedPostgres("$WORK/pg", () => {});
console.log(database.url);
process.on("SIGTERM", () => void database.stop().then(() => process.exit(0)));
setInterval(() => {}, 1 << 30);
EOF
cp "$WORK/pg.ts" "$ROOT/.compose-proxy-check-pg.ts"
background pg node --import tsx "$ROOT/.compose-proxy-check-pg.ts"
for _ in $(seq 1 60); do grep -q '^postgres://' "$WORK/pg.log" && break; sleep 1; done
rm -f "$ROOT/.compose-proxy-check-pg.ts"
DATABASE_URL=$(grep -m1 '^postgres://' "$WORK/pg.log") || fail "the embedded PostgreSQL did not start"
# compose.yaml's demo environment (x-app-env), with this machine's addresses.
export NODE_ENV=production PUBLIC_URL=$URL DATABASE_URL SEED_DEMO=true MIGRATE_AT_START=false LOG_LEVEL=warn \
  BETTER_AUTH_SECRET=demo-stack-secret-change-me-for-a-deployment \
  PAYOUT_ENCRYPTION_KEY=ZGVtby1zdGFjay1wYXlvdXQta2V5LWNoYW5nZS1tZSE= \
  MAIL_FROM='Verdeo demo <no-reply@verdeo.example.com>' SELLER_VAT_ID=DEMO-VAT-ID \
  SELLER_BANK_NAME='Demo Bank' SELLER_IBAN='DE89 3704 0044 0532 0130 00' SELLER_BIC=DEMODEMMXXX
web() { # replica number: the web service's settings, on 127.0.0.<n+1>:3000
  DATA_DIR="$WORK/web$1" HOST="127.0.0.$(($1 + 1))" PORT=3000 WORKERS=0 TRUST_PROXY=1 SHUTDOWN_DRAIN_MS=3000 \
    background "web$1" "$NODE_BIN" build/server/main.js
}

step "A web process before the one-shot step refuses to start"
if DATA_DIR="$WORK/web4" HOST=127.0.0.5 PORT=3000 timeout 60 "$NODE_BIN" build/server/main.js >"$WORK/early.log" 2>&1; then
  fail "a web process started on an unmigrated database"
fi
grep -q "migrations are pending and MIGRATE_AT_START=false" "$WORK/early.log" || fail "no pending-migrations refusal"
grep -o "Verdeo could not start: .*" "$WORK/early.log"

step "The migrate service's command"
DATA_DIR="$WORK/migrate" sh -c "'$NODE_BIN' build/server/cli.js migrate && '$NODE_BIN' build/server/cli.js seed --if-empty" ||
  fail "the one-shot step failed"

step "3 web replicas behind deploy/haproxy.cfg"
WEB_ADDRESSES=127.0.0.2,127.0.0.3,127.0.0.4 DNS_PORT=$DNS_PORT background dns node scripts/compose-proxy/dns.mjs
for n in 1 2 3; do web "$n"; done
sed -e "s/^  parse-resolv-conf\$/  nameserver check 127.0.0.1:${DNS_PORT}/" -e "s/^  bind :8080\$/  bind 127.0.0.1:${PROXY_PORT}/" \
  -e "s/^  bind :8404\$/  bind 127.0.0.1:${STATS_PORT}/" deploy/haproxy.cfg >"$WORK/haproxy.cfg"
[ "$(diff deploy/haproxy.cfg "$WORK/haproxy.cfg" | grep -c '^>')" = 3 ] || fail "the configuration changed shape: adapt this script"
haproxy -c -q -f "$WORK/haproxy.cfg"
background haproxy haproxy -f "$WORK/haproxy.cfg"
for _ in $(seq 1 120); do
  [ "$(slot_state web1)$(slot_state web2)$(slot_state web3)" = UPUPUP ] && break
  sleep 1
done
curl -s "http://127.0.0.1:${STATS_PORT}/;csv" | awk -F, '$1=="web" && $2 ~ /^web([1-4])$/ {print "  " $2, $18, $74}'
[ "$(slot_state web1)$(slot_state web2)$(slot_state web3)" = UPUPUP ] || fail "the proxy does not have the 3 replicas up"
[ "$(slot_state web4)" = "MAINT (resolution)" ] || fail "an unused template slot is not in maintenance"

step "The core cases through the proxy (scripts/compose-smoke.mjs, no download: no worker or S3 here)"
SMOKE_URL=$URL SMOKE_REPLICAS=3 SMOKE_SKIP_DOWNLOAD=1 node scripts/compose-smoke.mjs || fail "a case failed"

step "SIGTERM to one replica under load"
# shellcheck disable=SC2154 # set by background()
SMOKE_URL=$URL DRAIN_PID=$web2_pid DRAIN_NAME=web2 node scripts/compose-proxy/drain.mjs || fail "the drain lost requests"

step "A fourth replica: one more address in the DNS answer"
web 4
kill -TERM "$dns_pid"
WEB_ADDRESSES=127.0.0.2,127.0.0.4,127.0.0.5 DNS_PORT=$DNS_PORT background dns node scripts/compose-proxy/dns.mjs
for _ in $(seq 1 60); do [ -n "$(curl -s "http://127.0.0.1:${STATS_PORT}/;csv" | awk -F, '$1=="web" && $74=="127.0.0.5:3000" && $18=="UP"')" ] && break; sleep 1; done
curl -s "http://127.0.0.1:${STATS_PORT}/;csv" | awk -F, '$1=="web" && $2 ~ /^web([1-4])$/ {print "  " $2, $18, $74}'
[ -n "$(curl -s "http://127.0.0.1:${STATS_PORT}/;csv" | awk -F, '$1=="web" && $74=="127.0.0.5:3000" && $18=="UP"')" ] ||
  fail "the new replica's address did not become a server"
echo "PROXY CHECK PASSED"
