"""Errand's benchmarks: ten figures, each measured side by side with its peer in one run.

Called by bench/run, which installs the peers and builds errand. Writes a markdown report
(bench/RESULTS.md by default) and prints each table as it is measured.
"""

import argparse
import datetime
import http.server
import os
import platform
import re
import shutil
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import caldav  # noqa: E402
import datasets  # noqa: E402
import idle_wait  # noqa: E402
import keypress  # noqa: E402
import largest  # noqa: E402
import measure  # noqa: E402
import join_scale  # noqa: E402
import pictures  # noqa: E402
from measure import Contender, duration, median, percentile  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FULL = dict(startup=100_000, plain_rows=20_000, latency=[10_000, 1_000_000], latency_commands=1000, replay=100_000,
            near=[10_000, 100_000], ads=[10_000, 100_000], rss=1_000_000, plist=[1_000, 10_000, 100_000], rounds=21,
            slow_rounds=3,
            # Uploads at 1,000: Radicale 3.1.8 scans every UID of a collection on each new member
            # (0.34 s a PUT at 10,000 items), so a 10,000-item first upload is hours of server time
            # for either client. The other CalDAV rows run at the 10,000 (figure text).
            caldav_upload=1_000, caldav=10_000,
            # Figure 11: a first sync at 100,000 (issue 43), vdirsyncer beside it at 20,000 (its
            # Depth 1 PROPFIND costs Radicale the square of the collection: see the figure).
            caldav_big=100_000, caldav_peer=20_000)
QUICK = dict(startup=2_000, plain_rows=500, latency=[500, 2_000], latency_commands=100, replay=300, near=[500, 2_000],
             ads=[200, 1_000], rss=2_000, plist=[100, 500], rounds=3, slow_rounds=1, caldav_upload=50, caldav=300,
             caldav_big=500, caldav_peer=200)


class Bench:
    def __init__(self, errand, sizes, work, quick):
        self.errand = errand
        self.sizes = sizes
        self.work = work
        self.quick = quick
        self.sections = []
        # ERRAND_GEOCODER=off: the data sets give coordinates; nothing here may reach the network.
        self.env = {"HOME": work, "XDG_DATA_HOME": work + "/xdg-data", "XDG_STATE_HOME": work + "/xdg-state",
                    "ERRAND_GEOCODER": "off",
                    "ERRAND_HISTORY": work + "/history", "ERRAND_TODAY": datasets.TODAY.isoformat(),
                    "NO_COLOR": "1", "LANG": "C.UTF-8", "TZ": "UTC"}
        self.stores = {}
        self.reuse = False
        self.task_dirs = {}
        # Whether this binary has tags and priorities (issue 21): the before/after of figures 1,
        # 2 and 5 runs one harness over both, the older binary with untagged items.
        probe = subprocess.run([errand, "--store", os.path.join(work, "probe.sqlite"), "-c", "help tag"],
                               env=dict(os.environ, **self.env), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.fields = probe.returncode == 0

    # -- data ------------------------------------------------------------------------------

    def path(self, name):
        return os.path.join(self.work, name)

    def errand_cmd(self, store, *args):
        return [self.errand, "--store", store] + list(args)

    def store(self, count, suffix=".sqlite"):
        """An Errand store of `count` items, seeded once per run through errand itself."""
        key = (count, suffix)
        if key not in self.stores:
            script = self.path("items-%d.errand" % count)
            if not os.path.exists(script):
                datasets.write_errand_script(script, count, fields=self.fields)
            path = self.path("items-%d%s" % (count, suffix))
            seeded = path + ".seeded"
            if self.reuse and os.path.exists(seeded) and os.path.getmtime(seeded) >= os.path.getmtime(script):
                # A store this script seeded whole in an earlier run (the marker is written only
                # after the seed ended); the figure's own commands run on a fresh copy of it.
                print("  reused %s (%d items, seeded by an earlier run)" % (os.path.basename(path), count), file=sys.stderr)
                self.stores[key] = path
                return path
            self.remove_store(path)
            took = measure.run(self.errand_cmd(path, "--single-transaction", script), env=self.env)
            open(seeded, "w").close()
            print("  seeded %s with %d items in %s" % (os.path.basename(path), count, duration(took.seconds)),
                  file=sys.stderr)
            self.stores[key] = path
        return self.stores[key]

    @staticmethod
    def remove_store(path):
        for suffix in ("", "-wal", "-shm", ".lock"):
            if os.path.exists(path + suffix):
                os.unlink(path + suffix)

    def fresh_copy(self, source, target):
        def setup():
            self.remove_store(target)
            if os.path.exists(source):
                shutil.copyfile(source, target)
        return setup

    def bare_table(self, path):
        """A table with the same columns and nothing else, to show what the indexes cost."""
        def setup():
            self.remove_store(path)
            subprocess.run(["sqlite3", path, "CREATE TABLE item (id INTEGER PRIMARY KEY, uuid TEXT, title TEXT, "
                            "notes TEXT, due INTEGER, due_time INTEGER, place TEXT, latitude REAL, longitude REAL, "
                            "done INTEGER, created INTEGER, seq INTEGER)"], check=True)
        return setup

    def empty_store(self):
        path = self.path("empty.sqlite")
        if not os.path.exists(path):
            measure.run(self.errand_cmd(path, "-c", "view"), env=self.env)
        return path

    def taskwarrior(self, count):
        if count not in self.task_dirs:
            data = self.path("task-%d" % count)
            os.makedirs(data, exist_ok=True)
            rc = self.path("taskrc-%d" % count)
            with open(rc, "w") as f:
                f.write("data.location=%s\nconfirmation=no\nnews.version=2.6.0\n" % data)
            tasks = self.path("tasks-%d.json" % count)
            datasets.write_task_import(tasks, count)
            took = measure.run(["task", "import", tasks], env={"TASKRC": rc})
            print("  taskwarrior imported %d tasks in %s" % (count, duration(took.seconds)), file=sys.stderr)
            self.task_dirs[count] = {"TASKRC": rc}
        return self.task_dirs[count]

    # -- report ----------------------------------------------------------------------------

    def section(self, title, intro, header, rows, verdicts):
        lines = ["## " + title, "", intro, "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
        if verdicts:
            lines += [""] + ["- " + v for v in verdicts]
        text = "\n".join(lines) + "\n"
        print(text, flush=True)
        self.sections.append(text)

    @staticmethod
    def timing_row(c, peer=None, rss=False):
        row = [c.name, duration(median(c.seconds)), duration(min(c.seconds)), duration(max(c.seconds))]
        if rss:
            if not c.rss_kb:
                c.measure_rss()
            row.append("%.1f MB" % (max(c.rss_kb) / 1024))
        row.append(("%.2fx" % (median(c.seconds) / median(peer.seconds))) if peer and peer is not c else "1.00x" if peer else "")
        row.append(len(c.samples))
        return row

    @staticmethod
    def verdict(ok, text):
        return ("**met**: " if ok else "**missed**: ") + text

    # -- figures ---------------------------------------------------------------------------

    def indexed_copy(self, store):
        """The same data for sqlite3 at its best: a copy of the store with the covering index
        a sqlite3 user would add for a per-day count (Errand itself reads its tallies)."""
        path = self.path(os.path.basename(store) + ".indexed")
        if not os.path.exists(path):
            self.fresh_copy(store, path)()
            subprocess.run(["sqlite3", path, "CREATE INDEX IF NOT EXISTS item_due_done ON item (due, done); ANALYZE;"],
                           check=True)
        return path

    def plain_table(self, count):
        """sqlite3 at its simplest: the items in a table with the same columns, one index on the
        day and nothing else (no WAL, no triggers), as a sqlite3 user would keep them."""
        path = self.path("plain-%d.sqlite" % count)
        if not os.path.exists(path):
            script = self.path("plain-%d.sql" % count)
            datasets.write_sql_script(script, count, one_transaction=True)
            self.bare_table(path)()
            with open(script) as f:
                subprocess.run(["sqlite3", path], stdin=f, stdout=subprocess.DEVNULL, check=True)
            subprocess.run(["sqlite3", path, "PRAGMA journal_mode = DELETE; CREATE INDEX item_day ON item (due); ANALYZE;"],
                           stdout=subprocess.DEVNULL, check=True)
        return path

    @staticmethod
    def week_group_by():
        first = datasets.day_number(datasets.TODAY)
        return ("SELECT due, count(*) FROM item WHERE done = 0 AND due BETWEEN %d AND %d GROUP BY due"
                % (first, first + 6))

    def figure1_startup(self):
        n = self.sizes["startup"]
        store = self.store(n)
        first = datasets.day_number(datasets.TODAY)
        tally = "SELECT due, open FROM day_count WHERE due BETWEEN %d AND %d" % (first, first + 6)
        errand = Contender("errand -c view", self.errand_cmd(store, "-c", "view"), env=self.env)
        sqlite = Contender("sqlite3, 7-day GROUP BY (covering index on due, done)",
                           ["sqlite3", self.indexed_copy(store), self.week_group_by()])
        sqlite_tally = Contender("sqlite3, the same 7 tally rows errand reads", ["sqlite3", store, tally])
        plain = Contender("sqlite3, the same GROUP BY on a plain %s-row table (index on the day)"
                          % f"{self.sizes['plain_rows']:,}",
                          ["sqlite3", self.plain_table(self.sizes["plain_rows"]), self.week_group_by()])
        trivial = Contender("sqlite3 :memory: 'select 1' (floor)", ["sqlite3", ":memory:", "select 1"])
        task = Contender("task count", ["task", "count"], env=self.taskwarrior(n))
        contenders = [errand, sqlite, plain, sqlite_tally, trivial, task]
        measure.alternate(contenders, self.sizes["rounds"], warmup=2)
        rows = [self.timing_row(c, sqlite, rss=True) for c in contenders]
        e = median(errand.seconds)
        self.section(
            "1. Start-up to result: the week summary of a %s-item store" % f"{n:,}",
            "Whole process, from spawn to exit, as a user waits for it. The same data for all: errand's store; "
            "for sqlite3 a copy of it with a covering index on (due, done) added, so that its GROUP BY is as "
            "fast as sqlite3 can make it (errand answers from per-day tallies its triggers keep); taskwarrior "
            "holds the same items (imported). Ratio: median against sqlite3's GROUP BY. A row more: sqlite3 with "
            "the same query on a plain table of %s rows (same columns, one index on the day, no WAL)."
            % f"{self.sizes['plain_rows']:,}",
            ["command", "median", "min", "max", "peak RSS", "ratio to sqlite3", "runs"], rows,
            [self.verdict(e <= 1.25 * median(sqlite.seconds), "at most 1.25x sqlite3's GROUP BY with the covering index "
                          "(%.2fx)" % (e / median(sqlite.seconds))),
             self.verdict(e <= 1.5 * median(plain.seconds), "at most 1.5x sqlite3's GROUP BY on a plain %s-row table "
                          "(%.2fx)" % (f"{self.sizes['plain_rows']:,}", e / median(plain.seconds))),
             self.verdict(e <= 0.010, "10 ms or less median (%s)" % duration(e)),
             "errand is %.0fx faster than `task count`" % (median(task.seconds) / e)])

    def latency_script(self, count):
        cycle = ["view", "open {k}", "check 1", "undo", "swipe 2", "undo", "list", "more", "check 3", "undo",
                 "edit 2 --notes n{k}", "undo", "postpone 1 +1d", "undo", "find {word}"]
        if self.fields:
            cycle += ["list", "tag 2 {tag}", "undo", "find #{tag}"]
        # find's query language (issue 25): a tag and a day range, priority and state less a
        # tag, a word and a state.
        queries = {"find #{tag} due:<+7d": "find #tag due:<+7d", "find priority:high is:open -#work":
                   "find priority:high is:open -#work", "find {word} is:overdue": "find word is:overdue"}
        if self.fields:
            cycle += list(queries)
        # A repeating item checked (issue 42): one of Errand's own rules (stepped here) and one
        # libical follows (a spawn of errand-ical), each made, found and checked, then undone.
        repeats = {"check 1 ": "check ↻ week", "check 1  ": "check ↻ 2nd tuesday", "find bins{n}": "find a new item",
                   "find rent{n}": "find a new item"}
        cycle += ["create bins{n} --every week", "find bins{n}", "check 1 ", "undo",
                  "create rent{n} --every \"2nd tuesday\"", "find rent{n}", "check 1  ", "undo"]
        queries.update(repeats)
        names = []
        lines = ["set timing on", "set pagesize 40"]
        for i in range(count):
            turn = i // len(cycle)
            word = datasets.NOUNS[turn % len(datasets.NOUNS)].split()[0]
            tag = datasets.TAGS[turn % len(datasets.TAGS)]
            command = cycle[i % len(cycle)].format(k=1 + turn % 7, n=turn, word=word, tag=tag)
            lines.append(command)
            pattern = cycle[i % len(cycle)]
            names.append(queries.get(pattern) or ("find #tag" if command.startswith("find #") else command.split()[0]))
        path = self.path("latency-%d.errand" % count)
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        return path, names

    def latency_at(self, size):
        store = self.path("latency.sqlite")
        self.fresh_copy(self.store(size), store)()
        script, names = self.latency_script(self.sizes["latency_commands"])
        err = self.path("latency.err")
        with open(err, "w") as f:
            subprocess.run(self.errand_cmd(store, script), env=dict(os.environ, **self.env), stdout=subprocess.DEVNULL,
                           stderr=f, check=True)
        found = list(re.finditer(r"^time: ([0-9.]+) ms(?:, cpu ([0-9.]+) ms)?$", open(err).read(), re.M))[2:]  # the two set commands
        times = [float(m.group(1)) / 1000 for m in found]
        # A binary from before `set timing` gave its processor time: none, and the column says so.
        cpus = [float(m.group(2)) / 1000 if m.group(2) else float("nan") for m in found]
        if len(times) != len(names):
            raise measure.Failed("expected %d timings, got %d" % (len(names), len(times)))
        by_name, cpu_by_name = {}, {}
        for name, t, c in zip(names, times, cpus):
            by_name.setdefault(name, []).append(t)
            cpu_by_name.setdefault(name, []).append(c)
        cpu_by_name["all"] = cpus
        return times, by_name, cpu_by_name

    # The query-language rows of figure 2, as latency_script names them.
    query_names = ["find #tag due:<+7d", "find priority:high is:open -#work", "find word is:overdue"]

    def figure2_latency(self):
        small, large = self.sizes["latency"]
        results = {size: self.latency_at(size) for size in (small, large)}
        header = ["command", "p50 at %s" % f"{small:,}", "p99 at %s" % f"{small:,}", "p50 at %s" % f"{large:,}",
                  "p99 at %s" % f"{large:,}", "p50 ratio", "p99 ratio", "cpu p99 at %s" % f"{small:,}",
                  "cpu p99 at %s" % f"{large:,}", "count"]
        rows = []
        order = ["view", "open", "list", "more", "find", "check", "check ↻ week", "check ↻ 2nd tuesday", "swipe", "edit",
                 "postpone", "undo", "create"]
        if self.fields:
            order[5:5] = ["find #tag", "tag"] + self.query_names
        for name in order + ["all"]:
            a = results[small][0] if name == "all" else results[small][1][name]
            b = results[large][0] if name == "all" else results[large][1][name]
            rows.append([("**all commands**" if name == "all" else name), duration(percentile(a, 50)),
                         duration(percentile(a, 99)), duration(percentile(b, 50)), duration(percentile(b, 99)),
                         "%.2fx" % (percentile(b, 50) / percentile(a, 50)), "%.2fx" % (percentile(b, 99) / percentile(a, 99)),
                         duration(percentile(results[small][2][name], 99)), duration(percentile(results[large][2][name], 99)),
                         len(b)])
        p99 = percentile(results[large][0], 99)
        p50_ratio = percentile(results[large][0], 50) / percentile(results[small][0], 50)
        p99_ratio = p99 / percentile(results[small][0], 99)
        self.section(
            "2. Command latency inside one shell at %s items" % f"{large:,}",
            "One errand process runs %d commands (a cycle of view, open DAY, check, undo, swipe, undo, list, more, "
            "check, undo, edit, undo, postpone, undo, find WORD, the word one of the 20 nouns of the titles, so each "
            "finds a twentieth of the items; then a weekly item and a 2nd-Tuesday one are each created, found and "
            "checked, and the check undone: `check ↻` rows, the second a spawn of errand-ical, libical's) with `set timing on` (time from reading the line to the output written, on stderr) and "
            "`set pagesize 40`, as at a terminal. Changes are durable commits (WAL, synchronous=FULL): their "
            "time includes the fsync. Peer: the same script on a %s-item store, in the same run."
            % (len(results[large][0]), f"{small:,}"),
            header, rows,
            [self.verdict(p99 <= 0.005, "p99 at most 5 ms at %s items (%s)" % (f"{large:,}", duration(p99))),
             self.verdict(percentile(results[large][1]["find"], 99) <= 0.010, "find p99 at most 10 ms at %s items (%s)"
                          % (f"{large:,}", duration(percentile(results[large][1]["find"], 99)))),
             self.verdict(not self.fields or percentile(results[large][1]["find #tag"], 99) <= 0.010,
                          "find #TAG p99 at most 10 ms at %s items (%s)" % (f"{large:,}", duration(percentile(
                              results[large][1]["find #tag"], 99)) if self.fields else "no tags in this binary")),
             *[self.verdict(percentile(results[large][1][n], 99) <= 0.010
                            and percentile(results[large][1][n], 99) <= 2 * percentile(results[small][1][n], 99),
                            "%s p99 at most 10 ms at %s items and 2x its p99 at %s (%s, %s)"
                            % (n, f"{large:,}", f"{small:,}", duration(percentile(results[large][1][n], 99)),
                               duration(percentile(results[small][1][n], 99)))) for n in (self.query_names if self.fields else [])],
             *[self.verdict(percentile(results[large][1][n], 99) <= 0.005, "%s p99 at most 5 ms at %s items, as any "
                            "check (%s; a plain check's p99 %s)" % (n, f"{large:,}", duration(percentile(results[large][1][n], 99)),
                                                               duration(percentile(results[large][1]["check"], 99))))
               for n in ("check ↻ week", "check ↻ 2nd tuesday")],
             self.verdict(max(percentile(results[large][1][n], 99) for n in ("edit", "postpone")) <= 0.005,
                          "edit and postpone p99 at most 5 ms at %s items (%s, %s)"
                          % (f"{large:,}", duration(percentile(results[large][1]["edit"], 99)),
                             duration(percentile(results[large][1]["postpone"], 99)))),
             self.verdict(max(p50_ratio, p99_ratio) <= 2, "%s items no more than 2x slower than %s (p50 %.2fx, p99 %.2fx)"
                          % (f"{large:,}", f"{small:,}", p50_ratio, p99_ratio)),
             # The same bounds on each command's processor time (`set timing`'s cpu): what the
             # program itself spent, without the waits for a processor a shared machine adds.
             *[self.verdict(percentile(results[large][2][n], 99) <= bound,
                            "processor time: %s p99 at most %s at %s items (%s)" % (n, duration(bound), f"{large:,}",
                                                                                   duration(percentile(results[large][2][n], 99))))
               for n, bound in [("all", 0.005), ("find", 0.010), ("edit", 0.005), ("postpone", 0.005)]
               + ([("find #tag", 0.010)] + [(q, 0.010) for q in self.query_names] if self.fields else [])],
             *[self.verdict(percentile(results[large][2][n], 99) <= 2 * percentile(results[small][2][n], 99),
                            "processor time: %s p99 at %s at most 2x its p99 at %s (%s, %s)"
                            % (n, f"{large:,}", f"{small:,}", duration(percentile(results[large][2][n], 99)),
                               duration(percentile(results[small][2][n], 99)))) for n in (self.query_names if self.fields else [])]])

    def figure3_replay(self):
        n = self.sizes["replay"]
        script = self.path("items-%d.errand" % n)
        if not os.path.exists(script):
            datasets.write_errand_script(script, n)
        sql_each = self.path("items-%d-each.sql" % n)
        sql_one = self.path("items-%d-one.sql" % n)
        datasets.write_sql_script(sql_each, n)
        datasets.write_sql_script(sql_one, n, one_transaction=True)
        empty = self.empty_store()
        target = self.path("replay.sqlite")
        fresh = self.fresh_copy(empty, target)
        each_errand = Contender("errand FILE (each create its own commit)", self.errand_cmd(target, script),
                                env=self.env, setup=fresh)
        each_sqlite = Contender("sqlite3 < INSERTs (each its own commit)", ["sqlite3", target], stdin=sql_each, setup=fresh)
        one_errand = Contender("errand --single-transaction FILE", self.errand_cmd(target, "-1", script),
                               env=self.env, setup=fresh)
        one_sqlite = Contender("sqlite3 < BEGIN; INSERTs; COMMIT", ["sqlite3", target], stdin=sql_one, setup=fresh)
        bare = self.path("bare.sqlite")
        bare_sqlite = Contender("for context: the same, into a bare table (no index, no trigger)", ["sqlite3", bare],
                                stdin=sql_one, setup=self.bare_table(bare))
        measure.alternate([each_errand, each_sqlite], self.sizes["slow_rounds"], warmup=0)
        measure.alternate([one_errand, one_sqlite, bare_sqlite], self.sizes["rounds"] // 4 + 1, warmup=1)
        rows = [self.timing_row(each_errand, each_sqlite), self.timing_row(each_sqlite, each_sqlite),
                self.timing_row(one_errand, one_sqlite), self.timing_row(one_sqlite, one_sqlite),
                self.timing_row(bare_sqlite, one_sqlite)]
        r_each = median(each_errand.seconds) / median(each_sqlite.seconds)
        r_one = median(one_errand.seconds) / median(one_sqlite.seconds)
        self.section(
            "3. Replay: a script of %s `create` commands" % f"{n:,}",
            "Errand parses, validates (dates, the equal-item rule) and prints a line per command; sqlite3 "
            "reads the equivalent INSERT statements into a copy of the same empty store (same schema, indexes "
            "and triggers), both with WAL and synchronous=FULL. Each pair is compared with itself. The "
            "schema's unique id index, its three indexes and the per-day tally trigger are what make these "
            "inserts cost more than into a bare table (last row).",
            ["command", "median", "min", "max", "ratio to sqlite3", "runs"], rows,
            [self.verdict(r_each <= 2, "commit per command: at most 2x sqlite3 (%.2fx, %.0f creates/s)"
                          % (r_each, n / median(each_errand.seconds))),
             self.verdict(r_one <= 2, "--single-transaction: at most 2x sqlite3 in one transaction (%.2fx, %.0f creates/s)"
                          % (r_one, n / median(one_errand.seconds)))])

    def figure4_sync(self):
        rows = []
        verdicts = []
        empty = self.empty_store()
        for n in self.sizes["ads"]:
            folder = self.path("catalogue-%d" % n)
            os.makedirs(folder, exist_ok=True)
            datasets.write_catalogue(folder, n)
            size_mb = os.path.getsize(folder + "/listing.json") / 1e6
            server = Server(folder)
            target = self.path("sync.sqlite")
            fresh = self.fresh_copy(empty, target)
            errand = Contender("errand sync (%s ads, %.1f MB)" % (f"{n:,}", size_mb),
                               self.errand_cmd(target, "-c", "sync " + server.url), env=self.env, setup=fresh)
            python = Contender("python3: urllib + json.load + executemany (%s ads)" % f"{n:,}",
                               [sys.executable, "-S", os.path.join(ROOT, "bench", "peer_sync.py"), server.url, target],
                               setup=fresh)
            contenders = [errand, python]
            if n == self.sizes["ads"][-1]:
                contenders.append(self.resync_contender(n, server, empty))
            measure.alternate(contenders, self.sizes["rounds"] // 3 + 1, warmup=1)
            rows += [self.timing_row(c, python, rss=True) for c in contenders]
            server.stop()
            r = median(errand.seconds) / median(python.seconds)
            if n != self.sizes["ads"][-1]:
                verdicts.append(self.verdict(r < 1, "%s ads: faster than python (%.2fx)" % (f"{n:,}", r)))
                continue
            verdicts.append(self.verdict(r <= 0.75, "%s ads: at most 0.75x python's time (%.2fx)" % (f"{n:,}", r)))
            for c, what in ((errand, "into an empty cache"), (contenders[-1], "as a resync with changes")):
                mb = max(c.rss_kb) / 1024
                verdicts.append(self.verdict(mb <= 64, "%s ads %s: peak RSS at most 64 MB (%.1f MB)" % (f"{n:,}", what, mb)))
        self.section(
            "4. Catalogue sync from a loopback HTTP server into the cache",
            "Both download listing.json and categories.json from the same local server and write every ad "
            "into a fresh copy of the same empty store in one transaction (WAL, synchronous=FULL). Errand "
            "also checks every field and reports new/updated/removed; it parses the listing as it streams and "
            "stores each ad as it is read. Peak RSS is the largest of errand and its download helper. The last "
            "errand row syncs a day-later listing over a copy of a cache of the first.",
            ["command", "median", "min", "max", "peak RSS", "ratio to python", "runs"], rows, verdicts)

    def resync_contender(self, n, server, empty):
        """errand syncing a day-later listing over a cache of the first one: what it diffs in
        SQL rather than in memory (the same server, the changed copy in a folder beside)."""
        changed = self.path("catalogue-%d/changed" % n)
        os.makedirs(changed, exist_ok=True)
        datasets.write_catalogue(changed, n, changed=True)
        synced = self.path("synced-%d.sqlite" % n)
        self.fresh_copy(empty, synced)()
        measure.run(self.errand_cmd(synced, "-c", "sync " + server.url), env=self.env)
        target = self.path("resync.sqlite")
        return Contender("errand resync over that cache (%s ads: 1%% changed, 0.5%% gone, 0.5%% new)" % f"{n:,}",
                         self.errand_cmd(target, "-c", "sync " + server.url + "changed/"), env=self.env,
                         setup=self.fresh_copy(synced, target))

    def figure5_memory(self):
        n = self.sizes["rss"]
        store = self.store(n)
        errand = Contender("errand -c view", self.errand_cmd(store, "-c", "view"), env=self.env)
        sqlite = Contender("sqlite3, 7-day GROUP BY (covering index on due, done)",
                           ["sqlite3", self.indexed_copy(store), self.week_group_by()])
        measure.alternate([errand, sqlite], self.sizes["rounds"] // 3 + 1, warmup=1)
        errand.measure_rss(5)
        sqlite.measure_rss(5)
        rss = max(errand.rss_kb) / 1024
        rows = [[c.name, "%.1f MB" % (max(c.rss_kb) / 1024), "%.1f MB" % (min(c.rss_kb) / 1024), duration(median(c.seconds)),
                 len(c.samples)] for c in (errand, sqlite)]
        self.section(
            "5. Peak memory of `errand -c view` at %s items" % f"{n:,}",
            "Peak resident set size of the whole process, through GNU time (which adds its own ~1 MB at fork, "
            "so figures can only be overstated). For scale: peers.md has "
            "taskwarrior at 218 MB for a count at 100,000 items (figure 1 measures it again in this run).",
            ["command", "peak RSS (max)", "peak RSS (min)", "median time", "runs"], rows,
            [self.verdict(rss <= 30, "30 MB or less (%.1f MB)" % rss)])

    def figure6_plist(self):
        rows = []
        for n in self.sizes["plist"]:
            plist = self.store(n, ".plist")
            sqlite = self.store(n)
            contenders = []
            for name, path in (("plist", plist), ("sqlite", sqlite)):
                contenders.append(Contender("%s, %s items: view" % (name, f"{n:,}"), self.errand_cmd(path, "-c", "view"),
                                            env=self.env))
                contenders.append(Contender("%s, %s items: create, undo" % (name, f"{n:,}"),
                                            self.errand_cmd(path, "-c", "create probe", "-c", "undo"), env=self.env))
            rounds = self.sizes["slow_rounds"] + 2 if n >= 100_000 else self.sizes["rounds"] // 2 + 1
            measure.alternate(contenders, rounds, warmup=1)
            p_view, p_change, s_view, s_change = contenders
            rows += [self.timing_row(p_view, s_view, rss=True), self.timing_row(p_change, s_change, rss=True),
                     self.timing_row(s_view, s_view, rss=True), self.timing_row(s_change, s_change, rss=True)]
        self.section(
            "6. The plist backend: cost per command by store size",
            "Whole process, one command (`view`) and one change (`create probe` then `undo`, two durable "
            "writes). The plist backend reads the whole file for every command and rewrites it for every "
            "change; ratio: against SQLite at the same size.",
            ["command", "median", "min", "max", "peak RSS", "ratio to SQLite", "runs"], rows, [])

    # -- whole run -------------------------------------------------------------------------

    def located_store(self, count):
        """A store of `count` items that all have coordinates (datasets.located_items)."""
        path = self.path("located-%d.sqlite" % count)
        if not os.path.exists(path):
            script = self.path("located-%d.errand" % count)
            datasets.write_located_script(script, count)
            took = measure.run(self.errand_cmd(path, "--single-transaction", script), env=self.env)
            print("  seeded %s in %s" % (os.path.basename(path), duration(took.seconds)), file=sys.stderr)
        return path

    def near_script(self, count):
        """near around cities and random points of France: 5 km and 50 km circles, the nearest
        page without a range, and the page after it."""
        rng = datasets.random.Random(11)
        lines = ["set timing on", "set pagesize 40"]
        names = []
        for i in range(count):
            kind = ["near5", "near50", "nearest", "more"][i % 4]
            if kind != "more" and (i // 4) % 2 == 0:
                _, lat, lon = datasets.CITIES[(i // 8) % len(datasets.CITIES)]
            elif kind != "more":
                lat, lon = rng.uniform(42.5, 51.0), rng.uniform(-4.5, 7.5)
            point = "%.4f,%.4f" % (lat, lon)
            lines.append({"near5": "near %s --within 5km" % point, "near50": "near %s --within 50km" % point,
                          "nearest": "near %s" % point, "more": "more"}[kind])
            names.append(kind)
        path = self.path("near-%d.errand" % count)
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        return path, names

    def near_at(self, size):
        store = self.located_store(size)
        script, names = self.near_script(self.sizes["latency_commands"])
        err = self.path("near.err")
        with open(err, "w") as f:
            subprocess.run(self.errand_cmd(store, script), env=dict(os.environ, **self.env), stdout=subprocess.DEVNULL,
                           stderr=f, check=True)
        times = [float(m.group(1)) / 1000 for m in re.finditer(r"^time: ([0-9.]+) ms(?:, cpu ([0-9.]+) ms)?$", open(err).read(), re.M)][2:]
        if len(times) != len(names):
            raise measure.Failed("expected %d timings, got %d" % (len(names), len(times)))
        by_name = {}
        for name, t in zip(names, times):
            by_name.setdefault(name, []).append(t)
        return store, times, by_name

    def figure7_near(self):
        small, large = self.sizes["near"]
        results = {size: self.near_at(size) for size in (small, large)}
        labels = {"near5": "near P --within 5km", "near50": "near P --within 50km", "nearest": "near P (nearest 40)",
                  "more": "more (next 40)"}
        header = ["command", "p50 at %s" % f"{small:,}", "p99 at %s" % f"{small:,}", "p50 at %s" % f"{large:,}",
                  "p99 at %s" % f"{large:,}", "p50 ratio", "p99 ratio", "count"]
        rows = []
        for name in list(labels) + ["all"]:
            a = results[small][1] if name == "all" else results[small][2][name]
            b = results[large][1] if name == "all" else results[large][2][name]
            rows.append([("**all**" if name == "all" else labels[name]), duration(percentile(a, 50)),
                         duration(percentile(a, 99)), duration(percentile(b, 50)), duration(percentile(b, 99)),
                         "%.2fx" % (percentile(b, 50) / percentile(a, 50)), "%.2fx" % (percentile(b, 99) / percentile(a, 99)),
                         len(b)])
        # The obvious way, for scale: every row's distance in SQL, sorted (sqlite3, whole process).
        scan_sql = ("SELECT title, 12742017.6 * asin(sqrt(pow(sin(radians(latitude - 48.8566) / 2), 2) + "
                    "cos(radians(48.8566)) * cos(radians(latitude)) * pow(sin(radians(longitude - 2.3522) / 2), 2))) AS d "
                    "FROM item WHERE done = 0 AND latitude IS NOT NULL ORDER BY d LIMIT 40")
        scan = Contender("sqlite3: every item's distance, sorted (whole process)",
                         ["sqlite3", results[large][0], scan_sql], env=self.env)
        measure.alternate([scan], self.sizes["rounds"])
        rows.append([scan.name + " at %s" % f"{large:,}", "", "", duration(median(scan.seconds)), duration(max(scan.seconds)),
                     "", "", len(scan.samples)])
        p99 = percentile(results[large][1], 99)
        ratio = p99 / percentile(results[small][1], 99)
        self.section(
            "7. near inside one shell at %s items with coordinates" % f"{large:,}",
            "One errand process runs %d commands: `near LAT,LON --within 5km`, `--within 50km`, `near LAT,LON` "
            "(the 40 nearest, no range) and `more`, around six French cities and random points of France, with "
            "`set timing on` and `set pagesize 40`. Every item has coordinates: a third around Paris (a 50 km "
            "circle there holds about a third of the store), the rest spread over France. SQLite answers from an "
            "R*Tree of the open located items: a circle grown from 500 m until it holds the page, great-circle "
            "distances measured only in it. Peer: the same script at %s items, in the same run, and for scale the "
            "obvious query (every distance, sorted) in sqlite3." % (len(results[large][1]), f"{small:,}"),
            header, rows,
            [self.verdict(p99 <= 0.010, "p99 at most 10 ms at %s items (%s)" % (f"{large:,}", duration(p99))),
             self.verdict(ratio <= 2, "%s items no more than 2x slower than %s at p99 (%.2fx)"
                          % (f"{large:,}", f"{small:,}", ratio))])

    def machine(self):
        def first_line(cmd):
            try:
                return subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout.strip().splitlines()[0]
            except Exception:
                return "not found"
        cpu = "unknown"
        try:
            for line in open("/proc/cpuinfo"):
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
        except OSError:
            pass
        mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
        return [
            "- date: %s" % datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "- machine: %s, %d cores (%s), %.0f GiB RAM, load average before the run %s"
            % (platform.platform(), os.cpu_count(), cpu, mem, " ".join("%.2f" % x for x in os.getloadavg())),
            "- errand: %s (%s), built `swift build -c release --static-swift-stdlib --disable-local-rpath`" % (
                first_line([self.errand, "--version"]), first_line(["swift", "--version"])),
            "- peers: sqlite3 %s; %s; python3 %s" % (first_line(["sqlite3", "--version"]).split(" ")[0],
                                                       "taskwarrior " + first_line(["task", "--version"]),
                                                       platform.python_version()),
        ]

    def report(self, out, started):
        took = datetime.datetime.now() - started
        head = ["# Benchmark results" + (" (quick mode: sizes too small to mean anything)" if self.quick else ""), "",
                "Written by `bench/run%s` in %d s. Every figure is measured side by side with its peer in the "
                "same run, alternating, round after round; read ratios, not absolute times (a shared, noisy "
                "2-core machine). Data sets are generated from fixed seeds (bench/datasets.py): to-do items "
                "due over 60 days from 2026-11-29, ads shaped like the Leboncoin API."
                % (" --quick" if self.quick else "", took.total_seconds()), ""] + self.machine() + [""]
        with open(out, "w") as f:
            f.write("\n".join(head) + "\n" + "\n".join(self.sections))
        print("bench: wrote %s" % out, file=sys.stderr)


class Server:
    """Serves a folder on loopback, as the catalogue API would."""

    def __init__(self, folder):
        handler = lambda *a, **k: QuietHandler(*a, directory=folder, **k)  # noqa: E731
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--errand", required=True)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out")
    parser.add_argument("--only", help="comma-separated figure numbers")
    parser.add_argument("--reuse-seeded", action="store_true",
                        help="use the stores an earlier run seeded whole (bench/.work/items-N.sqlite) instead of seeding again")
    args = parser.parse_args()
    sizes = QUICK if args.quick else FULL
    work = os.path.join(ROOT, "bench", ".work" + ("-quick" if args.quick else ""))
    if not args.reuse_seeded:
        shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work, exist_ok=True)
    out = args.out or (os.path.join(work, "RESULTS.md") if args.quick else os.path.join(ROOT, "bench", "RESULTS.md"))
    bench = Bench(os.path.abspath(args.errand), sizes, work, args.quick)
    bench.reuse = args.reuse_seeded
    figures = [bench.figure1_startup, bench.figure2_latency, bench.figure3_replay, bench.figure4_sync,
               bench.figure5_memory, bench.figure6_plist, bench.figure7_near,
               lambda: pictures.figure8_photo(bench, Server), lambda: caldav.figure9(bench),
               lambda: largest.figure10(bench), lambda: join_scale.figure11(bench)]
    wanted = {int(x) for x in args.only.split(",")} if args.only else set(range(1, len(figures) + 1))
    started = datetime.datetime.now()
    for number, figure in enumerate(figures, start=1):
        if number in wanted:
            print("bench: figure %d" % number, file=sys.stderr, flush=True)
            figure()
    if not args.only:
        idle_wait.section(bench)
        keypress.section(bench)
    bench.report(out, started)
    # Kept with --reuse-seeded: the stores are what the next such run takes.
    if not args.quick and not args.reuse_seeded:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
