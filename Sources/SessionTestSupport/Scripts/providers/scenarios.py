#!/usr/bin/env python3
"""session-cli against GitHub, GitLab, Google and Microsoft at their real names, emulated (emulator.py).

Run as root under `unshare --net --mount`: it gives the new namespace's own `lo` the address 10.77.0.2,
names every provider host there in a private /etc/hosts, makes a CA and a certificate for those names with
openssl, starts the emulator on 10.77.0.2:443, and runs session-cli as a person would, with SSL_CERT_FILE
naming the CA: the tool reaches https://github.com/login/device/code unchanged. Nothing leaves the machine;
everything ends with the namespace.

The one argument is JSON: {"cli": path, "home": folder, "provider": NAME}, NAME one of github, github-paste
(a browser sign-in pasted back on a pseudo-terminal), gitlab, google, microsoft, github-actions (a CI job
signing in with its GitHub Actions token: at Microsoft Entra ID as a federated credential, and at Google's
Security Token Service by token exchange; ACTIONS_ID_TOKEN_REQUEST_URL and _TOKEN set as a runner sets them).
It prints one JSON object: {"steps": {name: {"status", "stdout", "stderr"}}, "requests": [what the emulator
saw: host, method, path, user agent, whether the client secret came, the Authorization scheme], "facts": {…}}.
Every wait is bounded; every process it starts, it stops.
"""
import atexit
import datetime
import glob
import json
import os
import pty
import select
import signal
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import emulator as providers  # noqa: E402

options = json.loads(sys.argv[1])
cli, home, which = options["cli"], options["home"], options["provider"]
WAIT = 60  # seconds any one step may take
children = []


def stop_children():
    for child in children:
        if child.poll() is None:
            child.kill()
            child.wait(timeout=WAIT)


atexit.register(stop_children)


def quiet(command, **extra):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=WAIT, **extra)


# The namespace's own network: 10.77.0.2 on its lo, every provider's name there.
quiet(["ip", "link", "set", "lo", "up"])
quiet(["ip", "addr", "add", "10.77.0.2/32", "dev", "lo"])
hosts = os.path.join(home, "hosts")
with open(hosts, "w") as file:
    file.write("127.0.0.1 localhost\n::1 localhost\n" + "".join("10.77.0.2 %s\n" % name for name in providers.NAMES))
quiet(["mount", "--bind", hosts, "/etc/hosts"])

# A CA of the test's own, trusted only through SSL_CERT_FILE, and a certificate for every name.
tls = os.path.join(home, "tls")
os.makedirs(tls)
quiet(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
       "-subj", "/CN=Session Providers Test CA", "-keyout", "ca.key", "-out", "ca.pem",
       "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"], cwd=tls)
quiet(["openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=providers",
       "-keyout", "server.key", "-out", "server.csr"], cwd=tls)
with open(os.path.join(tls, "server.ext"), "w") as file:
    file.write("subjectAltName=" + ",".join("DNS:" + name for name in providers.NAMES)
               + "\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
quiet(["openssl", "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
       "-days", "2", "-extfile", "server.ext", "-out", "server.pem"], cwd=tls)
ca = os.path.join(tls, "ca.pem")

# One repository for git at github.com/octo/hello.git and gitlab.com/group/project.git.
git_root = os.path.join(home, "git")
work = os.path.join(home, "work")
os.makedirs(work)
git_env = {"HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
quiet(["git", "init", "-q", "-b", "main", work], env=git_env)
quiet(["git", "-C", work, "commit", "-q", "--allow-empty", "-m", "first"], env=git_env)
for repository in ("octo/hello.git", "group/project.git"):
    quiet(["git", "clone", "-q", "--bare", work, os.path.join(git_root, repository)], env=git_env)

SECRETS = {"123-tv.apps.googleusercontent.com": "GOCSPX-tv0123456789abcdef",
           "456-desktop.apps.googleusercontent.com": "GOCSPX-desktop0123456789"}
emulator, server = providers.serve(("10.77.0.2", 443), os.path.join(tls, "server.pem"), os.path.join(tls, "server.key"),
                                   SECRETS, git_root)

base = {"HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "SSL_CERT_FILE": ca}
steps = {}
facts = {}


def record(name, done):
    steps[name] = {"status": done.returncode, "stdout": done.stdout.decode(errors="replace"),
                   "stderr": done.stderr.decode(errors="replace")}
    return steps[name]


def run(name, arguments, environment=None, stdin=b"", program=None):
    done = subprocess.run((program or [cli]) + arguments, input=stdin, env={**base, **(environment or {})},
                          capture_output=True, timeout=WAIT)
    return record(name, done)


def device_sign_in(name, arguments, account, environment=None):
    """login --device as a person does it: read the code the tool shows, enter it at the provider."""
    child = subprocess.Popen([cli, "login", "--device"] + arguments, env={**base, **(environment or {})},
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    children.append(child)
    shown, approved = b"", False
    end = time.time() + WAIT
    while time.time() < end and child.poll() is None:
        ready, _, _ = select.select([child.stderr], [], [], 0.2)
        if ready:
            piece = os.read(child.stderr.fileno(), 65536)
            shown += piece
            for line in shown.decode(errors="replace").splitlines():
                if line.strip().startswith("Code:") and not approved:
                    approved = emulator.approve(line.split(":", 1)[1].strip(), account)
            if approved:
                break
    try:
        stdout, rest = child.communicate(timeout=WAIT)
    except subprocess.TimeoutExpired:
        child.kill()
        stdout, rest = child.communicate(timeout=WAIT)
    done = subprocess.CompletedProcess(child.args, child.returncode, stdout, shown + rest)
    return record(name, done)


def browser_to_redirect(url):
    """A browser on another machine: follows the provider to its redirect and stops there (the redirect's
    loopback address is not that machine's). Returns the address its address bar shows."""
    context = ssl.create_default_context(cafile=ca)

    class Stop(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *arguments):
            return None

    opener = urllib.request.build_opener(urllib.request.HTTPSHandler(context=context), Stop)
    try:
        opener.open(url, timeout=WAIT)
    except urllib.error.HTTPError as answer:
        return answer.headers.get("Location")
    return None


def pasted_sign_in(name, arguments, paste, environment=None):
    """login --web --no-browser on a pseudo-terminal; `paste(url)` gives the lines to paste, in order, each
    with what to wait for after it (None for a line: Ctrl-C)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.clear()
        os.environ.update({**base, **(environment or {})})
        os.execv(cli, [cli, "login", "--web", "--no-browser"] + arguments)
    seen = b""

    def read_until(wanted):
        nonlocal seen
        end = time.time() + WAIT
        while wanted not in seen and time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    return

    read_until(b"paste it here")
    url = next((line.split("URL:", 1)[1].strip() for line in seen.decode(errors="replace").splitlines()
                if line.strip().startswith("URL:")), None)
    for line, wait_for in paste(url):
        if line is None:
            os.kill(pid, signal.SIGINT)  # the person gives up: Ctrl-C
        else:
            os.write(fd, line.encode() + b"\n")
            read_until(wait_for)
    # Whatever it writes is read until it ends (or, past the bound, is stopped).
    status = "hung"
    end = time.time() + WAIT
    while time.time() < end:
        finished, code = os.waitpid(pid, os.WNOHANG)
        if finished:
            status = os.waitstatus_to_exitcode(code)
            break
        if select.select([fd], [], [], 0.2)[0]:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                pass
    if status == "hung":
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    try:
        while select.select([fd], [], [], 0)[0]:
            seen += os.read(fd, 65536)
    except OSError:
        pass
    os.close(fd)
    steps[name] = {"status": status, "stdout": "", "stderr": seen.decode(errors="replace")}
    return steps[name]


def git_for(origin, path):
    """git ls-remote through the helper setup-git configured, trusting the test's CA."""
    # No system configuration: a machine's own url.*.insteadOf must not send github.com elsewhere.
    return run("git ls-remote " + origin, ["ls-remote", origin + path],
               {"GIT_SSL_CAINFO": ca, "GIT_TERMINAL_PROMPT": "0", "GIT_CONFIG_NOSYSTEM": "1"}, program=["git"])


def credential_for(name, host):
    return run(name, ["git-credential", "get"], stdin=("protocol=https\nhost=%s\n\n" % host).encode())


if which == "github":
    oauth_app, github_app = "Ov23liOAuthApp0001", "Iv23liGitHubApp0001"
    emulator.github_expiring.add(github_app)
    emulator.slow_down_once.add("github")
    device_sign_in("login", ["--provider", "github", "--client-id", oauth_app, "--scope", "repo"], "octocat")
    run("status", ["status", "--json"])
    run("token", ["token"])
    run("api", ["api", "/user"])
    run("whoami", ["whoami", "--json"])
    run("setup-git", ["setup-git"])
    git_for("https://github.com", "/octo/hello.git")
    credential_for("credential github.com", "github.com")
    credential_for("credential gist.github.com", "gist.github.com")
    credential_for("credential api.github.com", "api.github.com")
    run("logout", ["logout"])
    # A GitHub App with expiring user tokens, its answers in forms as GitHub sends them by default.
    emulator.github_form = True
    device_sign_in("app login", ["--issuer", "https://github.com", "--client-id", github_app], "octocat")
    run("app token before", ["token"])
    emulator.expire_access_tokens("github")
    run("app api after expiry", ["api", "/user"])
    run("app token after", ["token"])
    emulator.forget_refresh_tokens("github")
    emulator.expire_access_tokens("github")
    run("app api refused", ["api", "/user"])
    run("app status after refusal", ["status"])

elif which == "github-paste":
    oauth_app = "Ov23liOAuthApp0001"
    # A browser on another machine: its address pasted back; another state first, refused.
    def paste(url):
        location = browser_to_redirect(url) or ""
        parts = urllib.parse.urlsplit(location)
        query = urllib.parse.parse_qs(parts.query)
        forged = parts._replace(query=urllib.parse.urlencode({"code": query.get("code", [""])[0], "state": "another"})).geturl()
        elsewhere = parts._replace(netloc="127.0.0.1:1").geturl()
        facts["pasted"] = {"url": url, "location": location}
        return [(forged, b"another sign-in"), (elsewhere, b"not this sign-in's redirect"), (location, b"Logged in")]
    pasted_sign_in("pasted login", ["--provider", "github", "--client-id", oauth_app], paste)
    run("pasted status", ["status", "--json"])
    # Paste, then the person gives up: nothing is saved.
    run("logout before abandoned", ["logout"])
    pasted_sign_in("pasted, then Ctrl-C", ["--provider", "github", "--client-id", oauth_app],
                   lambda url: [("http://127.0.0.1:1/callback?code=x&state=y", b"not this sign-in's redirect"),
                                (None, b"")])
    run("status after abandoned", ["status", "--json"])

elif which == "google":
    tv = "123-tv.apps.googleusercontent.com"
    secret = {"SESSION_CLI_CLIENT_SECRET": SECRETS[tv]}
    emulator.slow_down_once.add("google")
    device_sign_in("login", ["--provider", "google", "--client-id", tv], "alice@gmail.com", secret)
    run("status", ["status", "--json"])
    run("token", ["token"])
    run("api", ["api", "/oauth2/v3/userinfo"])
    for round in ("first", "second"):  # the refresh token is kept when a refresh answer has none
        emulator.expire_access_tokens("google")
        run("api after expiry, " + round, ["api", "/oauth2/v3/userinfo"])
    device_sign_in("login again", ["--provider", "google", "--client-id", tv], "alice@gmail.com", secret)
    run("api after login again", ["api", "/oauth2/v3/userinfo"])
    run("logout", ["logout"])
    run("api after logout", ["api", "https://www.googleapis.com/oauth2/v3/userinfo"])
    # A desktop client in a browser elsewhere: offline access asked for, so a refresh token comes.
    desktop = "456-desktop.apps.googleusercontent.com"

    def paste(url):
        location = browser_to_redirect(url) or ""
        facts["google browser"] = {"url": url}
        return [(location, b"Logged in")]
    pasted_sign_in("browser login", ["--provider", "google", "--client-id", desktop], paste,
                   {"SESSION_CLI_CLIENT_SECRET": SECRETS[desktop]})
    run("browser status", ["status", "--json"])
    # A discovery document that names a token endpoint at another host: nothing is sent there.
    emulator.google_token_endpoint = "https://%s/token" % providers.ATTACKER
    run("hostile discovery", ["login", "--device", "--provider", "google", "--client-id", tv], secret)
    emulator.google_token_endpoint = None

elif which == "microsoft":
    client = "8d9f4c21-0b8e-4c3a-9d4e-2b6c1a7e5f30"
    device_sign_in("login", ["--provider", "microsoft", "--client-id", client], "alice@contoso.com")
    run("status", ["status", "--json"])
    run("token", ["token"])
    run("api", ["api", "/v1.0/me"])
    emulator.expire_access_tokens("microsoft")
    run("api after expiry", ["api", "/v1.0/me"])
    run("logout", ["logout"])
    device_sign_in("tenant by domain", ["--issuer", "https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0",
                                        "--client-id", client], "alice@contoso.com")
    run("tenant status", ["status", "--json"])
    run("logout tenant", ["logout"])
    emulator.microsoft_tid = providers.OTHER_TENANT
    device_sign_in("another tid", ["--provider", "microsoft", "--client-id", client], "alice@contoso.com")
    emulator.microsoft_tid = None
    run("status after another tid", ["status", "--json"])
    run("impostor", ["login", "--device", "--issuer", "https://%s/common/v2.0" % providers.IMPOSTOR,
                     "--client-id", client])

elif which == "gitlab":
    client = "5f1c0d2b9e8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e"
    device_sign_in("login", ["--provider", "gitlab", "--client-id", client, "--scope", "read_repository"], "alice")
    run("status", ["status", "--json"])
    run("token", ["token"])
    run("api", ["api", "/api/v4/user"])
    run("setup-git", ["setup-git"])
    git_for("https://gitlab.com", "/group/project.git")
    credential_for("credential gitlab.com", "gitlab.com")
    run("token before", ["token"])
    emulator.expire_access_tokens("gitlab")
    run("api after expiry", ["api", "/api/v4/user"])
    run("token after", ["token"])
    run("logout", ["logout"])

elif which == "github-actions":
    # The job's environment, as the runner sets it for a job with `permissions: id-token: write`.
    job = {"ACTIONS_ID_TOKEN_REQUEST_URL": emulator.actions_request_url(),
           "ACTIONS_ID_TOKEN_REQUEST_TOKEN": emulator.actions_request_token}

    def token_service_requests():
        return len(emulator.actions_requests)

    def entra_login(audience):
        return ["login", "--client-credentials", "--assertion-from", "github-actions", "--assertion-audience", audience,
                "--issuer", "https://login.microsoftonline.com/%s/v2.0" % providers.TENANT,
                "--client-id", providers.ENTRA_APP, "--scope", "https://graph.microsoft.com/.default"]

    def make_due(folder):
        """The default session's token expires in 20 s, issued an hour ago: due (within the 60 s margin),
        still valid. The file is edited as session-cli writes it: one session a line, whole-second dates."""
        path = glob.glob(os.path.join(folder, ".local", "state", "*", "session.json"))[0]
        with open(path) as file:
            data = json.load(file)
        now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
        stamp = lambda moment: moment.strftime("%Y-%m-%dT%H:%M:%SZ")
        key = data["default"]
        for session in data["sessions"]:
            if (session["account"], session["server"]) == (key["account"], key["server"]):
                session["expiresAt"] = stamp(now + datetime.timedelta(seconds=20))
                session["credential"]["expiresAt"] = session["expiresAt"]
                session["credential"]["tokenIssuedAt"] = stamp(now - datetime.timedelta(seconds=3600))
        compact = lambda value: json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        text = '{"version":%d,\n"default":%s,\n"sessions":[\n%s\n]}' % (
            data["version"], compact(data["default"]), ",\n".join(compact(each) for each in data["sessions"]))
        with open(path + ".edit", "w") as file:
            file.write(text)
        os.chmod(path + ".edit", 0o600)
        os.replace(path + ".edit", path)

    # Microsoft Entra ID: client credentials whose client assertion is the job's token (audience
    # api://AzureADTokenExchange, which the app's federated identity credential names).
    run("entra-login", entra_login("api://AzureADTokenExchange"), job)
    run("entra-status", ["status"], job)
    run("entra-token", ["token"], job)
    run("entra-api", ["api", "/v1.0/organization"], job)
    make_due(home)
    facts["tokenServiceBeforeRenewal"] = token_service_requests()
    run("entra-renew", ["token"], job)
    facts["tokenServiceAfterRenewal"] = token_service_requests()
    run("entra-api after renewal", ["api", "/v1.0/organization"], job)
    # Another audience: the token is fetched, and Entra finds no federated credential for it.
    run("entra-wrong-audience", entra_login("api://other"), job)
    # A token already expired when read: refused before anything is sent to Entra.
    entra_before = len(emulator.entra_seen)
    emulator.actions_expired = True
    run("entra-expired", entra_login("api://AzureADTokenExchange"), job)
    emulator.actions_expired = False
    facts["entraRequestsForExpired"] = len(emulator.entra_seen) - entra_before
    # Outside a job (no request URL): nothing is asked of anyone.
    run("entra-outside a job", entra_login("api://AzureADTokenExchange"))

    # Google's STS, in a home of its own so the two sessions do not mix.
    sts_home = os.path.join(home, "sts-home")
    os.makedirs(sts_home)
    sts_job = {**job, "HOME": sts_home}
    run("sts-login", ["login", "--token-exchange", "--assertion-from", "github-actions",
                      "--assertion-audience", providers.STS_TOKEN_AUDIENCE, "--issuer", "https://" + providers.STS,
                      "--token-endpoint", "https://%s/v1/token" % providers.STS, "--client-id", "github-ci",
                      "--audience", providers.STS_AUDIENCE, "--scope", "https://www.googleapis.com/auth/cloud-platform",
                      "--requested-token-type", "access_token"], sts_job)
    run("sts-status", ["status"], sts_job)
    run("sts-token", ["token"], sts_job)

    facts["jobRequestToken"] = emulator.actions_request_token
    facts["mintedTokens"] = sorted(emulator.actions_minted)
    facts["tokenService"] = emulator.actions_requests
    facts["entra"] = emulator.entra_seen
    facts["sts"] = emulator.sts_seen

facts["userAgents"] = sorted({entry["userAgent"] or "" for entry in emulator.requests()})
print(json.dumps({"steps": steps, "requests": emulator.requests(), "facts": facts}))
sys.stdout.flush()
server.shutdown()
