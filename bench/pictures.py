"""Figure 8: opening an ad with its photo, at a terminal (a pseudo-terminal of 80 x 40 here).

errand draws photos only when its stdout is a terminal, so each run gets a pty of that size
(TERM=tmux-256color COLORTERM=truecolor: chafa's symbols, as in tmux) whose output is read
and thrown away. The photo is a 375 x 300 JPEG (the API's thumbnail size) made with cjpeg
from a generated picture, served from a loopback server.
"""

import fcntl
import os
import re
import select
import shutil
import struct
import subprocess
import termios
import time

import measure
from measure import duration, median, percentile

SCRIPT = ["set timing on", "set images on", "ads", "open 1"]


def write_photo(path, width=375, height=300):
    """A smooth picture with detail (gradients and rings), as a photo is: what the drawing
    costs depends on it, so it is no flat colour."""
    pixels = bytearray()
    for y in range(height):
        for x in range(width):
            ring = ((x - width // 2) ** 2 + (y - height // 2) ** 2) // 97 % 64
            pixels += bytes((x * 255 // width, y * 255 // height, ring * 4))
    ppm = path + ".ppm"
    with open(ppm, "wb") as f:
        f.write(b"P6 %d %d 255\n" % (width, height) + bytes(pixels))
    with open(path, "wb") as out:
        subprocess.run(["cjpeg", "-quality", "85", ppm], stdout=out, check=True)
    os.unlink(ppm)


def write_catalogue(folder, photo_url):
    with open(os.path.join(folder, "categories.json"), "w") as f:
        f.write('[{"id":1,"name":"Maison"}]')
    with open(os.path.join(folder, "listing.json"), "w") as f:
        f.write('[{"id":1,"category_id":1,"title":"Table en chêne","description":"Belle table.","price":120.0,'
                '"images_url":{"thumb":"%s"},"creation_date":"2025-11-20T10:00:00+0000","is_urgent":false}]'
                % photo_url)


def in_terminal(argv, env, columns=80, rows=40):
    """Runs argv with stdout on a pty of that size; returns (seconds, stderr text, bytes drawn)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    full_env = dict(os.environ)
    full_env.update(env)
    start = time.perf_counter_ns()
    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.PIPE, env=full_env)
    os.close(slave)
    drawn = 0
    while True:
        ready, _, _ = select.select([master], [], [], 10)
        if not ready:
            break
        try:
            piece = os.read(master, 65536)
        except OSError:
            break
        if not piece:
            break
        drawn += len(piece)
    err = child.stderr.read().decode(errors="replace")
    child.wait()
    seconds = (time.perf_counter_ns() - start) / 1e9
    os.close(master)
    if child.returncode != 0:
        raise measure.Failed("%s exited with %d: %s" % (argv[0], child.returncode, err[-500:]))
    return seconds, err, drawn


def figure8_photo(bench, server_class):
    folder = bench.path("photo-catalogue")
    os.makedirs(folder, exist_ok=True)
    write_photo(os.path.join(folder, "photo.jpg"))
    server = server_class(folder)
    write_catalogue(folder, server.url + "photo.jpg")
    store = bench.path("photo.sqlite")
    cache = bench.path("photo-cache")
    env = dict(bench.env, XDG_CACHE_HOME=cache, TERM="tmux-256color", COLORTERM="truecolor",
               ERRAND_CATALOGUE_MAX_AGE="100000000")
    env.pop("NO_COLOR", None)
    measure.run(bench.errand_cmd(store, "-c", "sync " + server.url), env=env)
    argv = bench.errand_cmd(store, *[a for line in SCRIPT for a in ("-c", line)])
    text_only = bench.errand_cmd(store, *[a for line in SCRIPT for a in ("-c", line.replace("images on", "images off"))])
    chafa = ["chafa", "--format", "symbols", "--symbols", "block+space", "--colors", "full", "--size", "80x20",
             os.path.join(folder, "photo.jpg")]
    runs = {"cached": [], "first": [], "text": [], "chafa": []}
    whole = {"cached": [], "first": [], "text": [], "chafa": []}
    drawn = {}

    def open_time(err):
        times = [float(m.group(1)) / 1000 for m in re.finditer(r"^time: ([0-9.]+) ms(?:, cpu ([0-9.]+) ms)?$", err, re.M)]
        if len(times) != len(SCRIPT):
            raise measure.Failed("expected %d timings, got %d:\n%s" % (len(SCRIPT), len(times), err[-500:]))
        if "not shown" in err:
            raise measure.Failed(err[-500:])
        return times[-1]

    def once(kind):
        if kind == "first":
            shutil.rmtree(cache, ignore_errors=True)
        if kind == "chafa":
            seconds, _, size = in_terminal(chafa, env)
            runs[kind].append(seconds)
        else:
            seconds, err, size = in_terminal(text_only if kind == "text" else argv, env)
            runs[kind].append(open_time(err))
        whole[kind].append(seconds)
        drawn[kind] = size

    order = ["cached", "first", "text", "chafa"]
    once("first")  # warm-up, and the cache for "cached"
    for r in range(bench.sizes["rounds"] * 3):
        shift = r % len(order)
        for kind in order[shift:] + order[:shift]:
            if kind == "cached" and not os.path.isdir(cache):
                once("first")
                runs["first"].pop()
                whole["first"].pop()
            once(kind)
    server.stop()
    if drawn["cached"] < drawn["text"] + 5000:
        raise measure.Failed("no photo was drawn (%d bytes against %d for text)" % (drawn["cached"], drawn["text"]))
    names = {"cached": "open 1, photo cached (read, decoded, drawn by errand-picture)",
             "first": "open 1, first time (download through errand-fetch, cache, draw)",
             "text": "open 1 with set images off (text only)",
             "chafa": "chafa CLI drawing the same JPEG at 80x20 (whole process)"}
    rows = []
    for kind in order:
        rows.append([names[kind], duration(median(runs[kind])), duration(percentile(runs[kind], 90)),
                     duration(max(runs[kind])), duration(median(whole[kind])),
                     "%.2fx" % (median(runs[kind]) / median(runs["chafa"])), "%d KB" % (drawn[kind] // 1024),
                     len(runs[kind])])
    cached = median(runs["cached"])
    bench.section(
        "8. Opening an ad with its photo at an 80 x 40 terminal",
        "The `open 1` command's own time (`set timing on`: from reading the line to its output written, photo "
        "included) in `errand -c 'set timing on' -c 'set images on' -c ads -c 'open 1'`, run on a pseudo-terminal "
        "of 80 x 40 with TERM=tmux-256color COLORTERM=truecolor (block symbols, 24-bit colour; the photo takes "
        "80 x 20 cells at most: 50 x 20 for this photo). The photo is a 375 x 300 JPEG on a loopback server. 'First time' empties the image cache before each run. Peer: the "
        "`chafa` command drawing the same file at the same size, whole process. 'whole' is the errand process "
        "from spawn to exit (four commands).",
        ["command", "median", "p90", "max", "whole process (median)", "ratio to chafa", "drawn", "runs"], rows,
        [bench.verdict(cached <= 0.030, "photo cached: the whole command at most 30 ms (%s)" % duration(cached)),
         "first time, download included: %s median" % duration(median(runs["first"]))])
