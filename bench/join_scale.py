"""Figure 11: a first sync at 100,000 items (issue 43's figure 9c); the figure's text is INTRO."""

import os
import re
import subprocess
import sys
import time

import caldav
import measure
from measure import duration

INTRO = ("A Radicale collection of VTODOs, written to the server's disk and read once by a calendar-query (the "
         "server's own cold read, timed apart), joined by errand from an empty store: whole-process time, peak RSS of "
         "errand and its helpers (GNU time: wait4 counts the children errand waited for), and the longest single "
         "request the server answered (Radicale's own log: \"... response status for ... in N seconds\"). vdirsyncer "
         "joins by PROPFIND Depth 1 and multigets; Radicale answers a Depth 1 PROPFIND in time that grows with the "
         "square of the collection (23 s at 10,000 items, 98 s at 20,000, measured here), some 40 minutes at "
         "100,000: the two are compared at the smaller size, where both join the same collection.")
LOGGED = re.compile(r"(\w+) response status for '([^']*)'.* in ([0-9.]+) seconds")


class LoggingRadicale(caldav.Radicale):
    """Radicale with its request log (level info) kept in a file, to read each request's time."""

    def __init__(self, folder):
        self.log = folder + "/radicale.log"
        os.makedirs(folder, exist_ok=True)
        super().__init__(folder)
        self.process.kill()
        self.process.wait()
        with open(folder + "/config") as f:
            config = f.read().replace("level = warning", "level = info")
        with open(folder + "/config", "w") as f:
            f.write(config)
        self.process = subprocess.Popen(["/usr/bin/radicale", "--config", folder + "/config"],
                                        stdout=subprocess.DEVNULL, stderr=open(self.log, "w"))
        self.wait()

    def requests(self, start):
        """The (method, seconds) of each request logged from byte `start` of the log."""
        with open(self.log, errors="replace") as f:
            f.seek(start)
            return [(m.group(1), float(m.group(3))) for m in LOGGED.finditer(f.read())]

    def mark(self):
        return os.path.getsize(self.log)


def seed(server, name, count):
    """`count` VTODOs on the server's disk, then one calendar-query with data: Radicale's cold
    read of them (timed and returned), so that no client pays for building the server's cache."""
    path = server.collection(name)
    folder = server.folder_of(name)
    for i in range(count):
        with open(folder + "item-%d.ics" % i, "w") as f:
            f.write(caldav.vtodo("item-%d@bench" % i, "item %d ref%dz" % (i, i)))
    body = (b'<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
            b'<D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR">'
            b'<C:comp-filter name="VTODO"/></C:comp-filter></C:filter></C:calendar-query>')
    started = time.perf_counter()
    assert server.request("REPORT", path, body, {"Depth": "1", "Content-Type": "application/xml"}) == 207
    return path, time.perf_counter() - started


def joined(bench, server, env, name, path, store):
    """errand joining `path` into a new store: seconds, peak RSS (MB) and the longest request."""
    mark = server.mark()
    rss = bench.path("join-%s.rss" % name)
    argv = ["/usr/bin/time", "-f", "%M", "-o", rss] + bench.errand_cmd(store, "--remote", server.url(path), "-c", "sync todos")
    took = measure.run(argv, env=env).seconds
    with open(rss) as f:
        peak = int(f.read().split()[-1]) / 1024
    longest = max((s for _, s in server.requests(mark)), default=0.0)
    return took, peak, longest, len(server.requests(mark))


def figure11(bench):
    big, small = bench.sizes["caldav_big"], bench.sizes["caldav_peer"]
    work = bench.path("caldav-big")
    server = LoggingRadicale(work + "/radicale")
    with open(work + "/netrc", "w") as f:
        f.write("machine 127.0.0.1 login %s password %s\n" % (caldav.USER, caldav.PASSWORD))
    os.chmod(work + "/netrc", 0o600)
    env = dict(bench.env, NETRC=work + "/netrc")
    rows, verdicts = [], []
    try:
        path, cold = seed(server, "big", big)
        print("  Radicale's cold read of %d items: %s" % (big, duration(cold)), file=sys.stderr, flush=True)
        t, peak, longest, count = joined(bench, server, env, "big", path, work + "/big.sqlite")
        rows.append(["errand: join %s items" % f"{big:,}", duration(t), "%.1f MB" % peak, "%.2f s" % longest, count, ""])
        verdicts.append(bench.verdict(peak <= 128, "peak memory at most 128 MB at %s items (%.1f MB)" % (f"{big:,}", peak)))
        verdicts.append(bench.verdict(longest <= 10, "no request longer than 10 s at %s items (%.2f s; Radicale's own "
                                      "cold read of the collection, before: %s)" % (f"{big:,}", longest, duration(cold))))
        peer_path, _ = seed(server, "peer", small)
        t2, peak2, longest2, count2 = joined(bench, server, env, "peer", peer_path, work + "/peer.sqlite")
        # Its discover first (not timed, as in figure 9): the join is its first sync.
        vdir = caldav.vdirsyncer(work, "peer", work + "/peer-folder", server, peer_path)
        mark = server.mark()
        vdir.once()
        v = vdir.samples[-1].seconds
        vlongest = max((s for _, s in server.requests(mark)), default=0.0)
        rows.append(["errand: join %s items" % f"{small:,}", duration(t2), "%.1f MB" % peak2, "%.2f s" % longest2, count2,
                     "%.2fx" % (t2 / v)])
        rows.append(["vdirsyncer: join %s items (its first sync)" % f"{small:,}", duration(v), "",
                     "%.2f s" % vlongest, len(server.requests(mark)), "1.00x"])
        verdicts.append(bench.verdict(t2 / v <= 1.0, "at most 1.0x vdirsyncer's time at %s items, the largest it joins "
                                      "here in minutes (%.2fx)" % (f"{small:,}", t2 / v)))
    finally:
        server.stop()
    bench.section(
        "11. A first sync of %s items from Radicale (issue 43's figure 9c)" % f"{big:,}",
        INTRO + " Uploading %s items to an empty Radicale collection is not measured: Radicale scans every UID of a "
        "collection on each new member (figure 9), hours for any client." % f"{big:,}",
        ["command", "time", "peak RSS", "longest request", "requests", "ratio to vdirsyncer"], rows, verdicts)
