#!/usr/bin/env python3
"""Every public method of facebook-sdk 3.1.0's GraphAPI against a served Graph API emulator.

Usage: facebook_sdk_surface_interop.py BASE_URL

Points facebook.GraphAPI (FACEBOOK_GRAPH_URL and FACEBOOK_WWW_URL) at BASE_URL only, as printed
by `graph-explorer serve`, and calls get_object, get_objects, get_connections,
get_all_connections, put_object, put_comment, put_like, put_photo, delete_object,
delete_request, search, get_permissions, get_version, request, get_app_access_token (online and
offline), get_auth_url (followed through the served OAuth dialog), get_access_token_from_code,
extend_access_token and debug_access_token, each checked against the answer Graph gives.
Redirects to the app's redirect_uri are read, never followed. Any failure exits non-zero.
"""

import re
import struct
import sys
import zlib
from urllib.parse import parse_qs, urlparse

import facebook
import requests

APP_ID = "233936543368280"
APP_SECRET = "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"  # the default world's (docs/emulator.md)
ALICE = "100001000000001"
BOB = "100001000000002"
REDIRECT = "http://localhost:8000/callback"  # never contacted: the redirect is only read
CENTRE = "37.785834,-122.406417"


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print("ok   " + what)


def expect_error(call, what, message=None, code=None):
    try:
        call()
    except facebook.GraphAPIError as error:
        check(
            (message is None or error.message == message) and (code is None or error.code == code),
            "%s: GraphAPIError %s %r" % (what, error.code, error.message),
        )
    else:
        check(False, what + " raises GraphAPIError")


def png_size(data):
    """Width and height of a PNG, after checking its signature and every chunk's CRC."""
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "the picture bytes are a PNG")
    offset, size, idat = 8, None, b""
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length : offset + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise AssertionError("bad CRC in chunk %r" % kind)
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        if kind == b"IDAT":
            idat += body
        offset += 12 + length
    raw = zlib.decompress(idat)
    check(len(raw) == size[1] * (size[0] * 3 + 1), "the PNG's data inflates to %dx%d RGB" % size)
    return size


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    base = argv[1].rstrip("/") + "/"
    facebook.FACEBOOK_GRAPH_URL = base
    facebook.FACEBOOK_WWW_URL = base
    graph = facebook.GraphAPI(access_token="CAAEmuAlicePublish", version="2.8", timeout=10)
    http = requests.Session()

    # Reads.
    me = graph.get_object("me")
    check(me.get("id") == ALICE, "get_object('me') is Alice: %s" % me)
    both = graph.get_objects([ALICE, BOB], fields="name")
    check(set(both) == {ALICE, BOB}, "get_objects([alice, bob]) is keyed by both ids")
    feed = graph.get_connections("me", "feed", limit=2)
    check(len(feed["data"]) == 2 and "next" in feed["paging"], "get_connections pages by 2")
    posts = list(graph.get_all_connections("me", "feed", limit=2))
    check(len(posts) > 2 and len({p["id"] for p in posts}) == len(posts),
          "get_all_connections followed paging to %d distinct posts" % len(posts))
    places = graph.search(type="place", center=CENTRE, distance=5000, limit=3)
    check(len(places["data"]) > 0, "search(type='place') finds places")
    permissions = graph.get_permissions(ALICE)
    check("publish_actions" in permissions and "public_profile" in permissions,
          "get_permissions(alice) holds publish_actions: %s" % sorted(permissions))
    check(graph.get_version() == "2.8", "get_version() reads facebook-api-version: 2.8")
    answer = graph.request("v2.8/me", {"fields": "id,name"})
    check(set(answer) == {"id", "name"}, "request('v2.8/me', fields) answers id and name")

    # Picture bytes, on the server itself.
    picture = graph.request("v2.8/me/picture", {"type": "large"})
    check(picture["mime-type"] == "image/png", "me/picture answers image/png after its redirect")
    check(picture["url"].startswith(base), "the picture URL is on serve: %s" % picture["url"])
    check(png_size(picture["data"]) == (200, 200), "type=large is 200x200")
    plain = graph.request("v2.8/me/picture", {"redirect": "false", "width": "64", "height": "32"})
    check(plain["data"]["url"].startswith(base) and plain["data"]["is_silhouette"] is False,
          "redirect=false gives the URL on serve")
    check(png_size(http.get(plain["data"]["url"], timeout=10).content) == (64, 32),
          "width=64&height=32 is 64x32")

    # Writes.
    created = graph.put_object("me", "feed", message="facebook-sdk through serve")
    post_id = created["id"]
    check(post_id.startswith(ALICE + "_"), "put_object('me', 'feed') returns USER_POST: %s" % post_id)
    comment = graph.put_comment(post_id, "A comment")
    check(comment["id"].startswith(post_id.split("_")[1]) or "_" in comment["id"],
          "put_comment returns the comment's id: %s" % comment["id"])
    liked = graph.put_like(post_id)
    check(liked is True or liked.get("success") is True, "put_like succeeds")
    photo = graph.put_photo(image=picture["data"], message="my picture")
    check("id" in photo and "post_id" in photo, "put_photo returns id and post_id")
    source = graph.get_object(photo["id"], fields="source")["source"]
    check(source.startswith(base), "the photo's source is on serve: %s" % source)
    check(http.get(source, timeout=10).content == picture["data"],
          "the photo's source answers the uploaded bytes")
    deleted = graph.delete_object(post_id)
    check(deleted is True or deleted.get("success") is True, "delete_object(post) succeeds")
    expect_error(lambda: graph.get_object(post_id), "the deleted post is gone", code=100)

    # App tokens.
    offline = graph.get_app_access_token(APP_ID, APP_SECRET, offline=True)
    check(offline == APP_ID + "|" + APP_SECRET, "get_app_access_token(offline=True) is APPID|SECRET")
    app_token = graph.get_app_access_token(APP_ID, APP_SECRET)
    check(app_token.startswith(APP_ID + "|") and app_token != offline,
          "get_app_access_token() asks oauth/access_token for APPID|...")
    expect_error(lambda: graph.get_app_access_token(APP_ID, "wrong"),
                 "a wrong secret", "Error validating client secret.", 1)
    expect_error(lambda: graph.get_app_access_token("1", APP_SECRET),
                 "an unknown app", "Error validating application. Invalid application ID.", 101)

    # The code flow: get_auth_url, through the served dialog, then get_access_token_from_code.
    url = graph.get_auth_url(APP_ID, REDIRECT, perms=["email", "user_friends"], state="st8")
    check(url.startswith(base + "v2.8/dialog/oauth?"), "get_auth_url points at serve's dialog")
    page = http.get(url, timeout=10)
    check(page.status_code == 200 and "text/html" in page.headers["content-type"]
          and "Scrumptious" in page.text and "user_friends" in page.text,
          "the dialog page names the app and the permissions")
    form = {k: v[0] for k, v in parse_qs(urlparse(url).query).items()}
    # The page's form carries its security token (fb_dtsg); a person's browser posts it back.
    form["fb_dtsg"] = re.search(r'name="fb_dtsg" value="([0-9a-f]+)"', page.text).group(1)
    action = base + "v2.8/dialog/oauth"
    cancelled = http.post(action, data=dict(form, person=BOB, decision="cancel"),
                          allow_redirects=False, timeout=10)
    cancel_query = parse_qs(urlparse(cancelled.headers["location"]).query)
    check(cancelled.status_code == 302 and cancel_query.get("error") == ["access_denied"]
          and cancel_query.get("error_reason") == ["user_denied"]
          and cancel_query.get("state") == ["st8"], "Cancel redirects with error=access_denied")
    approved = http.post(action, data=dict(form, person=BOB, decision="approve"),
                         allow_redirects=False, timeout=10)
    location = approved.headers["location"]
    check(approved.status_code == 302 and location.startswith(REDIRECT + "?"),
          "Okay redirects to redirect_uri")
    query = parse_qs(urlparse(location).query)
    check(query["state"] == ["st8"], "the redirect carries state")
    code = query["code"][0]
    expect_error(lambda: graph.get_access_token_from_code(code, REDIRECT + "/x", APP_ID, APP_SECRET),
                 "another redirect_uri",
                 "Error validating verification code. Please make sure your redirect_uri is "
                 "identical to the one you used in the OAuth dialog request", 100)
    exchanged = graph.get_access_token_from_code(code, REDIRECT, APP_ID, APP_SECRET)
    check(exchanged["token_type"] == "bearer" and exchanged["expires_in"] == 5184000,
          "get_access_token_from_code answers a 60-day bearer token")
    bob = facebook.GraphAPI(access_token=exchanged["access_token"], version="2.8", timeout=10)
    check(bob.get_object("me")["id"] == BOB, "the token from the code is Bob's")
    check({"email", "user_friends"} <= bob.get_permissions("me"), "with the permissions asked")
    expect_error(lambda: graph.get_access_token_from_code(code, REDIRECT, APP_ID, APP_SECRET),
                 "the code a second time", "This authorization code has been used.", 100)

    # Long-lived tokens and debugging.
    extended = bob.extend_access_token(APP_ID, APP_SECRET)
    check(extended["access_token"] != exchanged["access_token"] and extended["expires_in"] == 5184000,
          "extend_access_token answers a new 60-day token")
    info = graph.debug_access_token(extended["access_token"], APP_ID, APP_SECRET)["data"]
    check(info["is_valid"] is True and info["user_id"] == BOB and info["app_id"] == APP_ID
          and "email" in info["scopes"], "debug_access_token with the app's credentials")
    bad = graph.debug_access_token("CAAEmuAliceExpired", APP_ID, APP_SECRET)["data"]
    check(bad["is_valid"] is False and bad["error"]["subcode"] == 463,
          "debug_access_token of an expired token says why")
    # facebook-sdk 3.1.0 accepts versions from 2.8 only; its request() still takes any path.
    form_answer = bob.request("v2.2/oauth/access_token", {
        "client_id": APP_ID, "client_secret": APP_SECRET, "grant_type": "fb_exchange_token",
        "fb_exchange_token": exchanged["access_token"]})
    check(set(form_answer) == {"access_token", "expires"} and form_answer["expires"] == "5184000",
          "up to v2.2 the form-encoded answer parses to access_token and expires")

    # App requests and delete_request.
    sent = http.post(base + "v2.8/dialog/apprequests", allow_redirects=False, timeout=10, data={
        "app_id": APP_ID, "access_token": "CAAEmuAlicePublish", "message": "Play with me",
        "to": BOB, "decision": "approve"})
    sent_query = parse_qs(urlparse(sent.headers["location"]).query)
    check(sent.headers["location"].startswith("fbconnect://success?request=")
          and sent_query["to[0]"] == [BOB], "the requests dialog redirects with request and to[0]")
    request_id = sent_query["request"][0]
    inbox = bob.get_connections("me", "apprequests")["data"]
    check([r["id"] for r in inbox] == [request_id + "_" + BOB]
          and inbox[0]["message"] == "Play with me", "Bob's apprequests lists it")
    app = facebook.GraphAPI(access_token=app_token, version="2.8", timeout=10)
    gone = app.delete_request(BOB, request_id)
    check(gone is True or gone.get("success") is True, "delete_request(bob, request) succeeds")
    check(bob.get_connections("me", "apprequests")["data"] == [], "and Bob's apprequests is empty")

    # Test users with the app token (FBTestSession).
    user = app.request("v2.8/%s/accounts/test-users" % APP_ID,
                       post_args={"installed": "true", "permissions": "email"})
    check({"id", "access_token", "login_url", "email", "password"} <= set(user)
          and user["login_url"].startswith(base), "a test user has a token and a login_url on serve")
    expect_error(lambda: graph.request("v2.8/%s/accounts/test-users" % APP_ID, post_args={}),
                 "a user token on test-users", code=15)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except Exception as error:  # any failure of any call fails the run
        print("FAIL " + repr(error), file=sys.stderr)
        sys.exit(1)
