"""Figure 10: peak memory of the largest inputs Errand accepts (issue 28 item 10), each one run
once through the real program with GNU time: every import format at the 64 MB import cap (the
.ics also at its 500,000-component cap, a binary plist at the 16 MB it is decoded whole within), `check` and `swipe` of 100,000 listed rows, and a
sync whose multistatus reply is just under the 64 MB reply limit, from a loopback server.

The inputs are generated here into the bench's work folder (never committed), from fixed
shapes: the same bytes run after run. `python3 bench/largest.py FOLDER [--quick]` writes them
alone, to measure by hand.
"""

import http.server
import json
import os
import sys
import threading
import time
import uuid

import datasets
import measure
from measure import duration

IMPORT_CAP = 64 << 20  # ImportFile.maxBytes
REPLY_CAP = 64 << 20  # TodoSync's FetchLimits.maxBytes
ICS_COMPONENTS = 500_000  # ICalBounds.maxComponents (the VCALENDAR counts as one)
BOUND_MB = 256

FULL = dict(bytes=IMPORT_CAP - (256 << 10), reply=REPLY_CAP - (256 << 10), rows=100_000)
QUICK = dict(bytes=256 << 10, reply=256 << 10, rows=1_000)

VERBS = datasets.VERBS
NOUNS = datasets.NOUNS


def title(i):
    return "%s %s %d" % (VERBS[i % len(VERBS)], NOUNS[(i // len(VERBS)) % len(NOUNS)], i)


def item_id(i):
    return str(uuid.UUID(int=(0x5EED << 96) | i, version=4)).upper()


def fill(path, head, entry, tail, limit, most=None):
    """Writes head, entries 0, 1, ... and tail while the file stays within `limit` bytes (and
    `most` entries); returns how many entries it holds."""
    count = 0
    size = len(head) + len(tail)
    with open(path, "wb") as f:
        f.write(head)
        while most is None or count < most:
            text = entry(count)
            if size + len(text) > limit:
                break
            f.write(text)
            size += len(text)
            count += 1
        f.write(tail)
    return count


def write_ics(path, limit):
    """VTODOs as a CalDAV server or another app exports them: UID, SUMMARY, a due day."""
    def entry(i):
        day = datasets.TODAY.toordinal() + i % datasets.DAYS
        due = datasets.datetime.date.fromordinal(day).strftime("%Y%m%d")
        return ("BEGIN:VTODO\r\nUID:%s\r\nSUMMARY:%s\r\nDUE;VALUE=DATE:%s\r\nEND:VTODO\r\n"
                % (item_id(i), title(i), due)).encode()
    return fill(path, b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n", entry, b"END:VCALENDAR\r\n",
                limit, most=ICS_COMPONENTS - 1)


PLIST_HEAD = (b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
              b'"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<array>\n')
PLIST_TAIL = b"</array>\n</plist>\n"


def write_book_plist(path, limit):
    """The book app's toDoItems.plist: a title each, a timestamp on every fourth item."""
    def entry(i):
        stamp = "<key>timestampKey</key><real>%d</real>" % (datasets.CREATED + 3600 * (i % 1000)) if i % 4 == 0 else ""
        return ("<dict><key>titleKey</key><string>%s</string>%s</dict>\n" % (title(i), stamp)).encode()
    return fill(path, PLIST_HEAD, entry, PLIST_TAIL, limit)


def write_week_plist(path, limit):
    """The SwiftUI app's todos.plist: a title, a date and an id each."""
    def entry(i):
        day = datasets.datetime.date.fromordinal(datasets.TODAY.toordinal() + i % datasets.DAYS)
        return ("<dict><key>todo</key><string>%s</string><key>date</key><date>%sT%02d:00:00Z</date>"
                "<key>id</key><string>%s</string></dict>\n" % (title(i), day.isoformat(), 8 + i % 12, item_id(i))).encode()
    return fill(path, PLIST_HEAD, entry, PLIST_TAIL, limit)


WHOLE_PLIST_CAP = 16 << 20  # ItemImporter.maxWholePlistBytes


def write_binary_plist(path, limit):
    """The book app's list saved as a binary plist (decoded whole, so capped lower), as large as
    that cap lets through."""
    import plistlib

    def entries(n):
        return [dict(titleKey=title(i), **({"timestampKey": float(datasets.CREATED + 3600 * (i % 1000))} if i % 4 == 0 else {}))
                for i in range(n)]
    count = max(1, min(limit, WHOLE_PLIST_CAP) // 42)
    while True:
        data = plistlib.dumps(entries(count), fmt=plistlib.FMT_BINARY)
        if len(data) <= min(limit, WHOLE_PLIST_CAP) or count == 1:
            break
        count = max(1, int(count * 0.98))
    with open(path, "wb") as f:
        f.write(data)
    return count


def write_json_export(path, limit):
    """What `export x.json` writes (pretty-printed, sorted keys), every field an item needs."""
    def entry(i):
        day = datasets.datetime.date.fromordinal(datasets.TODAY.toordinal() + i % datasets.DAYS)
        row = {"created": datasets.CREATED, "date": day.isoformat(), "done": False, "id": item_id(i),
               "modified": datasets.CREATED, "title": title(i), "uid": item_id(i)}
        text = json.dumps(row, indent=2, sort_keys=True, separators=(",", " : ")).replace("\n", "\n    ")
        return ((",\n    " if i else "\n    ") + text).encode()
    return fill(path, b'{\n  "format" : "errand-export",\n  "items" : [', entry, b'\n  ],\n  "version" : 2\n}\n', limit)


def multistatus(limit):
    """A sync-collection reply of members removed on the server (404s, as RFC 6578 sends them):
    the reply alone is what is measured, nothing is fetched after it."""
    head = b'<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:">\n'
    tail = b"<D:sync-token>http://bench/sync/2</D:sync-token>\n</D:multistatus>\n"
    parts = [head]
    size = len(head) + len(tail)
    count = 0
    while True:
        text = ("<D:response><D:href>/dav/bench/tasks/%s.ics</D:href><D:status>HTTP/1.1 404 Not Found</D:status>"
                "</D:response>\n" % item_id(count).lower()).encode()
        if size + len(text) > limit:
            break
        parts.append(text)
        size += len(text)
        count += 1
    parts.append(tail)
    return b"".join(parts), count


DISCOVERY = (b'<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:" '
             b'xmlns:C="urn:ietf:params:xml:ns:caldav"><D:response><D:href>/dav/bench/tasks/</D:href><D:propstat><D:prop>'
             b'<D:resourcetype><D:collection/><C:calendar/></D:resourcetype><D:supported-report-set><D:supported-report>'
             b'<D:report><D:sync-collection/></D:report></D:supported-report></D:supported-report-set>'
             b'<D:sync-token>http://bench/sync/1</D:sync-token></D:prop><D:status>HTTP/1.1 200 OK</D:status>'
             b'</D:propstat></D:response></D:multistatus>\n')


class DAVServer:
    """Answers the discovery PROPFIND and every REPORT with `body`, on loopback."""

    def __init__(self, body):
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def answer(self, payload):
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                self.send_response(207)
                self.send_header("Content-Type", "application/xml; charset=utf-8")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def do_PROPFIND(self):
                self.answer(DISCOVERY)

            def do_REPORT(self):
                self.answer(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d/dav/bench/tasks/" % self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def peak(argv, env, setup=None):
    """Peak RSS (MB) and wall time of one run; GNU time reports the largest of the process and
    the helpers it waited for."""
    out = "/tmp/errand-bench-largest.%d" % os.getpid()
    sample = measure.run(["/usr/bin/time", "-f", "%M", "-o", out] + argv, env=env, setup=setup)
    with open(out) as f:
        return int(f.read().split()[-1]) / 1024, sample.seconds


def write_inputs(folder, sizes):
    """Every import file: (label, path, items)."""
    made = []
    for label, name, writer in (("iCalendar (.ics)", "largest.ics", write_ics),
                                ("book app plist", "largest-book.plist", write_book_plist),
                                ("SwiftUI app plist", "largest-week.plist", write_week_plist),
                                ("book app plist, binary (its 16 MB cap)", "largest-binary.plist", write_binary_plist),
                                ("Errand JSON export", "largest.json", write_json_export)):
        path = os.path.join(folder, name)
        made.append((label, path, writer(path, sizes["bytes"])))
    return made


def figure10(bench):
    sizes = QUICK if bench.quick else FULL
    rows = []
    verdicts = []
    empty = bench.empty_store()
    target = bench.path("largest.sqlite")
    fresh = bench.fresh_copy(empty, target)

    def row(what, size, count, mb, seconds):
        rows.append([what, "%.1f MB" % (size / 1e6), f"{count:,}", "%.1f MB" % mb, duration(seconds)])
        verdicts.append(bench.verdict(mb <= BOUND_MB, "%s: at most %d MB (%.1f MB)" % (what, BOUND_MB, mb)))

    most = None
    for label, path, count in write_inputs(bench.work, sizes):
        mb, seconds = peak(bench.errand_cmd(target, "-c", "import " + path), bench.env, setup=fresh)
        row("import, " + label, os.path.getsize(path), count, mb, seconds)
        if most is None or count > most[1]:
            most = (label, count)
            # Undo reads the import's journal entry back: the largest one there is.
            mb, seconds = peak(bench.errand_cmd(target, "-c", "undo"), bench.env)
            undo = ("`undo` of that import (%s)" % label, os.path.getsize(target), count, mb, seconds)
            mb, seconds = peak(bench.errand_cmd(target, "-c", "redo"), bench.env)
            redo = ("`redo` of that import (%s)" % label, os.path.getsize(target), count, mb, seconds)
            # `log` lists the entry in a line; JSON `log` lists every item it imported.
            mb, seconds = peak(bench.errand_cmd(target, "-c", "log"), bench.env)
            log_text = ("`log` after that import (%s)" % label, os.path.getsize(target), count, mb, seconds)
            mb, seconds = peak(bench.errand_cmd(target, "--json", "-c", "log"), bench.env)
            log_json = ("`log` in JSON after that import (%s)" % label, os.path.getsize(target), count, mb, seconds)
            # `list` with nothing paging it writes every item, a part at a time (ListPart).
            mb, seconds = peak(bench.errand_cmd(target, "-c", "list"), bench.env)
            list_text = ("`list` after that import (%s)" % label, os.path.getsize(target), count, mb, seconds)
            mb, seconds = peak(bench.errand_cmd(target, "--json", "-c", "list"), bench.env)
            list_json = ("`list` in JSON after that import (%s)" % label, os.path.getsize(target), count, mb, seconds)
        os.unlink(path)
    if most is not None:
        row(*undo)
        row(*redo)
        row(*log_text)
        row(*log_json)
        row(*list_text)
        row(*list_json)

    n = sizes["rows"]
    store = bench.store(n)
    for command in ("check", "swipe"):
        mb, seconds = peak(bench.errand_cmd(target, "-c", "list", "-c", "%s 1-%d" % (command, n)), bench.env,
                           setup=bench.fresh_copy(store, target))
        row("`list`, then `%s 1-%d`" % (command, n), os.path.getsize(store), n, mb, seconds)

    body, count = multistatus(sizes["reply"])
    server = DAVServer(body)
    try:
        mb, seconds = peak(bench.errand_cmd(target, "--remote", server.url, "-c", "sync todos"), bench.env, setup=fresh)
    finally:
        server.stop()
    row("sync todos: one multistatus reply of %s responses" % f"{count:,}", len(body), count, mb, seconds)

    bench.section(
        "10. Peak memory of the largest accepted inputs",
        "Each input at the largest size a cap lets through, run once through the real program into a fresh "
        "copy of a store, with GNU time (the peak is the largest of errand and the helper it ran: errand-ical "
        "for the .ics, errand-fetch for the sync). Imports: a file just under the 64 MB import limit (the .ics "
        "also within its 500,000 components), items shaped as each app writes them; the store's size for the "
        "many-row commands and the undo, redo, `log` and `list` of the largest import (the store holding it); the reply's size for the sync (just under its 64 MB limit: members removed on the "
        "server, so nothing else is fetched).",
        ["input", "size", "items", "peak RSS", "time"], rows, verdicts)


def main():
    folder = sys.argv[1]
    sizes = QUICK if "--quick" in sys.argv[2:] else FULL
    os.makedirs(folder, exist_ok=True)
    for label, path, count in write_inputs(folder, sizes):
        print("%s: %s, %d items, %.1f MB" % (label, path, count, os.path.getsize(path) / 1e6))
    body, count = multistatus(sizes["reply"])
    with open(os.path.join(folder, "largest-multistatus.xml"), "wb") as f:
        f.write(body)
    print("multistatus: %d responses, %.1f MB" % (count, len(body) / 1e6))


if __name__ == "__main__":
    main()
