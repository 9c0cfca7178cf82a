#!/bin/sh
# curl through `graph-explorer proxy` ($PROXY, trusting $CA), as a user would; one line per
# check for ProxyCurlTests. Run inside proxy_namespace.sh.
c() { curl -sS --max-time 20 --proxy "$PROXY" "$@"; }
echo "me: $(c --cacert "$CA" 'https://graph.facebook.com/v2.2/me?fields=id,name&access_token=CAAEmuAlice' -w ' %{http_code} %{http_version} %{ssl_verify_result}')"
echo "tls1.2: $(c --cacert "$CA" --tlsv1.2 --tls-max 1.2 'https://graph.facebook.com/v2.2/me?fields=id&access_token=CAAEmuAlice' -o /dev/null -w '%{http_code}')"
echo "tls1.3: $(c --cacert "$CA" --tlsv1.3 'https://graph.facebook.com/v2.2/me?fields=id&access_token=CAAEmuAlice' -o /dev/null -w '%{http_code}')"
echo "alpn: $(c -v --cacert "$CA" 'https://api.facebook.com/method/fql.query?format=json' -o /dev/null 2>&1 | grep -o 'ALPN: server accepted [^ ]*')"
echo "dialog: $(c --cacert "$CA" 'https://m.facebook.com/dialog/oauth?client_id=1413700000000001&redirect_uri=fbconnect://success&type=user_agent' -o /dev/null -w '%{http_code}')"
echo "video: $(c --cacert "$CA" 'https://graph-video.facebook.com/v2.2/me?fields=id&access_token=CAAEmuAlice' -w ' %{http_code}')"
echo "plain: $(c 'http://graph.facebook.com/v2.2/me?fields=id&access_token=CAAEmuAlice' -w ' %{http_code}')"
echo "other: $(c --cacert "$CA" 'https://example.com/' -w ' %{http_code}' 2>&1)"
echo "other-plain: $(c 'http://example.com/x' -w ' %{http_code}')"
echo "untrusted: $(c 'https://graph.facebook.com/v2.2/me' -o /dev/null -w '%{http_code}' 2>&1 | head -1)"
echo "keepalive: $(c --cacert "$CA" 'https://graph.facebook.com/v2.2/me?fields=id&access_token=CAAEmuAlice' 'https://graph.facebook.com/v2.2/me/friends?access_token=CAAEmuAlice' -o /dev/null -o /dev/null -w '%{http_code}/%{num_connects} ')"
echo "post: $(c --cacert "$CA" -F message=hi 'https://graph.facebook.com/v2.2/me/feed?access_token=CAAEmuAlicePublish' -w ' %{http_code}')"
big=$(head -c 40000 /dev/zero | tr '\0' a)
echo "limits: $(c --cacert "$CA" -H "X-Big: $big" 'https://graph.facebook.com/v2.2/me?access_token=CAAEmuAlice' -o /dev/null -w '%{http_code}')"
echo "picture: $(c -L --cacert "$CA" 'https://graph.facebook.com/v2.2/me/picture?type=large&access_token=CAAEmuAlice' -o picture.png -w '%{http_code} %{content_type} %{num_redirects}') $(head -c 4 picture.png | od -An -c | tr -d ' ')"
