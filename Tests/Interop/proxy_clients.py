#!/usr/bin/env python3
"""Four Python clients nobody here wrote, unchanged, through `graph-explorer proxy`.

Nothing is patched and no base URL is changed: the environment holds HTTPS_PROXY (the proxy)
and REQUESTS_CA_BUNDLE (its CA), as a developer would set them. Each client talks to
https://graph.facebook.com and https://www.facebook.com as it always does, and gets the
emulator's answers (or a cassette's). Run inside proxy_namespace.sh (a network namespace with
only loopback), so a client that ignored the proxy could reach nothing.

  proxy_clients.py            # prints "ok   ..." per check, exits 1 on the first failure
"""

import hashlib
import hmac
import os
from urllib.parse import parse_qs, urlparse

from emulator_client import APP_ID, APP_SECRET, REDIRECT, approve, check
import facebook
import facepy
import requests
from facebook_business.adobjects.user import User
from facebook_business.api import FacebookAdsApi
from social_core.backends.facebook import FacebookOAuth2
from social_core.storage import NonceMixin
from social_core.strategy import BaseStrategy

ALICE = "100001000000001"
BOB = "100001000000002"


def facebook_sdk():
    graph = facebook.GraphAPI(access_token="CAAEmuAlicePublish", version="2.8", timeout=10)
    me = graph.get_object("me", fields="id,name")
    check(me == {"id": ALICE, "name": "Alice Whitfield"}, "facebook-sdk get_object('me')")
    friends = list(graph.get_all_connections("me", "friends", limit=10))
    check(len(friends) >= 3 and friends[0]["id"] == BOB,
          "facebook-sdk get_all_connections followed paging.next through the proxy")
    posted = graph.put_object("me", "feed", message="through the proxy")
    check("_" in posted["id"], "facebook-sdk put_object posts to the feed")
    try:
        graph.get_object("me", fields="nonexisting")
        check(False, "facebook-sdk gets Graph's error")
    except facebook.GraphAPIError as error:
        check(error.code == 100, "facebook-sdk raises GraphAPIError (#100) for an unknown field")


def facebook_business():
    FacebookAdsApi.init(access_token="CAAEmuAlice", crash_log=False, timeout=10)
    me = User(fbid="me").api_get(fields=["id", "name"])
    check(me["id"] == ALICE and me["name"] == "Alice Whitfield",
          "facebook-business User('me').api_get at its default version")


def facepy_client():
    graph = facepy.GraphAPI("CAAEmuAlice", appsecret=APP_SECRET, version="2.8", timeout=10)
    me = graph.get("me", fields="id,name")
    check(me["name"] == "Alice Whitfield", "facepy get('me') with appsecret_proof")
    pages = list(graph.get("me/friends", page=True, limit=10))
    check(len(pages) >= 2, "facepy pages through me/friends")


class Nonces(NonceMixin):
    """The storage's nonce table (a framework keeps it in its database)."""
    used = set()

    @classmethod
    def use(cls, server_url, timestamp, salt):
        fresh = (server_url, timestamp, salt) not in cls.used
        cls.used.add((server_url, timestamp, salt))
        return fresh

    @classmethod
    def consume(cls, server_url, timestamp, salt):
        if (server_url, timestamp, salt) not in cls.used:
            return False
        cls.used.discard((server_url, timestamp, salt))
        return True


class Storage:
    nonce = Nonces


class Strategy(BaseStrategy):
    """What a web framework gives social-auth: settings, a session, the request. The state
    is drawn from a seeded sequence so a replayed run sends the same dialog URL."""

    def __init__(self):
        super().__init__(storage=Storage)
        self.settings = {
            "SOCIAL_AUTH_FACEBOOK_KEY": APP_ID,
            "SOCIAL_AUTH_FACEBOOK_SECRET": APP_SECRET,
            "SOCIAL_AUTH_FACEBOOK_SCOPE": ["email", "user_friends"],
        }
        self.session = {}
        self.data = {}
        self.counter = 0

    def random_string(self, length=12, chars=None):
        self.counter += 1
        return ("state%d" % self.counter).ljust(length, "x")

    def get_setting(self, name):
        return self.settings[name]

    def request_data(self, merge=True):
        return self.data

    def get_request_data(self, merge=True):
        return self.data

    def build_absolute_uri(self, path=None):
        return "http://localhost:8000" + (path or "")

    def session_get(self, name, default=None):
        return self.session.get(name, default)

    def session_set(self, name, value):
        self.session[name] = value

    def session_pop(self, name):
        return self.session.pop(name, None)

    def redirect(self, url):
        return url

    def html(self, content):
        return content

    def request_get(self):
        return self.data

    def request_post(self):
        return {}

    def request_host(self):
        return "localhost"

    def request_is_secure(self):
        return False

    def request_path(self):
        return "/complete/facebook/"

    def request_port(self):
        return 8000


def social_auth():
    strategy = Strategy()
    backend = FacebookOAuth2(strategy, redirect_uri="/complete/facebook/")
    url = backend.auth_url()
    check(url.startswith("https://www.facebook.com/v24.0/dialog/oauth?"),
          "social-auth's dialog URL is Facebook's own")
    page, form, approved = approve(requests.Session(), url, BOB)
    check(page.status_code == 200 and "text/html" in page.headers["content-type"],
          "social-auth: the OAuth dialog page comes through the proxy")
    location = approved.headers.get("location", "") if approved is not None else ""
    check(approved.status_code == 302 and location.startswith(REDIRECT + "?"),
          "social-auth: approving redirects to redirect_uri with a code")
    strategy.data = {k: v[0] for k, v in parse_qs(urlparse(location).query).items()}
    backend.data = strategy.request_data()  # as a framework builds the backend per request
    state = backend.validate_state()
    check(state == form["state"], "social-auth validates the state it sent")
    response = backend.request_access_token(
        backend.access_token_url(), params=backend.auth_complete_params(state),
        headers=backend.auth_headers(), method=backend.ACCESS_TOKEN_METHOD)
    token = response["access_token"]
    check(response.get("token_type") == "bearer", "social-auth exchanges the code (Graph answers JSON)")
    user = backend.user_data(token)
    check(user["id"] == BOB, "social-auth reads me with appsecret_proof")
    proof = hmac.new(APP_SECRET.encode(), token.encode(), hashlib.sha256).hexdigest()
    wrong = requests.get("https://graph.facebook.com/v24.0/me", timeout=10,
                         params={"access_token": token, "appsecret_proof": proof[::-1]})
    check(wrong.status_code == 400 and wrong.json()["error"]["code"] == 100,
          "a wrong appsecret_proof is refused as Graph refuses it")


def main():
    check(bool(os.environ.get("HTTPS_PROXY")) and bool(os.environ.get("REQUESTS_CA_BUNDLE")),
          "only HTTPS_PROXY and REQUESTS_CA_BUNDLE point the clients at the proxy")
    facebook_sdk()
    facebook_business()
    facepy_client()
    social_auth()
    try:
        requests.get("https://example.com/", timeout=10)
        check(False, "another host is refused")
    except requests.exceptions.ProxyError as error:
        check("502" in str(error), "another host is refused (502 to CONNECT)")
    print("all clients ok")


if __name__ == "__main__":
    main()
