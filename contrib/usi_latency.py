#!/usr/bin/env python3
"""usi_latency.py -- how fast `tsume usi` answers `stop` and `quit`, and how
regularly it sends `info`, measured through pipes as a GUI sees it.

Usage:
  python3 contrib/usi_latency.py TSUME [--hash MB] [--threads N] [--sfen SFEN|FILE]
                                 [--phase PHASE] [--action stop|quit] [--run S]
  python3 contrib/usi_latency.py TSUME --matrix [--hashes 256,2048,4096] [--threads N] [--sfen ...]

One run: `go mate infinite` on the problem (default Microcosmos, from the test
data), then `stop` (or `quit`) sent in the phase asked:
  first:S    S seconds after go, during the first proof (default first:3)
  grow:N     0.3 s into the doubling of the hash table that starts at node
             N (`tsume solve --trace` names the doublings and their nodes:
             with one thread the same search doubles at the same node),
             foreseen from the node rate of the last info lines; the default
             N is Microcosmos' doubling from 480 to 960 MB
  stall:H    once hashfull has reached H, as soon as the engine is seen in a
             doubling: no info line 1.15 s after the last (an engine silent
             while its table doubles), or two info lines with the same node
             count (one that reports meanwhile); for several threads, whose
             doublings fall on no fixed node
  mate:S     S seconds after the first `score mate` line (the re-searches
             for a shorter mate)
  none       nothing sent for --run seconds, then stop (the info cadence)
Prints the time from the command to `checkmate` (stop) or to the engine's
exit (quit), the gaps between `info time` lines (largest, mean, the count
over 1.0 s), duplicate info lines and any hashfull that fell.  --matrix
prints the table of stop latencies for each size and phase.

Times are wall-clock on a shared machine: run it on an idle one, and more
than once.  Nothing here asserts: it measures.
"""
import argparse
import os
import select
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MICRO = os.path.join(HERE, "..", "tests", "data", "problems", "raw", "komoringheights",
                     "microcosmos_sfen_and_usi_moves.txt")


GROW_AT = 14527488  # Microcosmos, one thread, 2048 or 4096 MB: 480 -> 960 MB


def problem(arg):
    if arg is None:
        arg = MICRO
    if os.path.exists(arg):
        with open(arg) as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    return line.split("\t")[1] if "\t" in line else line
    return arg


class Run:
    """One engine, its lines timestamped as they arrive."""

    def __init__(self, tsume, hash_mb, threads):
        self.p = subprocess.Popen([tsume, "usi"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        self.buf = b""
        self.lines = []  # (time, text)
        self.send("usi")
        self.wait_for("usiok", 10)
        self.send(f"setoption name USI_Hash value {hash_mb}")
        if threads:
            self.send(f"setoption name Threads value {threads}")
        self.send("isready")
        self.wait_for("readyok", 60)

    def send(self, text):
        self.p.stdin.write((text + "\n").encode())
        self.p.stdin.flush()

    def poll(self, timeout):
        """Reads what came within timeout seconds; False at the end of output."""
        fd = self.p.stdout.fileno()
        r, _, _ = select.select([fd], [], [], max(timeout, 0))
        if not r:
            return True
        chunk = os.read(fd, 1 << 16)
        now = time.monotonic()
        if not chunk:
            return False
        self.buf += chunk
        while b"\n" in self.buf:
            raw, self.buf = self.buf.split(b"\n", 1)
            self.lines.append((now, raw.decode("utf-8", "replace")))
        return True

    def wait_for(self, prefix, timeout):
        end = time.monotonic() + timeout
        seen = 0
        while time.monotonic() < end:
            for t, text in self.lines[seen:]:
                if text.startswith(prefix):
                    return t
            seen = len(self.lines)
            if not self.poll(end - time.monotonic()):
                break
        for t, text in self.lines[seen:]:
            if text.startswith(prefix):
                return t
        return None


def progress_lines(lines):
    """(time received, nodes, hashfull, text) of the once-a-second info lines."""
    out = []
    for t, text in lines:
        w = text.split()
        if text.startswith("info time") and "hashfull" in w and "nps" in w:
            out.append((t, int(w[w.index("nodes") + 1]), int(w[w.index("hashfull") + 1]), text))
    return out


def one(tsume, hash_mb, threads, sfen, phase, action, run_s):
    r = Run(tsume, hash_mb, threads)
    r.send(f"position sfen {sfen}")
    r.send("go mate infinite")
    t0 = time.monotonic()
    kind, _, arg = phase.partition(":")
    sent = None
    seen_phase = phase
    mate_at = None
    end = t0 + run_s
    while sent is None:
        now = time.monotonic()
        if now >= end:
            seen_phase = phase + " (not reached)" if kind != "none" else phase
            break
        if not r.poll(0.01):
            break
        now = time.monotonic()
        if mate_at is None:
            for t, text in r.lines:
                if " score mate " in text:
                    mate_at = t
                    break
        if any(text.startswith("checkmate") for _, text in r.lines):
            seen_phase = phase + " (answered first)"
            break
        if kind == "first" and now - t0 >= float(arg or 3):
            if mate_at is not None:
                seen_phase = phase + " (a mate was found before)"
            sent = now
        elif kind == "stall":
            prog = progress_lines(r.lines)
            if prog and prog[-1][2] >= int(arg or 0):
                silent = now - prog[-1][0] > 1.15
                frozen = len(prog) >= 2 and prog[-1][1] == prog[-2][1]
                if silent or frozen:
                    seen_phase = "stall (%s, hashfull %d)" % ("silent" if silent else "nodes stand", prog[-1][2])
                    sent = now
        elif kind == "mate" and mate_at is not None and now - mate_at >= float(arg or 1):
            sent = now
        elif kind == "grow":
            prog = progress_lines(r.lines)
            at = int(arg or GROW_AT)
            if len(prog) >= 2 and prog[-1][1] < at:
                rate = (prog[-1][1] - prog[-2][1]) / max(prog[-1][0] - prog[-2][0], 1e-3)
                if rate > 0 and now >= prog[-1][0] + (at - prog[-1][1]) / rate + 0.3:
                    sent = now
            elif len(prog) >= 2 and prog[-1][1] >= at:
                seen_phase = phase + " (passed)"
                sent = now
    if sent is None:
        sent = time.monotonic()
    r.send(action)
    answered = None
    if action == "stop":
        answered = r.wait_for("checkmate", 120)
        r.send("quit")
    try:
        r.p.stdin.close()
    except BrokenPipeError:
        pass
    while r.poll(1.0):
        pass
    r.p.wait(timeout=120)
    exited = time.monotonic()
    latency = (answered if action == "stop" else exited) - sent if (answered or action == "quit") else None
    prog = progress_lines(r.lines)
    gaps = [b[0] - a[0] for a, b in zip(prog, prog[1:])]
    infos = [text for _, text in r.lines if text.startswith("info")]
    dups = len(infos) - len(set(infos))
    falls = sum(1 for a, b in zip(prog, prog[1:]) if b[2] < a[2])
    return {
        "phase": seen_phase,
        "latency": latency,
        "sent_at": sent - t0,
        "gaps": gaps,
        "dups": dups,
        "falls": falls,
        "hashfull": prog[-1][2] if prog else 0,
        "quit": exited - sent if action == "quit" else None,
        "lines": [(t - t0, text) for t, text in r.lines],
    }


def show(res):
    g = res["gaps"]
    lat = "none" if res["latency"] is None else "%.0f ms" % (res["latency"] * 1000)
    print("%-34s sent at %6.1f s  %s %-9s info gaps: max %.3f s mean %.3f s over 1.0 s %d of %d; "
          "duplicates %d; hashfull falls %d (last %d)" %
          (res["phase"], res["sent_at"], "latency", lat, max(g) if g else 0, sum(g) / len(g) if g else 0,
           sum(1 for x in g if x > 1.0), len(g), res["dups"], res["falls"], res["hashfull"]), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tsume")
    ap.add_argument("--hash", type=int, default=256)
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--sfen")
    ap.add_argument("--phase", default="first:3")
    ap.add_argument("--action", default="stop", choices=["stop", "quit"])
    ap.add_argument("--run", type=float, default=120, help="the most seconds to wait for the phase")
    ap.add_argument("--verbose", action="store_true", help="every line, with its time after go")
    ap.add_argument("--matrix", action="store_true")
    ap.add_argument("--hashes", default="256,2048,4096")
    args = ap.parse_args()
    sfen = problem(args.sfen)
    if not args.matrix:
        res = one(args.tsume, args.hash, args.threads, sfen, args.phase, args.action, args.run)
        if args.verbose:
            for t, text in res["lines"]:
                print("%8.3f %s" % (t, text[:160]))
        show(res)
        return
    rows = []
    for mb in [int(x) for x in args.hashes.split(",")]:
        row = [str(mb)]
        for phase in ("first:3", "grow:%d" % GROW_AT, "mate:1"):
            for action in ("stop", "quit"):
                if phase.startswith("grow") and mb < 512:
                    row.append("no doubling")
                    continue
                res = one(args.tsume, mb, args.threads, sfen, phase, action, args.run)
                print("%5d MB %-5s" % (mb, action), end=" ")
                show(res)
                lat = res["latency"]
                row.append(("%.0f ms" % (lat * 1000) if lat is not None else "none") +
                           ("" if res["phase"] == phase else " [%s]" % res["phase"]))
        rows.append(row)
    print("| MB | first: stop | first: quit | doubling: stop | doubling: quit | re-search: stop | re-search: quit |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    sys.exit(main())
