#!/bin/sh
# Records a client through `graph-explorer proxy --record FILE --upstream <serve>`, all inside
# one network namespace with only loopback (run it under `unshare -n`):
#   unshare -n sh proxy_session_record.sh GRAPH_EXPLORER SCRATCH FILE -- COMMAND...
# The upstream is a fresh `graph-explorer serve` (the emulator); the command runs as
# proxy_namespace.sh runs it (PROXY and CA set, its output in SCRATCH/client.out, the proxy's
# log in SCRATCH/proxy.log). BEFORE, when set, is a shell command run first against the
# upstream directly (UPSTREAM set to its URL), so the recording starts mid-way through the
# emulator's life and a fresh one mints other ids. Exits with the command's status.
graph_explorer=$1
scratch=$2
file=$3
shift 3
[ "$1" = "--" ] && shift
here=$(cd "$(dirname "$0")" && pwd)
. "$here/await_url.sh"
ip link set lo up || exit 90
cd "$scratch" || exit 91
"$graph_explorer" serve --port 0 --log off >serve.out 2>serve.log &
serve=$!
if ! upstream=$(await_url serve.out $serve); then
  echo "serve printed no URL" >client.out
  exit 92
fi
if [ -n "${BEFORE:-}" ]; then
  UPSTREAM=$upstream sh -c "$BEFORE" >before.out 2>&1 || exit 93
fi
sh "$here/proxy_namespace.sh" "$graph_explorer" "$scratch" --record "$file" \
  --upstream "$upstream" -- "$@"
status=$?
kill -TERM $serve
wait $serve
exit $status
