#!/usr/bin/env python3
"""facebook-business (PyPI, Meta's official Business SDK) against a served Graph API emulator.

Usage: facebook_business_interop.py BASE_URL [ACCESS_TOKEN]

Points FacebookSession.GRAPH at BASE_URL (e.g. http://127.0.0.1:54321, as printed by
`graph-explorer serve`) and, at the SDK's own default version, reads User('me') with fields,
pages through get_friends, reads get_permissions and a Page, and checks the errors for posts
the app may no longer make. Prints one line per check; any failure exits non-zero.
"""

import sys

from facebook_business import apiconfig
from facebook_business.adobjects.page import Page
from facebook_business.adobjects.user import User
from facebook_business.api import FacebookAdsApi
from facebook_business.exceptions import FacebookRequestError
from facebook_business.session import FacebookSession

DEVELOPERS_PAGE = "19292868552"  # Facebook Developers in the default world


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print("ok   " + what)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    # The SDK builds every URL from this class attribute (no trailing slash).
    FacebookSession.GRAPH = argv[1].rstrip("/")
    token = argv[2] if len(argv) > 2 else "CAAEmuAlicePublish"
    version = apiconfig.ads_api_config["API_VERSION"]
    # crash_log=False: the SDK would otherwise report its own crashes to Facebook.
    api = FacebookAdsApi.init(access_token=token, crash_log=False, timeout=10)
    check(api.API_VERSION == version, "the SDK's default version is %s" % version)

    me = User(fbid="me").api_get(fields=["id", "name", "email", "first_name"])
    check(me["name"] == "Alice Whitfield", "User('me').api_get(fields=...) reads the name")
    check(me["first_name"] == "Alice" and "@" in me["email"], "and first_name and email")

    cursor = User(fbid="me").get_friends(fields=["name"], params={"limit": 10})
    friends = [friend["id"] for friend in cursor]
    check(len(friends) == len(set(friends)), "get_friends pages without repeating a friend")
    check(len(friends) > 10, "get_friends followed the cursors past the first page (%d)" % len(friends))
    check(
        cursor.headers().get("facebook-api-version") == version,
        "the emulator answered as %s" % version,
    )
    summary = User(fbid="me").get_friends(params={"limit": 5, "summary": "true"})
    next(iter(summary))
    check(
        summary.total() is not None and summary.total() > len(friends),
        "summary.total_count counts every friend (%s), the list only those using the app (%d)"
        % (summary.total(), len(friends)),
    )

    permissions = {p["permission"]: p["status"] for p in User(fbid="me").get_permissions()}
    check(permissions.get("user_friends") == "granted", "get_permissions lists user_friends granted")
    check("publish_actions" not in permissions, "and no publish_actions, gone since v3.0")

    page = Page(DEVELOPERS_PAGE).api_get(fields=["name", "link"])
    check(page["name"] == "Facebook Developers", "Page(id).api_get(fields=...) reads the Page")
    bare = Page(DEVELOPERS_PAGE).api_get()
    check(set(bare.export_all_data().keys()) == {"id", "name"}, "a Page without fields is id and name")

    for what, make in [
        ("create_feed", lambda: User(fbid="me").create_feed(params={"message": "Hello"})),
        ("create_photo", lambda: User(fbid="me").create_photo(params={"url": "https://example.com/a.jpg"})),
    ]:
        try:
            make()
        except FacebookRequestError as error:
            check(
                error.http_status() == 403 and error.api_error_code() == 200,
                "User('me').%s raises FacebookRequestError 200 (HTTP 403)" % what,
            )
            check(
                "publish_actions is deprecated" in error.api_error_message(),
                "  with Graph's message: %s" % error.api_error_message(),
            )
            check(error.api_error_type() == "OAuthException", "  of type OAuthException")
        else:
            check(False, "User('me').%s is refused" % what)

    try:
        FacebookAdsApi.init(access_token="CAAEmu!malformed", crash_log=False, timeout=10)
        User(fbid="me").api_get(fields=["id"])
    except FacebookRequestError as error:
        check(error.api_error_code() == 190, "a malformed token raises FacebookRequestError 190")
    else:
        check(False, "a malformed token is refused")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
