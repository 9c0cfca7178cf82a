#!/usr/bin/env python3
"""graph-explorer ui driven in headless Chromium (Debian's chromium and chromium-driver, selenium
from PyPI), as a person uses it; one browser session.

Usage: ui_browser.py BASE_URL OUTDIR

Chromium's profile goes in OUTDIR/chromium-profile; one screenshot of each view is saved in OUTDIR
(ui-fields.png, ui-token.png, ui-explain.png, ui-code.png, ui-history.png, ui-session.png,
ui-answer.png, ui-phone.png), as docs/ui.md shows them.

Checks the server's guards first (CSP and nosniff on the page, the API refusing a call without
the page's key, from another origin, or to a name other than loopback), then: explores `me` with
the field tree (a field, an edge's field), starts recording, posts with the default read-only
token and reads the (#200) with the iOS SDK 3.x's view and Get Code's tabs (one per language
CodeLanguage declares), pages an edge through its `next` link, gets a token with publish_actions
and manage_pages through the emulator's login dialog, posts a hostile message and reads it back
(no script runs, no element is made from it), uploads a photo from the parameters editor, takes
a Page token in one click, is drawn at a phone's width, stops recording, replays the cassette
and reads doctor's findings. Chromium's network log shows that no request left loopback. Prints
one line per check; any failure exits non-zero.
"""

import json
import os
import sys
from urllib.parse import urlparse

import requests
from oauth_dialog_browser import browser, check
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

# The Get Code tabs, as CodeLanguage declares them.
CODE_TABS = ["cURL", "iOS SDK 3.x", "iOS SDK 4+", "Android SDK", "JavaScript SDK", "PHP SDK",
             "Swift", "Python"]
# A JPEG's first bytes: the emulator stores what it is sent.
PHOTO = bytes([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01])
HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>\u2028"\'&'


def guards(base):
    page = requests.get(base + "/", timeout=10)
    policy = page.headers.get("Content-Security-Policy", "")
    check("script-src 'self'" in policy and "default-src 'none'" in policy
          and "connect-src 'self'" in policy, "the page's CSP allows only itself: %r" % policy)
    check(page.headers.get("X-Content-Type-Options") == "nosniff", "the page is nosniff")
    key = page.text.split('name="explorer-key" content="')[1].split('"')[0]
    headers = {"Content-Type": "application/json"}
    check(requests.post(base + "/api/state", data="{}", headers=headers, timeout=10).status_code
          == 403, "an API call without the page's key is refused")
    headers["X-Explorer-Key"] = key
    check(requests.post(base + "/api/state", data="{}", timeout=10,
                        headers=dict(headers, Origin="http://evil.example")).status_code == 403,
          "an API call from another origin is refused")
    port = urlparse(base).port
    check(requests.post(base + "/api/state", data="{}", timeout=10,
                        headers=dict(headers, Host="evil.example:%d" % port)).status_code == 421,
          "a call to a name other than loopback (DNS rebinding) is refused")
    check(requests.post(base + "/api/state", data="{}", headers=headers, timeout=10).status_code
          == 200, "the page's own call is answered")


class Page:
    def __init__(self, driver, base, outdir):
        self.driver, self.base, self.outdir = driver, base, outdir

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def text(self, css):
        return self.find(css).text

    def wait(self, condition, what):
        try:
            WebDriverWait(self.driver, 20).until(lambda d: condition())
        except Exception:
            raise AssertionError("timed out: %s; at %s %r; note %r; session %r" % (
                what, self.driver.current_url, self.driver.title, self.text("#note"),
                self.driver.execute_script("return document.getElementById(\"session-out\").textContent")))

    def ready(self):
        self.wait(lambda: self.driver.execute_script("return document.body.dataset.ready"),
                  "the page is ready")

    def view(self, name):
        self.find("#tabs button[data-view=%s]" % name).click()

    def number(self):
        line = self.text("#status-line")
        return int(line[1:].split(" ")[0]) if line.startswith("#") else 0

    def send(self, method, path, params=(), version=None):
        before = self.number()
        Select(self.find("#method")).select_by_visible_text(method)
        if version is not None:
            Select(self.find("#version")).select_by_value(version)
        for row in self.driver.find_elements(By.CSS_SELECTOR, "#params div button"):
            row.click()
        for name, value in params:
            self.find("#add-param").click()
            name_box, value_box = self.driver.find_elements(
                By.CSS_SELECTOR, "#params div:last-child input")
            name_box.send_keys(name)
            value_box.send_keys(value)
        path_box = self.find("#path")
        path_box.clear()
        path_box.send_keys(path)
        path_box.send_keys(Keys.CONTROL, Keys.ENTER)  # Ctrl+Enter submits
        self.wait(lambda: self.number() > before, "an answer to %s %s" % (method, path))
        return self.text("#status-line")

    def shot(self, name, showing=None):
        if showing:
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'end'})",
                                       self.find(showing))
        path = os.path.join(self.outdir, name)
        self.driver.save_screenshot(path)
        check(open(path, "rb").read(8) == b"\x89PNG\r\n\x1a\n", "screenshot " + name)


def explore_me(page):
    path = page.find("#path")
    path.clear()
    path.send_keys("me?fields=id,name")
    page.driver.execute_script("document.getElementById('path').dispatchEvent(new Event('change'))")
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#field-tree input[data-field=email]"),
              "the field tree of me")
    check("user" in page.text("#node-type").lower(), "the tree is of a user: %r" % page.text("#node-type"))
    described = page.find("#field-tree li[data-name=email]").get_attribute("title")
    check(described != "", "fields carry their description: %r" % described)
    page.find("#field-search").send_keys("birth")
    shown = [li.get_attribute("data-name") for li in
             page.driver.find_elements(By.CSS_SELECTOR, "#field-tree > li") if li.is_displayed()]
    check(shown == ["birthday"], "the search box keeps matching fields: %r" % shown)
    page.find("#field-tree input[data-field=birthday]").click()
    page.find("#field-search").clear()
    page.driver.execute_script("document.getElementById('field-search').dispatchEvent(new Event('input'))")
    page.find("#field-tree input[data-field=email]").click()
    page.find("#field-tree li[data-name=friends] > button").click()
    page.wait(lambda: page.driver.find_elements(
        By.CSS_SELECTOR, "#field-tree input[data-field=friends][data-sub=name]"), "friends' fields")
    page.find("#field-tree input[data-field=friends][data-sub=name]").click()
    value = page.find("#path").get_attribute("value")
    check(value == "me?fields=id,name,birthday,email,friends.limit(10){name}",
          "ticking edits fields=: %r" % value)
    page.shot("ui-fields.png")
    page.find("#submit").click()
    page.wait(lambda: page.number() == 1, "the answer to me")
    answer = page.text("#answer")
    check('"email"' in answer and '"birthday"' in answer and '"friends"' in answer,
          "the answer has the ticked fields")
    page.shot("ui-answer.png")


def exact_and_large(page):
    shown = page.driver.execute_script(
        "const c = document.createElement('div'); renderAnswer(c, arguments[0]);"
        " return c.textContent;", '{"big":12345678901234567890,"f":1.10,"e":-0.0e+5}')
    check("12345678901234567890" in shown and "1.10" in shown and "-0.0e+5" in shown,
          "numbers are shown exactly as sent: %r" % shown)
    size, ms = page.driver.execute_script("""
        const items = [];
        for (let i = 0; i < 9000; i++) items.push({ id: String(100001000000000 + i),
            name: "Person " + i, message: "x".repeat(60) });
        const body = JSON.stringify({ data: items, paging: { next: "https://graph.facebook.com/x" } });
        const start = performance.now();
        renderAnswer(document.getElementById("answer"), body);
        document.body.offsetHeight;  // layout included
        return [body.length, performance.now() - start];""")
    # Generous: this checks that a 1 MB answer renders at all without locking the page
    # (the machine is shared); the figure is printed.
    check(size > 1000000 and ms < 15000, "a %d-byte answer rendered in %d ms" % (size, ms))


def explain_200(page):
    line = page.send("POST", "me/feed", [("message", "hello")])
    check("HTTP 403" in line, "posting with a read-only token: %r" % line)
    explain = page.text("#explain")
    check("(#200)" in explain or "200" in explain, "the explanation names the error")
    first_sdk = [l for l in explain.splitlines() if "SDK" in l][0]
    check("iOS SDK 3" in first_sdk or "FBErrorCategory" in first_sdk,
          "the iOS SDK 3.x's view comes first: %r" % first_sdk)
    check("FBErrorCategoryPermissions" in explain, "the SDK sees FBErrorCategoryPermissions")
    page.shot("ui-explain.png")
    page.view("code")
    tabs = page.driver.find_elements(By.CSS_SELECTOR, "#code-tabs button")
    titles = [tab.text for tab in tabs]
    check(titles == CODE_TABS, "Get Code has a tab per language: %r" % titles)
    tabs[0].click()
    code = page.text("#code")
    check(code.startswith("curl") and "<ACCESS_TOKEN>" in code and "CAAEmu" not in code,
          "Get Code writes curl with the token as a placeholder")
    for language, call in (("android", "new GraphRequest("), ("ios", "initWithGraphPath:@\"me/feed\""),
                           ("js", "FB.api("), ("php", "$fb->post(\"/me/feed\"")):
        page.find("#code-tabs button[data-language=%s]" % language).click()
        code = page.text("#code")
        check(call in code and "hello" in code and "CAAEmu" not in code,
              "the %s tab writes %s" % (language, call))
    page.find("#code-tabs button[data-language=android]").click()
    page.shot("ui-code.png")


def get_token(page):
    for scope in ("publish_actions", "manage_pages"):
        page.find("#permissions input[value=%s]" % scope).click()
    page.find("#get-token").click()
    page.wait(lambda: "/dialog/oauth" in page.driver.current_url, "the login dialog")
    check(page.driver.title.startswith("Log in to"), "the emulator's dialog: %r" % page.driver.title)
    asked = [li.text for li in page.driver.find_elements(By.CSS_SELECTOR, "#permissions li")]
    check("publish_actions" in asked and "manage_pages" in asked, "it asks %s" % asked)
    page.find("#approve").click()
    page.wait(lambda: urlparse(page.driver.current_url).path == "/", "back on the page")
    page.ready()
    page.wait(lambda: "publish_actions" in page.text("#token-info"), "the token's info")
    info = page.text("#token-info")
    check("valid\ntrue" in info or "true" in info, "debug_token says it is valid")
    check("token" in page.text("#token-shown") and "…" in page.text("#token-shown"),
          "the token is shown masked: %r" % page.text("#token-shown"))
    page.shot("ui-token.png", showing="#token-info")


def hostile(page):
    line = page.send("POST", "me/feed", [("message", HOSTILE)])
    check("HTTP 200" in line, "posting with publish_actions: %r" % line)
    post_id = page.driver.execute_script("return JSON.parse(app.exchange.body).id")
    page.send("GET", post_id + "?fields=message")
    shown = page.text("#answer")
    check("<script>" in shown and "onerror" in shown, "the hostile message is shown as text")
    check(page.driver.execute_script("return window.__pwned") is None, "it ran no script")
    check(not page.driver.find_elements(By.CSS_SELECTOR, "#answer img, #answer script"),
          "it made no element")


def upload(page):
    """A file from the parameters editor, sent multipart to the emulator's photo upload."""
    photo = os.path.join(page.outdir, "lunch.jpg")
    with open(photo, "wb") as out:
        out.write(PHOTO)
    before = page.number()
    Select(page.find("#method")).select_by_visible_text("POST")
    for row in page.driver.find_elements(By.CSS_SELECTOR, "#params div button"):
        row.click()
    page.find("#add-param").click()
    name_box, value_box = page.driver.find_elements(By.CSS_SELECTOR, "#params div:last-child input")
    name_box.send_keys("message")
    value_box.send_keys("lunch")
    page.find("#add-file").click()
    page.find("#params div:last-child input[type=file]").send_keys(photo)
    path_box = page.find("#path")
    path_box.clear()
    path_box.send_keys("me/photos")
    page.find("#submit").click()
    page.wait(lambda: page.number() > before, "the upload's answer")
    line = page.text("#status-line")
    check("HTTP 200" in line and "source@lunch.jpg" in line, "a file is uploaded: %r" % line)
    check('"id"' in page.text("#answer"), "the photo has an id")
    page.view("code")
    page.find("#code-tabs button[data-language=curl]").click()
    check("-F 'source=@lunch.jpg;type=image/jpeg'" in page.text("#code"), "Get Code sends the file")
    page.find("#code-tabs button[data-language=php]").click()
    check('$fb->fileToUpload("lunch.jpg")' in page.text("#code"), "the PHP SDK's code uploads it")
    for row in page.driver.find_elements(By.CSS_SELECTOR, "#params div button"):
        row.click()


def phone(page):
    """The page at a phone's width (390 CSS pixels): one column, nothing wider than the screen."""
    page.driver.set_window_size(390, 844)
    page.view("answer")
    page.driver.execute_script("window.scrollTo(0, 0)")
    wide = page.driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    check(wide <= 0, "at a phone's width nothing is wider than the screen (%d px over)" % wide)
    page.shot("ui-phone.png")
    page.driver.set_window_size(1280, 800)


def page_token(page):
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#pages button"), "Page buttons")
    page.find("#pages button[data-page=\"146903518661553\"]").click()
    page.wait(lambda: "PAGE" in page.text("#token-info"), "the Page token's info")
    check("PAGE" in page.text("#token-info"), "one click gives a Page token")
    page.send("GET", "me?fields=id,name")
    check("Farmers Market" in page.text("#answer"), "me is now the Page")


def paging(page):
    page.send("GET", "me/friends?limit=1", version="v2.2")
    first = page.text("#answer")
    link = page.find("#answer a.paging[data-paging=next]")
    before = page.number()
    link.click()
    page.wait(lambda: page.number() > before, "the next page")
    value = page.find("#path").get_attribute("value")
    check("after=" in value and "access_token" not in value,
          "next opens in the query bar without the token: %r" % value)
    check(page.text("#answer") != first, "the next page is another friend")
    page.view("history")
    page.shot("ui-history.png")


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    base, outdir = argv[1].rstrip("/"), argv[2]
    cassette = os.path.join(outdir, "ui-session.json")
    guards(base)
    driver = browser(os.path.join(outdir, "chromium-profile"), window="1280,800",
                     network_log=True)
    page = Page(driver, base, outdir)
    try:
        driver.get(base + "/")
        page.ready()
        check(driver.title.startswith("Graph API Explorer"), "the page's title: %r" % driver.title)
        ready = driver.execute_script("return app.readyMs")
        check(ready > 0, "the page was drawn and filled %d ms after navigation" % ready)
        versions = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#version option")]
        check("v1.0" in versions and "v27.0" in versions, "the version picker has v1.0 to v27.0")
        explore_me(page)
        exact_and_large(page)
        page.view("session")
        page.find("#cassette").send_keys(cassette)
        page.find("#record").click()
        page.wait(lambda: page.find("#recording").is_displayed(), "recording")
        explain_200(page)
        paging(page)
        get_token(page)
        hostile(page)
        upload(page)
        page_token(page)
        phone(page)
        page.view("session")
        page.find("#record-stop").click()
        page.wait(lambda: "stopped" in page.text("#session-out"), "recording stopped")
        check(os.path.exists(cassette), "the cassette is written")
        box = page.find("#cassette")
        check(box.get_attribute("value") == cassette, "the cassette's name survives the dialog")
        page.find("#replay").click()
        page.wait(lambda: page.text("#target") == "replay", "replaying")
        line = page.send("POST", "me/feed", [("message", "hello")])
        check("HTTP 403" in line and "(#200)" in page.text("#explain"),
              "the replayed session answers as recorded")
        page.view("session")
        page.find("#doctor").click()
        page.wait(lambda: "doctor:" in page.text("#session-out"), "doctor's findings")
        check("Requires extended permission" in page.text("#session-out"),
              "doctor finds the (#200)")
        page.shot("ui-session.png")
        urls = []
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                urls.append(message["params"]["request"]["url"])
        # Chromium's own pages (chrome://) are no requests to the network.
        outside = [u for u in urls if urlparse(u).scheme in ("http", "https", "ws", "wss")
                   and urlparse(u).hostname not in ("127.0.0.1", "localhost")]
        check(urls and not outside, "%d requests, none left loopback %s" % (len(urls), outside[:3]))
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    try:
        status = main(sys.argv)
    except Exception as error:  # a failed check or a browser error: one line, exit 1
        print("FAIL " + repr(error), file=sys.stderr)
        status = 1
    sys.exit(status)
