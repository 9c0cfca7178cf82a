#!/usr/bin/env python3
"""A client's test-user session, as facebook-sdk's own live suite makes one, through
`graph-explorer proxy` (issue 42): python facebook-sdk and facepy, unchanged, with only
HTTPS_PROXY and REQUESTS_CA_BUNDLE pointing them at the proxy.

- an app token by `client_credentials` (facebook-sdk get_app_access_token);
- two test users created with it (`APPID/accounts/test-users`), befriended each with its own
  token (the request, then the confirmation), their friends and permissions read;
- a test user's token read with facepy and its appsecret_proof;
- a person's login through the OAuth dialog (the page, its form posted back as a browser
  does), the code exchanged for a token, that token extended (`fb_exchange_token`) and
  debugged with the offline app token `APPID|SECRET`;
- the test users deleted with the offline app token, then read back as gone.

Prints "ok   ..." per check and exits 1 on the first failure. Run inside proxy_namespace.sh
(a network namespace with only loopback).

  test_users_through_proxy.py
"""

import os
from urllib.parse import parse_qs, urlparse

from emulator_client import APP_ID, APP_SECRET, REDIRECT, approve, check
import facebook
import facepy
import requests

CHEN = "100001000000003"
VERSION = "2.8"


def test_users():
    app_token = facebook.GraphAPI(version=VERSION, timeout=10).get_app_access_token(
        APP_ID, APP_SECRET)
    check(bool(app_token), "facebook-sdk get_app_access_token (client_credentials)")
    app = facebook.GraphAPI(app_token, version=VERSION, timeout=10)
    users = [
        app.request(APP_ID + "/accounts/test-users", {},
                    {"installed": "true", "permissions": permissions}, method="POST")
        for permissions in ["user_friends,email", "user_friends"]
    ]
    check(all("id" in u and "access_token" in u for u in users),
          "two test users created with the app token")
    first, second = users
    # The friend request with one user's token, the confirmation with the other's.
    for user, friend in [(first, second), (second, first)]:
        graph = facebook.GraphAPI(user["access_token"], version=VERSION, timeout=10)
        answer = graph.request(user["id"] + "/friends/" + friend["id"], {}, {}, method="POST")
        check(answer in (True, {"success": True}), "a friend request as the test user")
    for user, friend in [(first, second), (second, first)]:
        friends = list(facebook.GraphAPI(user["access_token"], version=VERSION, timeout=10)
                       .get_all_connections("me", "friends"))
        check([f["id"] for f in friends] == [friend["id"]], "a test user's friends list the other")
    permissions = app.get_permissions(first["id"])
    check({"user_friends", "email"} <= permissions, "the test user's permissions, read with the app token")
    listed = app.get_connections(APP_ID, "accounts/test-users")
    check({u["id"] for u in users} <= {u["id"] for u in listed["data"]},
          "the app's test users list both")
    me = facepy.GraphAPI(second["access_token"], appsecret=APP_SECRET, version=VERSION,
                         timeout=10).get("me", fields="id,name")
    check(me["id"] == second["id"], "facepy reads the test user with appsecret_proof")
    return users


def code_exchange():
    graph = facebook.GraphAPI(version=VERSION, timeout=10)
    url = graph.get_auth_url(APP_ID, REDIRECT, perms=["user_friends"])
    page, _, approved = approve(requests.Session(), url, CHEN)
    check(page.status_code == 200 and "text/html" in page.headers["content-type"],
          "the OAuth dialog page")
    location = approved.headers.get("location", "") if approved is not None else ""
    check(approved is not None and approved.status_code == 302
          and location.startswith(REDIRECT + "?code="),
          "approving redirects with a code")
    code = parse_qs(urlparse(location).query)["code"][0]
    token = graph.get_access_token_from_code(code, REDIRECT, APP_ID, APP_SECRET)["access_token"]
    user = facebook.GraphAPI(token, version=VERSION, timeout=10)
    check(user.get_object("me", fields="id")["id"] == CHEN, "the code's token reads me")
    longer = user.extend_access_token(APP_ID, APP_SECRET)["access_token"]
    debugged = graph.debug_access_token(longer, APP_ID, APP_SECRET)["data"]
    check(debugged["user_id"] == CHEN and debugged["app_id"] == APP_ID and debugged["is_valid"],
          "the extended token debugged with the app token APPID|SECRET")


def delete(users):
    offline = facebook.GraphAPI(version=VERSION).get_app_access_token(APP_ID, APP_SECRET, True)
    app = facebook.GraphAPI(offline, version=VERSION, timeout=10)
    for user in users:
        check(app.request(user["id"], {}, None, method="DELETE") in (True, {"success": True}),
              "a test user deleted with the offline app token")
    try:
        app.get_object(users[0]["id"])
        check(False, "a deleted test user is gone")
    except facebook.GraphAPIError as error:
        check(error.code == 100, "a deleted test user is gone (#100)")


def main():
    check(bool(os.environ.get("HTTPS_PROXY")) and bool(os.environ.get("REQUESTS_CA_BUNDLE")),
          "only HTTPS_PROXY and REQUESTS_CA_BUNDLE point the clients at the proxy")
    users = test_users()
    code_exchange()
    delete(users)
    print("all checks ok")


if __name__ == "__main__":
    main()
