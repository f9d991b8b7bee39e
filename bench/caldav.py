"""Figure 9: two-way CalDAV sync with a local Radicale, errand against vdirsyncer (which syncs a
collection with a folder of .ics files), side by side in one run, with the floor: what a bare
HTTP client costs the server for the same work (dav_floor.py).

Two scales: the first sync uploads `caldav_upload` items into empty collections (every PUT of a
new member costs Radicale a scan of the collection's UIDs, so uploads grow quadratically and
10,000 would take hours); the rest runs at `caldav` items (the issue's 10,000) in collections
seeded on the server's disk: joining them (a second machine's first sync), a sync with nothing
changed, ten new items on each side, and ten edits on each side."""

import base64
import http.client
import os
import shutil
import socket
import subprocess
import sys
import time
import uuid

import measure
from measure import Contender, duration, median

USER, PASSWORD = "bench", "bench-pw"
HERE = os.path.dirname(os.path.abspath(__file__))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A CalDAV server on a loopback port in a folder of its own, for one figure."""
    name = ""

    def wait(self):
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("%s did not start" % self.name)

    def request(self, method, path, body=b"", headers=None):
        # Radicale's first read of a seeded collection parses every item: minutes on a loaded machine.
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        all_headers = {"Authorization": "Basic " + base64.b64encode(("%s:%s" % (USER, PASSWORD)).encode()).decode()}
        all_headers.update(headers or {})
        connection.request(method, path, body=body, headers=all_headers)
        response = connection.getresponse()
        response.read()
        connection.close()
        return response.status

    def collection(self, name, display=None):
        path = self.path(name)
        shown = "<D:displayname>%s</D:displayname>" % display if display else ""
        body = ('<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set>'
                '<D:prop>%s<C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>'
                '</D:prop></D:set></C:mkcalendar>' % shown)
        assert self.request("MKCALENDAR", path, body.encode(), {"Content-Type": "application/xml"}) == 201
        return path

    def url(self, path):
        return "http://%s@127.0.0.1:%d%s" % (USER, self.port, path)

    def seed(self, name, count, display=None, prefix="item"):
        """A collection of `count` VTODOs written straight into the server's folder (as a restore
        from backup would), then read once so that the server's caches are built before any
        contender is timed: uploading them would take either client hours (see the text)."""
        path = self.collection(name, display)
        folder = self.folder_of(name)
        for i in range(count):
            with open(folder + "%s-%d.ics" % (prefix, i), "w") as f:
                f.write(vtodo("%s-%d@bench" % (prefix, i), "%s %d ref%dz" % (prefix, i, i)))
        self.seeded(folder)
        # Depth 1 fills Radicale's item cache, the sync-token its history cache (23 s at 10,000).
        body = b'<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>'
        assert self.request("PROPFIND", path, body, {"Depth": "1", "Content-Type": "application/xml"}) == 207
        body = b'<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>'
        assert self.request("PROPFIND", path, body, {"Depth": "0", "Content-Type": "application/xml"}) == 207
        return path

    def seeded(self, folder):
        pass

    def put(self, path, uid, summary):
        assert self.request("PUT", path, vtodo(uid, summary).encode(), {"Content-Type": "text/calendar"}) in (200, 201, 204)

    def stop(self):
        self.process.kill()
        self.process.wait()


class Radicale(Server):
    name = "Radicale"

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
        self.wait()

    def path(self, name):
        return "/%s/%s/" % (USER, name)

    def folder_of(self, name):
        return "%s/collections/collection-root/%s/%s/" % (self.folder, USER, name)


class Xandikos(Server):
    """Git-backed; checks no credentials of its own (the Authorization header is ignored)."""
    name = "Xandikos"

    def __init__(self, folder):
        self.folder = folder
        self.port = free_port()
        os.makedirs(folder, exist_ok=True)
        self.process = subprocess.Popen(["/usr/bin/xandikos", "-d", folder + "/data", "--autocreate", "-l",
                                         "127.0.0.1", "-p", str(self.port)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.wait()

    def path(self, name):
        return "/user/calendars/%s/" % name

    def folder_of(self, name):
        return "%s/data/user/calendars/%s/" % (self.folder, name)

    def seeded(self, folder):
        # Xandikos serves what is committed in the collection's git repository.
        git = ["git", "-C", folder, "-c", "user.name=bench", "-c", "user.email=bench@localhost"]
        subprocess.run(git + ["add", "-A", "."], check=True, stdout=subprocess.DEVNULL)
        subprocess.run(git + ["commit", "-q", "-m", "seed"], check=True, stdout=subprocess.DEVNULL)


def vtodo(uid, summary):
    # Bench input only (the phone, vdirsyncer's folder, the seeded collections); errand writes
    # its own with libical.
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VTODO\r\nUID:%s\r\n"
            "DTSTAMP:20261101T100000Z\r\nSUMMARY:%s\r\nDUE;VALUE=DATE:20261201\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            % (uid, summary))


def vdirsyncer(work, name, folder, server, path):
    """A vdirsyncer pair syncing `folder` with the collection at `path`, discovered once."""
    os.makedirs(folder, exist_ok=True)
    config = "%s/vdirsyncer-%s.conf" % (work, name)
    with open(config, "w") as f:
        f.write('[general]\nstatus_path = "%s/vdir-status-%s/"\n\n[pair tasks]\na = "local"\nb = "remote"\n'
                'collections = null\nconflict_resolution = "a wins"\n\n[storage local]\ntype = "filesystem"\n'
                'path = "%s/"\nfileext = ".ics"\n\n[storage remote]\ntype = "caldav"\n'
                'url = "http://127.0.0.1:%d%s"\nusername = "%s"\npassword = "%s"\n'
                % (work, name, folder, server.port, path, USER, PASSWORD))
    measure.run(["vdirsyncer", "-c", config, "discover"], env={"HOME": work}, stdin="/dev/null")
    return Contender("vdirsyncer sync", ["vdirsyncer", "-c", config, "sync"], env={"HOME": work})


def labelled(name, contender):
    copy = Contender(name, [])
    copy.samples = contender.samples[:]
    contender.samples = []
    return copy


def figure9(bench):
    work = bench.path("caldav")
    server = Radicale(work + "/radicale")
    with open(work + "/netrc", "w") as f:
        f.write("machine 127.0.0.1 login %s password %s\n" % (USER, PASSWORD))
    os.chmod(work + "/netrc", 0o600)
    env = dict(bench.env, NETRC=work + "/netrc")
    rows, verdicts = [], []
    try:
        first_upload(bench, server, work, env, rows, verdicts)
        at_scale(bench, server, work, env, rows, verdicts, kinds=("new", "edits"))
    finally:
        server.stop()
    # The same joining and idle syncs against a server whose sync-token costs O(1) (a git
    # commit id): what is left is the clients' own time.
    other = Xandikos(work + "/xandikos")
    try:
        at_scale(bench, other, work, env, rows, verdicts, kinds=())
    finally:
        other.stop()
    up, n = bench.sizes["caldav_upload"], bench.sizes["caldav"]
    bench.section(
        "9. Two-way CalDAV sync with a local Radicale: %s items uploaded, then %s" % (f"{up:,}", f"{n:,}"),
        "One Radicale (Debian 3.1.8, htpasswd, loopback) holds a VTODO collection per contender: errand syncs "
        "its store, vdirsyncer (Debian 0.19) a folder of .ics files. Whole processes: errand includes its "
        "helpers (errand-fetch for HTTP, errand-ical for iCalendar). The floor is dav_floor.py: the same PUTs "
        "from a bare HTTP client over one connection, or the one PROPFIND that tells whether anything changed "
        "(a Python process: some 40 ms of its start-up are in its time); it is what the server costs, which "
        "no client can go under. The first sync uploads %s items into "
        "empty collections, once each (Radicale scans every UID of a collection on each new member, so an "
        "upload's time grows with the square of its size: 10,000 would take either client hours). The other "
        "rows use collections of %s items written to the server's disk and read once: joining them from an "
        "empty store or folder, syncs with nothing changed (alternated), and three rounds of ten new items on "
        "each side, then of ten edits on each side. The rows marked Xandikos (Debian 0.2.8, git-backed, no "
        "authentication) repeat errand's joining and idle syncs with a server that knows its sync-token without "
        "reading the collection (vdirsyncer is left out there: it joins with multigets, which Xandikos answers "
        "at 84 ms an href at 10,000 items, some 14 minutes)." % (f"{up:,}", f"{n:,}"),
        ["command", "median", "min", "max", "ratio to vdirsyncer", "runs"], rows, verdicts)
    # Several lists of one account (issue 24), with a Radicale of their own; imported here
    # because lists.py builds on this module's servers.
    import lists
    lists.figure9_lists(bench)


def first_upload(bench, server, work, env, rows, verdicts):
    n = bench.sizes["caldav_upload"]
    errand_path, vdir_path, floor_path = (server.collection(name) for name in ("up-errand", "up-vdir", "up-floor"))
    store = work + "/upload.sqlite"
    shutil.copy(bench.store(n), store)
    errand = Contender("errand", bench.errand_cmd(store, "--remote", server.url(errand_path), "-c", "sync todos"),
                       env=env)
    folder = work + "/upload-items"
    os.makedirs(folder)
    for i in range(n):
        with open("%s/item-%d.ics" % (folder, i), "w") as f:
            f.write(vtodo("item-%d@bench" % i, "item %d" % i))
    vdir = vdirsyncer(work, "upload", folder, server, vdir_path)
    floor = Contender("floor", [sys.executable, "-S", HERE + "/dav_floor.py", "put", folder, server.url(floor_path)], env=env)
    for contender in (errand, vdir, floor):
        contender.once()
    e, v, f = (labelled("errand: first sync, %s items uploaded" % f"{n:,}", errand),
               labelled("vdirsyncer: first sync", vdir), labelled("floor: the same PUTs, one connection", floor))
    rows += [bench.timing_row(e, v), bench.timing_row(v, v), bench.timing_row(f, v)]
    ratio = median(e.seconds) / median(v.seconds)
    verdicts.append(bench.verdict(ratio <= 0.5, "first sync <= 0.5x vdirsyncer (%.2fx; errand is %.2fx the floor, "
                                  "vdirsyncer %.2fx)" % (ratio, median(e.seconds) / median(f.seconds),
                                                         median(v.seconds) / median(f.seconds))))


def at_scale(bench, server, work, env, rows, verdicts, kinds):
    """Joining, idle syncs and `kinds` of ten-change rounds at bench.sizes["caldav"] items;
    without kinds (Xandikos), errand and the floor only: vdirsyncer fetches a collection it
    joins with multigets, which Xandikos 0.2.8 answers at 84 ms an href at 10,000 items."""
    n = bench.sizes["caldav"]
    errand_path = server.seed("big-errand", n)
    tag = server.name.lower()
    at = "" if tag == "radicale" else server.name + ", "
    store = "%s/joined-%s.sqlite" % (work, tag)
    errand = Contender("errand", bench.errand_cmd(store, "--remote", server.url(errand_path), "-c", "sync todos"),
                       env=env)
    floor = Contender("floor", [sys.executable, "-S", HERE + "/dav_floor.py", "propfind", server.url(errand_path)], env=env)
    folder, vdir = None, None
    if kinds:
        folder = "%s/joined-%s" % (work, tag)
        vdir = vdirsyncer(work, "joined-" + tag, folder, server, server.seed("big-vdir", n))
    for contender in (errand, vdir) if vdir else (errand,):
        contender.once()
    join = labelled(at + "errand: join %s items (first sync into an empty store)" % f"{n:,}", errand)
    peer = labelled(at + "vdirsyncer: join (into an empty folder)", vdir) if vdir else None
    rows += [bench.timing_row(join, peer)] + ([bench.timing_row(peer, peer)] if peer else [])

    measure.alternate([c for c in (errand, vdir, floor) if c], max(3, bench.sizes["rounds"] // 4), warmup=1)
    idle = labelled(at + "errand: sync, nothing changed", errand)
    peer = labelled(at + "vdirsyncer: sync, nothing changed", vdir) if vdir else None
    base = labelled(at + "floor: one PROPFIND of the sync-token", floor)
    rows += [bench.timing_row(c, peer) for c in (idle, peer, base) if c]
    t2 = median(idle.seconds)
    if peer:
        r2 = t2 / median(peer.seconds)
        verdicts.append(bench.verdict(t2 <= 0.1 and r2 <= 0.1, "no-change sync with %s <= 100 ms (%s; the server's "
                                      "PROPFIND alone, the floor, takes %s) and <= 0.1x vdirsyncer (%.2fx)"
                                      % (server.name, duration(t2), duration(median(base.seconds)), r2)))
    else:
        verdicts.append(bench.verdict(t2 <= 0.1, "no-change sync with %s <= 100 ms (%s; the floor takes %s)"
                                      % (server.name, duration(t2), duration(median(base.seconds)))))
    if kinds:
        ten_changes(bench, server, (store, folder), env, kinds, (errand, vdir), errand_path, rows, verdicts)


def ten_changes(bench, server, local_side, env, kinds, contenders, errand_path, rows, verdicts):
    """Three rounds of each kind of change (new items, edits), ten on each side, then a sync."""
    errand, vdir = contenders
    store, folder = local_side
    vdir_path = server.path("big-vdir")
    local_files = {}
    for name in os.listdir(folder):
        with open(os.path.join(folder, name)) as f:
            for line in f:
                if line.startswith("UID:"):
                    local_files[line[4:].strip()] = os.path.join(folder, name)
    for kind in kinds:
        for round_number in range(3):
            change_round(bench, server, (store, folder), env, kind, round_number, (errand_path, vdir_path), local_files)
            errand.once()
            vdir.once()
        pair = (labelled("errand: sync, 10 %s each side" % kind, errand),
                labelled("vdirsyncer: sync, 10 %s each side" % kind, vdir))
        rows += [bench.timing_row(pair[0], pair[1]), bench.timing_row(pair[1], pair[1])]
        ratio = median(pair[0].seconds) / median(pair[1].seconds)
        verdicts.append(bench.verdict(ratio <= 0.2, "10 %s each side <= 0.2x vdirsyncer (%.2fx)" % (kind, ratio)))


def change_round(bench, server, local_side, env, kind, round_number, paths, local_files):
    """Ten changes made in the store and in the folder, and ten by another client on each
    collection (the seeded items of the first half locally, of the second half remotely)."""
    store, folder = local_side
    script = bench.path("caldav/%s-%d.errand" % (kind, round_number))
    local = range(round_number * 10, round_number * 10 + 10)
    half = bench.sizes["caldav"] // 2
    remote = range(half + round_number * 10, half + round_number * 10 + 10)
    with open(script, "w") as f:
        for i in local:
            if kind == "new":
                f.write('create "local %d-%d" --date 2026-12-01\n' % (round_number, i))
            else:
                f.write('find ref%dz\nedit 1 --title "item %d ref%dz edited here"\n' % (i, i, i))
    measure.run(bench.errand_cmd(store, script), env=env)
    for i in local:
        if kind == "new":
            uid = "local-%d-%d@bench" % (round_number, i)
            with open("%s/%s.ics" % (folder, uid), "w") as f:
                f.write(vtodo(uid, "local %d" % i))
        else:
            with open(local_files["item-%d@bench" % i], "w") as f:
                f.write(vtodo("item-%d@bench" % i, "item %d ref%dz edited here" % (i, i)))
    for path in paths:
        for i in remote:
            if kind == "new":
                uid = str(uuid.uuid4())
                server.put(path + uid + ".ics", uid, "remote %d" % i)
            else:
                server.put(path + "item-%d.ics" % i, "item-%d@bench" % i, "item %d ref%dz edited there" % (i, i))
