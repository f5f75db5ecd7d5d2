#!/usr/bin/env python3
"""Plays the human at the test OAuth provider (provider.py), through its real
HTML pages, with the standard library only (urllib + http.cookiejar). Each run
starts with an empty cookie jar, so it always signs in first.

  human.py login-and-approve-device --base http://127.0.0.1:PORT --user-code CODE [--deny]
  human.py authorize --url AUTHORIZE_URL [--deny] [--print-location-only]

Common options: --user (default alice), --password (default wonderland-42),
--timeout SECONDS for each HTTP request (default 10).

Exit status: 0 on success; 1 with a one-line reason on standard error when
something on the way failed (wrong password, unknown or expired user code, the
provider refusing the authorization request, ...); 2 for bad arguments.

Sign-in (both subcommands), Django's LoginView:
  GET  /accounts/login/?next=<path>    form id="login-form"; its hidden
       csrfmiddlewaretoken field and the csrftoken cookie are kept
  POST /accounts/login/                username, password, csrfmiddlewaretoken, next
       -> 302 to next (a 200 with the form again means the sign-in failed)

login-and-approve-device (DOT's RFC 8628 pages, all need the session):
  sign in with next=/o/device/
  GET  /o/device/                      form with field user_code (+ csrfmiddlewaretoken)
  POST /o/device/                      user_code, csrfmiddlewaretoken
       -> 302 to /o/device-confirm/<client_id>/<user_code>; a 200 with the form
          again means the code was refused (incorrect, expired or already used)
  GET  /o/device-confirm/<client_id>/<user_code>   buttons name="action" value="accept"/"deny"
  POST /o/device-confirm/<client_id>/<user_code>   action=accept (or deny), csrfmiddlewaretoken
       -> 302 to /o/device-grant-status/<client_id>/<user_code>
  GET  /o/device-grant-status/<client_id>/<user_code>   "Device Authorized" / "Device Denied"
  On success it prints one line, "device authorized: CODE" (or "device denied: CODE").

authorize (DOT's authorization endpoint):
  GET  AUTHORIZE_URL (/o/authorize/?...)   302 to /accounts/login/?next=... -> sign in,
       which redirects back to AUTHORIZE_URL
  then either a 302 straight to the redirect_uri (cli-web, cli-web-exact and
       cli-confidential skip consent unless the provider runs with
       PROVIDER_WEB_CONSENT=1), or DOT's consent page: form
       id="authorizationForm" with hidden fields; POST them to the same URL with
       allow=Authorize (approve), or without allow (--deny: the Cancel button),
       -> 302 to redirect_uri?code=...&state=... (or ?error=access_denied&state=...)
  Redirects are followed while they stay on the provider's origin; the first one
  leaving it (the app's loopback redirect_uri) is not followed by the cookie
  session. With --print-location-only its Location is printed on standard output
  and nothing else is done. Otherwise a plain GET (no cookies, no redirects
  followed) goes to it, and two things are printed on standard output: the
  callback's HTTP status code on the first line, then its body. Any HTTP answer
  from the callback counts as success (exit 0); no answer (nothing listening,
  timeout) is exit 1. An error page from the provider itself (bad client_id or
  redirect_uri, which DOT shows instead of redirecting) is exit 1.
"""

import argparse
import http.cookiejar
import re
import sys
import urllib.error
import urllib.parse
import urllib.request
from html.parser import HTMLParser


class Failure(Exception):
    pass


class Form:
    def __init__(self, attrs):
        self.attrs = attrs
        self.fields = []  # (name, value, type) of inputs, in order
        self.buttons = []  # (name, value, text)
        self.textareas = []


class PageParser(HTMLParser):
    """Collects forms (inputs and buttons), the title, and the text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms = []
        self.text = []
        self._form = None
        self._button = None
        self._in_title = False
        self.title = ""

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self._form = Form(a)
            self.forms.append(self._form)
        elif tag == "input" and self._form is not None:
            self._form.fields.append((a.get("name", ""), a.get("value", ""), a.get("type", "text").lower()))
        elif tag == "button" and self._form is not None:
            self._button = [a.get("name", ""), a.get("value", ""), ""]
        elif tag == "title":
            self._in_title = True

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "button" and self._button is not None:
            if self._form is not None:
                self._form.buttons.append(tuple(self._button))
            self._button = None
        elif tag == "title":
            self._in_title = False

    def handle_data(self, data):
        if self._button is not None:
            self._button[2] += data
        if self._in_title:
            self.title += data
        if data.strip():
            self.text.append(" ".join(data.split()))


def parse(body):
    parser = PageParser()
    parser.feed(body)
    parser.close()
    return parser


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


class Response:
    def __init__(self, url, status, headers, body):
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body

    @property
    def location(self):
        loc = self.headers.get("Location")
        return urllib.parse.urljoin(self.url, loc) if loc else None


class Browser:
    """A cookie-keeping client that never follows redirects by itself."""

    def __init__(self, timeout):
        self.timeout = timeout
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect, urllib.request.ProxyHandler({})
        )

    def request(self, url, data=None, referer=None):
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(url, data=body, method="POST" if data is not None else "GET")
        if referer:
            req.add_header("Referer", referer)
        try:
            with self.opener.open(req, timeout=self.timeout) as resp:
                return Response(url, resp.status, resp.headers, resp.read().decode("utf-8", "replace"))
        except urllib.error.HTTPError as err:
            return Response(url, err.code, err.headers, err.read().decode("utf-8", "replace"))
        except (urllib.error.URLError, OSError) as err:
            raise Failure(f"{'POST' if data is not None else 'GET'} {url}: {getattr(err, 'reason', err)}")


def origin(url):
    p = urllib.parse.urlsplit(url)
    return (p.scheme, p.netloc)


def page_summary(resp):
    page = parse(resp.body)
    text = " ".join(page.text)
    return text[:200] if text else f"HTTP {resp.status}"


def form_errors(body):
    """The messages of Django's <ul class="errorlist"> lists."""
    found = []
    for chunk in re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', body, re.S):
        found += [" ".join(parse(item).text) for item in re.findall(r"<li>(.*?)</li>", chunk, re.S)]
    return found


def find_form(page, form_id=None, with_field=None):
    for form in page.forms:
        if form_id is not None and form.attrs.get("id") == form_id:
            return form
        if with_field is not None and any(name == with_field for name, _, _ in form.fields):
            return form
    return None


def form_values(form, skip_types=("submit", "button", "image", "reset")):
    values = {}
    for name, value, kind in form.fields:
        if name and kind not in skip_types:
            if kind in ("checkbox", "radio"):
                continue
            values[name] = value
    return values


def login(browser, base, user, password, next_path):
    login_url = urllib.parse.urljoin(base, "/accounts/login/?" + urllib.parse.urlencode({"next": next_path}))
    resp = browser.request(login_url)
    if resp.status != 200:
        raise Failure(f"login page {login_url} answered HTTP {resp.status}")
    return submit_login(browser, resp, user, password)


def submit_login(browser, resp, user, password):
    """resp is the login page; returns the response after signing in (a redirect)."""
    page = parse(resp.body)
    form = find_form(page, form_id="login-form") or find_form(page, with_field="password")
    if form is None:
        raise Failure(f"no login form at {resp.url}")
    values = form_values(form)
    values["username"] = user
    values["password"] = password
    action = urllib.parse.urljoin(resp.url, form.attrs.get("action") or resp.url)
    after = browser.request(action, values, referer=resp.url)
    if after.status not in (301, 302, 303):
        errors = form_errors(after.body)
        reason = "; ".join(errors) if errors else page_summary(after)
        raise Failure(f"sign-in as {user!r} failed (HTTP {after.status}): {reason}")
    return after


def approve_device(args):
    browser = Browser(args.timeout)
    base = args.base.rstrip("/")
    after_login = login(browser, base, args.user, args.password, "/o/device/")
    device_url = after_login.location or base + "/o/device/"

    resp = browser.request(device_url)
    if resp.status != 200:
        raise Failure(f"device page {device_url} answered HTTP {resp.status}")
    form = find_form(parse(resp.body), with_field="user_code")
    if form is None:
        raise Failure(f"no user code form at {device_url}")
    values = form_values(form)
    values["user_code"] = args.user_code
    resp = browser.request(urllib.parse.urljoin(device_url, form.attrs.get("action") or device_url), values,
                           referer=device_url)
    if resp.status not in (301, 302, 303) or not resp.location:
        errors = form_errors(resp.body)
        reason = "; ".join(errors) if errors else page_summary(resp)
        raise Failure(f"user code {args.user_code!r} refused: {reason}")
    confirm_url = resp.location

    resp = browser.request(confirm_url)
    if resp.status != 200:
        raise Failure(f"confirm page {confirm_url} answered HTTP {resp.status}")
    page = parse(resp.body)
    form = next((f for f in page.forms if any(b[0] == "action" for b in f.buttons)), None)
    if form is None:
        raise Failure(f"no accept/deny form at {confirm_url}")
    values = form_values(form)
    values["action"] = "deny" if args.deny else "accept"
    resp = browser.request(urllib.parse.urljoin(confirm_url, form.attrs.get("action") or confirm_url), values,
                           referer=confirm_url)
    if resp.status not in (301, 302, 303) or not resp.location:
        raise Failure(f"approving answered HTTP {resp.status}: {page_summary(resp)}")

    status_page = browser.request(resp.location)
    text = " ".join(parse(status_page.body).text)
    expected = "Denied" if args.deny else "Authorized"
    if status_page.status != 200 or expected not in text:
        raise Failure(f"device grant status page says: {text[:200] or status_page.status}")
    print(f"device {expected.lower()}: {args.user_code}")


def authorize(args):
    browser = Browser(args.timeout)
    provider = origin(args.url)
    base = "%s://%s" % provider
    url = args.url
    data = None
    referer = None
    signed_in = False
    consent_seen = False
    for _ in range(20):
        resp = browser.request(url, data, referer=referer)
        data = None
        if resp.status in (301, 302, 303, 307, 308):
            target = resp.location
            if not target:
                raise Failure(f"HTTP {resp.status} without Location from {url}")
            if origin(target) != provider:
                return leave_provider(args, target, consent_seen)
            referer, url = url, target
            continue
        if resp.status != 200:
            raise Failure(f"{url} answered HTTP {resp.status}: {page_summary(resp)}")
        page = parse(resp.body)
        if find_form(page, form_id="login-form") or find_form(page, with_field="password"):
            if signed_in:
                raise Failure("asked to sign in twice")
            signed_in = True
            after = submit_login(browser, resp, args.user, args.password)
            referer, url = url, after.location or base + "/"
            continue
        form = find_form(page, form_id="authorizationForm")
        if form is not None:
            consent_seen = True
            values = form_values(form)
            if not args.deny:
                values["allow"] = "Authorize"
            referer, url = url, urllib.parse.urljoin(url, form.attrs.get("action") or url)
            data = values
            continue
        raise Failure(f"unexpected page at {url}: {page_summary(resp)}")
    raise Failure("too many steps; giving up")


def leave_provider(args, target, consent_seen):
    if args.deny and not consent_seen:
        raise Failure("--deny given, but the provider showed no consent page (run it with PROVIDER_WEB_CONSENT=1)")
    if args.print_location_only:
        print(target)
        return
    opener = urllib.request.build_opener(NoRedirect, urllib.request.ProxyHandler({}))
    try:
        with opener.open(urllib.request.Request(target), timeout=args.timeout) as resp:
            status, body = resp.status, resp.read()
    except urllib.error.HTTPError as err:
        status, body = err.code, err.read()
    except (urllib.error.URLError, OSError) as err:
        raise Failure(f"callback {target}: {getattr(err, 'reason', err)}")
    sys.stdout.write(f"{status}\n")
    sys.stdout.write(body.decode("utf-8", "replace"))
    sys.stdout.flush()


def main(argv=None):
    parser = argparse.ArgumentParser(description="Plays the human at the test OAuth provider.")
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p):
        p.add_argument("--user", default="alice")
        p.add_argument("--password", default="wonderland-42")
        p.add_argument("--timeout", type=float, default=10.0)

    p = sub.add_parser("login-and-approve-device", help="sign in, enter the user code, approve or deny")
    p.add_argument("--base", required=True, help="the provider's origin, http://127.0.0.1:PORT")
    p.add_argument("--user-code", required=True)
    p.add_argument("--deny", action="store_true")
    common(p)

    p = sub.add_parser("authorize", help="sign in, follow the authorization URL, approve")
    p.add_argument("--url", required=True, help="the full authorization request URL")
    p.add_argument("--deny", action="store_true", help="press Cancel on the consent page")
    p.add_argument("--print-location-only", action="store_true",
                   help="print the redirect to the app's redirect_uri instead of following it")
    common(p)

    args = parser.parse_args(argv)
    try:
        if args.command == "login-and-approve-device":
            approve_device(args)
        else:
            authorize(args)
    except Failure as failure:
        sys.stderr.write(f"human.py: {failure}\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
