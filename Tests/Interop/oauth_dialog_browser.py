#!/usr/bin/env python3
"""The served OAuth dialog in headless Chromium (Debian's chromium and chromium-driver, selenium
from PyPI), as a person would use it.

Usage: oauth_dialog_browser.py BASE_URL SCREENSHOT.png

Chromium's profile goes in a `chromium-profile` folder beside SCREENSHOT.png.

Opens BASE_URL/v2.8/dialog/oauth for the default world's app, saves a screenshot of the page,
picks Bob, unticks user_friends (declined: `denied_scopes`, `me/permissions`), presses Okay, reads the code from the redirect (to the server itself, so nothing
leaves this machine) and exchanges it; then opens the dialog again and presses Cancel.
Then plays the attacker of issue 31, with evil.example mapped to 127.0.0.1 inside Chromium: the
dialog with redirect_uri `http://evil.example\@localhost/` (a browser's host is evil.example) is
blocked, and a page on http://evil.example:PORT whose script reads the dialog if it can and
auto-submits an approving form for Bob is refused: no redirect, no code.
Prints one line per check; any failure exits non-zero.
"""

import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlparse

import requests
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

APP_ID = "233936543368280"
APP_SECRET = "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"
BOB = "100001000000002"


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print("ok   " + what)


def browser(profile, window="760,900", network_log=False):
    """Headless Chromium with its profile in `profile`; `network_log` keeps its performance log
    (every request it sends, read back with get_log("performance"))."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    # The profile and cache live beside the screenshot (the test's scratch folder).
    options.add_argument("--user-data-dir=" + profile)
    options.add_argument("--disk-cache-dir=" + os.path.join(profile, "cache"))
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--window-size=" + window, "--no-first-run",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--disable-default-apps",
                     "--host-resolver-rules=MAP evil.example 127.0.0.1"):
        options.add_argument(argument)
    if network_log:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


ATTACK = """<!DOCTYPE html><html><body><h1>Win a prize</h1>
<form id="f" method="post" action="%(action)s">%(fields)s
<input type="hidden" name="fb_dtsg" id="t" value=""></form>
<script>
// Read the dialog's page for its form token if the browser lets this origin read it.
fetch(%(page)r).then(r => r.text()).then(t => {
  const m = t.match(/name="fb_dtsg" value="([0-9a-f]+)"/);
  if (m) { document.getElementById("t").value = m[1]; document.title = "token read"; }
}).catch(() => {}).finally(() => document.getElementById("f").submit());
</script></body></html>"""


def attacker_site(html):
    """An HTTP server on 127.0.0.1 (evil.example inside Chromium) serving `html` at /."""
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            body = html.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def attacks(driver, base, redirect):
    evil_redirect = "http://evil.example\\@localhost/"
    driver.get(base + "/v2.8/dialog/oauth?" + urlencode({
        "client_id": APP_ID, "redirect_uri": evil_redirect, "state": "x"}))
    check(driver.title == "URL Blocked" and not driver.find_elements(By.ID, "approve"),
          "the backslash redirect_uri is blocked: %r" % driver.title)

    fields = {"client_id": APP_ID, "redirect_uri": redirect, "scope": "email", "state": "csrf",
              "person": BOB, "decision": "approve"}
    page = base + "/v2.8/dialog/oauth?" + urlencode({k: v for k, v in fields.items()
                                                      if k not in ("person", "decision")})
    inputs = "".join('<input type="hidden" name="%s" value="%s">' % item for item in fields.items())
    site = attacker_site(ATTACK % {"action": base + "/v2.8/dialog/oauth", "fields": inputs,
                                   "page": page})
    try:
        driver.get("http://evil.example:%d/" % site.server_address[1])
        WebDriverWait(driver, 10).until(lambda d: "/dialog/oauth" in d.current_url
                                        or d.current_url.startswith(redirect))
        check(not driver.current_url.startswith(redirect) and "code=" not in driver.current_url,
              "the cross-origin auto-submitted form gets no redirect and no code")
        check(driver.title == "Security check failed",
              "the dialog answers its security check page: %r" % driver.title)
    finally:
        site.shutdown()


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    base = argv[1].rstrip("/")
    redirect = base + "/callback"  # the server itself: the browser never leaves this machine
    dialog = base + "/v2.8/dialog/oauth?" + urlencode({
        "client_id": APP_ID, "redirect_uri": redirect, "scope": "email,user_friends",
        "state": "browser-1", "return_scopes": "true"})
    driver = browser(os.path.join(os.path.dirname(os.path.abspath(argv[2])), "chromium-profile"))
    try:
        driver.get(dialog)
        check(driver.title == "Log in to Scrumptious", "the page's title: %r" % driver.title)
        asked = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#permissions li")]
        check(asked == ["public_profile", "email", "user_friends"], "it lists %s" % asked)
        driver.save_screenshot(argv[2])
        check(open(argv[2], "rb").read(8) == b"\x89PNG\r\n\x1a\n", "screenshot saved")
        driver.find_element(By.CSS_SELECTOR, "input[name=person][value='%s']" % BOB).click()
        # Bob unticks user_friends: declined (issue 43).
        driver.find_element(By.CSS_SELECTOR, "input[name=grant][value=user_friends]").click()
        driver.find_element(By.ID, "approve").click()
        WebDriverWait(driver, 10).until(lambda d: d.current_url.startswith(redirect))
        query = parse_qs(urlparse(driver.current_url).query)
        check(query.get("state") == ["browser-1"] and "code" in query,
              "Okay lands on redirect_uri with code and state")
        check(query.get("denied_scopes") == ["user_friends"],
              "the unticked permission is denied: %s" % query.get("denied_scopes"))
        answer = requests.get(base + "/v2.8/oauth/access_token", timeout=10, params={
            "client_id": APP_ID, "client_secret": APP_SECRET, "redirect_uri": redirect,
            "code": query["code"][0]}).json()
        me = requests.get(base + "/v2.8/me", timeout=10,
                          params={"access_token": answer["access_token"]}).json()
        check(me["id"] == BOB, "the code exchanges for Bob's token")
        statuses = {item["permission"]: item["status"] for item in requests.get(
            base + "/v2.8/me/permissions", timeout=10,
            params={"access_token": answer["access_token"]}).json()["data"]}
        check(statuses.get("user_friends") == "declined" and statuses.get("email") == "granted",
              "me/permissions lists user_friends declined: %s" % statuses)

        driver.get(dialog)
        driver.find_element(By.ID, "cancel").click()
        WebDriverWait(driver, 10).until(lambda d: d.current_url.startswith(redirect))
        query = parse_qs(urlparse(driver.current_url).query)
        check(query.get("error") == ["access_denied"] and query.get("error_reason") == ["user_denied"],
              "Cancel lands on redirect_uri with error=access_denied")
        attacks(driver, base, redirect)
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except Exception as error:
        print("FAIL " + repr(error), file=sys.stderr)
        sys.exit(1)
