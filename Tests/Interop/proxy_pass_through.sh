#!/bin/sh
# `graph-explorer proxy --pass-through` ($PROXY): hosts it does not answer are let through,
# here to a `graph-explorer serve` on loopback ($1: graph-explorer). Run inside proxy_namespace.sh.
"$1" serve --port 0 --log off >serve.out 2>&1 &
serve=$!
until [ -s serve.out ]; do sleep 0.05; done
origin=$(sed -n '1s/.* on //p' serve.out)
echo "plain: $(curl -sS --max-time 20 --proxy "$PROXY" "$origin/v2.2/me?fields=id&access_token=CAAEmuAlice" -w ' %{http_code}')"
echo "tunnel: $(curl -sS --max-time 20 --proxytunnel --proxy "$PROXY" "$origin/v2.2/me?fields=id&access_token=CAAEmuAlice" -w ' %{http_code}')"
echo "graph: $(curl -sS --max-time 20 --proxy "$PROXY" --cacert "$CA" 'https://graph.facebook.com/v2.2/me?fields=name&access_token=CAAEmuAlice' -w ' %{http_code}')"
kill $serve
