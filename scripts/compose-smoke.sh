#!/usr/bin/env bash
# The compose stack's smoke test (`bash scripts/container-smoke.sh --stack` runs this): checks the
# proxy's configuration, pulls every image compose.yaml names, starts the stack (3 web replicas
# behind HAProxy, 2 workers, the one-shot bucket and migrate steps, PostgreSQL, the S3 gateway,
# Mailpit), then runs scripts/compose-smoke.mjs through the proxy from the host: the home page,
# every replica serving, one session on every replica, a licensed download through its presigned
# link at the S3 server's public address. It stops and removes the stack afterwards (SMOKE_KEEP=1
# leaves it running).
#
# It needs Docker Compose v2 (`docker compose`, with a running Docker Engine or podman's Docker API
# socket behind DOCKER_HOST), or another compose command in SMOKE_COMPOSE (e.g. "podman compose"
# with a compose provider that honours depends_on conditions). Where that or an image is missing it
# says exactly which, and why, and exits 2: it never reports a stack it could not start as passed.
set -euo pipefail

ROOT=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
cd "$ROOT"
PROJECT=verdeo-smoke
export PORT=${SMOKE_PORT:-3000}
export PUBLIC_URL="http://localhost:${PORT}"
export S3_PORT=${SMOKE_S3_PORT:-7070}
export S3_PUBLIC_ENDPOINT="http://localhost:${S3_PORT}"
URL=$PUBLIC_URL

step() { printf '\n== %s\n' "$*"; }
unavailable() {
  printf '\nSTACK NOT RUN: %s\n' "$*" >&2
  exit 2
}

step "The proxy's configuration (deploy/haproxy.cfg)"
if command -v haproxy >/dev/null; then
  haproxy -c -f deploy/haproxy.cfg
  echo "valid for $(haproxy -v | head -1)"
else
  echo "haproxy is not installed here: not checked (apt-get install haproxy)"
fi

step "Container runtime"
problems=()
puller=()
if [ -n "${SMOKE_COMPOSE:-}" ]; then
  read -r -a COMPOSE <<<"$SMOKE_COMPOSE"
else
  COMPOSE=()
  if ! command -v docker >/dev/null; then
    problems+=("docker is not installed")
  elif ! docker_info=$(docker info 2>&1 >/dev/null); then
    problems+=("docker has no daemon: $(grep -m1 -i 'cannot connect\|error' <<<"$docker_info" || echo "$docker_info")")
  elif ! docker compose version >/dev/null 2>&1; then
    problems+=("docker has no compose plugin: $(docker compose version 2>&1 | head -1)")
  else
    COMPOSE=(docker compose)
  fi
fi
if [ ${#COMPOSE[@]} -gt 0 ]; then
  echo "compose: ${COMPOSE[*]} ($("${COMPOSE[@]}" version 2>&1 | head -1))"
  [ "${COMPOSE[0]}" = podman ] && puller=(podman pull) || puller=(docker pull)
elif command -v podman >/dev/null; then
  # Debian's podman-compose 1.0.3 starts every container at once: it ignores depends_on conditions,
  # which the stack's one-shot steps need.
  version=$(podman-compose version 2>/dev/null | sed -n 's/^podman-composer* version *//p' | head -1)
  problems+=("no compose command that honours depends_on conditions (podman-compose ${version:-is not installed}; Debian's 1.0.3 ignores them: give SMOKE_COMPOSE)")
  puller=(podman pull)
fi
if [ ${#puller[@]} -eq 0 ] && command -v podman >/dev/null; then puller=(podman pull); fi
echo "pulls with: ${puller[*]:-nothing}"
for problem in "${problems[@]}"; do echo "missing: $problem"; done
if [ "${puller[0]:-}" = podman ] && [ -z "${CONTAINERS_CONF:-}" ]; then
  # As scripts/container-smoke.sh explains: runc, and ulimits within this machine's hard limit.
  export CONTAINERS_CONF=/tmp/verdeo-compose-smoke-containers.conf
  printf '[containers]\ndefault_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]\n[engine]\nruntime = "runc"\n' \
    >"$CONTAINERS_CONF"
fi

step "Images compose.yaml pulls"
mapfile -t images < <(sed -n 's/^ *image: *//p' compose.yaml | grep -v '^verdeo:' | sort -u)
if [ ${#puller[@]} -eq 0 ]; then
  problems+=("no docker daemon and no podman to pull ${images[*]} with")
else
  for image in "${images[@]}"; do
    # Short names are Docker Hub's, as compose reads them.
    if [[ $image != */* ]]; then
      ref="docker.io/library/$image"
    elif [[ ${image%%/*} == *.* ]]; then
      ref=$image
    else
      ref="docker.io/$image"
    fi
    if output=$(timeout 300 "${puller[@]}" "$ref" 2>&1); then
      echo "pulled  $image"
    else
      echo "FAILED  $image: $(grep -m1 -i 'error' <<<"$output" || tail -1 <<<"$output")"
      problems+=("could not pull $image")
    fi
  done
fi
[ ${#problems[@]} -eq 0 ] || unavailable "$(printf '\n  - %s' "${problems[@]}")"

step "Start the stack (project $PROJECT; the app image is built from the Dockerfile)"
logs() {
  for service in migrate bucket web worker proxy s3 postgres; do
    printf '\n-- %s (last lines)\n' "$service" >&2
    "${COMPOSE[@]}" -p "$PROJECT" logs --tail 30 "$service" >&2 2>/dev/null || true
  done
}
cleanup() { [ "${SMOKE_KEEP:-}" = 1 ] || "${COMPOSE[@]}" -p "$PROJECT" down -v --remove-orphans >/dev/null 2>&1 || true; }
fail() {
  printf '\nSTACK SMOKE FAILED: %s\n' "$*" >&2
  logs
  exit 1
}
trap cleanup EXIT
cleanup
started=$(date +%s)
"${COMPOSE[@]}" -p "$PROJECT" up -d --build || fail "compose up failed"
for attempt in $(seq 1 900); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/readyz")" = 200 ] && break
  [ "$attempt" = 900 ] && fail "nothing ready behind the proxy at $URL after 15 minutes"
  sleep 1
done
echo "ready through the proxy at $URL after $(($(date +%s) - started)) s"
"${COMPOSE[@]}" -p "$PROJECT" logs migrate | grep -q "Migrations are up to date" ||
  fail "the migrate step did not report its migrations"
"${COMPOSE[@]}" -p "$PROJECT" exec -T worker node -e \
  "fetch('http://127.0.0.1:3001/healthz').then(r=>{console.log('worker /healthz', r.status);process.exit(r.ok?0:1)},()=>process.exit(1))" ||
  fail "the worker's /healthz on port 3001 does not answer 200"

step "The core cases through the proxy (scripts/compose-smoke.mjs)"
SMOKE_URL=$URL SMOKE_S3=$S3_PUBLIC_ENDPOINT SMOKE_REPLICAS=3 node scripts/compose-smoke.mjs ||
  fail "a case failed (above)"
echo "STACK SMOKE PASSED"
