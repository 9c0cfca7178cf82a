#!/usr/bin/env python3
"""facebook-sdk (PyPI) against a served Graph API emulator.

Usage: facebook_sdk_interop.py BASE_URL [ACCESS_TOKEN [VERSION]]

Points facebook.GraphAPI at BASE_URL (e.g. http://127.0.0.1:54321, as printed by
`graph-explorer serve`) and makes the calls an app makes: get_object, get_objects,
get_connections, put_object, delete_object, get_all_connections (paging to the end) and a
places search, at VERSION (default 2.8; the SDK accepts 2.8 to 3.1). From 3.0 a post to the
user's feed is refused (publish_actions is gone) and the script checks that error instead.
Prints one line per check; any failure exits non-zero.
"""

import sys

import facebook

CENTRE = "37.785834,-122.406417"  # the default world's places are around here


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print("ok   " + what)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    base = argv[1].rstrip("/") + "/"
    token = argv[2] if len(argv) > 2 else "CAAEmuAlicePublish"
    version = argv[3] if len(argv) > 3 else "2.8"
    major, minor = (int(part) for part in version.split("."))
    # The SDK builds every URL from this module constant: the documented way to aim it elsewhere.
    facebook.FACEBOOK_GRAPH_URL = base
    graph = facebook.GraphAPI(access_token=token, version=version, timeout=10)
    print("at v%s" % version)

    me = graph.get_object("me")
    check("id" in me and "name" in me, "get_object('me') has id and name: %s" % me.get("id"))

    fields = graph.get_object(me["id"], fields="id,name")
    check(fields.get("id") == me["id"], "get_object(id, fields='id,name') returns that id")

    feed = graph.get_connections("me", "feed", limit=2)
    check(isinstance(feed.get("data"), list), "get_connections('me', 'feed') has a data list")

    everything = list(graph.get_all_connections("me", "feed", limit=2))
    ids = [post["id"] for post in everything]
    check(len(ids) == len(set(ids)), "get_all_connections pages without repeating a post")
    check(
        len(ids) > len(feed["data"]),
        "get_all_connections followed paging.next past the first page (%d posts)" % len(ids),
    )

    places = graph.search(type="place", center=CENTRE, distance=5000, limit=5)
    check(len(places.get("data", [])) > 0, "search(type='place', center=...) finds places")
    place = places["data"][0]

    both = graph.get_objects([me["id"], place["id"]])
    check(
        set(both.keys()) == {me["id"], place["id"]},
        "get_objects([me, place]) is keyed by both ids",
    )

    message = "Posted by facebook-sdk at v%s through graph-explorer serve" % version
    if (major, minor) >= (3, 0):
        try:
            graph.put_object("me", "feed", message=message)
        except facebook.GraphAPIError as error:
            check(
                error.code == 200 and "publish_actions is deprecated" in str(error),
                "put_object('me', 'feed') raises GraphAPIError 200 from v3.0: %s" % error,
            )
        else:
            check(False, "put_object('me', 'feed') is refused from v3.0")
        return malformed_token_check(version)
    created = graph.put_object("me", "feed", message=message)
    check("id" in created, "put_object('me', 'feed', message=...) returns an id: %s" % created.get("id"))
    post = graph.get_object(created["id"], fields="message")
    check(post.get("message") == message, "the new post reads back with its message")

    deleted = graph.delete_object(created["id"])
    check(deleted is True or deleted.get("success") is True, "delete_object(post) succeeds")
    try:
        graph.get_object(created["id"])
    except facebook.GraphAPIError as error:
        check(error.code == 100, "the deleted post is gone: GraphAPIError %s" % error.code)
    else:
        check(False, "the deleted post is gone")
    return malformed_token_check(version)


def malformed_token_check(version):
    try:
        facebook.GraphAPI(access_token="CAAEmu!malformed", version=version).get_object("me")
    except facebook.GraphAPIError as error:
        check(error.code == 190, "a malformed token raises GraphAPIError 190: %s" % error)
    else:
        check(False, "a malformed token raises GraphAPIError 190")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except Exception as error:  # any failure of any call fails the run
        print("FAIL " + repr(error), file=sys.stderr)
        sys.exit(1)
