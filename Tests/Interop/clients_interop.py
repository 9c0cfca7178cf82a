#!/usr/bin/env python3
"""The documented flows of seven PyPI clients of the Graph API against a served emulator.

Usage: clients_interop.py BASE_URL

Only the base URL is changed in each client (its documented setting, or the module or class
default where the client has no setting). The server answers unversioned calls as v24.0
(`serve --default-version v24.0`). Logins go through the emulator's dialog as a browser does:
the page, its form token, the person's choice, the redirect. Prints one line per check; any
failure exits non-zero. Nothing resolves a host but the server's own.
"""

import os
import re
import sys
from urllib.parse import parse_qs, urlencode, urlparse

import requests

APP_ID = "233936543368280"
APP_SECRET = "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"
ALICE = "CAAEmuAlice"
ALICE_PAGES = "CAAEmuAlicePages"
BOB = "100001000000002"
MARKET = "146903518661553"
REDIRECT = "http://localhost:8000/complete/facebook/"

# oauthlib refuses plain http unless told it is a local test (its documented switch): the
# served emulator is http on loopback.
os.environ["OAUTHLIB_INSECURE_TRANSPORT"] = "1"


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print("ok   " + what)


def approve(url, person=BOB):
    """Opens the login dialog at `url` as a browser does and approves it as `person`: the
    redirect's URL (query or fragment carrying the answer)."""
    http = requests.Session()
    page = http.get(url, timeout=10)
    check(page.status_code == 200, "the dialog page opens: %s" % urlparse(url).path)
    form = {k: v[0] for k, v in parse_qs(urlparse(url).query).items()}
    token = re.search(r'name="fb_dtsg" value="([0-9a-f]+)"', page.text).group(1)
    answer = http.post(
        urlparse(url)._replace(query="").geturl(),
        data=dict(form, person=person, decision="approve", fb_dtsg=token),
        allow_redirects=False, timeout=10)
    check(answer.status_code == 302, "approving redirects")
    return answer.headers["location"]


def signed_request(base):
    """What the JavaScript SDK's FB.login gets (response_type=token,signed_request) and keeps in
    its fbsr_APPID cookie."""
    query = urlencode({"client_id": APP_ID, "redirect_uri": REDIRECT,
                       "response_type": "token,signed_request", "scope": "email"})
    location = approve(base + "/v24.0/dialog/oauth?" + query)
    fragment = parse_qs(urlparse(location).fragment)
    check("signed_request" in fragment and "access_token" in fragment,
          "the dialog gives the JavaScript SDK a signed request beside the token")
    return fragment["signed_request"][0]


def facebook_sdk(base):
    import facebook

    facebook.FACEBOOK_GRAPH_URL = base + "/"
    cookie = {"fbsr_" + APP_ID: signed_request(base)}
    user = facebook.get_user_from_cookie(cookie, APP_ID, APP_SECRET)
    check(user is not None and user["uid"] == BOB, "sdk: get_user_from_cookie reads the cookie")
    me = facebook.GraphAPI(access_token=user["access_token"], version="3.1").get_object("me")
    check(me["id"] == BOB, "sdk: the code in the signed request is exchanged (redirect_uri '')")
    graph = facebook.GraphAPI(access_token=ALICE, version="3.1", timeout=10)
    friends = list(graph.get_all_connections("me", "friends", fields="name", limit=2))
    check(len(friends) >= 3, "sdk: get_all_connections follows every next page")
    app = facebook.GraphAPI(version="3.1").get_app_access_token(APP_ID, APP_SECRET)
    check(app.startswith(APP_ID + "|"), "sdk: get_app_access_token")


def facepy_client(base):
    import facepy
    import facepy.graph_api

    # facepy's base URL is GraphAPI's `url` default; SignedRequest makes its own GraphAPI.
    defaults = list(facepy.graph_api.GraphAPI.__init__.__defaults__)
    defaults[defaults.index("https://graph.facebook.com")] = base
    facepy.graph_api.GraphAPI.__init__.__defaults__ = tuple(defaults)
    request = facepy.SignedRequest(signed_request(base), APP_SECRET, APP_ID)
    check(request.user.id == BOB, "facepy: SignedRequest parses and verifies the cookie")
    check(bool(request.user.oauth_token.token), "facepy: SignedRequest exchanges its code")
    graph = facepy.GraphAPI(ALICE, version="24.0", url=base, timeout=10)
    pages = list(graph.get("me/friends", page=True, fields="name", limit=1))
    check(len(pages) >= 3, "facepy: get(page=True) pages with its parameters re-added each time")
    check(graph.get("me", fields="id")["id"] != BOB, "facepy: get with fields")


def pyfacebook(base):
    from pyfacebook import FacebookApi, GraphAPI, FacebookError

    api = FacebookApi(access_token=ALICE_PAGES, version="v24.0", base_url=base + "/", timeout=10)
    user = api.user.get_info("me")
    check(bool(user.name), "pyfacebook: user.get_info with its default fields (name_format, short_name)")
    accounts = api.user.get_accounts("me")
    check(accounts.data[0].id == MARKET, "pyfacebook: user.get_accounts")
    page = api.page.get_info(MARKET)
    check(page.fan_count is not None, "pyfacebook: page.get_info with its default fields")
    posts = api.page.get_posts(MARKET, count=5)
    check(posts is not None, "pyfacebook: page.get_posts with its default fields and summaries")
    oauth = GraphAPI(app_id=APP_ID, app_secret=APP_SECRET, oauth_flow=True, version="v24.0",
                     base_url=base + "/", redirect_uri=REDIRECT, scope=["email"],
                     authorization_url=base + "/v24.0/dialog/oauth",
                     access_token_url=base + "/v24.0/oauth/access_token", timeout=10)
    url, _ = oauth.get_authorization_url()
    location = approve(url)
    try:
        oauth.exchange_user_access_token(response=location)
        check(False, "pyfacebook: the exchange with HTTP Basic client auth")
    except Exception as error:  # oauthlib raises on Graph's error body
        check("client_id" in str(error),
              "pyfacebook: the exchange sends HTTP Basic client auth, which Graph does not read")
    # application_only_auth asks for the app token in the constructor, at the class's own
    # token URL (no base_url there yet): the class default is the base URL to change.
    GraphAPI.EXCHANGE_ACCESS_TOKEN_URL = base + "/oauth/access_token"
    app_token = GraphAPI(app_id=APP_ID, app_secret=APP_SECRET, application_only_auth=True,
                         version="v24.0", base_url=base + "/", timeout=10)
    check(app_token.access_token.startswith(APP_ID + "|"), "pyfacebook: application_only_auth")
    made = app_token.post_object(APP_ID, "accounts/test-users", data={"installed": "true"})
    check("id" in made and "access_token" in made, "pyfacebook: post_object makes a test user")
    test_users = app_token.get_connection(APP_ID, "accounts")
    check(any(u["id"] == made["id"] for u in test_users["data"]),
          "pyfacebook: APPID/accounts lists the test users")
    deleted = app_token.delete_object(made["id"])
    check(deleted == {"success": True}, "pyfacebook: delete_object of a test user answers success")


def social_auth(base):
    from social_core.backends.facebook import FacebookOAuth2

    # The framework side of social-auth (settings, session, nonce storage), as the proxy's
    # interop test gives it.
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from proxy_clients import Strategy

    class Served(FacebookOAuth2):
        AUTHORIZATION_URL = base + "/v{version}/dialog/oauth"
        ACCESS_TOKEN_URL = base + "/v{version}/oauth/access_token"
        USER_DATA_URL = base + "/v{version}/me"

    strategy = Strategy()
    backend = Served(strategy, redirect_uri="/complete/facebook/")
    location = approve(backend.auth_url())
    strategy.data = {k: v[0] for k, v in parse_qs(urlparse(location).query).items()}
    backend.data = strategy.request_data()
    state = backend.validate_state()
    response = backend.request_access_token(
        backend.access_token_url(), params=backend.auth_complete_params(state),
        headers=backend.auth_headers(), method=backend.ACCESS_TOKEN_METHOD)
    check("access_token" in response, "social-auth: exchanges the code")
    check(backend.user_data(response["access_token"])["id"] == BOB,
          "social-auth: user_data with appsecret_proof")


def requests_oauthlib_flow(base):
    from requests_oauthlib import OAuth2Session
    from requests_oauthlib.compliance_fixes import facebook_compliance_fix

    session = facebook_compliance_fix(OAuth2Session(APP_ID, redirect_uri=REDIRECT, scope=["email"]))
    url, _ = session.authorization_url(base + "/v24.0/dialog/oauth")
    location = approve(url)
    # Graph reads client_id and client_secret as parameters, not HTTP Basic auth: the documented
    # Facebook set-up sends them in the body (include_client_id).
    session.fetch_token(base + "/v24.0/oauth/access_token", client_secret=APP_SECRET,
                        authorization_response=location, include_client_id=True)
    check(session.get(base + "/v24.0/me", timeout=10).json()["id"] == BOB,
          "requests-oauthlib: fetch_token, then me")


def authlib_flow(base):
    from authlib.integrations.requests_client import OAuth2Session

    session = OAuth2Session(APP_ID, APP_SECRET, scope="email", redirect_uri=REDIRECT,
                            token_endpoint_auth_method="client_secret_post")
    url, _ = session.create_authorization_url(base + "/v24.0/dialog/oauth")
    location = approve(url)
    session.fetch_token(base + "/v24.0/oauth/access_token", authorization_response=location)
    check(session.get(base + "/v24.0/me", timeout=10).json()["id"] == BOB,
          "authlib: fetch_token (client_secret_post), then me")


def facebook_business(base):
    from facebook_business.adobjects.application import Application
    from facebook_business.adobjects.page import Page
    from facebook_business.adobjects.user import User
    from facebook_business.api import FacebookAdsApi
    from facebook_business.session import FacebookSession

    FacebookSession.GRAPH = base

    def fields(cls):
        return sorted({v for k, v in vars(cls.Field).items() if not k.startswith("_")})

    api = FacebookAdsApi.init(access_token=ALICE_PAGES, crash_log=False, timeout=10)
    me = User(fbid="me", api=api).api_get(fields=fields(User))
    check(me["id"] and me["name"], "business: User every field of its v26.0 list")
    page = Page(fbid=MARKET, api=api).api_get(fields=fields(Page))
    check(page["id"] == MARKET, "business: Page every field of its v26.0 list")
    app_api = FacebookAdsApi.init(access_token=APP_ID + "|" + APP_SECRET, crash_log=False, timeout=10)
    app = Application(fbid=APP_ID, api=app_api).api_get(fields=fields(Application))
    check(app["id"] == APP_ID, "business: Application every field of its v26.0 list")


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    base = argv[1].rstrip("/")
    for flow in (facebook_sdk, facepy_client, pyfacebook, social_auth, requests_oauthlib_flow,
                 authlib_flow, facebook_business):
        flow(base)
    print("all clients ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
