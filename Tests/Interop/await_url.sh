# Sourced by the interop scripts: await_url FILE PID prints the URL a server started in the
# background writes on the first line of FILE (`graph-explorer: ... on URL`), once it is there;
# fails when PID has died or after 30 s.
await_url() {
  tries=0
  until [ -s "$1" ]; do
    tries=$((tries + 1))
    if [ $tries -gt 600 ] || ! kill -0 "$2" 2>/dev/null; then
      return 1
    fi
    sleep 0.05
  done
  sed -n '1s/.* on //p' "$1"
}
