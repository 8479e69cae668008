#!/usr/bin/env bash
# A real S3 engine on loopback: Ceph's RADOS Gateway (Debian's radosgw) on a single-node Ceph cluster
# (one monitor, one in-memory OSD, no manager) kept entirely under DIR. Needs root.
#
#   scripts/cluster/radosgw.sh start DIR PORT   # prints `export S3_...` lines for the app
#   scripts/cluster/radosgw.sh stop DIR         # stops every daemon started under DIR
#
# The settings follow Ceph's own src/vstart.sh (memstore OSD, pool size 1, chooseleaf type 0), see docs/deploy.md.
# Environment: S3_TEST_BUCKET (default "media"), RGW_MON_PORT (default PORT+1).
set -euo pipefail

usage() {
  echo "usage: $0 start DIR PORT | stop DIR" >&2
  exit 2
}

log() { echo "radosgw.sh: $*" >&2; }

install_ceph() {
  local missing=()
  for tool in ceph-mon ceph-osd radosgw radosgw-admin ceph ceph-authtool monmaptool; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing Ceph from Debian (missing: ${missing[*]})"
  local started=$SECONDS
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    ceph-mon ceph-osd radosgw ceph-common >"$LOG_DIR/apt-install.log" 2>&1 ||
    { apt-get update >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      ceph-mon ceph-osd radosgw ceph-common >"$LOG_DIR/apt-install.log" 2>&1; } ||
    { log "apt-get install failed, see $LOG_DIR/apt-install.log"; exit 1; }
  log "installed in $((SECONDS - started)) s"
}

# A random string of LENGTH characters from the set CHARS.
random_string() {
  local chars=$1 length=$2
  head -c 4096 /dev/urandom | LC_ALL=C tr -dc "$chars" | cut -c "1-$length"
}

write_config() {
  cat >"$CONF" <<EOF
[global]
fsid = $FSID
mon host = v2:127.0.0.1:$MON_PORT
public addr = 127.0.0.1
cluster addr = 127.0.0.1
ms bind msgr1 = false
ms bind ipv6 = false
auth cluster required = cephx
auth service required = cephx
auth client required = cephx
keyring = $DIR/keyring
run dir = $DIR/run
admin socket = $DIR/run/\$name.asok
pid file = $DIR/run/\$name.pid
log file = $DIR/log/\$name.log
crash dir = $DIR/crash
log to stderr = false
err to stderr = true
# One OSD holds every copy: pools of size 1, placed on OSDs (not hosts), few placement groups.
osd pool default size = 1
osd pool default min size = 1
mon allow pool size one = true
mon allow pool delete = true
osd crush chooseleaf type = 0
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon max pg per osd = 1000
mon warn on pool no redundancy = false
# No manager runs: do not wait for one, nor warn about it.
mon warn on insecure global id reclaim allowed = false
mon data avail warn = 2
mon data avail crit = 1

[mon.a]
mon data = $DIR/mon.a

[osd]
osd data = $DIR/osd.\$id
osd objectstore = memstore
memstore device bytes = 4294967296
osd op num shards = 2
osd op num threads per shard = 1
osd class load list = *
osd class default list = *

[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:$PORT
rgw data = $DIR/rgw.a
rgw thread pool size = 64
rgw enable ops log = false
rgw enable usage log = false
log file = $DIR/log/rgw.a.log
EOF
}

start() {
  local started=$SECONDS pidfile
  for pidfile in "$DIR"/run/*.pid; do
    [ -e "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null &&
      { log "$DIR already has running daemons ($pidfile); stop it first"; exit 1; }
  done
  for port in "$PORT" "$MON_PORT"; do
    port_is_free "$port" || { log "port $port on 127.0.0.1 is in use"; exit 1; }
  done
  # A fresh cluster each time: what an earlier run left under DIR goes (only the names this script makes).
  rm -rf "$DIR"/{run,log,crash,mon.a,osd.0,rgw.a,keyring,monmap,ceph.conf,s3.env}
  mkdir -p "$DIR"/{run,log,crash,mon.a,osd.0,rgw.a}
  # A start that fails stops what it had started.
  trap 'status=$?; [ $status = 0 ] || stop; exit $status' EXIT
  install_ceph
  FSID=$(cat /proc/sys/kernel/random/uuid)
  write_config

  # Keys: the monitor's, the admin's (for the ceph and radosgw-admin tools), the OSD's and the gateway's.
  ceph-authtool --create-keyring "$DIR/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  ceph-authtool "$DIR/keyring" --gen-key -n client.admin \
    --cap mon 'allow *' --cap osd 'allow *' --cap mds 'allow *' --cap mgr 'allow *' >/dev/null
  ceph-authtool "$DIR/keyring" --gen-key -n osd.0 \
    --cap mon 'allow profile osd' --cap osd 'allow *' --cap mgr 'allow profile osd' >/dev/null
  ceph-authtool "$DIR/keyring" --gen-key -n client.rgw.a \
    --cap mon 'allow rw' --cap osd 'allow rwx' --cap mgr 'allow rw' >/dev/null

  monmaptool --create --fsid "$FSID" --addv a "[v2:127.0.0.1:$MON_PORT]" "$DIR/monmap" >/dev/null
  ceph-mon -c "$CONF" -i a --mkfs --monmap "$DIR/monmap" --keyring "$DIR/keyring"
  ceph-mon -c "$CONF" -i a 2>>"$LOG_DIR/daemons.stderr"
  ceph_cli mon stat >/dev/null

  local osd_uuid
  osd_uuid=$(cat /proc/sys/kernel/random/uuid)
  ceph_cli osd new "$osd_uuid" 0 >/dev/null
  ceph-osd -c "$CONF" -i 0 --mkfs --osd-uuid "$osd_uuid" >"$LOG_DIR/osd-mkfs.log" 2>&1 ||
    { log "ceph-osd --mkfs failed, see $LOG_DIR/osd-mkfs.log"; exit 1; }
  ceph-osd -c "$CONF" -i 0 2>>"$LOG_DIR/daemons.stderr"
  wait_for "the OSD to be up" osd_is_up 60

  radosgw -c "$CONF" -n client.rgw.a 2>>"$LOG_DIR/daemons.stderr"
  wait_for "radosgw to answer on 127.0.0.1:$PORT" rgw_answers 90

  local access_key secret_key
  access_key=$(random_string 'A-Z0-9' 20)
  secret_key=$(random_string 'A-Za-z0-9' 40)
  radosgw-admin -c "$CONF" user create --uid verdeo --display-name "Verdeo" \
    --access-key "$access_key" --secret-key "$secret_key" >"$LOG_DIR/user-create.json"
  # The bucket, made through the S3 API itself with a SigV4-signed request (curl 7.88 signs the payload's
  # hash only when the header is given: the SHA-256 of an empty body).
  local status empty_sha256=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
  status=$(curl -sS -o "$LOG_DIR/create-bucket.xml" -w '%{http_code}' -X PUT -H "x-amz-content-sha256: $empty_sha256" \
    --aws-sigv4 "aws:amz:$REGION:s3" --user "$access_key:$secret_key" "$ENDPOINT/$BUCKET")
  [ "$status" = 200 ] || { log "creating bucket $BUCKET answered $status: $(cat "$LOG_DIR/create-bucket.xml")"; exit 1; }

  cat >"$DIR/s3.env" <<EOF
export S3_ENDPOINT=$ENDPOINT
export S3_BUCKET=$BUCKET
export S3_ACCESS_KEY_ID=$access_key
export S3_SECRET_ACCESS_KEY=$secret_key
export S3_REGION=$REGION
export S3_FORCE_PATH_STYLE=true
EOF
  log "radosgw answers at $ENDPOINT (bucket $BUCKET) after $((SECONDS - started)) s"
  cat "$DIR/s3.env"
}

ceph_cli() { timeout 30 ceph -c "$CONF" --connect-timeout 20 "$@"; }

osd_is_up() { [ "$(ceph_cli osd stat -f json 2>/dev/null | grep -o '"num_up_osds":[0-9]*' | cut -d: -f2)" = 1 ]; }

# The gateway itself (its request id header), not whatever else might listen on the port.
rgw_answers() { curl -sf -D - -o /dev/null "$ENDPOINT/" 2>/dev/null | grep -qi '^x-amz-request-id:'; }

port_is_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Polls CHECK every half second for up to SECONDS seconds.
wait_for() {
  local what=$1 check=$2 limit=$3 deadline=$((SECONDS + $3))
  until "$check"; do
    local pidfile
    for pidfile in "$DIR"/run/*.pid; do
      [ ! -e "$pidfile" ] || kill -0 "$(cat "$pidfile" 2>/dev/null)" 2>/dev/null ||
        { log "$(basename "$pidfile" .pid) exited while waiting for $what; logs in $DIR/log"; exit 1; }
    done
    if [ $SECONDS -ge $deadline ]; then
      log "gave up waiting ${limit} s for $what; logs in $DIR/log"
      exit 1
    fi
    sleep 0.5
  done
}

stop() {
  local pids=() pidfile pid
  for pidfile in "$DIR"/run/*.pid; do
    [ -e "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill "$pid" && pids+=("$pid")
    fi
  done
  # Daemons remove their pid file on a clean exit; whatever still runs after 15 s is killed.
  local deadline=$((SECONDS + 15))
  for pid in "${pids[@]}"; do
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && { log "pid $pid ignored SIGTERM; killing it"; kill -9 "$pid" || true; }
  done
  rm -f "$DIR"/run/*.pid
  log "stopped ${#pids[@]} daemon(s) under $DIR"
}

[ $# -ge 2 ] || usage
COMMAND=$1
DIR=$(realpath -m "$2")
CONF=$DIR/ceph.conf
LOG_DIR=$DIR/log
case "$COMMAND" in
start)
  [ $# -eq 3 ] || usage
  PORT=$3
  MON_PORT=${RGW_MON_PORT:-$((PORT + 1))}
  BUCKET=${S3_TEST_BUCKET:-media}
  REGION=us-east-1
  ENDPOINT=http://127.0.0.1:$PORT
  [ "$(id -u)" = 0 ] || { log "must run as root (installs packages, runs Ceph daemons)"; exit 1; }
  start
  ;;
stop) stop ;;
*) usage ;;
esac
