#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal, the way a person would, and answers its prompt.

Usage: pty_prompt.py HOME MARKER ACTION -- COMMAND [ARGUMENT...]

It starts COMMAND with HOME as its home folder, waits for MARKER in what the
command writes to the terminal, then does ACTION:

  type:TEXT     types TEXT and Enter (in pieces of 1000 bytes, as a paste arrives)
  signal:NAME   sends the signal NAME (TERM, INT, HUP) instead

and prints one JSON line: the exit status ("hung" if it had to be killed),
whether the prompt appeared, whether the typed text was echoed back, whether
the terminal's echo was on during the prompt and after the command ended,
whether what the command wrote ends with a line end, and all of it as text.
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

home, marker, action = sys.argv[1], sys.argv[2].encode(), sys.argv[3]
command = sys.argv[sys.argv.index("--") + 1:]
pid, fd = pty.fork()
if pid == 0:
    os.environ["HOME"] = home
    os.environ.pop("LANG", None)
    os.environ.pop("LC_ALL", None)
    os.environ.pop("LC_MESSAGES", None)
    os.execv(command[0], command)

seen = b""


def read_until(wanted, limit=60.0):
    """Reads what the terminal shows until `wanted` is in it, for `limit` seconds at most."""
    global seen
    end = time.time() + limit
    while wanted not in seen and time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break


read_until(marker)
prompted = marker in seen
echo_during_prompt = bool(termios.tcgetattr(fd)[3] & termios.ECHO)
typed = b""
if action.startswith("signal:"):
    os.kill(pid, getattr(signal, "SIG" + action[len("signal:"):]))
else:
    typed = action[len("type:"):].encode()
    for start in range(0, len(typed), 1000):
        os.write(fd, typed[start:start + 1000])
        # Drains what the terminal shows meanwhile, so the child never blocks writing it.
        read_until(b"\0", 0.01)
    os.write(fd, b"\n")

# Bounded: wait up to 60 s for the child to exit, then kill it and say so.
status = None
end = time.time() + 60.0
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
# The rest of what it showed: the terminal ends (EIO) once the child is gone.
end = time.time() + 10.0
while time.time() < end:
    ready, _, _ = select.select([fd], [], [], 0.1)
    if ready:
        try:
            piece = os.read(fd, 65536)
        except OSError:
            break
        if not piece:
            break
        seen += piece
try:
    echo_after = bool(termios.tcgetattr(fd)[3] & termios.ECHO)
except termios.error:
    echo_after = None
text = seen.decode("utf-8", "replace")
print(json.dumps({"status": status, "prompted": prompted, "echoed": bool(typed) and typed in seen,
                  "echoDuringPrompt": echo_during_prompt, "echoAfter": echo_after,
                  "endsWithLineEnd": text.endswith("\n"), "output": text}))
