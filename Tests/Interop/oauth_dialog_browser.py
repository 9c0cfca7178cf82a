#!/usr/bin/env python3
"""The served OAuth dialog in headless Chromium (Debian's chromium and chromium-driver, selenium
from PyPI), as a person would use it.

Usage: oauth_dialog_browser.py BASE_URL SCREENSHOT.png

Chromium's profile goes in a `chromium-profile` folder beside SCREENSHOT.png.

Opens BASE_URL/v2.8/dialog/oauth for the default world's app, saves a screenshot of the page,
picks Bob, presses Okay, reads the code from the redirect (to the server itself, so nothing
leaves this machine) and exchanges it; then opens the dialog again and presses Cancel.
Prints one line per check; any failure exits non-zero.
"""

import os
import sys
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


def browser(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    # The profile and cache live beside the screenshot (the test's scratch folder).
    options.add_argument("--user-data-dir=" + profile)
    options.add_argument("--disk-cache-dir=" + os.path.join(profile, "cache"))
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--window-size=760,900", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--disable-default-apps"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    base = argv[1].rstrip("/")
    redirect = base + "/callback"  # the server itself: the browser never leaves this machine
    dialog = base + "/v2.8/dialog/oauth?" + urlencode({
        "client_id": APP_ID, "redirect_uri": redirect, "scope": "email,user_friends",
        "state": "browser-1"})
    driver = browser(os.path.join(os.path.dirname(os.path.abspath(argv[2])), "chromium-profile"))
    try:
        driver.get(dialog)
        check(driver.title == "Log in to Scrumptious", "the page's title: %r" % driver.title)
        asked = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#permissions li")]
        check(asked == ["public_profile", "email", "user_friends"], "it lists %s" % asked)
        driver.save_screenshot(argv[2])
        check(open(argv[2], "rb").read(8) == b"\x89PNG\r\n\x1a\n", "screenshot saved")
        driver.find_element(By.CSS_SELECTOR, "input[name=person][value='%s']" % BOB).click()
        driver.find_element(By.ID, "approve").click()
        WebDriverWait(driver, 10).until(lambda d: d.current_url.startswith(redirect))
        query = parse_qs(urlparse(driver.current_url).query)
        check(query.get("state") == ["browser-1"] and "code" in query,
              "Okay lands on redirect_uri with code and state")
        answer = requests.get(base + "/v2.8/oauth/access_token", timeout=10, params={
            "client_id": APP_ID, "client_secret": APP_SECRET, "redirect_uri": redirect,
            "code": query["code"][0]}).json()
        me = requests.get(base + "/v2.8/me", timeout=10,
                          params={"access_token": answer["access_token"]}).json()
        check(me["id"] == BOB, "the code exchanges for Bob's token")

        driver.get(dialog)
        driver.find_element(By.ID, "cancel").click()
        WebDriverWait(driver, 10).until(lambda d: d.current_url.startswith(redirect))
        query = parse_qs(urlparse(driver.current_url).query)
        check(query.get("error") == ["access_denied"] and query.get("error_reason") == ["user_denied"],
              "Cancel lands on redirect_uri with error=access_denied")
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except Exception as error:
        print("FAIL " + repr(error), file=sys.stderr)
        sys.exit(1)
