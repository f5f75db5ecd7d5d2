"""What every WSGI test server here shares: the protocol with the Swift tests, and a quiet threaded server.

The protocol: the server binds 127.0.0.1 on a port the system picks, prints one line `READY <port>` on standard
output, and serves until its standard input closes (the test ended, or died); then it exits at once.

    import wsgi_peer
    httpd = wsgi_peer.listen(log=lambda line: ...)     # bound, not yet serving
    wsgi_peer.exit_when_stdin_closes(cleanup)          # a thread that ends the process
    httpd.set_app(app); wsgi_peer.say_ready(httpd); httpd.serve_forever()

Standard library only, so each server's own pinned packages stay all it needs.
"""
import os
import signal
import socketserver
import sys
import threading
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer


def exit_when_stdin_closes(cleanup=None):
    """Ends the process (after `cleanup`) when standard input reaches its end or fails."""

    def watch():
        try:
            while os.read(0, 65536):
                pass
        except OSError:
            pass
        if cleanup:
            cleanup()
        os._exit(0)

    threading.Thread(target=watch, name="stdin-watch", daemon=True).start()


class ThreadingServer(socketserver.ThreadingMixIn, WSGIServer):
    daemon_threads = True
    allow_reuse_address = True
    verbose = False

    def server_bind(self):
        # Not HTTPServer.server_bind: it calls socket.getfqdn(), a DNS look-up.
        socketserver.TCPServer.server_bind(self)
        self.server_name = "127.0.0.1"
        self.server_port = self.server_address[1]
        self.setup_environ()

    def handle_error(self, request, client_address):
        if self.verbose:
            super().handle_error(request, client_address)


def listen(log=None, timeout=None, verbose=False):
    """A threaded WSGI server bound to 127.0.0.1 on a free port. `log(line)` gets each request's line;
    `timeout` bounds how long a client that announces more body than it sends may hold a thread."""

    class QuietHandler(WSGIRequestHandler):
        # Headers and body go out in separate writes; without this Nagle and delayed
        # ACKs can stall a response by 40 ms.
        disable_nagle_algorithm = True

        def log_message(self, format, *args):
            if log:
                log("%s %s" % (self.address_string(), format % args))

    if timeout:
        QuietHandler.timeout = timeout
    httpd = ThreadingServer(("127.0.0.1", 0), QuietHandler)
    httpd.verbose = verbose
    return httpd


def say_ready(httpd, out=None):
    """The one line the tests wait for, on standard output (or `out`, a copy of it)."""
    stream = out or sys.stdout
    stream.write("READY %d\n" % httpd.server_address[1])
    stream.flush()


def env_int(name, default, minimum=None):
    """An integer setting from the environment; `default` when unset. A value that is not one (or is below
    `minimum`) ends the process with 2 and a line saying why: a test's typo, never a silent default."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = int(value)
    except ValueError:
        number = None
    if number is None or (minimum is not None and number < minimum):
        floor = "" if minimum is None else " >= %d" % minimum
        sys.stderr.write("%s: %s=%r is not an integer%s\n" % (os.path.basename(sys.argv[0]), name, value, floor))
        os._exit(2)
    return number


def serve(httpd, application, ready_out, exit_now):
    """Serves `application` on a thread, says READY on `ready_out`, and waits: the stdin watcher, SIGTERM
    (`exit_now(0)`) or Ctrl-C (`exit_now(130)`) ends the process."""
    httpd.set_app(application)
    threading.Thread(target=httpd.serve_forever, name="http", daemon=True).start()
    say_ready(httpd, ready_out)
    signal.signal(signal.SIGTERM, lambda *_: exit_now(0))
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        exit_now(130)
