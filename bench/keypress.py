"""A key press at the prompt with suggestions from history (issue 26 item 1): the time from a
typed character reaching errand's terminal to errand's answer on it (the echo, and the dimmed
suggestion when there is one), with a history of 10,000 lines and of 10.

Worst case first: the first key of a line that starts no history line, so it scans the whole
history and finds nothing (a key typed on after it knows there is none); then a line whose only match is the oldest line (the first key scans all of it,
the next ones reuse the match). The wait is a pty's round trip, so the 10-line history is the
floor the scan adds to. Not one of the ten figures; a section of its own. Run alone with
`python3 bench/keypress.py [ERRAND]`.
"""

import fcntl
import os
import re
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

BOUND_MS = 1.0
SUGGESTED = re.compile(rb"\x1b\[0m\x1b\[\d+D")


class Prompt:
    """errand at a pseudo-terminal 100 columns wide, with `history` as its history file."""

    def __init__(self, errand, history):
        self.work = tempfile.mkdtemp(prefix="errand-keypress-")
        os.makedirs(os.path.join(self.work, "state", "errand"))
        with open(os.path.join(self.work, "state", "errand", "history"), "w") as f:
            f.write("\n".join(history) + "\n")
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        env = {"HOME": self.work, "XDG_DATA_HOME": self.work + "/data", "XDG_STATE_HOME": self.work + "/state",
               "XDG_CONFIG_HOME": self.work + "/config", "TERM": "xterm", "LANG": "C.UTF-8",
               "ERRAND_TODAY": "2026-11-29", "ERRAND_GEOCODER": "off", "PATH": os.environ.get("PATH", "")}
        self.process = subprocess.Popen([errand, "--color"], stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True)
        os.close(slave)
        self.master = master
        self.read_until(lambda seen: b"view> " in seen, 60)

    def read_until(self, done, timeout):
        seen = b""
        deadline = time.monotonic() + timeout
        while not done(seen):
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.master], [], [], left)[0]:
                raise RuntimeError("errand never answered: %r" % seen[-200:])
            seen += os.read(self.master, 65536)
        return seen

    def key(self, char, suggested):
        """Milliseconds from writing `char` to errand's answer to it."""
        byte = char.encode()
        started = time.perf_counter()
        os.write(self.master, byte)
        if suggested:
            self.read_until(lambda seen: SUGGESTED.search(seen) is not None, 10)
        else:
            self.read_until(lambda seen: byte in seen, 10)
        return (time.perf_counter() - started) * 1000

    def clear(self):
        os.write(self.master, b"\x15")  # Ctrl-U
        time.sleep(0.05)
        while select.select([self.master], [], [], 0.05)[0]:
            os.read(self.master, 65536)

    def close(self):
        os.write(self.master, b"\x04")
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self.master)
        shutil.rmtree(self.work, ignore_errors=True)


def history(lines):
    return ["zebra crossing at the oldest line"] + ["create Task %d --date dec %d" % (n, n % 28 + 1)
                                                   for n in range(1, lines)]


def measure(errand, lines, rounds):
    prompt = Prompt(errand, history(lines))
    try:
        unmatched, matched = [], []
        for _ in range(rounds):
            for n in range(20):
                # A first key each time, never the one before: nothing remembered spares the scan.
                unmatched.append(prompt.key("qjxwyv"[n % 6], False))
                prompt.clear()
            matched += [prompt.key(c, True) for c in "zebra crossing"]
            prompt.clear()
        return unmatched, matched
    finally:
        prompt.close()


def describe(samples):
    ordered = sorted(samples)
    return "median %.3f ms, p90 %.3f ms, max %.3f ms (%d keys)" % (
        statistics.median(ordered), ordered[int(len(ordered) * 0.9)], ordered[-1], len(ordered))


def rows(errand, rounds):
    table = []
    results = {}
    for lines in (10, 10_000):
        unmatched, matched = measure(errand, lines, rounds)
        results[lines] = (unmatched, matched)
        table.append(["%d lines, no line matches" % lines, describe(unmatched)])
        table.append(["%d lines, the oldest matches" % lines, describe(matched)])
    return table, results


def section(bench):
    table, results = rows(bench.errand, 2 if bench.quick else 10)
    added = statistics.median(results[10_000][0]) - statistics.median(results[10][0])
    verdict = bench.verdict(added < BOUND_MS, "a key press with 10,000 history lines costs %.3f ms more than with 10 "
                                              "(median, no line matching: every key scans them all; bound %.1f ms)"
                            % (added, BOUND_MS))
    bench.section("A key press with suggestions from history (not a figure)",
                  "errand at a pty, --color, a key written and its echo (and dimmed suggestion) read back.",
                  ["history", "time to the answer"], table, [verdict])


def main():
    errand = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/errand")
    table, results = rows(errand, 5)
    for name, text in table:
        print("%-32s %s" % (name, text))
    added = statistics.median(results[10_000][0]) - statistics.median(results[10][0])
    print("10,000 lines add %.3f ms a key (median, no match: a full scan each key); bound %.1f ms" % (added, BOUND_MS))


if __name__ == "__main__":
    main()
