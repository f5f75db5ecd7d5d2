#!/usr/bin/env python3
"""A private D-Bus session bus with a private gnome-keyring, for the tests.

Usage: keyring_session.py [--locked | --no-secret-service] [--seed JSON]...
                          [--password PW] [--timeout SECONDS] [--log-dir DIR]

It makes a temporary folder (HOME, XDG_RUNTIME_DIR, XDG_DATA_HOME,
XDG_CONFIG_HOME, XDG_CACHE_HOME and the bus socket all live in it), starts a
dbus-daemon there with a configuration that has no service folders (so nothing
is ever auto-started on it: no second keyring; gcr-prompter only with
--prompter), and then:

  default              gnome-keyring-daemon --foreground --unlock
                       --components=secrets, fed PW on stdin: the `login`
                       collection is created, is the `default` alias, and is
                       unlocked, with no prompt.
  --locked             the same first, then the daemon is stopped and started
                       again without --unlock: `login` exists and is the
                       default, but is locked, and there is no prompter
                       (Prompt() completes at once with dismissed = true).
  --prompter           with --locked: also an X server of its own (Xvfb), and
                       gcr-prompter on the bus as a desktop has it: started by
                       the bus when gnome-keyring asks for
                       org.gnome.keyring.SystemPrompter (its one .service
                       file), on that display; it quits by itself when idle
                       for 10 s, and is started again at the next prompt. So
                       Unlock shows GNOME's real password window; READY then
                       has a fourth field, the DISPLAY (drive the window with
                       xdotool on it).
  --no-secret-service  only the bus: nothing owns org.freedesktop.secrets,
                       calls to it fail at once with ServiceUnknown.
  --hostile MODE       a Secret Service of this script's own (no gnome-keyring),
                       in memory, that behaves except for one thing, MODE:
                         silent           never answers a call
                         wrong-signature  answers OpenSession with a uint32
                         million-items    answers Unlock with a million object
                                          paths (over 1 MiB)
                         oversize         answers OpenSession with a 2 MiB string
                         drop             leaves the bus in the middle of the
                                          first call after OpenSession
                         endless-prompt   is locked; Unlock gives a prompt whose
                                          Completed never comes
                         liar             says CreateItem stored the item, and
                                          keeps nothing

--seed '{"label": "...", "attributes": {"k": "v"}, "secret": "..."}' stores an
item in `login` while it is unlocked (before it is locked with --locked); it
may be repeated. "content_type" is optional (default "text/plain").

When the service is in the state asked for (checked over D-Bus: the name has
an owner, ReadAlias("default") is the login collection, its Locked property is
as expected), it prints exactly one line and flushes it:

  READY <DBUS_SESSION_BUS_ADDRESS> <pid> [<DISPLAY>]

<pid> is gnome-keyring-daemon's (dbus-daemon's with --no-secret-service). It
then waits until its standard input reaches EOF (or it gets SIGTERM, SIGINT or
SIGHUP), stops everything it started and removes the temporary folder. On
failure it prints one line starting `keyring_session.py:` on stderr (followed
by the daemons' logs) and exits 1, leaving nothing behind. Standard library
only; any python3 >= 3.8.
"""
import argparse
import json
import os
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time

SECRETS = "org.freedesktop.secrets"
SECRETS_PATH = "/org/freedesktop/secrets"
LOGIN = SECRETS_PATH + "/collection/login"
PROMPTER = "org.gnome.keyring.SystemPrompter"
PROMPTER_PATHS = ("/usr/libexec/gcr-prompter", "/usr/lib/gcr/gcr-prompter")
BUS = ("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus")

BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>{servicedir}
</busconfig>
"""

PROMPTER_SERVICE = """[D-BUS Service]
Name=%s
Exec=%s
"""


class Failure(Exception):
    pass


# --- a minimal D-Bus client (little-endian, signature driven) ----------------

class Variant:
    def __init__(self, sig, value):
        self.sig, self.value = sig, value


ALIGN = {"y": 1, "b": 4, "n": 2, "q": 2, "i": 4, "u": 4, "x": 8, "t": 8, "d": 8,
         "h": 4, "s": 4, "o": 4, "g": 1, "v": 1, "a": 4, "(": 8, "{": 8}
FIXED = {"y": "B", "n": "h", "q": "H", "i": "i", "u": "I", "x": "q", "t": "Q",
         "d": "d", "h": "I"}


def split_sig(sig):
    out, i = [], 0
    while i < len(sig):
        j = i
        while sig[j] == "a":
            j += 1
        if sig[j] in "({":
            depth = 0
            while True:
                depth += sig[j] in "({"
                depth -= sig[j] in ")}"
                j += 1
                if depth == 0:
                    break
        else:
            j += 1
        out.append(sig[i:j])
        i = j
    return out


def marshal(buf, t, v):
    def pad(n):
        buf.extend(b"\0" * ((-len(buf)) % n))

    c = t[0]
    if c in FIXED:
        pad(ALIGN[c])
        buf.extend(struct.pack("<" + FIXED[c], v))
    elif c == "b":
        marshal(buf, "u", 1 if v else 0)
    elif c in "so":
        data = v.encode("utf-8")
        marshal(buf, "u", len(data))
        buf.extend(data + b"\0")
    elif c == "g":
        buf.extend(bytes([len(v)]) + v.encode("ascii") + b"\0")
    elif c == "v":
        marshal(buf, "g", v.sig)
        marshal(buf, v.sig, v.value)
    elif c == "(":
        pad(8)
        for sub, item in zip(split_sig(t[1:-1]), v):
            marshal(buf, sub, item)
    elif c == "a":
        elem = t[1:]
        pad(4)
        at = len(buf)
        buf.extend(b"\0\0\0\0")
        pad(ALIGN[elem[0]])
        first = len(buf)
        if elem[0] == "{":
            key_t, val_t = split_sig(elem[1:-1])
            for key, value in (v.items() if isinstance(v, dict) else v):
                pad(8)
                marshal(buf, key_t, key)
                marshal(buf, val_t, value)
        elif elem == "y":
            buf.extend(v)
        else:
            for item in v:
                marshal(buf, elem, item)
        buf[at:at + 4] = struct.pack("<I", len(buf) - first)
    else:
        raise ValueError(t)


class Reader:
    def __init__(self, data, endian, pos):
        self.d, self.e, self.p = data, endian, pos

    def get(self, fmt):
        size = struct.calcsize(fmt)
        self.p += (-self.p) % size
        v = struct.unpack_from(self.e + fmt, self.d, self.p)[0]
        self.p += size
        return v

    def read(self, t):
        c = t[0]
        if c in FIXED:
            return self.get(FIXED[c])
        if c == "b":
            return self.get("I") != 0
        if c in "sog":
            n = self.d[self.p] if c == "g" else self.get("I")
            start = self.p + (1 if c == "g" else 0)
            self.p = start + n + 1
            return self.d[start:start + n].decode("utf-8")
        if c == "v":
            sig = self.read("g")
            return Variant(sig, self.read(sig))
        if c == "(":
            self.p += (-self.p) % 8
            return tuple(self.read(sub) for sub in split_sig(t[1:-1]))
        if c == "a":
            elem = t[1:]
            n = self.get("I")
            self.p += (-self.p) % ALIGN[elem[0]]
            end = self.p + n
            if elem == "y":
                self.p = end
                return self.d[end - n:end]
            out = []
            while self.p < end:
                if elem[0] == "{":
                    self.p += (-self.p) % 8
                    key_t, val_t = split_sig(elem[1:-1])
                    out.append((self.read(key_t), self.read(val_t)))
                else:
                    out.append(self.read(elem))
            return dict(out) if elem[0] == "{" else out
        raise ValueError(t)


class Message:
    def __init__(self, raw):
        endian = "<" if raw[0:1] == b"l" else ">"
        self.type = raw[1]
        self.serial = struct.unpack_from(endian + "I", raw, 8)[0]
        r = Reader(raw, endian, 12)
        self.fields = {code: var.value for code, var in r.read("a(yv)")}
        r.p += (-r.p) % 8
        self.body = [r.read(t) for t in split_sig(self.fields.get(8, ""))]

    @property
    def error(self):
        return self.fields.get(4) if self.type == 3 else None


class Bus:
    def __init__(self, path, deadline):
        self.deadline = deadline
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.remaining())
        self.sock.connect(path)
        self.buf = b""
        self.serial = 0
        self.signals = []
        self.sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
        while b"\r\n" not in self.buf:
            self.buf += self.recv_some()
        line, _, self.buf = self.buf.partition(b"\r\n")
        if not line.startswith(b"OK "):
            raise Failure("the bus refused authentication: %r" % line)
        self.sock.sendall(b"BEGIN\r\n")
        self.call(*BUS, "Hello")

    def remaining(self):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise Failure("timed out")
        return left

    def recv_some(self):
        self.sock.settimeout(self.remaining())
        try:
            chunk = self.sock.recv(65536)
        except socket.timeout:
            raise Failure("timed out waiting for the bus")
        if not chunk:
            raise Failure("the bus closed the connection")
        return chunk

    def read_message(self):
        while len(self.buf) < 16:
            self.buf += self.recv_some()
        endian = "<" if self.buf[0:1] == b"l" else ">"
        body_len, _, fields_len = struct.unpack_from(endian + "III", self.buf, 4)
        total = 16 + fields_len + (-(16 + fields_len)) % 8 + body_len
        while len(self.buf) < total:
            self.buf += self.recv_some()
        raw, self.buf = self.buf[:total], self.buf[total:]
        return Message(raw)

    def call(self, dest, path, iface, member, sig="", args=()):
        self.serial += 1
        fields = [(1, Variant("o", path)), (2, Variant("s", iface)),
                  (3, Variant("s", member)), (6, Variant("s", dest))]
        if sig:
            fields.append((8, Variant("g", sig)))
        body = bytearray()
        for t, v in zip(split_sig(sig), args):
            marshal(body, t, v)
        head = bytearray(b"l\1\0\1")
        head.extend(struct.pack("<II", len(body), self.serial))
        marshal(head, "a(yv)", fields)
        head.extend(b"\0" * ((-len(head)) % 8))
        self.sock.sendall(bytes(head + body))
        while True:
            m = self.read_message()
            if m.type in (2, 3) and m.fields.get(5) == self.serial:
                return m
            if m.type == 4:
                self.signals.append(m)

    def call_ok(self, *a):
        m = self.call(*a)
        if m.error:
            raise Failure("%s.%s: %s %s" % (a[2], a[3], m.error, m.body[:1]))
        return m.body

    def wait_owner(self, name, want, proc):
        """Until `name` has an owner (want=True) or none (want=False).
        Needs an AddMatch on NameOwnerChanged for `name` made beforehand."""
        if self.call_ok(*BUS, "NameHasOwner", "s", [name])[0] == want:
            return
        while True:
            # Whole messages already read (the signal can come in the same
            # read as the reply to NameHasOwner) first, then the socket.
            while len(self.buf) >= 16:
                endian = "<" if self.buf[0:1] == b"l" else ">"
                body_len, _, fields_len = struct.unpack_from(endian + "III", self.buf, 4)
                if len(self.buf) < 16 + fields_len + (-(16 + fields_len)) % 8 + body_len:
                    break
                m = self.read_message()
                if m.type == 4:
                    self.signals.append(m)
            for m in self.signals:
                if m.fields.get(3) == "NameOwnerChanged" and m.body[0] == name \
                        and bool(m.body[2]) == want:
                    self.signals = []
                    return
            self.signals = []
            if proc is not None and want and proc.poll() is not None:
                raise Failure("gnome-keyring-daemon exited with status %s before owning %s"
                              % (proc.returncode, name))
            # Wake up now and then to notice the daemon dying.
            self.sock.settimeout(min(0.2, self.remaining()))
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                continue
            if not chunk:
                raise Failure("the bus closed the connection")
            self.buf += chunk

    def close(self):
        self.sock.close()


# --- a Secret Service that misbehaves on purpose ------------------------------

HOSTILE_MODES = ("silent", "wrong-signature", "million-items", "oversize", "drop", "endless-prompt", "liar")


class HostileService:
    """A Secret Service in memory (the `login` collection, plain sessions) that
    does one thing wrong: the mode. It owns org.freedesktop.secrets on the bus
    and answers from a thread of its own until the bus closes."""

    def __init__(self, socket_path, mode):
        self.mode = mode
        self.bus = Bus(socket_path, time.monotonic() + 15)
        reply = self.bus.call_ok(*BUS, "RequestName", "su", [SECRETS, 4])
        if reply[0] != 1:
            raise Failure("could not own %s (RequestName answered %s)" % (SECRETS, reply[0]))
        self.items = {}   # path -> (attributes, secret bytes)
        self.calls = 0
        # Made before READY: building it takes seconds, and the caller waits 5 s at most.
        self.million = None
        if mode == "million-items":
            self.million = bytearray()
            for t, v in zip(split_sig("aoo"), [["/o/%d" % i for i in range(1000000)], "/"]):
                marshal(self.million, t, v)
        self.bus.deadline = time.monotonic() + 3600   # the service lives as long as the test

    def send(self, message_type, fields, sig="", args=(), body=None):
        if body is None:
            body = bytearray()
            for t, v in zip(split_sig(sig), args):
                marshal(body, t, v)
        if sig:
            fields = fields + [(8, Variant("g", sig))]
        self.bus.serial += 1
        head = bytearray(b"l" + bytes([message_type]) + b"\0\1")
        head.extend(struct.pack("<II", len(body), self.bus.serial))
        marshal(head, "a(yv)", fields)
        head.extend(b"\0" * ((-len(head)) % 8))
        self.bus.sock.sendall(bytes(head + body))

    def reply(self, call, sig="", args=(), body=None):
        self.send(2, [(5, Variant("u", call.serial)), (6, Variant("s", call.fields.get(7, "")))], sig, args, body)

    def fail(self, call, name, text):
        self.send(3, [(5, Variant("u", call.serial)), (6, Variant("s", call.fields.get(7, ""))),
                      (4, Variant("s", name))], "s", [text])

    def serve(self):
        while True:
            try:
                call = self.bus.read_message()
            except (Failure, OSError):
                return
            if call.type != 1:
                continue
            self.calls += 1
            try:
                if not self.answer(call, call.fields.get(3), call.body):
                    return
            except (OSError, Failure):
                return

    def answer(self, call, member, body):
        """Answers one call; False to leave the bus."""
        mode = self.mode
        if mode == "silent":
            return True
        if mode == "drop" and member != "OpenSession":
            self.bus.sock.close()   # in the middle of the call: the bus tells the caller NoReply
            return False
        if member == "OpenSession":
            if mode == "wrong-signature":
                self.reply(call, "u", [7])
            elif mode == "oversize":
                self.reply(call, "vo", [Variant("s", "x" * (2 << 20)), "/org/freedesktop/secrets/session/1"])
            else:
                self.reply(call, "vo", [Variant("s", ""), "/org/freedesktop/secrets/session/1"])
        elif member == "ReadAlias":
            self.reply(call, "o", [LOGIN])
        elif member == "Unlock":
            if mode == "million-items":
                self.reply(call, "aoo", body=self.million)
            elif mode == "endless-prompt":
                self.reply(call, "aoo", [[], "/org/freedesktop/secrets/prompt/p1"])
            else:
                self.reply(call, "aoo", [list(body[0]), "/"])
        elif member == "Prompt":
            self.reply(call)   # ... and Completed never comes
        elif member == "Dismiss":
            self.reply(call)
        elif member == "SearchItems":
            wanted = body[0]
            found = [p for p, (attrs, _) in self.items.items()
                     if all(attrs.get(k) == v for k, v in wanted.items())]
            self.reply(call, "aoao", [found, []])
        elif member == "CreateItem":
            if mode == "endless-prompt":
                self.fail(call, "org.freedesktop.Secret.Error.IsLocked", "the collection is locked")
                return True
            props, secret = body[0], body[1]
            attrs = props.get("org.freedesktop.Secret.Item.Attributes")
            path = LOGIN + "/item%d" % (len(self.items) + 1)
            if mode != "liar":
                self.items[path] = (dict(attrs.value if attrs else {}), bytes(secret[2]))
            self.reply(call, "oo", [path, "/"])
        elif member == "GetSecrets":
            session = body[1]
            found = {p: (session, b"", self.items[p][1], "text/plain") for p in body[0] if p in self.items}
            self.reply(call, "a{o(oayays)}", [found])
        elif member == "Delete":
            self.items.pop(call.fields.get(1), None)
            self.reply(call, "o", ["/"])
        elif member == "Close":
            self.reply(call)
        elif member == "Get":   # Properties: Locked
            self.reply(call, "v", [Variant("b", mode == "endless-prompt")])
        else:
            self.fail(call, "org.freedesktop.DBus.Error.UnknownMethod", "no method %s" % member)
        return True


# --- processes ---------------------------------------------------------------

def die_with_parent():
    """In the child before exec: get SIGTERM when this script dies, even by
    SIGKILL (Linux prctl PR_SET_PDEATHSIG), so no daemon outlives it."""
    try:
        import ctypes
        ctypes.CDLL(None).prctl(1, signal.SIGTERM, 0, 0, 0)
    except Exception:
        pass


class Session:
    def __init__(self, args):
        self.args = args
        self.procs = []
        self.gkd = None
        base_parent = tempfile.gettempdir()
        if len(base_parent) > 60:   # keep the socket path well under 108 bytes
            base_parent = "/tmp"
        self.base = tempfile.mkdtemp(prefix="keyring-session.", dir=base_parent)
        self.log_dir = args.log_dir or self.base
        os.makedirs(self.log_dir, exist_ok=True)
        self.env = dict(os.environ)
        for var in ("DBUS_SESSION_BUS_ADDRESS", "DBUS_STARTER_ADDRESS", "DBUS_STARTER_BUS_TYPE",
                    "DISPLAY", "WAYLAND_DISPLAY", "GNOME_KEYRING_CONTROL",
                    "GNOME_KEYRING_PID", "SSH_AUTH_SOCK", "XDG_SESSION_ID"):
            self.env.pop(var, None)
        for var, sub in (("HOME", "home"), ("XDG_RUNTIME_DIR", "run"),
                         ("XDG_DATA_HOME", "home/.local/share"),
                         ("XDG_CONFIG_HOME", "home/.config"),
                         ("XDG_CACHE_HOME", "home/.cache")):
            path = os.path.join(self.base, sub)
            os.makedirs(path, mode=0o700, exist_ok=True)
            self.env[var] = path
        self.socket_path = os.path.join(self.env["XDG_RUNTIME_DIR"], "bus")

    def log(self, name):
        return open(os.path.join(self.log_dir, name), "ab")

    def start_bus(self, deadline):
        conf = os.path.join(self.base, "bus.conf")
        with open(conf, "w") as f:
            servicedir = ""
            if self.args.prompter:
                # The one service the bus may start: the prompter, on the display.
                folder = os.path.join(self.base, "services")
                os.makedirs(folder)
                path = next(p for p in PROMPTER_PATHS if os.access(p, os.X_OK))
                with open(os.path.join(folder, PROMPTER + ".service"), "w") as service:
                    service.write(PROMPTER_SERVICE % (PROMPTER, path))
                servicedir = "\n  <servicedir>%s</servicedir>" % folder
            f.write(BUS_CONFIG.format(socket=self.socket_path, servicedir=servicedir))
        with self.log("dbus-daemon.log") as log:
            p = subprocess.Popen(
                ["dbus-daemon", "--config-file=" + conf, "--nofork", "--nopidfile",
                 "--print-address=1"],
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=log,
                env=self.env, cwd=self.base, start_new_session=True,
                preexec_fn=die_with_parent)
        self.procs.append(p)
        self.bus_proc = p
        line = b""
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([p.stdout], [], [], left)[0]:
                raise Failure("dbus-daemon printed no address in time")
            chunk = os.read(p.stdout.fileno(), 4096)
            if not chunk:
                raise Failure("dbus-daemon exited with status %s" % p.wait())
            line += chunk
        self.address = line.decode().strip()
        self.env["DBUS_SESSION_BUS_ADDRESS"] = self.address

    def start_keyring(self, unlock):
        argv = ["gnome-keyring-daemon", "--foreground", "--components=secrets"]
        if unlock:
            argv.append("--unlock")
        with self.log("gnome-keyring.log") as log:
            p = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT,
                env=self.env, cwd=self.env["HOME"], start_new_session=True,
                preexec_fn=die_with_parent)
        self.procs.append(p)
        if unlock:
            # No newline: everything up to EOF is the password.
            p.stdin.write(self.args.password.encode())
        p.stdin.close()
        self.gkd = p
        return p

    def start_display(self, deadline):
        """Xvfb on a display number it picks itself (-displayfd), no TCP."""
        read_end, write_end = os.pipe()
        with self.log("xvfb.log") as log:
            p = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1024x768x24",
                 "-nolisten", "tcp"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                env=self.env, cwd=self.base, start_new_session=True, pass_fds=(write_end,),
                preexec_fn=die_with_parent)
        os.close(write_end)
        self.procs.append(p)
        number = b""
        try:
            while not number.endswith(b"\n"):
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([read_end], [], [], left)[0]:
                    raise Failure("Xvfb named no display in time")
                chunk = os.read(read_end, 64)
                if not chunk:
                    raise Failure("Xvfb exited with status %s" % p.wait())
                number += chunk
        finally:
            os.close(read_end)
        self.display = ":" + number.decode().strip()
        # What the bus passes on to the prompter it starts: the display, and
        # no settings daemon or accessibility bus to look for.
        self.env.update(DISPLAY=self.display, GSETTINGS_BACKEND="memory", NO_AT_BRIDGE="1")

    def stop(self, p):
        if p.poll() is None:
            try:
                p.terminate()
                p.wait(3)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        if p in self.procs:
            self.procs.remove(p)

    def cleanup(self):
        # Keyring first (it notices the bus going away, but need not), then the bus.
        for p in reversed(list(self.procs)):
            try:
                self.stop(p)
            except Exception:
                pass
        shutil.rmtree(self.base, ignore_errors=True)

    def logs(self):
        out = []
        for name in ("dbus-daemon.log", "gnome-keyring.log", "xvfb.log"):
            path = os.path.join(self.log_dir, name)
            if os.path.exists(path):
                with open(path, "rb") as f:
                    text = f.read().decode("utf-8", "replace").strip()
                if text:
                    out.append("--- %s\n%s" % (name, text))
        return "\n".join(out)

    def run(self):
        deadline = time.monotonic() + self.args.timeout
        if self.args.prompter:
            self.start_display(deadline)
        self.start_bus(deadline)
        if self.args.hostile:
            import threading
            service = HostileService(self.socket_path, self.args.hostile)
            threading.Thread(target=service.serve, daemon=True).start()
            return os.getpid()
        if self.args.no_secret_service:
            bus = Bus(self.socket_path, deadline)
            if bus.call_ok(*BUS, "NameHasOwner", "s", [SECRETS])[0]:
                raise Failure("something owns %s on the private bus" % SECRETS)
            bus.close()
            return self.bus_proc.pid

        bus = Bus(self.socket_path, deadline)
        bus.call_ok(*BUS, "AddMatch", "s", [
            "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
            "member='NameOwnerChanged',arg0='%s'" % SECRETS])
        gkd = self.start_keyring(unlock=True)
        bus.wait_owner(SECRETS, True, gkd)
        self.check(bus, locked=False)
        if self.args.seed:
            self.seed(bus)
        if self.args.locked:
            # Stop, then start again without --unlock: `login` is read back
            # from disk, encrypted, hence locked.
            self.stop(gkd)
            bus.wait_owner(SECRETS, False, None)
            gkd = self.start_keyring(unlock=False)
            bus.wait_owner(SECRETS, True, gkd)
            self.check(bus, locked=True)
        if self.args.prompter and PROMPTER not in bus.call_ok(*BUS, "ListActivatableNames")[0]:
            raise Failure("the bus cannot start %s" % PROMPTER)
        bus.close()
        return gkd.pid

    def check(self, bus, locked):
        alias = bus.call_ok(SECRETS, SECRETS_PATH, "org.freedesktop.Secret.Service",
                            "ReadAlias", "s", ["default"])[0]
        if alias != LOGIN:
            raise Failure("ReadAlias(\"default\") is %r, not %s" % (alias, LOGIN))
        value = bus.call_ok(SECRETS, LOGIN, "org.freedesktop.DBus.Properties", "Get", "ss",
                            ["org.freedesktop.Secret.Collection", "Locked"])[0].value
        if value != locked:
            raise Failure("the login collection's Locked is %r, not %r" % (value, locked))

    def seed(self, bus):
        session = bus.call_ok(SECRETS, SECRETS_PATH, "org.freedesktop.Secret.Service",
                              "OpenSession", "sv", ["plain", Variant("s", "")])[1]
        for text in self.args.seed:
            item = json.loads(text)
            props = {
                "org.freedesktop.Secret.Item.Label": Variant("s", item.get("label", "seed")),
                "org.freedesktop.Secret.Item.Attributes":
                    Variant("a{ss}", dict(item.get("attributes", {}))),
            }
            secret = (session, b"", item["secret"].encode("utf-8"),
                      item.get("content_type", "text/plain"))
            _, prompt = bus.call_ok(SECRETS, LOGIN, "org.freedesktop.Secret.Collection",
                                    "CreateItem", "a{sv}(oayays)b", [props, secret, True])
            if prompt != "/":
                raise Failure("CreateItem asked for a prompt (%s)" % prompt)
        bus.call_ok(SECRETS, session, "org.freedesktop.Secret.Session", "Close")


def main():
    ap = argparse.ArgumentParser(description="private session bus + gnome-keyring for tests")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--locked", action="store_true",
                      help="the login (default) collection exists but is locked")
    mode.add_argument("--no-secret-service", action="store_true",
                      help="a bus where nothing owns org.freedesktop.secrets")
    mode.add_argument("--hostile", choices=HOSTILE_MODES,
                      help="a Secret Service of this script's own that misbehaves so")
    ap.add_argument("--prompter", action="store_true",
                    help="with --locked: Xvfb and gcr-prompter, so Unlock shows a real window")
    ap.add_argument("--seed", action="append", default=[], metavar="JSON",
                    help='an item to store first: {"label", "attributes", "secret"}')
    ap.add_argument("--password", default="session-test-password",
                    help="the login keyring's password (default: %(default)s)")
    ap.add_argument("--timeout", type=float, default=120.0,
                    help="seconds allowed for start-up (default: %(default)s)")
    ap.add_argument("--log-dir", help="keep the daemons' logs here (default: the temp folder)")
    args = ap.parse_args()
    if args.no_secret_service and args.seed:
        ap.error("--seed needs a secret service")
    if args.prompter and not args.locked:
        ap.error("--prompter needs --locked (only a locked keyring prompts)")
    if not args.password:
        ap.error("gnome-keyring creates no login keyring for an empty password")
    for text in args.seed:
        try:
            item = json.loads(text)
            ok = isinstance(item, dict) and isinstance(item.get("secret"), str) \
                and isinstance(item.get("label", ""), str) \
                and isinstance(item.get("content_type", ""), str) \
                and all(isinstance(k, str) and isinstance(v, str)
                        for k, v in dict(item.get("attributes", {})).items())
        except (ValueError, TypeError):
            ok = False
        if not ok:
            ap.error('--seed wants {"secret": str, "label": str, "attributes": {str: str}}: %s' % text)
    for tool in ("dbus-daemon",) + (() if args.no_secret_service or args.hostile else ("gnome-keyring-daemon",)):
        if shutil.which(tool) is None:
            print("keyring_session.py: %s not found (apt-get install dbus gnome-keyring)" % tool,
                  file=sys.stderr)
            sys.exit(1)
    if args.prompter:
        missing = [t for t in ("Xvfb",) if shutil.which(t) is None]
        if not any(os.access(p, os.X_OK) for p in PROMPTER_PATHS):
            missing.append("gcr-prompter")
        if missing:
            print("keyring_session.py: %s not found (apt-get install xvfb gcr)" % " and ".join(missing),
                  file=sys.stderr)
            sys.exit(1)

    session = Session(args)

    def on_signal(signum, frame):
        raise SystemExit(128 + signum)

    for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(s, on_signal)
    status = 0
    try:
        try:
            pid = session.run()
        except Exception as e:
            text = str(e) if isinstance(e, (Failure, OSError)) else repr(e)
            print("keyring_session.py: %s" % text, file=sys.stderr)
            logs = session.logs()
            if logs:
                print(logs, file=sys.stderr)
            status = 1
        else:
            display = getattr(session, "display", None)
            sys.stdout.write("READY %s %d%s\n" % (session.address, pid,
                                                   " " + display if display else ""))
            sys.stdout.flush()
            while os.read(sys.stdin.fileno(), 4096):
                pass
    except SystemExit as e:
        status = e.code
    finally:
        session.cleanup()
    sys.exit(status)


if __name__ == "__main__":
    main()
