"""Figure 9: two-way CalDAV sync of the same items to the same local Radicale, errand against
vdirsyncer (which syncs a collection with a folder of .ics files), side by side in one run."""

import base64
import http.client
import os
import shutil
import socket
import subprocess
import time
import uuid

import measure
from measure import Contender, duration, median

USER, PASSWORD = "bench", "bench-pw"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Radicale:
    def __init__(self, folder):
        self.folder = folder
        self.port = free_port()
        os.makedirs(folder, exist_ok=True)
        with open(folder + "/users", "w") as f:
            f.write("%s:%s\n" % (USER, PASSWORD))
        with open(folder + "/config", "w") as f:
            f.write("[server]\nhosts = 127.0.0.1:%d\nmax_content_length = 100000000\n[auth]\ntype = htpasswd\n"
                    "htpasswd_filename = %s/users\nhtpasswd_encryption = plain\n[storage]\n"
                    "filesystem_folder = %s/collections\n[rights]\ntype = owner_only\n[logging]\nlevel = warning\n"
                    % (self.port, folder, folder))
        # Debian's Python (the shared notes): /usr/bin/radicale, not python3 -m radicale.
        self.process = subprocess.Popen(["/usr/bin/radicale", "--config", folder + "/config"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("radicale did not start")

    def request(self, method, path, body=b"", headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        all_headers = {"Authorization": "Basic " + base64.b64encode(("%s:%s" % (USER, PASSWORD)).encode()).decode()}
        all_headers.update(headers or {})
        connection.request(method, path, body=body, headers=all_headers)
        response = connection.getresponse()
        response.read()
        connection.close()
        return response.status

    def collection(self, name):
        path = "/%s/%s/" % (USER, name)
        body = ('<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set>'
                '<D:prop><C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>'
                '</D:prop></D:set></C:mkcalendar>')
        assert self.request("MKCALENDAR", path, body.encode()) == 201
        return path

    def url(self, path):
        return "http://%s@127.0.0.1:%d%s" % (USER, self.port, path)

    def stop(self):
        self.process.kill()
        self.process.wait()


def vtodo(uid, summary):
    # Bench input only (the phone and vdirsyncer's folder); errand writes its own with libical.
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VTODO\r\nUID:%s\r\n"
            "DTSTAMP:20261101T100000Z\r\nSUMMARY:%s\r\nDUE;VALUE=DATE:20261201\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            % (uid, summary))


def figure9(bench):
    n = bench.sizes["caldav"]
    work = bench.path("caldav")
    server = Radicale(work + "/radicale")
    try:
        run_figure(bench, n, work, server)
    finally:
        server.stop()


def run_figure(bench, n, work, server):
    errand_path, vdir_path = server.collection("errand"), server.collection("vdir")
    with open(work + "/netrc", "w") as f:
        f.write("machine 127.0.0.1 login %s password %s\n" % (USER, PASSWORD))
    os.chmod(work + "/netrc", 0o600)
    env = dict(bench.env, NETRC=work + "/netrc")
    store = work + "/errand.sqlite"
    shutil.copy(bench.store(n), store)
    errand = Contender("errand sync todos", bench.errand_cmd(store, "--remote", server.url(errand_path),
                                                             "-c", "sync todos"), env=env)
    folder = work + "/vdir-items"
    os.makedirs(folder)
    for i in range(n):
        with open("%s/item-%d.ics" % (folder, i), "w") as f:
            f.write(vtodo("item-%d@bench" % i, "item %d" % i))
    config = work + "/vdirsyncer.conf"
    with open(config, "w") as f:
        f.write('[general]\nstatus_path = "%s/vdir-status/"\n\n[pair tasks]\na = "local"\nb = "remote"\n'
                'collections = null\nconflict_resolution = "a wins"\n\n[storage local]\ntype = "filesystem"\n'
                'path = "%s/"\nfileext = ".ics"\n\n[storage remote]\ntype = "caldav"\nurl = "http://127.0.0.1:%d%s"\n'
                'username = "%s"\npassword = "%s"\n' % (work, folder, server.port, vdir_path, USER, PASSWORD))
    vdir = Contender("vdirsyncer sync", ["vdirsyncer", "-c", config, "sync"], env={"HOME": work})
    measure.run(["vdirsyncer", "-c", config, "discover"], env={"HOME": work}, stdin="/dev/null")
    rows, verdicts = [], []
    # 1. First sync of n items into an empty collection (once each: it changes the state).
    errand.once()
    vdir.once()
    first = (Contender("errand: first sync of %s items" % f"{n:,}", []), Contender("vdirsyncer: first sync", []))
    first[0].samples, first[1].samples = errand.samples[:], vdir.samples[:]
    rows += [bench.timing_row(first[0], first[1]), bench.timing_row(first[1], first[1])]
    r1 = median(first[0].seconds) / median(first[1].seconds)
    verdicts.append(bench.verdict(r1 <= 0.5, "first sync <= 0.5x vdirsyncer (%.2fx)" % r1))
    # 2. Nothing changed.
    errand.samples, vdir.samples = [], []
    measure.alternate([errand, vdir], max(3, bench.sizes["rounds"] // 4), warmup=1)
    idle = (Contender("errand: sync, nothing changed", []), Contender("vdirsyncer: sync, nothing changed", []))
    idle[0].samples, idle[1].samples = errand.samples[:], vdir.samples[:]
    rows += [bench.timing_row(idle[0], idle[1]), bench.timing_row(idle[1], idle[1])]
    t2 = median(idle[0].seconds)
    r2 = t2 / median(idle[1].seconds)
    verdicts.append(bench.verdict(t2 <= 0.1 and r2 <= 0.1,
                                  "no-change sync <= 100 ms (%s) and <= 0.1x vdirsyncer (%.2fx)" % (duration(t2), r2)))
    # 3. Ten changes on each side (ten new items here, ten PUT by another client), once per round.
    errand.samples, vdir.samples = [], []
    for round_number in range(3):
        script = work + "/ten-%d.errand" % round_number
        with open(script, "w") as f:
            f.write("".join("create local %d-%d\n" % (round_number, i) for i in range(10)))
        measure.run(bench.errand_cmd(store, script), env=env)
        for i in range(10):
            uid = str(uuid.uuid4())
            server.request("PUT", errand_path + uid + ".ics", vtodo(uid, "remote %d" % i).encode(),
                           {"Content-Type": "text/calendar", "If-None-Match": "*"})
            with open("%s/local-%d-%d.ics" % (folder, round_number, i), "w") as f:
                f.write(vtodo("local-%d-%d@bench" % (round_number, i), "local %d" % i))
            uid = str(uuid.uuid4())
            server.request("PUT", vdir_path + uid + ".ics", vtodo(uid, "remote %d" % i).encode(),
                           {"Content-Type": "text/calendar", "If-None-Match": "*"})
        errand.once()
        vdir.once()
    ten = (Contender("errand: sync, 10 changes each side", []), Contender("vdirsyncer: sync, 10 changes each side", []))
    ten[0].samples, ten[1].samples = errand.samples[:], vdir.samples[:]
    rows += [bench.timing_row(ten[0], ten[1]), bench.timing_row(ten[1], ten[1])]
    r3 = median(ten[0].seconds) / median(ten[1].seconds)
    verdicts.append(bench.verdict(r3 <= 0.2, "10 changes each side <= 0.2x vdirsyncer (%.2fx)" % r3))
    bench.section(
        "9. Two-way CalDAV sync of %s items with a local Radicale" % f"{n:,}",
        "The same Radicale (Debian 3.1.8, htpasswd, loopback) holds two VTODO collections: errand syncs its "
        "store with one, vdirsyncer (Debian 0.19) a folder of the same number of .ics files with the other. "
        "Whole processes: errand includes its helpers (errand-fetch for HTTP, errand-ical for iCalendar). "
        "The first sync runs once each; the no-change sync is alternated; the 10-changes rows are three "
        "rounds of ten new items on each side.",
        ["command", "median", "min", "max", "ratio to vdirsyncer", "runs"], rows, verdicts)
