"""`errand remind` with nothing to ring, as cron runs it every minute, against sqlite3 answering
the same "what is due now" query on the same file (issue 23's figure).

    python3 bench/remind.py ERRAND [--items N] [--reminders N] [--rounds N]

A store of N items (default 100,000), a tenth of them (10,000) with a reminder, every one still
to ring at the pinned moment, so both find nothing. Whole process, spawn to exit, interleaved.
"""

import argparse
import datetime
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import datasets  # noqa: E402
import measure  # noqa: E402
from measure import Contender, duration, median  # noqa: E402

NOW = "T12:00"


def script(path, items, reminders):
    every = max(1, items // max(1, reminders))
    with open(path, "w") as f:
        for i in range(items):
            day = datasets.TODAY + datetime.timedelta(days=1 + i % 365)
            line = 'create "Task %d" --date "%s %02d:%02d"' % (i, day.isoformat(), 8 + i % 10, (i * 7) % 60)
            if i % every == 0 and i // every < reminders:
                line += " --remind %dm" % (15 + i % 4 * 15)
            f.write(line + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("errand")
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--reminders", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=21)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="errand-bench-remind-")
    env = {"HOME": work, "XDG_DATA_HOME": work + "/data", "XDG_STATE_HOME": work + "/state", "ERRAND_GEOCODER": "off",
           "ERRAND_TODAY": datasets.TODAY.isoformat() + NOW, "NO_COLOR": "1", "LANG": "C.UTF-8", "TZ": "UTC",
           "PATH": os.environ.get("PATH", "")}
    store = os.path.join(work, "store.sqlite")
    lines = os.path.join(work, "items.errand")
    script(lines, args.items, args.reminders)
    took = measure.run([args.errand, "--store", store, "--single-transaction", lines], env=env)
    print("seeded %d items (%d with a reminder) in %s" % (args.items, args.reminders, duration(took.seconds)), file=sys.stderr)
    minute = datasets.day_number(datasets.TODAY) * 1440 + 12 * 60
    query = "SELECT * FROM item WHERE remind_next <= %d" % minute
    errand = Contender("errand remind", [args.errand, "--store", store, "remind"], env=env)
    sqlite = Contender("sqlite3, the same query (%s)" % query, ["sqlite3", store, query])
    floor = Contender("sqlite3 :memory: 'select 1' (floor)", ["sqlite3", ":memory:", "select 1"])
    contenders = [errand, sqlite, floor]
    measure.alternate(contenders, args.rounds, warmup=2)
    base = median(sqlite.seconds)
    print("| command | median | min | max | ratio to sqlite3 |")
    print("|---|---|---|---|---|")
    for c in contenders:
        s = c.seconds
        print("| %s | %s | %s | %s | %.2fx |" % (c.name, duration(median(s)), duration(min(s)), duration(max(s)), median(s) / base))
    ratio = median(errand.seconds) / base
    print("target at most 1.0x sqlite3: %s (%.2fx)" % ("met" if ratio <= 1.0 else "missed", ratio))


if __name__ == "__main__":
    main()
