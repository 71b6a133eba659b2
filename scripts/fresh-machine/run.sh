#!/usr/bin/env bash
# Proves the README's two commands on a fresh Debian machine: a debootstrapped bookworm root with
# only the stated prerequisites (Node ≥ 20.19 with npm, Python ≥ 3.10, git), an empty HOME, and a
# fresh clone of the project. Needs root, debootstrap, unshare and chroot on the host. Never run by
# `npm test` (it installs Debian packages inside the root and takes about half an hour).
#
#   scripts/fresh-machine/run.sh base          build the pristine root once ($FRESH_BASE)
#   scripts/fresh-machine/run.sh test          fresh copy of the root + clone, then `npm ci && npm test`
#   scripts/fresh-machine/run.sh app           fresh copy + clone, `npm ci && npm run model:e5`,
#                                              then `npm run web` and a request for the page
#   scripts/fresh-machine/run.sh web           only the `npm run web` check, in the last app root
#   scripts/fresh-machine/run.sh retest        `npm test` again in the last test root, as it was left
#                                              (for finding the next failure fast; not a proof)
#   scripts/fresh-machine/run.sh shell         a shell in the current run root (for looking around)
#
# FRESH_DIR (default /work/fresh-root) holds base/ (pristine) and run-test/, run-app/ (the roots of
# the last runs; `shell` enters run-${FRESH_RUN:-test});
# FRESH_REPO (default: this repository) and FRESH_REF (default: its checked-out branch) say what is
# cloned; FRESH_SHARED (default: ../shared beside this repository) is bind-mounted read-only as
# ../shared beside the clone, where the tests read the corpora. Logs go to $FRESH_DIR/logs.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo_default="$(cd "$here/../.." && pwd)"
FRESH_DIR="${FRESH_DIR:-/work/fresh-root}"
FRESH_BASE="$FRESH_DIR/base"
mode="${1:-}"
case "$mode" in test | app) FRESH_ROOT="$FRESH_DIR/run-$mode" ;; web) FRESH_ROOT="$FRESH_DIR/run-app" ;; *) FRESH_ROOT="$FRESH_DIR/run-${FRESH_RUN:-test}" ;; esac
FRESH_REPO="${FRESH_REPO:-$repo_default}"
FRESH_REF="${FRESH_REF:-$(git -C "$FRESH_REPO" rev-parse --abbrev-ref HEAD)}"
FRESH_SHARED="${FRESH_SHARED:-$(cd "$FRESH_REPO/.." && pwd)/shared}"
MIRROR="${FRESH_MIRROR:-http://deb.debian.org/debian}"
LOGS="$FRESH_DIR/logs"
PROJECT=/work/main-fresh

[ "$(id -u)" = 0 ] || { echo "run.sh needs root (debootstrap, chroot, mounts)" >&2; exit 1; }
mkdir -p "$LOGS"

# The root a fresh Debian machine starts from: debootstrap's default variant (required + important
# priority) plus git and ca-certificates (to clone and to reach the registries over TLS) and python3
# (README: Python ≥ 3.10). Nothing the tests need beyond that: no python3-venv, Chromium,
# LibreOffice, poppler, Tesseract, JDK or Maven; those are what `npm test` must install itself.
build_base() {
  if [ -x "$FRESH_BASE/usr/bin/node" ]; then
    echo "base root exists: $FRESH_BASE"
    return
  fi
  command -v debootstrap >/dev/null || { echo "apt-get install -y debootstrap" >&2; exit 1; }
  [ -d "$FRESH_BASE/etc" ] || debootstrap --include=git,ca-certificates,python3 bookworm "$FRESH_BASE" "$MIRROR"
  # Node ≥ 20.19 with npm is the README's prerequisite and bookworm's own nodejs is 18, so the host's
  # Node install is copied in as it is (the nodejs package's files and the npm it runs).
  local files
  files="$(dpkg -L nodejs | while read -r f; do [ -f "$f" ] || [ -L "$f" ] && echo "$f"; done)"
  # shellcheck disable=SC2086
  tar -C / -cf - $files usr/lib/node_modules/npm usr/bin/npm usr/bin/npx 2>/dev/null | tar -C "$FRESH_BASE" -xf -
  # What every machine of this workplace is given: its CA certificates (TLS to the registries goes
  # through them), the npm global config naming them, apt's snapshot settings and the resolver.
  if [ -d /usr/local/share/ca-certificates ]; then
    cp -a /usr/local/share/ca-certificates/. "$FRESH_BASE/usr/local/share/ca-certificates/"
    chroot "$FRESH_BASE" update-ca-certificates >/dev/null
  fi
  [ -f /usr/etc/npmrc ] && install -D -m 644 /usr/etc/npmrc "$FRESH_BASE/usr/etc/npmrc"
  for f in /etc/apt/apt.conf.d/99artifact-registry; do [ -f "$f" ] && cp "$f" "$FRESH_BASE$f"; done
  cp /etc/resolv.conf "$FRESH_BASE/etc/resolv.conf"
  chroot "$FRESH_BASE" node --version
  chroot "$FRESH_BASE" npm --version
}

# Processes still running inside the run root (servers the tests or the app left) are ended by pid.
stop_root_processes() {
  local pid
  for pid in $(ls /proc | grep -E '^[0-9]+$'); do
    if [ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$FRESH_ROOT" ]; then kill "$pid" 2>/dev/null || true; fi
  done
}

fresh_run_root() {
  stop_root_processes
  rm -rf "$FRESH_ROOT"
  cp -a "$FRESH_BASE" "$FRESH_ROOT"
  mkdir -p "$FRESH_ROOT/work/shared"
  git clone -q --branch "$FRESH_REF" "$FRESH_REPO" "$FRESH_ROOT$PROJECT"
  echo "cloned $FRESH_REPO $FRESH_REF at $(git -C "$FRESH_ROOT$PROJECT" rev-parse --short HEAD)"
}

# Runs a command as root inside the run root with an empty HOME, in a private mount namespace so the
# bind mounts vanish with it. The environment is the machine's: PATH, locale, and the CA variables.
in_root() {
  local script="$1"
  unshare -m --propagation private bash -euo pipefail -c '
    root="$1"; shared="$2"; shift 2
    mount -t proc proc "$root/proc"
    mount --rbind /sys "$root/sys"
    mount --rbind /dev "$root/dev"
    mount --bind "$shared" "$root/work/shared"
    mount -o remount,bind,ro "$root/work/shared"
    exec chroot "$root" /usr/bin/env -i HOME=/root USER=root LOGNAME=root SHELL=/bin/bash TERM=dumb \
      PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
      NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt PIP_CERT=/etc/ssl/certs/ca-certificates.crt \
      bash -c "$@"
  ' _ "$FRESH_ROOT" "$FRESH_SHARED" "$script"
}

timed() {
  local name="$1" script="$2" start rc
  start=$(date +%s)
  set +e
  in_root "$script" 2>&1 | tee "$LOGS/$name.log"
  rc=${PIPESTATUS[0]}
  set -e
  echo "== $name: exit $rc after $(($(date +%s) - start)) s (log: $LOGS/$name.log)" | tee -a "$LOGS/$name.log"
  return "$rc"
}

case "$mode" in
  base) build_base ;;
  test)
    build_base
    fresh_run_root
    timed test "cd $PROJECT && ls -A \$HOME && npm ci && npm test"
    ;;
  app | web)
    if [ "$mode" = app ]; then
      build_base
      fresh_run_root
      timed app-setup "cd $PROJECT && npm ci && npm run model:e5"
    fi
    # `npm run web` prints its address; the page is then fetched from the host (same network).
    ( in_root "cd $PROJECT && npm run web" >"$LOGS/app-web.log" 2>&1 & )
    url=""
    for _ in $(seq 1 180); do
      url="$(grep -oE 'http://127\.0\.0\.1:[0-9]+/?' "$LOGS/app-web.log" | head -1 || true)"
      [ -n "$url" ] && break
      sleep 2
    done
    if [ -z "$url" ]; then
      echo "npm run web printed no address (log: $LOGS/app-web.log)" >&2
      stop_root_processes
      exit 1
    fi
    sleep 2
    page="$(curl -sS --max-time 20 "$url")"
    echo "$page" >"$LOGS/app-page.html"
    # The page and the script bundle it loads, as a browser would ask for them.
    script="$(grep -oE 'src="[^"]+\.js"' "$LOGS/app-page.html" | head -1 | sed -E 's/src="\.?\/?//; s/"$//')"
    bundle=0
    [ -n "$script" ] && bundle="$(curl -sS --max-time 20 -o /dev/null -w '%{http_code} %{size_download}' "${url%/}/$script")"
    # One typed API call with the page's token, as the UI's first call: the app's status.
    token="$(grep -oE 'name="sciaga-token" content="[^"]+"' "$LOGS/app-page.html" | sed -E 's/.*content="//; s/"$//')"
    status="$(curl -sS --max-time 120 -o "$LOGS/app-status.json" -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
      -H "X-Sciaga-Token: $token" --data '{}' "${url%/}/api/invoke/app:status" || true)"
    echo "app:status → HTTP $status: $(head -c 600 "$LOGS/app-status.json")"
    # Then what a user does first: add a sample decision (as the browser uploads it) and ask about it,
    # which needs the Chroma server and the e5 folder that `npm run model:e5` prepared.
    api() { curl -sS --max-time 300 -X POST -H 'Content-Type: application/json' -H "X-Sciaga-Token: $token" --data @- "${url%/}/api/invoke/$1"; }
    sample="$FRESH_ROOT$PROJECT/resources/sample/decyzje/2026-01-12-01-program-do-faktur.md"
    printf '{"files":[{"kind":"upload","name":"%s","dataBase64":"%s"}]}' "$(basename "$sample")" "$(base64 -w0 "$sample")" |
      api ingest:run >"$LOGS/app-ingest.json" || true
    echo '{"question":"w jakim programie wystawiamy faktury?"}' | api ask >"$LOGS/app-ask.json" || true
    stop_root_processes
    echo "ingest:run → $(head -c 300 "$LOGS/app-ingest.json")"
    echo "ask → $(head -c 400 "$LOGS/app-ask.json")"
    if grep -q '<div id="root"' <<<"$page" && grep -q '<title>Ściąga</title>' <<<"$page" && [[ "$bundle" == 200\ * ]] && [ "$status" = 200 ] &&
      grep -q '"ok":true' "$LOGS/app-ask.json" && grep -q 'inFakt' "$LOGS/app-ask.json" && grep -q '"degraded":false' "$LOGS/app-ask.json"; then
      echo "== app: $url served the UI page ($(wc -c <"$LOGS/app-page.html") bytes), its bundle $script (HTTP $bundle bytes), app:status, and answered a question about an uploaded decision with hybrid retrieval not degraded (e5 + Chroma)"
    else
      echo "== app: $url did not serve the UI page (see $LOGS/app-page.html)" >&2
      exit 1
    fi
    ;;
  retest) timed retest "cd $PROJECT && npm test" ;;
  shell) in_root "cd $PROJECT 2>/dev/null; exec bash -i" ;;
  *)
    sed -n '2,16p' "$0"
    exit 2
    ;;
esac
