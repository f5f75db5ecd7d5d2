#!/usr/bin/env python3
"""Runs `session-cli login` on a pseudo-terminal, the way a person would.

Usage: pty_login.py SESSION_CLI HOME TOKEN

It waits for the prompt, types TOKEN and Enter, and prints one JSON line:
the exit status ("hung" if it had to be killed), whether the prompt appeared,
and whether the typed token was echoed back. Every wait is bounded (5 s).
"""
import json
import os
import pty
import select
import signal
import sys
import time

cli, home, token = sys.argv[1], sys.argv[2], sys.argv[3].encode()
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
                seen += os.read(fd, 1024)
            except OSError:
                break


read_until(b"(input is hidden): ")
prompted = b"(input is hidden): " in seen
os.write(fd, token + b"\n")
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
print(json.dumps({"status": status, "prompted": prompted, "echoed": token in seen}))
