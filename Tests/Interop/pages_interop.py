#!/usr/bin/env python3
"""Pages and Page tokens through today's PyPI clients, against a served Graph API emulator.

Usage: pages_interop.py BASE_URL

Only the base URL is changed in each client. facebook-business 26.0.3 (at its own default
version) lists me/accounts, posts as the Page with the Page token, reads the Page's posts and
insights, and gets Graph's 190 for insights with a user token; facebook-sdk 3.1.0 does the same
at v3.1 and reads debug_token of the Page token; python-facebook-api (pyfacebook), when
installed, lists the accounts with its own default fields. Prints one line per check; any
failure exits non-zero.
"""

import sys

ALICE_PAGES = "CAAEmuAlicePages"  # Alice with the Page permissions (default world)
MARKET = "146903518661553"  # San Francisco Farmers Market, the Page Alice manages
APP_ID = "233936543368280"
APP_SECRET = "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print("ok   " + what)


def facebook_business(base):
    from facebook_business import apiconfig
    from facebook_business.adobjects.page import Page
    from facebook_business.adobjects.user import User
    from facebook_business.api import FacebookAdsApi
    from facebook_business.exceptions import FacebookRequestError
    from facebook_business.session import FacebookSession

    FacebookSession.GRAPH = base
    version = apiconfig.ads_api_config["API_VERSION"]
    user_api = FacebookAdsApi.init(access_token=ALICE_PAGES, crash_log=False, timeout=10)
    accounts = list(
        User(fbid="me", api=user_api).get_accounts(
            fields=["name", "access_token", "category", "tasks"]
        )
    )
    check(len(accounts) == 1 and accounts[0]["id"] == MARKET, "business: get_accounts lists the Page")
    page_token = accounts[0]["access_token"]
    check("MANAGE" in accounts[0]["tasks"], "business: with its tasks at %s" % version)

    page_api = FacebookAdsApi.init(access_token=page_token, crash_log=False, timeout=10)
    post = Page(fbid=MARKET, api=page_api).create_feed(params={"message": "Peaches today"})
    check(post["id"].startswith(MARKET + "_"), "business: create_feed posts as the Page")
    posts = list(Page(fbid=MARKET, api=page_api).get_posts(fields=["message", "from"]))
    check(posts[0]["message"] == "Peaches today", "business: get_posts reads it back")
    check(posts[0]["from"]["id"] == MARKET, "business: from the Page")
    insights = list(Page(fbid=MARKET, api=page_api).get_insights(params={"metric": ["page_fans"]}))
    check(insights[0]["name"] == "page_fans", "business: get_insights with the Page token")
    try:
        list(Page(fbid=MARKET, api=user_api).get_insights(params={"metric": ["page_fans"]}))
        check(False, "business: insights with a user token fail")
    except FacebookRequestError as error:
        check(error.api_error_code() == 190, "business: insights with a user token raise 190")


def facebook_sdk(base):
    import facebook

    facebook.FACEBOOK_GRAPH_URL = base + "/"
    graph = facebook.GraphAPI(access_token=ALICE_PAGES, version="3.1", timeout=10)
    accounts = graph.get_connections("me", "accounts")["data"]
    check(accounts[0]["id"] == MARKET, "sdk: get_connections('me', 'accounts') lists the Page")
    page_token = accounts[0]["access_token"]
    page = facebook.GraphAPI(access_token=page_token, version="3.1", timeout=10)
    posted = page.put_object(MARKET, "feed", message="Open till 2")
    check(posted["id"].startswith(MARKET + "_"), "sdk: put_object(page, 'feed') as the Page")
    comment = page.put_comment(posted["id"], "See you there")
    check("id" in comment, "sdk: put_comment as the Page")
    debug = graph.debug_access_token(page_token, APP_ID, APP_SECRET)["data"]
    check(debug["type"] == "PAGE" and debug["profile_id"] == MARKET, "sdk: debug_access_token says PAGE")
    try:
        graph.put_object(MARKET, "feed", message="as Alice")
        check(False, "sdk: a user token posting to the Page fails")
    except facebook.GraphAPIError as error:
        check(
            "publish_actions is deprecated" in str(error),
            "sdk: a user token posting to the Page at v3.1 is refused (publish_actions)",
        )


def pyfacebook(base):
    try:
        from pyfacebook import GraphAPI
    except ImportError:
        print("skip pyfacebook (python-facebook-api not installed)")
        return
    api = GraphAPI(access_token=ALICE_PAGES, version="v24.0", timeout=10)
    api.base_url = base + "/"
    data = api.get_connection("me", "accounts", fields="name,access_token,category")
    check(data["data"][0]["id"] == MARKET, "pyfacebook: get_connection me/accounts lists the Page")


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    base = argv[1].rstrip("/")
    facebook_business(base)
    facebook_sdk(base)
    pyfacebook(base)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
