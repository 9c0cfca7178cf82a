#!/bin/sh
# Records the Python clients through `graph-explorer proxy --record` and replays the cassette
# through `graph-explorer proxy --replay`, all inside one network namespace with only loopback
# (run it under `unshare -n`):
#   unshare -n sh proxy_record_replay.sh GRAPH_EXPLORER SCRATCH
# The recording's upstream is a TLS server of the test's own (tls_upstream.py, with a
# certificate made here) in front of the emulator: the proxy verifies it with --upstream-ca. Writes SCRATCH/record.out, SCRATCH/replay.out and the proxies' logs.
graph_explorer=$1
scratch=$2
here=$(cd "$(dirname "$0")" && pwd)
ip link set lo up || exit 90
cd "$scratch" || exit 91
# Facebook, as far as the test is concerned: the emulator behind a proxy of its own.
"$graph_explorer" proxy --port 0 --ca-dir "$scratch/facebook-ca" --log off >facebook.out 2>facebook.log &
facebook=$!
until [ -s facebook.out ]; do sleep 0.05; done
facebook_url=$(sed -n '1s/.* on //p' facebook.out)
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
  -keyout upstream.key -out upstream.pem -subj /CN=127.0.0.1 \
  -addext subjectAltName=IP:127.0.0.1 2>/dev/null || exit 93
python3 "$here/tls_upstream.py" upstream.pem upstream.key "$facebook_url" \
  "$scratch/facebook-ca/graph-explorer-ca.pem" >upstream.out 2>upstream.log &
upstream=$!
until [ -s upstream.out ]; do sleep 0.05; done
upstream_url=$(sed -n 1p upstream.out)
clients='HTTPS_PROXY=$PROXY REQUESTS_CA_BUNDLE=$CA exec python3 '"$here"'/proxy_clients.py'
# Without the upstream's CA the recording proxy refuses it: verification is on.
sh "$here/proxy_namespace.sh" "$graph_explorer" "$scratch" --record unverified.json \
  --upstream "$upstream_url" -- sh -c 'curl -sS --proxy "$PROXY" --cacert "$CA" https://graph.facebook.com/v2.8/me?access_token=CAAEmuAlice -w " %{http_code}"'
cp client.out unverified.out
sh "$here/proxy_namespace.sh" "$graph_explorer" "$scratch" --record cassette.json \
  --upstream "$upstream_url" --upstream-ca upstream.pem -- sh -c "$clients"
recorded=$?
cp client.out record.out
cp proxy.log record.log
sh "$here/proxy_namespace.sh" "$graph_explorer" "$scratch" --replay cassette.json -- sh -c "$clients"
replayed=$?
cp client.out replay.out
cp proxy.log replay.log
kill $upstream $facebook
wait $upstream $facebook 2>/dev/null
echo "record $recorded replay $replayed"
[ $recorded -eq 0 ] && [ $replayed -eq 0 ]
