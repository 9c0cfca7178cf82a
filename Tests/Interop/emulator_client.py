"""What the interop clients share: the default world's app, the checks they print, and a
person's browser on the emulator's OAuth dialog."""

import re
import sys
from urllib.parse import parse_qs, urlparse

APP_ID = "233936543368280"
APP_SECRET = "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"  # the default world's (docs/emulator.md)
REDIRECT = "http://localhost:8000/complete/facebook/"  # never contacted: only read


def check(condition, what):
    """Prints "ok   WHAT", or "FAIL WHAT" and exits 1."""
    if not condition:
        print("FAIL " + what)
        sys.exit(1)
    print("ok   " + what)


def approve(http, url, person, timeout=10):
    """Through whatever proxy requests is given (HTTPS_PROXY), loads the dialog at `url` in the `requests` session `http` and approves it as `person`:
    the page, the URL's parameters and the answer to the form (None when the page has no
    form)."""
    page = http.get(url, timeout=timeout)
    form = {k: v[0] for k, v in parse_qs(urlparse(url).query).items()}
    token = re.search(r'name="fb_dtsg" value="([0-9a-f]+)"', page.text)
    if token is None:
        return page, form, None
    approved = http.post(urlparse(url)._replace(query="").geturl(),
                         data=dict(form, person=person, decision="approve",
                                   fb_dtsg=token.group(1)),
                         allow_redirects=False, timeout=timeout)
    return page, form, approved
