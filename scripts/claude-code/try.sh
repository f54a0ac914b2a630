#!/bin/bash
# Tries the README's Claude Code configuration against a real Hangar, offline: run it as
#   CLAUDE=/path/to/claude unshare -n scripts/claude-code/try.sh
# (root; `unshare -n` leaves only a loopback interface, so neither Hangar nor Claude Code can reach
# anything else). Needs PostgreSQL on its Unix socket (PGHOST, default /var/run/postgresql).
# Claude Code's model is scripts/claude-code/model.mjs, which asks it to call the Hangar tool "Echo".
set -eu
: "${CLAUDE:?set CLAUDE to the claude binary}"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$WORK"' EXIT
ip link set lo up
export HOME=$WORK DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1
PGHOST=${PGHOST:-/var/run/postgresql}
DB=hangar_claude_code_$$
psql -h "$PGHOST" -U postgres -qc "CREATE DATABASE $DB" >/dev/null
export DATABASE_URL="postgres://postgres@localhost/$DB?host=$PGHOST" HANGAR_ENCRYPTION_KEY=$(openssl rand -base64 32) HANGAR_ALLOW_PRIVATE_ADDRESSES=true PORT=8080
BASE=http://localhost:8080
cd "$ROOT"
node bin/hangar.js start > "$WORK/hangar.log" 2>&1 &
node scripts/claude-code/model.mjs 9099 &
for _ in $(seq 1 60); do curl -sf $BASE/health/ready >/dev/null && break; sleep 0.5; done
field() { node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s)[process.argv[1]]))' "$1"; }
BOOT=$(node bin/hangar.js bootstrap --org Acme --email admin@acme.example)
KEY=$(echo "$BOOT" | field api_key)
ORG=$(echo "$BOOT" | field organization_id)
PROJECT=$(curl -s $BASE/latest/projects/create -H "Authorization: Bearer :$KEY" -H 'Content-Type: application/json' -d "{\"name\":\"Support\",\"organization_id\":\"$ORG\"}" | field project_id)
curl -sf $BASE/latest/studios/create -H "Authorization: Bearer $PROJECT:$KEY" -H 'Content-Type: application/json' -d '{"title":"Echo","description":"Echoes q.","params_schema":{"type":"object","required":["q"],"properties":{"q":{"type":"string"}}},"transformations":{"steps":[{"name":"echo","transformation":"api_call","params":{"url":"http://127.0.0.1:9099/echo?q={{params.q}}"}}],"output":{"echoed":"{{steps.echo.output.response_body.echoed}}"}}}' >/dev/null
hide() { sed "s/$KEY/<key>/g"; }
cd "$WORK"
echo '$ claude mcp add --transport http hangar "$BASE/latest/mcp" --header "Authorization: Bearer $PROJECT:$KEY"'
"$CLAUDE" mcp add --transport http hangar "$BASE/latest/mcp" --header "Authorization: Bearer $PROJECT:$KEY" 2>&1 | hide
echo '$ claude mcp list'
timeout 60 "$CLAUDE" mcp list 2>&1 | hide
echo '$ claude -p "Echo from-claude-code with Hangar" --allowedTools "mcp__hangar__*"'
ANTHROPIC_BASE_URL=http://127.0.0.1:9099 ANTHROPIC_API_KEY=sk-ant-local timeout 120 "$CLAUDE" -p "Echo from-claude-code with Hangar" --allowedTools 'mcp__hangar__*' 2>&1 | hide
echo '$ claude mcp add --transport http hangar-oauth "$BASE/latest/mcp"   (no key: the OAuth form)'
"$CLAUDE" mcp add --transport http hangar-oauth "$BASE/latest/mcp" >/dev/null 2>&1
timeout 60 "$CLAUDE" mcp list 2>&1 | grep hangar-oauth
psql -h "$PGHOST" -U postgres -qc "DROP DATABASE $DB WITH (FORCE)" >/dev/null 2>&1 &
