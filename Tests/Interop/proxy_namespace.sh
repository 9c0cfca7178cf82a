#!/bin/sh
# Runs `graph-explorer proxy` and a client command in a network namespace of their own with
# only loopback up (run it under `unshare -n`), so nothing either does can leave the machine:
#   unshare -n sh proxy_namespace.sh GRAPH_EXPLORER SCRATCH [PROXY OPTIONS...] -- COMMAND...
# The command runs in SCRATCH with PROXY (the proxy's URL) and CA (its certificate) set; its
# output goes to SCRATCH/client.out, the proxy's log to SCRATCH/proxy.log, and the proxy is
# stopped with SIGTERM afterwards ("proxy exit N" ends the log). Exits with the command's status.
graph_explorer=$1
scratch=$2
shift 2
proxy_args=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  proxy_args="$proxy_args '$1'"
  shift
done
shift
. "$(cd "$(dirname "$0")" && pwd)/await_url.sh"
ip link set lo up || exit 90
cd "$scratch" || exit 91
rm -f proxy.out
eval "exec \"$graph_explorer\" proxy --port 0 --ca-dir \"$scratch/ca\" $proxy_args" >proxy.out 2>proxy.log &
pid=$!
if ! PROXY=$(await_url proxy.out $pid); then
  echo "the proxy printed no URL" >client.out
  exit 92
fi
CA="$scratch/ca/graph-explorer-ca.pem"
export PROXY CA
"$@" >client.out 2>&1
status=$?
kill -TERM $pid
wait $pid
echo "proxy exit $?" >>proxy.log
exit $status
