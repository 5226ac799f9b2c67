#!/usr/bin/env bash
# The production build, as the Dockerfile makes it, from a fresh copy of this checkout:
#   npm ci → npm run build → npm prune --omit=dev → NODE_ENV=production `npm start`
# on a new, empty PostgreSQL database, until GET /readyz answers 200; then the built tenant CLI
# imports the demo shop and its home page is served. Nothing here may need a development
# dependency once pruned. Used by .ci/run; run it alone with `bash scripts/check-production-start.sh`.
#
# PG_ADMIN_URL: a PostgreSQL server where this may create and drop a database
#   (default postgres://postgres@127.0.0.1:5432/postgres).
# PROD_CHECK_DIR: where the copy goes (default .tmp/prod; emptied first, removed after success).
# PROD_CHECK_INSTALL_LOG: the log of the `npm ci` that just made this checkout's node_modules
#   from the same package-lock.json (.ci/run's first step): the copy links that tree (cp -al)
#   instead of installing a second time (npm prune then unlinks only the copy's files), and the
#   engine check reads that log.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
dir="${PROD_CHECK_DIR:-$root/.tmp/prod}"
admin_url="${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
db="servery_prod_check_$$"
server_pid=""
started=$SECONDS

step() { echo "--- $* ($((SECONDS - started)) s)"; }

cleanup() {
  local status=$?
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  psql "$admin_url" -qX -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  if [ "$status" -eq 0 ]; then rm -rf "$dir"; else echo "--- failed; the copy is kept in $dir"; fi
}
trap cleanup EXIT

step "a fresh copy of the checkout (tracked and new files, as git sees them) in $dir"
rm -rf "$dir" && mkdir -p "$dir"
git ls-files -z --cached --others --exclude-standard |
  tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$dir"
cd "$dir"

if [ -n "${PROD_CHECK_INSTALL_LOG:-}" ]; then
  step "npm ci's tree from $root, linked"
  for modules in "$root"/node_modules "$root"/apps/*/node_modules "$root"/packages/*/node_modules; do
    if [ -d "$modules" ]; then cp -al "$modules" "$dir/${modules#"$root"/}"; fi
  done
  # npm's record of the tree is written again by prune: the copy's own, not a link to the root's.
  rm -f "$dir/node_modules/.package-lock.json"
  cp "$PROD_CHECK_INSTALL_LOG" "$dir/npm-ci.log"
else
  step "npm ci"
  if ! npm ci --no-audit --no-fund >"$dir/npm-ci.log" 2>&1; then
    cat "$dir/npm-ci.log" >&2
    exit 1
  fi
fi
tail -n 1 "$dir/npm-ci.log"
# Every dependency supports the Node version the README names (package.json "overrides").
if grep -q EBADENGINE "$dir/npm-ci.log"; then
  grep -A4 EBADENGINE "$dir/npm-ci.log" >&2
  echo "npm ci warned about an unsupported engine" >&2
  exit 1
fi
step "npm run build"
npm run build --silent
step "npm prune --omit=dev"
npm prune --omit=dev --no-audit --no-fund --loglevel=error
for tool in vite esbuild tsx typescript vitest; do
  if [ -e "node_modules/$tool" ]; then
    echo "node_modules/$tool is still installed after npm prune --omit=dev" >&2
    exit 1
  fi
done

step "a new database: $db"
psql "$admin_url" -qX -v ON_ERROR_STOP=1 -c "CREATE DATABASE $db" >/dev/null
database_url="${admin_url%/*}/$db"
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

# What production requires (apps/server/src/env.ts). Nothing is sent anywhere: SMTP points at
# port 9 (discard), so the outbox just retries. No Twilio: production starts without it (a shop
# that takes SMS sign-in is refused texts with a clear message; decision 20).
export NODE_ENV=production
export DATABASE_URL="$database_url"
export PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn
export SECRET_KEY="prod-check-$(node -e 'console.log(require("crypto").randomBytes(24).toString("hex"))')"
export SMTP_URL=smtp://127.0.0.1:9 MAIL_FROM=orders@example.com DEMO_PAYMENTS=true
# Shared rate-limit counters, as in compose.yaml, when a Redis answers here.
if (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then export REDIS_URL=redis://127.0.0.1:6379; fi
unset DATA_DIR DEFAULT_TENANT SEED_DEMO TRUST_PROXY TWILIO_ACCOUNT_SID TWILIO_AUTH_TOKEN TWILIO_FROM

step "NODE_ENV=production npm start (node scripts/start.mjs) on port $port"
node scripts/start.mjs >"$dir/server.log" 2>&1 &
server_pid=$!
ready=""
for _ in $(seq 1 300); do
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ]; then
    ready=yes
    break
  fi
  sleep 0.2
done
if [ -z "$ready" ]; then
  echo "the production server did not answer GET /readyz with 200:" >&2
  cat "$dir/server.log" >&2
  exit 1
fi
step "GET /readyz answered 200"

# An empty production database has no shop: a browser gets the "Shop not found" page.
curl -s -H 'Accept: text/html' "http://127.0.0.1:$port/" | grep -q 'Shop not found'
# The built tenant CLI (what a container runs instead of `npm run tenant`) adds the demo shop.
node apps/server/dist/cli/tenant.js import apps/server/src/db/seed/demo/tenant.json
home=$(curl -s -o /dev/null -w '%{http_code}' -H 'Accept: text/html' "http://localhost:$port/")
if [ "$home" != 200 ]; then
  echo "the demo shop's home page answered $home" >&2
  cat "$dir/server.log" >&2
  exit 1
fi
step "the imported shop's home page answered 200"

kill -TERM "$server_pid"
wait "$server_pid" || {
  echo "the server did not stop cleanly on SIGTERM:" >&2
  cat "$dir/server.log" >&2
  exit 1
}
server_pid=""
step "stopped on SIGTERM; production start checked"
