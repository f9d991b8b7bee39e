"""Figure 9, several lists (issue 24): one Radicale holding three task lists, seeded on its disk.

Two rows against their peers, in one run: discovery plus a first join of the three lists from
the server's root (errand's `remote ROOT --all` then `sync todos`, into an empty store) against
vdirsyncer's `discover` then `sync` of the same three (collections "from b", into an empty
folder); and a sync of the three with nothing changed against the server's floor, one PROPFIND
of each list's sync-token from a bare client over one connection (dav_floor.py).
"""

import json
import os
import shutil
import sys

import caldav
import measure
from measure import Contender, duration, median

FULL = dict(items=3_000, join_rounds=3, idle_rounds=9)
QUICK = dict(items=100, join_rounds=3, idle_rounds=5)
LISTS = (("work", "Work"), ("home", "Home"), ("shopping", "Shopping"))


def vdirsyncer_pair(work, server):
    """A vdirsyncer pair of every collection of the server's account with a folder each, as its
    documentation sets one up for a server with several calendars."""
    config = work + "/vdirsyncer.conf"
    with open(config, "w") as f:
        f.write('[general]\nstatus_path = "%s/vdir-status/"\n\n[pair lists]\na = "local"\nb = "remote"\n'
                'collections = ["from b"]\nconflict_resolution = "a wins"\n\n[storage local]\n'
                'type = "filesystem"\npath = "%s/vdir/"\nfileext = ".ics"\n\n[storage remote]\ntype = "caldav"\n'
                'url = "http://127.0.0.1:%d/"\nusername = "%s"\npassword = "%s"\n'
                % (work, work, server.port, caldav.USER, caldav.PASSWORD))

    def empty():
        for name in ("vdir-status", "vdir"):
            shutil.rmtree(os.path.join(work, name), ignore_errors=True)
        os.makedirs(work + "/vdir")
    # discover asks before it makes each local collection: the answers a user would type.
    answers = work + "/answers"
    with open(answers, "w") as f:
        f.write("y\n" * len(LISTS))
    command = "vdirsyncer -c %s discover && vdirsyncer -c %s sync" % (config, config)
    return Contender("vdirsyncer: discover, then sync (into an empty folder)", ["sh", "-c", command],
                     env={"HOME": work}, stdin=answers, setup=empty)


def figure9_lists(bench):
    sizes = QUICK if bench.quick else FULL
    n = sizes["items"]
    work = bench.path("caldav-lists")
    os.makedirs(work, exist_ok=True)
    server = caldav.Radicale(work + "/radicale")
    with open(work + "/netrc", "w") as f:
        f.write("machine 127.0.0.1 login %s password %s\n" % (caldav.USER, caldav.PASSWORD))
    os.chmod(work + "/netrc", 0o600)
    env = dict(bench.env, NETRC=work + "/netrc")
    try:
        paths = [server.seed(name, n, display, prefix=name) for name, display in LISTS]
        root = server.url("/")
        joining = work + "/join.sqlite"
        errand = Contender("errand: `remote ROOT --all`, then `sync todos` (into an empty store)",
                           bench.errand_cmd(joining, "-c", "remote %s --all" % root, "-c", "sync todos"), env=env,
                           setup=lambda: bench.remove_store(joining))
        vdir = vdirsyncer_pair(work, server)
        measure.alternate([errand, vdir], sizes["join_rounds"], warmup=0)

        joined = work + "/joined.sqlite"
        measure.run(bench.errand_cmd(joined, "-c", "remote %s --all" % root, "-c", "sync todos"), env=env)
        idle = Contender("errand: `sync todos`, nothing changed", bench.errand_cmd(joined, "-c", "sync todos"), env=env)
        floor = Contender("floor: one PROPFIND of each list's sync-token, one connection",
                          [sys.executable, "-S", caldav.HERE + "/dav_floor.py", "propfind"]
                          + [server.url(p) for p in paths], env=env)
        measure.alternate([idle, floor], sizes["idle_rounds"], warmup=1)
        check_joined(bench, joined, env, n)
    finally:
        server.stop()
    join_ratio = median(errand.seconds) / median(vdir.seconds)
    idle_ratio = median(idle.seconds) / median(floor.seconds)
    header = ["command", "median", "min", "max", "ratio to the peer", "runs"]
    rows = [bench.timing_row(errand, vdir), bench.timing_row(vdir, vdir), bench.timing_row(idle, floor),
            bench.timing_row(floor, floor)]
    bench.section(
        "9b. Several lists on one Radicale: discovery and a first join of 3 lists of %s items, then a sync "
        "with nothing changed" % f"{n:,}",
        "One Radicale (Debian, htpasswd, loopback) holds three VTODO collections (Work, Home, Shopping) of %s "
        "items each, written to its disk and read once before anything is timed. Joining: from the server's root "
        "URL alone, errand finds the account's task lists (`/.well-known/caldav`, the principal, the calendar "
        "home) and joins all three into an empty store, then fetches their items (`errand -c 'remote ROOT "
        "--all' -c 'sync todos'`); vdirsyncer (Debian) finds the same three (`collections = [\"from b\"]`, "
        "`vdirsyncer discover`) and fetches them into an empty folder (`vdirsyncer sync`); a fresh store and "
        "folder each round, alternated. Nothing changed: `sync todos` of the joined store against the floor, "
        "dav_floor.py asking the three sync-tokens with one PROPFIND each over one connection (a Python "
        "process: some 40 ms of its start-up are in its time), which is what the server costs to say that "
        "nothing changed." % f"{n:,}",
        header, rows,
        [bench.verdict(join_ratio <= 0.3, "discovery and the first join of the three lists <= 0.3x vdirsyncer's "
                       "discover and sync (%.2fx)" % join_ratio),
         bench.verdict(idle_ratio <= 1.2, "a sync of the three lists with nothing changed <= 1.2x the server's floor "
                       "(%.2fx: %s against %s)" % (idle_ratio, duration(median(idle.seconds)),
                                                  duration(median(floor.seconds))))])


def check_joined(bench, store, env, n):
    """The joined store holds the three lists with every item, each syncing: a join that
    fetched less would be fast for the wrong reason."""
    out = bench.path("caldav-lists/lists.json")
    measure.run(bench.errand_cmd(store, "-c", "set output json", "-c", "lists"), env=env, stdout=out)
    with open(out) as f:
        shown = json.loads(f.read().splitlines()[-1])  # the line before is `set`'s
    counts = {entry["name"]: (entry["open"], entry["remote"] is not None) for entry in shown["items"]}
    for _, display in LISTS:
        if counts.get(display) != (n, True):
            raise measure.Failed("the joined store's list %s is %r, not %d open items syncing: %r"
                                 % (display, counts.get(display), n, counts))
