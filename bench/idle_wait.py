"""errand-fetch waiting on a server that accepted the connection and says nothing: the CPU it
uses while it waits (issue 22). The URLSession helper burned a whole core for as long as a
server took to answer (a write event left armed on the socket), which on a small machine
starved the very server it waited for. A CPU threshold depends on the machine's load, so it
lives here, not in `swift test` (FetchHelperWaitTests and DAVFetchHelperTests check what the
helper answers, and that it waited its idle limit).

Not one of the ten figures: a section of its own, measured in quick mode too (a few seconds).
"""

import os
import socket
import subprocess
import threading
import time

IDLE = 3
TOTAL = 5
CPU_BOUND = 0.5  # seconds of CPU over the whole wait: a spinning helper uses about all of it


class MuteServer:
    """Accepts connections on loopback and never answers (nor closes them until stopped)."""

    def __init__(self):
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.url = "http://127.0.0.1:%d/" % self.listener.getsockname()[1]
        self.held = []
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.held.append(connection)

    def stop(self):
        self.listener.close()
        for connection in self.held:
            connection.close()


def propfind(url, request_id):
    body = b'<propfind xmlns="DAV:"><prop><getetag/></prop></propfind>'
    return b"REQUEST %d PROPFIND 1 %d\n%s\nDepth: 1\n" % (request_id, len(body), url.encode()) + body


def run(argv, stdin):
    """Runs the helper to its end; returns (wall seconds, CPU seconds, exit status)."""
    started = time.monotonic()
    child = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    child.stdin.write(stdin)
    child.stdin.close()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    return time.monotonic() - started, usage.ru_utime + usage.ru_stime, child.returncode


def section(bench):
    helper = os.path.join(os.path.dirname(bench.errand), "errand-fetch")
    server = MuteServer()
    try:
        limits = ["--idle", str(IDLE), "--total", str(TOTAL)]
        cases = [
            ("catalogue download (errand-fetch URL)", [helper] + limits + [server.url + "listing.json"], b""),
            ("CalDAV, 4 requests (errand-fetch --dav)", [helper, "--dav"] + limits,
             b"".join(propfind(server.url + "cal/", n) for n in range(4))),
        ]
        rows, verdicts = [], []
        for name, argv, stdin in cases:
            wall, cpu, status = run(argv, stdin)
            rows.append([name, "%.2f s" % wall, "%.3f s" % cpu, status])
            verdicts.append(bench.verdict(cpu < CPU_BOUND and wall >= IDLE - 0.1,
                                          "%s: %.3f s of CPU in %.2f s of waiting (bound %.1f s, and at least the "
                                          "%d s idle limit waited)" % (name, cpu, wall, CPU_BOUND, IDLE)))
    finally:
        server.stop()
    bench.section("Waiting on a silent server (not a figure: the helper's CPU while it waits)",
                  "errand-fetch against a loopback server that accepts and never answers, idle limit %d s, "
                  "total %d s; CPU is user plus system time from wait4." % (IDLE, TOTAL),
                  ["wait", "wall", "CPU", "exit"], rows, verdicts)
