"""Running commands and summarising their times.

Every process is started with posix_spawn and reaped with waitpid, so a sample is the whole
process as a user waits for it (start, work, exit); peak memory is a separate pass. Contenders
of one figure run alternately, round after round, in a rotating order: on a noisy shared
machine a burst of load then hits all of them alike, and the ratio stays meaningful.
"""

import os
import statistics
import time


class Failed(Exception):
    pass


class Sample:
    def __init__(self, seconds):
        self.seconds = seconds


def run(argv, env=None, stdin=None, stdout=None, setup=None):
    """Runs argv once and returns a Sample; a non-zero exit is an error, not a measurement.

    setup() runs before the clock starts (a fresh copy of a store, say). Peak memory is not
    taken here: a child started by posix_spawn (vfork) inherits the parent's high-water mark
    at exec, so wait4 would report Python's own 25 MB; see peak_rss_kb."""
    if setup:
        setup()
    err_path = "/tmp/errand-bench-stderr.%d" % os.getpid()
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, stdin or os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, stdout or os.devnull, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
        (os.POSIX_SPAWN_OPEN, 2, err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
    ]
    full_env = dict(os.environ)
    full_env.update(env or {})
    start = time.perf_counter_ns()
    pid = os.posix_spawnp(argv[0], argv, full_env, file_actions=actions)
    _, status = os.waitpid(pid, 0)
    seconds = (time.perf_counter_ns() - start) / 1e9
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        with open(err_path, errors="replace") as f:
            detail = f.read()[-2000:]
        raise Failed("%s exited with %d:\n%s" % (" ".join(argv)[:300], code, detail))
    return Sample(seconds)


def peak_rss_kb(argv, env=None, stdin=None, setup=None):
    """Peak RSS in KB through GNU time, which forks from its own small process: the figure
    includes time's ~1 MB at fork, so it can only overstate."""
    out = "/tmp/errand-bench-rss.%d" % os.getpid()
    run(["/usr/bin/time", "-f", "%M", "-o", out] + argv, env=env, stdin=stdin, setup=setup)
    with open(out) as f:
        return int(f.read().split()[-1])


class Contender:
    def __init__(self, name, argv, env=None, stdin=None, setup=None):
        self.name = name
        self.argv = argv
        self.env = env
        self.stdin = stdin
        self.setup = setup
        self.samples = []
        self.rss_kb = []

    def once(self):
        self.samples.append(run(self.argv, env=self.env, stdin=self.stdin, setup=self.setup))

    def measure_rss(self, times=3):
        self.rss_kb = [peak_rss_kb(self.argv, env=self.env, stdin=self.stdin, setup=self.setup) for _ in range(times)]

    @property
    def seconds(self):
        return [s.seconds for s in self.samples]


def alternate(contenders, rounds, warmup=1):
    """Runs each contender `rounds` times, interleaved; warm-up runs are not kept."""
    for _ in range(warmup):
        for c in contenders:
            run(c.argv, env=c.env, stdin=c.stdin, setup=c.setup)
    for r in range(rounds):
        shift = r % len(contenders)
        for c in contenders[shift:] + contenders[:shift]:
            c.once()
    return contenders


def median(values):
    return statistics.median(values)


def percentile(values, p):
    """Nearest-rank percentile: p99 of 1,000 samples is the 990th smallest."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def duration(seconds):
    if seconds < 1:
        return "%.2f ms" % (seconds * 1000)
    return "%.2f s" % seconds
