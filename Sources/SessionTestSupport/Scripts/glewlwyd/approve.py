#!/usr/bin/env python3
"""Alice approves a sign-in at a test Glewlwyd, as her browser would.

Usage:
    approve.py device BASE ISSUER USER_CODE
    approve.py web BASE AUTHORIZATION_URL

Signs alice in with her password (POST BASE/api/auth/), grants the `cli`
and `keyed` clients the scopes "openid api", then either approves the device code
(ISSUER/device?code=...&g_continue) or opens the authorization URL and
follows its redirect to the loopback callback, printing the callback's
status. `g_continue` is what Glewlwyd's own login page adds when it sends
the browser back. Standard library only; every request ends within 10 s.
"""

import http.cookiejar
import json
import sys
import urllib.error
import urllib.request

TIMEOUT = 10


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


def main():
    mode, base = sys.argv[1], sys.argv[2]
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect())

    def call(method, url, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(url, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with opener.open(request, timeout=TIMEOUT) as answer:
                return answer.status, answer.headers
        except urllib.error.HTTPError as error:
            return error.code, error.headers

    status, _ = call("POST", base + "/api/auth/", {"username": "alice", "password": "alice-password-1234"})
    if status != 200:
        sys.exit("alice could not sign in: HTTP %d" % status)
    for client in ("cli", "keyed"):
        status, _ = call("PUT", base + "/api/auth/grant/%s/" % client, {"scope": "openid api"})
        if status != 200:
            sys.exit("the grant to %s failed: HTTP %d" % (client, status))
    if mode == "device":
        issuer, code = sys.argv[3], sys.argv[4]
        status, _ = call("GET", "%s/device?code=%s&g_continue" % (issuer, code))
        print("device %d" % status, flush=True)
        return
    status, headers = call("GET", sys.argv[3] + "&g_continue")
    location = headers.get("Location", "")
    if status != 302 or not location.startswith("http://127.0.0.1:"):
        sys.exit("the authorization URL did not send the browser back: HTTP %d %s" % (status, location[:80]))
    with urllib.request.urlopen(location, timeout=TIMEOUT) as answer:
        print("callback %d" % answer.status, flush=True)


if __name__ == "__main__":
    main()
