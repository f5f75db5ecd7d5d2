#!/usr/bin/env python3
"""Signs in at the test OAuth provider (../oauth_provider/provider.py) with a
real browser: headless Chromium driven through chromedriver by selenium, so the
app's loopback redirect page is loaded and rendered the way a person's browser
would.

  PYTHONPATH=DIR python3 browser.py sign-in --url AUTHORIZE_URL [--cancel]
      [--user alice] [--password wonderland-42] [--timeout 40] [--screenshot PATH]
      [--accept-language LANGS]
  PYTHONPATH=DIR python3 browser.py session [--user alice] [--password wonderland-42]
      [--timeout 40] [--accept-language LANGS]
  PYTHONPATH=DIR python3 browser.py check

DIR holds selenium, installed by install.sh beside this file (e.g.
.build/browser-python). The browser and driver are Debian's chromium and
chromium-driver: /usr/lib/chromium/chromium (the real binary; /usr/bin/chromium
is a shell wrapper that adds flags, extensions and API keys) and
/usr/bin/chromedriver, or --chromium / --chromedriver. selenium-manager is never
run: the driver's path is given, and SE_MANAGER_PATH points nowhere so that any
attempt would fail instead of downloading.

sign-in: opens AUTHORIZE_URL in a fresh profile (a new temporary
--user-data-dir, removed at the end), signs in at the provider's login form
(form id="login-form": username, password), then on DOT's consent page (form
id="authorizationForm") presses Authorize, or Cancel with --cancel, if that
page appears. Then it waits until the browser has left the provider's origin
(the redirect to the app's loopback redirect_uri) and that page has loaded
(document.readyState is "complete"); the app may hold the request for a while
before it answers, so this waits up to --timeout seconds in all (default 40)
from the start. Then it prints one JSON object on standard output:

  {"url": ..., "title": ..., "lang": <the html element's lang attribute, "" if none>,
   "text": <document.body.innerText>, "html": <page source>,
   "consent": "authorized" | "cancelled" | "not shown"}

session: one Chromium with one fresh profile (a new temporary --user-data-dir)
for many commands, so the provider's sign-in cookie lives from one command to
the next, as in a person's browser. It reads one JSON object per line on
standard input and answers each with one JSON object per line on standard
output (flushed), in order, until standard input closes; then it quits the
browser, removes the profile and exits 0. Blank lines are skipped. Commands:

  {"op": "sign-in", "url": AUTHORIZE_URL [, "timeout": 40] [, "user": ..., "password": ...]
   [, "cancel": true]}
      as sign-in above, in the session's profile: the login form if it appears
      (not when the provider still knows the browser), the consent page if it
      appears, then the app's page. Answer:
      {"ok": true, "asked_password": <the login form was filled in during this
       command>, "consent": "authorized" | "cancelled" | "not shown",
       "url": ..., "title": ..., "text": <document.body.innerText>}
  {"op": "logout", "url": END_SESSION_URL [, "provider": ORIGIN] [, "timeout": 40]}
      OpenID Connect RP-Initiated Logout: opens the URL (or an app's URL
      that redirects there at once: then "provider" names the provider's
      origin, e.g. "http://127.0.0.1:8000"); on DOT's logout
      confirmation page (form id="authorizationForm" with a
      post_logout_redirect_uri field) presses the button named "allow"
      (Logout); then waits, as sign-in does, until the browser has left the
      provider's origin and the app's page (its post_logout_redirect_uri)
      has loaded. DOT shows no confirmation when the browser is not signed in
      there. Answer:
      {"ok": true, "confirmed": true | false, "url": ..., "title": ..., "text": ...}

Any failure of a command (the same ones as sign-in's, a provider error page,
a bad command line) answers {"ok": false, "error": "<one line>"} and the
session goes on with the same browser. A failed sign-in may still have
signed in: DOT asks for the password before it looks at the client. Each
command has its own timeout ("timeout" in seconds, default --timeout, 40),
counted from when it is read; a page reached after it is a timeout too. Its
watchdog ends the whole session (exit 1, one line on standard error, no
answer) if the browser hangs 30 s past it.
SIGTERM kills the browser, removes the profile and exits 0. A browser that
cannot start: exit 1 with one line on standard error, before any answer.

check: prints "ok" when selenium imports and Chromium starts through
chromedriver (and quits) on about:blank; otherwise one line saying what is
missing.

Exit status: 0 on success; 1 with one line on standard error on any failure
(wrong password, the provider's own error page, the redirect target not
answering, a timeout, a missing browser); 2 for bad arguments. Nothing else is
printed. The browser and the driver are always quit, and every process they
started is killed (they run in a process group of their own); a watchdog ends
everything --timeout + 30 seconds after the start if quitting itself hangs.

Nothing reaches beyond this machine: no proxy, background networking,
component updates, sync, extensions, safe browsing, translation, password leak
checks and metrics are off, and the browser reaches no host but localhost,
127.0.0.1 and [::1]: any other name or address fails at once as not found.
"""

import argparse
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import warnings

CHROMIUM_CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium")
CHROMEDRIVER_DEFAULT = "/usr/bin/chromedriver"
QUIT_GRACE_SECONDS = 30
POLL_SECONDS = 0.1

# Chromium switches. Together with the preferences below they keep the browser
# from talking to anything but the pages it is sent to.
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",  # we run as root
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--no-default-browser-check",
    "--no-proxy-server",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-component-extensions-with-background-pages",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-breakpad",
    "--disable-crash-reporter",
    "--metrics-recording-only",
    "--no-pings",
    "--safebrowsing-disable-auto-update",
    "--password-store=basic",
    "--disable-features=" + ",".join([
        "OptimizationHints",
        "OptimizationGuideModelDownloading",
        "MediaRouter",
        "DialMediaRouteProvider",
        "Translate",
        "AutofillServerCommunication",
        "CertificateTransparencyComponentUpdater",
        "PasswordLeakDetection",
        "NetworkTimeServiceQuerying",
        "InterestFeedContentSuggestions",
        "PrivacySandboxSettings4",
    ]),
    # Only localhost, 127.0.0.1 and [::1] can be reached; any other host, name or
    # IP literal, fails at once as not found (no DNS query is made).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE ::1",
    "--window-size=1280,900",
]
CHROMIUM_PREFS = {
    "credentials_enable_service": False,
    "profile.password_manager_enabled": False,
    "profile.password_manager_leak_detection": False,
    "safebrowsing.enabled": False,
    "search.suggest_enabled": False,
    "translate.enabled": False,
    "net.network_prediction_options": 2,  # no DNS prefetch or preconnect
}
# Environment variables that would send the driver's or the browser's traffic
# through a proxy, or make selenium look for a driver elsewhere.
DROPPED_ENV = {
    "http_proxy", "https_proxy", "all_proxy", "ftp_proxy", "no_proxy",
    "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "FTP_PROXY", "NO_PROXY",
    "SE_CHROMEDRIVER", "SE_MANAGER_PATH", "SE_OFFLINE",
}


class Failure(Exception):
    pass


def fail_line(message):
    text = " ".join(str(message).split())
    return f"browser.py: {text[:600]}\n"


def first_line(error):
    # selenium's messages carry a stack trace after the first line(s).
    message = getattr(error, "msg", None) or str(error) or type(error).__name__
    lines = [line.strip() for line in str(message).splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__


def chromium_path(given):
    if given:
        return given
    for candidate in CHROMIUM_CANDIDATES:
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return CHROMIUM_CANDIDATES[0]


def quiet_logging():
    # selenium logs warnings through `logging` and `warnings`; none of it may reach stderr.
    warnings.simplefilter("ignore")
    for name in ("selenium", "urllib3", "trio", "websocket"):
        logger = logging.getLogger(name)
        logger.addHandler(logging.NullHandler())
        logger.propagate = False
        logger.setLevel(logging.CRITICAL + 1)


def import_selenium():
    try:
        from selenium import webdriver  # noqa: F401
        from selenium.webdriver.chrome.service import Service  # noqa: F401
    except ImportError as error:
        raise Failure(
            f"selenium is not importable ({error}); install it with "
            "'bash Tests/SessionTests/Scripts/browser/install.sh .build/browser-python' "
            "and run with PYTHONPATH=.build/browser-python"
        )


class Browser:
    """Headless Chromium under chromedriver, in a process group of its own, with
    a throw-away profile. close() quits both and removes the profile."""

    def __init__(self, chromium, chromedriver, page_load_timeout, accept_language=None):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        for path, what, package in ((chromium, "chromium", "chromium"), (chromedriver, "chromedriver", "chromium-driver")):
            if not (os.path.isfile(path) and os.access(path, os.X_OK)):
                raise Failure(f"{what} not found at {path} (apt-get install {package})")

        self.driver = None
        self.service = None
        self.profile = tempfile.mkdtemp(prefix="browser-py-")
        env = {k: v for k, v in os.environ.items() if k not in DROPPED_ENV}
        # Anything the browser writes outside its profile (~/.pki, caches) lands
        # in the temporary folder too.
        env.update(HOME=self.profile, XDG_CONFIG_HOME=self.profile, XDG_CACHE_HOME=self.profile)
        # If selenium ever wanted selenium-manager, it would fail instead of downloading.
        os.environ["SE_MANAGER_PATH"] = os.path.join(self.profile, "selenium-manager-is-not-used")
        for name in DROPPED_ENV - {"SE_MANAGER_PATH"}:
            os.environ.pop(name, None)

        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for arg in CHROMIUM_ARGS:
            options.add_argument(arg)
        options.add_argument(f"--user-data-dir={os.path.join(self.profile, 'profile')}")
        prefs = dict(CHROMIUM_PREFS)
        if accept_language:
            options.add_argument(f"--lang={accept_language.split(',')[0].strip()}")
            prefs["intl.accept_languages"] = accept_language
        options.add_experimental_option("prefs", prefs)
        options.page_load_strategy = "normal"

        self.service = Service(
            executable_path=chromedriver,
            log_output=subprocess.DEVNULL,
            env=env,
            popen_kw={"start_new_session": True},  # its own process group: killable as a whole
        )
        try:
            self.driver = webdriver.Chrome(options=options, service=self.service)
        except Exception as error:
            self.close()
            raise Failure(f"could not start {chromium} through {chromedriver}: {first_line(error)}")
        self.driver.implicitly_wait(0)
        self.driver.set_script_timeout(10)
        self.driver.set_page_load_timeout(max(1.0, page_load_timeout))

    def process_group(self):
        process = getattr(self.service, "process", None) if self.service else None
        return process.pid if process is not None else None

    def kill_group(self):
        pgid = self.process_group()
        if pgid is None:
            return
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def close(self):
        try:
            if self.driver is not None:
                try:
                    self.driver.quit()  # quits the browser and stops the driver
                except Exception:
                    pass
            elif self.service is not None:
                try:
                    self.service.stop()
                except Exception:
                    pass
        finally:
            self.kill_group()  # whatever is left of the browser's processes
            process = getattr(self.service, "process", None) if self.service else None
            if process is not None:
                try:
                    process.wait(5)
                except Exception:
                    pass
            shutil.rmtree(self.profile, ignore_errors=True)


def start_watchdog(seconds, browser_ref):
    """Ends everything if the run (quitting included) overruns by far."""

    def fire():
        sys.stderr.write(fail_line(f"gave up after {seconds:.0f} s (watchdog): the browser or driver hung"))
        sys.stderr.flush()
        browser = browser_ref.get("browser")
        if browser is not None:
            browser.kill_group()
            shutil.rmtree(browser.profile, ignore_errors=True)
        os._exit(1)

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    return timer


def origin(url):
    parts = urllib.parse.urlsplit(url)
    port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    return (parts.scheme, (parts.hostname or "").lower(), port)


def js(driver, script, *args):
    return driver.execute_script(script, *args)


PAGE_STATE = """
return {
  href: String(window.location.href),
  ready: document.readyState,
  old: window.__browserPyLeft === true,
  login: !!document.getElementById('login-form'),
  consent: !!document.getElementById('authorizationForm'),
  // DOT's logout confirmation page reuses the consent page's form id.
  logout: !!document.querySelector('#authorizationForm input[name=post_logout_redirect_uri]'),
  errornote: (document.querySelector('.errornote, .errorlist') || {}).innerText || '',
  text: document.body ? document.body.innerText : ''
};
"""


def mark_leaving(driver):
    # Set on the page we are about to leave: while the next page has not
    # replaced it (the app may hold its answer), we still see the marker and wait.
    js(driver, "window.__browserPyLeft = true;")


def follow(driver, url, timeout, deadline, answer, first_step, strict=False, provider=None):
    """Opens url and waits until the browser has left url's origin (the
    provider's) and the page it went to has loaded (readyState "complete").
    answer(state, url) is called for each loaded page still at the provider:
    it presses what that page needs and returns what is waited for next, or
    raises Failure. Returns (url, state) of the page outside the provider.
    strict: a page found only after the deadline (a driver call that blocked
    past it) is a timeout too. provider: the provider's origin, when url is
    an app's URL that redirects there at once (else url's origin)."""
    from selenium.common.exceptions import TimeoutException, WebDriverException

    provider = origin(provider or url)
    try:
        # The page shown now (a previous command's) must not pass for the next one.
        mark_leaving(driver)
    except Exception:
        pass
    driver.set_page_load_timeout(max(0.5, deadline - time.monotonic()))
    try:
        driver.get(url)
    except TimeoutException:
        pass  # checked below, against the deadline

    last_url = url
    step = first_step
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise Failure(f"timed out after {timeout:g} s waiting for {step}; the browser was at {last_url}")
        try:
            driver.set_page_load_timeout(max(0.5, left))
            state = js(driver, PAGE_STATE)
            # The URL of the very page the state was read from: the
            # driver's current_url, read separately, can still name the
            # page before it while the app holds its answer.
            current = state["href"] or driver.current_url
            last_url = current
        except TimeoutException:
            continue  # a page is still loading; the deadline check above ends this
        except WebDriverException as error:
            raise Failure(f"the browser failed at {last_url}: {first_line(error)}")

        if state["href"].startswith("chrome-error:"):
            summary = " ".join(state["text"].split())[:200]
            raise Failure(f"could not load {current}: {summary or 'browser error page'}")
        if state["old"] or state["ready"] != "complete":
            time.sleep(POLL_SECONDS)
            continue

        if origin(current) != provider:
            if current.startswith(("about:", "data:")):
                time.sleep(POLL_SECONDS)
                continue
            if strict and time.monotonic() > deadline:
                raise Failure(f"timed out after {timeout:g} s waiting for {step}; the browser reached {current} too late")
            return current, state

        # Still at the provider.
        step = answer(state, current)


def unexpected_page(state, url, what="request"):
    summary = " ".join(state["text"].split())[:300]
    if summary.startswith("Error:"):
        return Failure(f"the provider refused the {what} with its error page ({summary}) at {url}")
    return Failure(f"the provider showed an unexpected page at {url}: {summary or '(empty)'}")


def sign_in_flow(driver, url, timeout, deadline, user, password, cancel=False, strict=False):
    """The sign-in at the provider, in the browser's current profile: the
    login form if it appears, the consent page if it appears, then the app's
    redirect_uri. Returns {"url", "state", "asked_password", "consent"}."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By

    seen = {"signed_in": False, "consent": "not shown"}

    def answer(state, current):
        if state["login"]:
            if seen["signed_in"]:
                reason = " ".join(state["errornote"].split()) or "the login form came back"
                raise Failure(f"sign-in as {user!r} failed: {reason}")
            form = driver.find_element(By.ID, "login-form")
            field = form.find_element(By.NAME, "username")
            field.clear()
            field.send_keys(user)
            field = form.find_element(By.NAME, "password")
            field.clear()
            field.send_keys(password)
            button = form.find_element(By.CSS_SELECTOR, "button[type=submit], input[type=submit]")
            seen["signed_in"] = True
            mark_leaving(driver)
            click(button, TimeoutException)
            return "the page after signing in (consent, or the app's redirect_uri)"
        if state["consent"] and not state["logout"]:
            if seen["consent"] != "not shown":
                raise Failure("the consent page came back after it was answered")
            form = driver.find_element(By.ID, "authorizationForm")
            if cancel:
                button = form.find_element(By.CSS_SELECTOR, "input[type=submit]:not([name=allow])")
                seen["consent"] = "cancelled"
            else:
                button = form.find_element(By.CSS_SELECTOR, "input[type=submit][name=allow]")
                seen["consent"] = "authorized"
            step = f"the app's redirect_uri to answer after {button.get_attribute('value') or 'the consent button'}"
            mark_leaving(driver)
            click(button, TimeoutException)
            return step
        raise unexpected_page(state, current)

    final_url, state = follow(driver, url, timeout, deadline, answer, "the authorization URL to load", strict)
    return {"url": final_url, "state": state, "asked_password": seen["signed_in"], "consent": seen["consent"]}


def logout_flow(driver, url, timeout, deadline, strict=False, provider=None):
    """RP-Initiated Logout in the browser's current profile: opens the end
    session URL, presses the button named "allow" (Logout) on DOT's
    confirmation page if it appears, then waits for the app's
    post_logout_redirect_uri. Returns {"url", "state", "confirmed"}."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By

    seen = {"confirmed": False}

    def answer(state, current):
        if state["logout"]:
            if seen["confirmed"]:
                raise Failure("the logout confirmation page came back after it was answered")
            form = driver.find_element(By.ID, "authorizationForm")
            button = form.find_element(By.CSS_SELECTOR, "input[type=submit][name=allow]")
            seen["confirmed"] = True
            step = (f"the app's post_logout_redirect_uri to answer after "
                    f"{button.get_attribute('value') or 'the logout button'}")
            mark_leaving(driver)
            click(button, TimeoutException)
            return step
        if state["login"]:
            raise Failure(f"the provider asked for a sign-in instead of logging out, at {current}")
        raise unexpected_page(state, current, "logout")

    final_url, state = follow(
        driver, url, timeout, deadline, answer, "the end session URL to load", strict, provider)
    return {"url": final_url, "state": state, "confirmed": seen["confirmed"]}


def sign_in(args):
    import_selenium()

    start = time.monotonic()
    deadline = start + args.timeout
    holder = {}
    watchdog = start_watchdog(args.timeout + QUIT_GRACE_SECONDS, holder)
    browser = None
    result = None
    try:
        browser = Browser(chromium_path(args.chromium), args.chromedriver, args.timeout, args.accept_language)
        holder["browser"] = browser
        driver = browser.driver
        flow = sign_in_flow(driver, args.url, args.timeout, deadline, args.user, args.password, args.cancel)
        result = {
            "url": flow["url"],
            "title": driver.title,
            "lang": js(driver, "return document.documentElement.getAttribute('lang') || '';"),
            "text": flow["state"]["text"],
            "html": driver.page_source,
            "consent": flow["consent"],
        }

        if args.screenshot:
            save_screenshot(driver, args.screenshot)
    except Failure:
        if browser is not None and args.screenshot:
            try:
                browser.driver.save_screenshot(args.screenshot)
            except Exception:
                pass
        raise
    except Exception as error:  # selenium, urllib3, ...: one line, not a trace
        raise Failure(f"{type(error).__name__}: {first_line(error)}")
    finally:
        if browser is not None:
            browser.close()
        watchdog.cancel()
    sys.stdout.write(json.dumps(result) + "\n")
    sys.stdout.flush()


def click(element, timeout_exception):
    try:
        element.click()
    except timeout_exception:
        pass  # the next page is slow (the app holds its answer): the main loop waits for it


def save_screenshot(driver, path):
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    if not driver.save_screenshot(path):
        raise Failure(f"could not save a screenshot to {path}")


STARTUP_SECONDS = 60


def one_line(message):
    return " ".join(str(message).split())[:600]


def session_command(browser, line, args, holder):
    """One line of the session's standard input: runs it, returns the answer."""
    started = time.monotonic()
    try:
        command = json.loads(line)
    except ValueError as error:
        return {"ok": False, "error": one_line(f"not a JSON object: {error}")}
    if not isinstance(command, dict):
        return {"ok": False, "error": "not a JSON object"}
    op = command.get("op")
    if op not in ("sign-in", "logout"):
        return {"ok": False, "error": one_line(f"unknown op {op!r} (sign-in or logout)")}
    url = command.get("url")
    if not isinstance(url, str) or not url:
        return {"ok": False, "error": "url missing (a string)"}
    timeout = command.get("timeout", args.timeout)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < 86400:
        return {"ok": False, "error": "timeout must be a number of seconds, more than 0"}
    timeout = float(timeout)
    for name in ("user", "password", "provider"):
        if not isinstance(command.get(name, ""), str):
            return {"ok": False, "error": f"{name} must be a string"}

    deadline = started + timeout
    watchdog = start_watchdog(timeout + QUIT_GRACE_SECONDS, holder)
    driver = browser.driver
    try:
        if op == "sign-in":
            flow = sign_in_flow(
                driver, url, timeout, deadline, command.get("user") or args.user,
                command.get("password") or args.password, bool(command.get("cancel")), strict=True,
            )
            return {"ok": True, "asked_password": flow["asked_password"], "consent": flow["consent"],
                    "url": flow["url"], "title": driver.title, "text": flow["state"]["text"]}
        flow = logout_flow(driver, url, timeout, deadline, strict=True, provider=command.get("provider") or None)
        return {"ok": True, "confirmed": flow["confirmed"], "url": flow["url"], "title": driver.title,
                "text": flow["state"]["text"]}
    except Failure as failure:
        return {"ok": False, "error": one_line(failure)}
    except Exception as error:  # selenium, urllib3, ...: one line, not a trace
        return {"ok": False, "error": one_line(f"{type(error).__name__}: {first_line(error)}")}
    finally:
        watchdog.cancel()


def session(args):
    import_selenium()
    holder = {}

    def terminate(*_):
        browser = holder.get("browser")
        if browser is not None:
            browser.kill_group()
            shutil.rmtree(browser.profile, ignore_errors=True)
        os._exit(0)

    signal.signal(signal.SIGTERM, terminate)
    watchdog = start_watchdog(STARTUP_SECONDS + QUIT_GRACE_SECONDS, holder)
    browser = None
    try:
        try:
            browser = Browser(chromium_path(args.chromium), args.chromedriver, args.timeout, args.accept_language)
        except Failure:
            raise
        except Exception as error:
            raise Failure(f"{type(error).__name__}: {first_line(error)}")
        holder["browser"] = browser
        watchdog.cancel()
        while True:
            line = sys.stdin.readline()
            if not line:
                break  # standard input closed: the session is over
            if not line.strip():
                continue
            answer = session_command(browser, line, args, holder)
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
    finally:
        watchdog.cancel()
        if browser is not None:
            quitting = start_watchdog(QUIT_GRACE_SECONDS, holder)
            browser.close()
            quitting.cancel()


def check(args):
    import_selenium()
    chromium = chromium_path(args.chromium)
    holder = {}
    watchdog = start_watchdog(60 + QUIT_GRACE_SECONDS, holder)
    browser = None
    try:
        browser = Browser(chromium, args.chromedriver, 30)
        holder["browser"] = browser
        browser.driver.get("about:blank")
        if js(browser.driver, "return 1 + 1;") != 2:
            raise Failure("the browser started but does not run scripts")
    except Failure:
        raise
    except Exception as error:
        raise Failure(f"could not drive {chromium} through {args.chromedriver}: {first_line(error)}")
    finally:
        if browser is not None:
            browser.close()
        watchdog.cancel()
    print("ok", flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Signs in at the test OAuth provider with headless Chromium.")
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p):
        p.add_argument("--chromium", default=None,
                       help="browser binary (default: the first of %s that exists)" % ", ".join(CHROMIUM_CANDIDATES))
        p.add_argument("--chromedriver", default=CHROMEDRIVER_DEFAULT)

    p = sub.add_parser("sign-in", help="open the authorization URL, sign in, answer consent, wait for the app's page")
    p.add_argument("--url", required=True, help="the full authorization request URL")
    p.add_argument("--cancel", action="store_true", help="press Cancel on the consent page (if it appears)")
    p.add_argument("--user", default="alice")
    p.add_argument("--password", default="wonderland-42")
    p.add_argument("--timeout", type=float, default=40.0, help="seconds for the whole sign-in (default 40)")
    p.add_argument("--screenshot", metavar="PATH", help="save a PNG of the final page")
    p.add_argument("--accept-language", metavar="LANGS",
                   help="the browser's Accept-Language, e.g. 'de-DE,de' (default: Chromium's, en-US)")
    common(p)

    p = sub.add_parser("check", help="print ok when chromium, chromedriver and selenium are usable")
    common(p)

    p = sub.add_parser("session", help="one browser profile for many sign-ins and logouts, "
                       "one JSON command per line on stdin, one JSON answer per line on stdout")
    p.add_argument("--user", default="alice", help="default user of a sign-in command")
    p.add_argument("--password", default="wonderland-42", help="default password of a sign-in command")
    p.add_argument("--timeout", type=float, default=40.0,
                   help="seconds for a command without its own timeout (default 40)")
    p.add_argument("--accept-language", metavar="LANGS",
                   help="the browser's Accept-Language, e.g. 'de-DE,de' (default: Chromium's, en-US)")
    common(p)

    args = parser.parse_args(argv)
    if args.command in ("sign-in", "session") and not args.timeout > 0:
        parser.error("--timeout must be more than 0")
    quiet_logging()
    run = {"sign-in": sign_in, "check": check, "session": session}[args.command]
    try:
        run(args)
    except Failure as failure:
        sys.stderr.write(fail_line(failure))
        return 1
    except KeyboardInterrupt:
        sys.stderr.write(fail_line("interrupted"))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
