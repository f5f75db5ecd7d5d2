#!/usr/bin/env python3
"""Runs `session-cli login` on a pseudo-terminal, the way a person would.

Usage: pty_login.py SESSION_CLI HOME TOKEN [--signal NAME]

It waits for the prompt, types TOKEN and Enter, and prints one JSON line:
the exit status ("hung" if it had to be killed), whether the prompt appeared,
whether the typed token was echoed back, and whether the terminal's echo was
on again after the tool ended. With --signal, it sends that signal (TERM,
INT, HUP) instead of typing, to check that the tool puts the terminal back.
Every wait is bounded (5 s).
"""
import json
import os
import pty
import select
import signal
import sys
import termios
import time

cli, home, token = sys.argv[1], sys.argv[2], sys.argv[3].encode()
send_signal = sys.argv[5] if len(sys.argv) > 5 and sys.argv[4] == "--signal" else None
pid, fd = pty.fork()
if pid == 0:
    os.environ["HOME"] = home
    os.execv(cli, [cli, "login", "--user", "tty-user"])

seen = b""


def read_until(marker, limit=5.0):
    global seen
    end = time.time() + limit
    while marker not in seen and time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break


read_until(b"(input is hidden): ")
prompted = b"(input is hidden): " in seen
echo_during_prompt = bool(termios.tcgetattr(fd)[3] & termios.ECHO)
if send_signal:
    os.kill(pid, getattr(signal, "SIG" + send_signal))
else:
    # Typed in pieces, as a paste arrives, longer than a canonical-mode line.
    for start in range(0, len(token), 1000):
        os.write(fd, token[start:start + 1000])
        read_until(b"\0", 0.01)
    os.write(fd, b"\n")
    read_until(b"Logged in", 5.0)

# Bounded: wait up to 5 s for the child to exit, then kill it and say so.
status = None
end = time.time() + 5.0
while status is None and time.time() < end:
    done, raw = os.waitpid(pid, os.WNOHANG)
    if done:
        status = os.waitstatus_to_exitcode(raw)
    else:
        read_until(b"\0", 0.05)  # keep draining the terminal while waiting
if status is None:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    status = "hung"
try:
    echo_after = bool(termios.tcgetattr(fd)[3] & termios.ECHO)
except termios.error:
    echo_after = None
print(json.dumps({"status": status, "prompted": prompted, "echoed": token in seen,
                  "echoDuringPrompt": echo_during_prompt, "echoAfter": echo_after}))
