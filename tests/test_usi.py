#!/usr/bin/env python3
"""test_usi.py -- drives `tsume usi` through pipes the way a shogi GUI does.

Usage: python3 tests/test_usi.py PATH/TO/tsume [TEST_DATA_DIR]
Expected answers: tests/data/problems/cases.tsv (mate N / nomate rows) and the
ShogiBoardQ sets (exact lengths); Microcosmos for timeouts and stop.
Exits 1 on any failure.
"""
import os
import select
import subprocess
import sys
import time

TSUME = sys.argv[1]
DATA = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "..", "build", "testdata")
failures = []
passed = 0


class Engine:
    def __init__(self, args=("usi",)):
        self.p = subprocess.Popen([TSUME, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, bufsize=1)
        self.buf = b""

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def read_until(self, prefix, timeout=30.0):
        """Lines up to and including the first that starts with prefix."""
        lines = []
        end = time.monotonic() + timeout
        fd = self.p.stdout.fileno()
        while True:
            while b"\n" in self.buf:
                raw, self.buf = self.buf.split(b"\n", 1)
                line = raw.decode("utf-8", "replace")
                lines.append(line)
                if line.startswith(prefix):
                    return lines
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no '{prefix}' within {timeout} s; got {lines[-5:]}")
            r, _, _ = select.select([fd], [], [], left)
            if not r:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise EOFError(f"engine closed its output; got {lines[-5:]}")
            self.buf += chunk

    def close(self):
        try:
            self.send("quit")
        except BrokenPipeError:
            pass
        try:
            self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()
            raise
        return self.p.returncode


def check(name, cond, detail=""):
    global passed
    if cond:
        passed += 1
    else:
        failures.append(f"{name}: {detail}")
        print(f"FAIL: {name}: {detail}")


def solve(e, sfen, ms="10000"):
    e.send(f"position sfen {sfen}")
    e.send(f"go mate {ms}")
    return e.read_until("checkmate", timeout=120)[-1]


# handshake
e = Engine()
e.send("usi")
lines = e.read_until("usiok")
check("handshake", lines[0].startswith("id name") and any(l.startswith("option name USI_Hash") for l in lines), lines)
e.send("setoption name USI_Hash value 32")
e.send("isready")
check("isready", e.read_until("readyok")[-1] == "readyok")
# a NUL byte: that line is refused with a message, the next command still answered
e.send("is\0ready")
e.send("isready")
lines = e.read_until("readyok")
check("NUL byte", lines == ["info string error: NUL byte in column 3: line ignored", "readyok"], lines)
e.send("")
e.send("some unknown command")
e.send("position sfen not an sfen")
check("bad position", e.read_until("info string error")[-1].startswith("info string error: bad position"))
# the column is the one of the line sent, as a GUI's log shows it ('a' of "bad" is column 16)
e.send("position sfen bad")
lines = e.read_until("info string error")
check("bad position: the column in the line sent",
      lines[-1] == "info string error: bad position: board (column 16): unknown piece letter 'a'", lines)
# neither startpos nor sfen (nor a board): said so, not read as a board
e.send("position garbage")
lines = e.read_until("info string error")
check("bad position: not startpos or sfen",
      lines[-1] == "info string error: bad position: expected startpos or sfen, got 'garbage'", lines)
# tabs separate words as spaces do: a position sent with one replaces the
# last one, and go mate with one keeps its time
e.send("position sfen 7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1")
e.send("position\tsfen 9/9/4Sk3/9/7R1/9/9/9/9 b GSr2b3g2s4n4l18p 1")
e.send("go\tmate\t10000")
ans = e.read_until("checkmate", timeout=30)[-1]
check("tabs between words", ans == "checkmate S*4d 4c3b G*4b", ans)
e.send("go mate\t-5")
lines = e.read_until("checkmate", timeout=30)
check("go mate with a tab and a bad time", lines[-2:] == ["info string error: go mate takes a time in milliseconds, "
      "1..4611686018427387903, or infinite, got '-5'", "checkmate timeout"], lines)

# cases.tsv mate / nomate rows
with open(os.path.join(DATA, "problems", "cases.tsv"), encoding="utf-8") as f:
    for row in f:
        if row.startswith("#") or not row.strip():
            continue
        cid, sfen, expect = row.rstrip("\n").split("\t")[:3]
        for ex in (x.strip() for x in expect.split(";")):
            if ex.startswith("mate "):
                n = int(ex[5:])
                ans = solve(e, sfen)
                moves = ans.split()[1:]
                check(f"cases {cid}", len(moves) == n and moves[0] not in ("nomate", "timeout"), f"{ans} (expected {n} plies)")
            elif ex == "nomate":
                ans = solve(e, sfen)
                check(f"cases {cid}", ans == "checkmate nomate", ans)

# ShogiBoardQ samples: the same lengths as `tsume solve`
for n in (3, 5, 7):
    path = os.path.join(DATA, "problems", "raw", "shogiboardq", f"tsume_{n}ply_1000_20261001.txt")
    with open(path, encoding="utf-8") as f:
        rows = [l for l in f if l.strip() and not l.startswith("#")][:20]
    for row in rows:
        sfen = row.split(" moves ")[0].strip()
        ans = solve(e, sfen)
        check(f"ShogiBoardQ {n}-ply", len(ans.split()) - 1 == n, f"{sfen}: {ans}")
e.close()

micro = open(os.path.join(DATA, "problems", "raw", "komoringheights", "microcosmos_sfen_and_usi_moves.txt")).readline().strip()

# go mate 100 on Microcosmos: a timeout, soon (generous margin: tests do not measure speed)
e = Engine()
e.send("usi"); e.read_until("usiok")
e.send("isready"); e.read_until("readyok")
e.send(f"position sfen {micro}")
t0 = time.monotonic()
e.send("go mate 100")
ans = e.read_until("checkmate", timeout=20)[-1]
dt = time.monotonic() - t0
check("go mate 100 -> timeout", ans == "checkmate timeout", ans)
check("go mate 100 answers promptly", dt < 3.0, f"{dt:.2f} s")

# isready and stop during go mate infinite
e.send("go mate infinite")
time.sleep(0.3)
e.send("isready")
lines = e.read_until("readyok", timeout=5)
check("isready during a search", lines[-1] == "readyok")
# a plain go during the search: the error the manual names, no bestmove
e.send("go")
e.send("isready")
lines = e.read_until("readyok", timeout=5)
check("a plain go during a search: 'a search is running', no bestmove",
      "info string error: a search is running" in lines and not any(l.startswith("bestmove") for l in lines), lines)
time.sleep(1.2)
e.send("stop")
lines = e.read_until("checkmate", timeout=60)
check("stop during infinite", lines[-1].startswith("checkmate"), lines[-1])
check("no bestmove during or after the search", not any(l.startswith("bestmove") for l in lines), lines)
check("info lines during the search", any(l.startswith("info time") and " nodes " in l and " nps " in l and " hashfull " in l for l in lines), lines[:3])
infos = [l for l in lines if l.startswith("info")]
check("no info line twice", len(infos) == len(set(infos)), infos)
full = [int(l.split()[-1]) for l in lines if l.startswith("info time") and " hashfull " in l]
check("hashfull never falls", full == sorted(full), full)

# quit during a search exits cleanly
e.send("go mate infinite")
time.sleep(0.3)
rc = e.close()
check("quit during a search", rc == 0, f"exit {rc}")

# end of input during a search: the search asked for runs on and answers
# (the 15-ply example of README, as `tsume solve` proves it)
q15 = "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1"
r = subprocess.run([TSUME, "usi"], input=f"usi\nposition sfen {q15}\ngo mate 30000\n", capture_output=True, text=True, timeout=120)
last = r.stdout.strip().splitlines()[-1]
check("end of input during go mate: the answer", last.startswith("checkmate ") and len(last.split()) == 16, last)
check("end of input during go mate: exit 0", r.returncode == 0, r.returncode)
# ... but go mate infinite is stopped at the end of input (a GUI gone without quit
# would leave it searching for ever): Microcosmos answers at once
t0 = time.time()
r = subprocess.run([TSUME, "usi"], input=f"usi\nsetoption name USI_Hash value 16\nposition sfen {micro}\ngo mate infinite\n",
                   capture_output=True, text=True, timeout=120)
last = r.stdout.strip().splitlines()[-1]
check("end of input during go mate infinite: stopped, answered", last == "checkmate timeout" and r.returncode == 0
      and time.time() - t0 < 30, (last, r.returncode, time.time() - t0))

# started without arguments, first line "usi"
e = Engine(args=())
e.send("usi")
check("no-argument start", e.read_until("usiok", timeout=5)[-1] == "usiok")
check("no-argument quit", e.close() == 0)
# blank lines before it and blanks around it are ignored, as USI ignores them
r = subprocess.run([TSUME], input="\n  \r\n usi \nquit\n", capture_output=True, text=True, timeout=10)
check("no-argument start after blank lines", r.returncode == 0 and "usiok" in r.stdout.split("\n"), (r.returncode, r.stdout[-200:]))

# an over-long line is refused, the engine goes on
e = Engine()
e.send("position sfen " + "1" * (2 << 20))
check("over-long line", e.read_until("info string error", timeout=10)[-1].startswith("info string error: line longer"))
e.send("isready")
check("alive after an over-long line", e.read_until("readyok", timeout=5)[-1] == "readyok")
e.close()

# a USI_Hash too large to allocate (here: more than the machine's memory,
# refused by the kernel) leaves a working table and says which size is in
# use; where it can be had, the engine simply uses it.  Either way `go mate`
# answers the mate (it was "checkmate timeout" for every search after)
e = Engine()
e.send("setoption name USI_Hash value 64")
e.send("isready")
e.read_until("readyok")
e.send("setoption name USI_Hash value 65536")
e.send("isready")
lines = e.read_until("readyok", timeout=60)
said = [l for l in lines if "cannot allocate" in l]
check("an oversized USI_Hash: said so, or used", all("the table in use has 64 MB" in l for l in said), lines)
check("an oversized USI_Hash: the mate still found", solve(e, "8k/9/8P/9/9/9/9/9/9 b G 1", "5000") == "checkmate G*1b")
e.close()
# with no table yet, the size taken in place of one that cannot be had is at
# most half the machine's memory (the kernel may grant more, and overcommit).
# Not under the sanitizers (TSUME_QUICK): ASan aborts on a 1 TB request.
if not os.environ.get("TSUME_QUICK"):
    half_mb = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2 // (1 << 20)
    e = Engine()
    e.send("setoption name USI_Hash value 1048576")
    e.send("isready")
    lines = e.read_until("readyok", timeout=60)
    said = [l for l in lines if "cannot allocate" in l]
    sizes = [int(l.rsplit(" has ", 1)[1].split()[0]) for l in said if " has " in l]
    # (a kernel that always overcommits grants the size: nothing is said then)
    check("an oversized first USI_Hash: at most half the memory taken",
          not said or (len(sizes) == 1 and sizes[0] <= half_mb), (lines, half_mb))
    e.close()

# many position / go pairs (the ASan build checks for leaks at exit)
e = Engine()
e.send("setoption name USI_Hash value 4")
count = 1000
ok = 0
for i in range(count):
    e.send("position sfen 8k/9/8P/9/9/9/9/9/9 b G 1")
    e.send("go mate 1000")
    ok += e.read_until("checkmate", timeout=30)[-1] == "checkmate G*1b"
check(f"{count} position/go pairs", ok == count, f"{ok} right")
rc = e.close()
err = e.p.stderr.read()
check("clean exit after the pairs", rc == 0 and "ERROR" not in err, err[-500:])

# complete lines at every limit: on Shogi Zuko problems stopped by a short
# `go mate` (with ShortestMate true and false), a `checkmate` line is of odd
# length, replays legally (tsume moves accepts it) and ends where the
# defender's only evasions are drop interpositions (none at all, or futile
# ones) -- never a partial line
zuko = []
with open(os.path.join(DATA, "problems", "classics", "zuko.tsv"), encoding="utf-8") as f:
    for row in f:
        if not row.startswith("#") and row.strip():
            zuko.append(row.split("\t")[1])
quick = os.environ.get("TSUME_QUICK")
sample = zuko[::10] if quick else zuko[::4]
bad = []
lines = 0
for shortest in ("true", "false"):
    e = Engine()
    e.send("setoption name USI_Hash value 64")
    e.send(f"setoption name ShortestMate value {shortest}")
    for sfen in sample:
        e.send(f"position sfen {sfen}")
        e.send("go mate 300")
        reply = e.read_until("checkmate", timeout=60)[-1].split()
        if reply[1] in ("timeout", "nomate"):
            continue
        moves = reply[1:]
        lines += 1
        r = subprocess.run([TSUME, "moves", f"{sfen} moves {' '.join(moves)}", "--evasions"], capture_output=True, text=True)
        if len(moves) % 2 != 1 or r.returncode != 0 or any("*" not in m for m in r.stdout.split()):
            bad.append((shortest, sfen, len(moves), r.stdout.strip()[:80], r.stderr.strip()[:80]))
    e.close()
check("Zuko lines complete at go mate 300", not bad and lines > 0, f"{lines} lines; bad: {bad[:3]}")

# the first mate (ShortestMate false) comes with its line, as long as the
# mate announced: on Zuko 6 and 43 the table's stored lengths were longer
# than the line the proofs below give (once "checkmate timeout" after
# "mate in 89 proven, line not found")
byname = {}
with open(os.path.join(DATA, "problems", "classics", "zuko.tsv"), encoding="utf-8") as f:
    for row in f:
        if not row.startswith("#") and row.strip():
            byname[row.split("\t")[0]] = row.split("\t")[1]
e = Engine()
e.send("setoption name USI_Hash value 64")
e.send("setoption name Threads value 1")
e.send("setoption name ShortestMate value false")
bad = []
for name in ("zuko006", "zuko043"):
    e.send(f"position sfen {byname[name]}")
    e.send("go mate 60000")
    out = e.read_until("checkmate", timeout=90)
    scores = [l.split("score mate ")[1].split()[0] for l in out if "score mate " in l]
    moves = out[-1].split()[1:]
    r = subprocess.run([TSUME, "moves", f"{byname[name]} moves {' '.join(moves)}", "--evasions"], capture_output=True, text=True)
    if not scores or moves[0] in ("timeout", "nomate") or int(scores[-1]) != len(moves) or r.returncode != 0:
        bad.append((name, scores[-1:], moves[:1], len(moves), r.stderr.strip()[:80]))
e.close()
check("first mate with its line (Zuko 6, 43)", not bad, bad)

# every mate proven is announced, however soon a shorter one follows: on
# Zuko 27 under rule none the proofs of 55, 53 and 51 plies come within
# 0.3 s (once the 55 was skipped in two runs of three); the lengths held,
# as solve --trace gives them, are the "score mate" lines before the answer
r = subprocess.run([TSUME, "solve", "--threads", "1", "--futile", "none", "--trace", byname["zuko027"]],
                   capture_output=True, text=True, timeout=120)
held = [int(l.split("len ")[1].split(",")[0]) for l in r.stderr.splitlines()
        if l.startswith("dfpn: line held for mate within") and "len " in l]
e = Engine()
e.send("setoption name Threads value 1")
e.send("setoption name FutileRule value none")
e.send(f"position sfen {byname['zuko027']}")
e.send("go mate 60000")
out = e.read_until("checkmate", timeout=90)
scores = [int(l.split("score mate ")[1].split()[0]) for l in out if "score mate " in l]
e.close()
check("each mate proven announced (Zuko 27, none)", len(held) >= 2 and scores[:-1] == held, (held, scores))

# ShortestMate true stopped by its time: the mate comes with a word that
# its length is not proven minimal (Zuko 3, a mate in 45: proving that no
# shorter mate exists takes seconds)
e = Engine()
e.send("setoption name USI_Hash value 16")
e.send("setoption name Threads value 1")
e.send(f"position sfen {byname['zuko003']}")
e.send("go mate 1500")
out = e.read_until("checkmate", timeout=60)
e.close()
moves = out[-1].split()[1:]
said = any("minimality not proven" in l for l in out)
times = [int(l.split()[2]) for l in out if l.startswith("info time ")]
stopped = bool(times) and times[-1] >= 1400  # a search that proves 45 minimal ends before its time
check("mate not proven minimal says so", moves[0] == "timeout" or not stopped or said, out[-4:])

# a setoption sent during a search is for the next one: ShortestMate true
# sent right after a `go` with ShortestMate false leaves that search a
# first-mate search (it once switched it to a shortest-mate search)
e = Engine()
e.send("setoption name Threads value 1")
e.send("setoption name ShortestMate value false")
e.send(f"position sfen {byname['zuko043']}")
e.send("go mate 60000")
e.send("setoption name ShortestMate value true")
out = e.read_until("checkmate", timeout=90)
e.send(f"position sfen {byname['zuko043']}")
e.send("go mate 1000")
out2 = e.read_until("checkmate", timeout=60)
e.close()
check("setoption during a search: for the next one",
      any("the first mate found (ShortestMate false)" in l for l in out)
      and not any("the first mate found" in l for l in out2), out[-3:] + out2[-3:])

# go mate with a bad time: an error and "checkmate timeout", no search; no
# position: never "nomate" (a GUI would show 不詰 for a position it never set)
e = Engine()
e.send("usi")
e.read_until("usiok")
e.send("go mate 1000")
lines = e.read_until("checkmate")
check("go mate, no position", lines[-2:] == ["info string error: no valid position", "checkmate timeout"], lines)
e.send("position sfen 9/9/9/9/9/9/9/9/4K4 b R 1")
e.send("go mate 1000")
lines = e.read_until("checkmate")
check("position without the defender's king: refused, no nomate",
      lines[-3:] == ["info string error: bad position: the defender (gote, the side not to move) has no king",
                     "info string error: no valid position", "checkmate timeout"], lines)
e.send("position sfen 9/9/9/8k/8B/8+R/9/9/9 b rb4g4s4n4l18p 1")
# a number too large is quoted whole, not cut to another number; a value of over 40 bytes ends in "..."
for bad in ("-5", "abc", "0", "12x", "99999999999999999999999", "9" * 40):
    e.send("go mate " + bad)
    lines = e.read_until("checkmate")
    check("go mate " + bad, lines[-2:] == ["info string error: go mate takes a time in milliseconds, 1..4611686018427387903, or infinite, got '%s'" % bad, "checkmate timeout"], lines)
e.send("go mate " + "9" * 41)
lines = e.read_until("checkmate")
check("go mate with 41 digits: 40 of them and '...'", lines[-2:] == ["info string error: go mate takes a time in milliseconds, 1..4611686018427387903, or infinite, got '%s...'" % ("9" * 40), "checkmate timeout"], lines)
e.send("go mate")
check("bare go mate: infinite", e.read_until("checkmate")[-1] == "checkmate 1e3c+", "")
e.close()

# setoption: names in any case, blanks around name and value, bad values
# named (the option kept)
e = Engine()
e.send("usi")
e.read_until("usiok")
for cmd, want in (("setoption name USI_Hash value abc", "info string error: USI_Hash must be a whole number of megabytes, 1..1048576, got 'abc'"),
                  ("setoption name USI_Hash value 0", "info string error: USI_Hash must be a whole number of megabytes, 1..1048576, got '0'"),
                  ("setoption name USI_Hash value 1048577", "info string error: USI_Hash must be a whole number of megabytes, 1..1048576, got '1048577'"),
                  ("setoption name ShortestMate value maybe", "info string error: ShortestMate must be true or false, got 'maybe'"),
                  ("setoption name FutileRule value", "info string error: FutileRule must be none, narrow, broad, nogain or answered, got ''")):
    e.send(cmd)
    e.send("isready")
    lines = e.read_until("readyok")
    check(cmd, lines == [want, "readyok"], lines)
e.send("setoption name futilerule  value  none")
e.send("position sfen 9/9/9/8k/8B/8+R/9/9/9 b rb4g4s4n4l18p 1")
e.send("go mate 2000")
check("setoption name in lower case, two blanks", e.read_until("checkmate")[-1] == "checkmate 1e3c+ P*1e 1f1e", "")
e.close()

# FutileRule: C27 of cases.tsv is mate 1 under the default "nogain" (every
# evasion a drop: the narrow test; the drop on 1e is futile), 3 under "none"
e = Engine()
lines = e.read_until("usiok") if e.send("usi") is None else []
check("FutileRule offered", "option name FutileRule type combo default nogain var none var narrow var broad var nogain var answered" in lines, lines)
c27 = "9/9/9/8k/8B/8+R/9/9/9 b rb4g4s4n4l18p 1"
check("FutileRule default", solve(e, c27) == "checkmate 1e3c+")
e.send("setoption name FutileRule value none")
check("FutileRule none", len(solve(e, c27).split()) == 4)
e.send("setoption name FutileRule value wide")
e.send("isready")
lines = e.read_until("readyok")
check("FutileRule bad value", "info string error: FutileRule must be none, narrow, broad, nogain or answered, got 'wide'" in lines, lines)
e.close()

# stop and quit in every phase: Shogi Zuko 83 (a mate in 261 as published,
# first proven longer, then shorter ones) on one thread and a 1 MB table,
# stopped after 0.1 to 3 s -- in the first proof, the re-searches for a
# shorter mate or the main line, wherever this machine is by then.  `stop`
# is answered by `checkmate`: a line exactly as long as the `score mate`
# sent before it, or timeout (never a mate announced without its line);
# `quit` ends the engine.  5 s only detects a hang: tests do not measure speed
z83 = next(row.split("\t")[1] for row in open(os.path.join(DATA, "problems/classics/zuko.tsv"), encoding="utf-8")
           if row.startswith("zuko083\t"))
bad = []
for after in (0.1, 0.7, 1.5, 3.0):
    e = Engine()
    e.send("setoption name USI_Hash value 1")
    e.send("setoption name Threads value 1")
    e.send(f"position sfen {z83}")
    e.send("go mate infinite")
    time.sleep(after)
    e.send("stop")
    try:
        lines = e.read_until("checkmate", timeout=5)
    except (TimeoutError, EOFError) as x:
        bad.append((after, "stop", str(x)[:80]))
        e.p.kill()
        continue
    scores = [l.split("score mate ")[1].split()[0] for l in lines if "score mate " in l]
    moves = lines[-1].split()[1:]
    if moves != ["timeout"] and (not scores or int(scores[-1]) != len(moves) or len(moves) % 2 != 1):
        bad.append((after, "stop", scores[-1:], len(moves)))
    if any("line not found" in l for l in lines):
        bad.append((after, "stop", "line not found"))
    # the mates held are reported as they are proven, each shorter than
    # the one before; the answer is never longer than the last (and never
    # a timeout after one)
    held = scores[:-1] if moves != ["timeout"] else scores
    if any(int(b) >= int(a) for a, b in zip(held, held[1:])) or (moves == ["timeout"] and scores) or \
            (held and moves != ["timeout"] and int(scores[-1]) > int(held[-1])):
        bad.append((after, "stop", "scores", scores, lines[-1][:20]))
    e.send("go mate infinite")
    time.sleep(after)
    e.send("quit")
    try:
        rc = e.p.wait(timeout=5)
        if rc != 0:
            bad.append((after, "quit", rc))
    except subprocess.TimeoutExpired:
        bad.append((after, "quit", "still running after 5 s"))
        e.p.kill()
check("stop and quit in every phase", not bad, bad)

# a session answers as fresh engines do: one engine through Shogi Zuko 33,
# 64, 43 and 64 again (33, 64, 33 under the sanitizers: TSUME_QUICK), with
# usinewgame, position, go mate problem after problem, at a small and a
# larger USI_Hash, one thread, gives each the result, length and node
# count a fresh engine gives it (Zuko 64 after 33 on 1 MB once took
# 125,455 nodes, 127,169 in a fresh engine)
def final(e, name, sfen):
    e.send("usinewgame")
    e.send(f"position sfen {sfen}")
    e.send("go mate 120000")
    lines = e.read_until("checkmate", timeout=180)
    nodes = [l.split(" nodes ")[1].split()[0] for l in lines if l.startswith("info time") and " nodes " in l]
    return (name, lines[-1].split()[1] if len(lines[-1].split()) == 2 else len(lines[-1].split()) - 1, nodes[-1:])
zrows = {row.split("\t")[0]: row.split("\t")[1] for row in open(os.path.join(DATA, "problems/classics/zuko.tsv"), encoding="utf-8")
         if row.startswith("zuko")}
differ = []
for mb in (1, 64):
    opts = [f"setoption name USI_Hash value {mb}", "setoption name Threads value 1"]
    session = Engine()
    for o in opts:
        session.send(o)
    for name in ("zuko033", "zuko064", "zuko033") if quick else ("zuko033", "zuko064", "zuko043", "zuko064"):
        got = final(session, name, zrows[name])
        fresh = Engine()
        for o in opts:
            fresh.send(o)
        want = final(fresh, name, zrows[name])
        fresh.close()
        if got != want:
            differ.append((mb, got, want))
    session.close()
check("a session answers as fresh engines do", not differ, differ)

# Threads: offered with the cores as default; a bad value named; a search on
# two threads (Zuko 43, 85 plies: long enough for the helper to join) gives
# the length one thread gives
e = Engine()
e.send("usi")
lines = e.read_until("usiok")
cores = os.cpu_count() or 1
check("Threads offered", f"option name Threads type spin default {min(cores, 256)} min 1 max 256" in lines, lines)
for bad in ("0", "257", "two"):
    e.send(f"setoption name Threads value {bad}")
    e.send("isready")
    lines = e.read_until("readyok")
    check("Threads " + bad, lines == [f"info string error: Threads must be a whole number of threads, 1..256, got '{bad}'", "readyok"], lines)
z43 = next(row.split("\t")[1] for row in open(os.path.join(DATA, "problems/classics/zuko.tsv"), encoding="utf-8")
           if row.startswith("zuko043\t"))
plies = {}
for threads in (1, 2):
    e.send(f"setoption name Threads value {threads} \t")  # blanks after the value do not count
    e.send("usinewgame")
    e.send(f"position sfen {z43}")
    e.send("go mate 120000")
    plies[threads] = len(e.read_until("checkmate", timeout=180)[-1].split()) - 1
check("Threads 2: the length of one thread", plies[1] == plies[2] == 85, plies)
e.close()

# MultiPV: offered (1..800, as KomoringHeights); a bad value named; every first
# move reported best first, before the checkmate of the best: two mates in one
# (S*5b, G*5b: a cook at ply 1), then mates in 3; a first move that does not
# mate says so; MultiPV 1 again: the plain answer
e = Engine()
e.send("usi")
lines = e.read_until("usiok")
check("MultiPV offered", "option name MultiPV type spin default 1 min 1 max 800" in lines, lines)
for bad in ("0", "801", "x"):
    e.send(f"setoption name MultiPV value {bad}")
    e.send("isready")
    lines = e.read_until("readyok")
    check("MultiPV " + bad, lines == [f"info string error: MultiPV must be a whole number of first moves, 1..800, got '{bad}'", "readyok"], lines)
e.send("setoption name MultiPV value 800")
e.send("position sfen 4k4/9/3PPP3/9/9/9/9/9/9 b G2S 1")
e.send("go mate 20000")
lines = e.read_until("checkmate", timeout=60)
rows = [l for l in lines if l.startswith("info multipv ")]
check("MultiPV: the count said", "info string MultiPV: 12 of 12 first moves, best first" in lines, lines)
check("MultiPV: one row a first move, numbered", [int(r.split()[2]) for r in rows] == list(range(1, 13)), rows)
check("MultiPV: two mates in one first", sorted(rows[:2]) == ["info multipv 1 score mate 1 pv S*5b",
      "info multipv 2 score mate 1 pv G*5b"] or sorted(r.split(" ", 3)[3] for r in rows[:2]) == ["score mate 1 pv G*5b", "score mate 1 pv S*5b"], rows)
check("MultiPV: then mates in 3", all(" score mate 3 pv " in r for r in rows[2:4]), rows)
check("MultiPV: the others do not mate", all(r.endswith(" does not mate") for r in rows[4:]) and len(rows) == 12, rows)
check("MultiPV: checkmate is the best", lines[-1] in ("checkmate S*5b", "checkmate G*5b"), lines)
check("MultiPV: after the rows, info score mate with the checkmate line, as with MultiPV 1",
      lines[-2] == "info score mate 1 pv " + lines[-1][len("checkmate "):]
      and lines.index(lines[-2]) > lines.index(rows[-1]), lines)
# no mate: every first move says so before checkmate nomate
e.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b G2r2b3g4s4n4l18p 1")
e.send("go mate 20000")
lines = e.read_until("checkmate", timeout=60)
rows = [l for l in lines if l.startswith("info multipv ")]
check("MultiPV: no mate, each first move said", len(rows) == 5 and all(r.endswith(" does not mate") for r in rows)
      and lines[-1] == "checkmate nomate", lines)
e.send("position sfen 4k4/9/3PPP3/9/9/9/9/9/9 b G2S 1")
e.send("setoption name MultiPV value 1")
e.send("go mate 20000")
lines = e.read_until("checkmate", timeout=60)
check("MultiPV 1: no multipv rows", not any(l.startswith("info multipv") for l in lines) and
      any(l.startswith("info score mate 1 pv") for l in lines), lines)
e.close()

# a line that ends in check with futile replies only (the bishop's move
# uncovers the dragon; seven drops on 1e, futile under nogain): named in an
# info string; PlayOutFutile true plays them out to a mate with no legal reply
e = Engine()
e.send("position sfen 9/9/9/8k/8B/8+R/9/9/9 b rb4g4s4n4l18p 1")
e.send("go mate 10000")
lines = e.read_until("checkmate", timeout=60)
check("futile end named", "info string the line ends in check: 7 interpositions left, on 1e, are futile under "
      "nogain (setoption PlayOutFutile true plays them out)" in lines and lines[-1] == "checkmate 1e3c+", lines)
e.send("setoption name PlayOutFutile value maybe")
e.send("isready")
lines = e.read_until("readyok")
check("PlayOutFutile maybe", lines[0] == "info string error: PlayOutFutile must be true or false, got 'maybe'", lines)
e.send("setoption name PlayOutFutile value true")
e.send("go mate 10000")
lines = e.read_until("checkmate", timeout=60)
last = lines[-1].split()
check("PlayOutFutile: played out", len(last) == 4 and last[1] == "1e3c+" and last[2].endswith("*1e") and last[3] == "1f1e"
      and f"info score mate 3 pv {' '.join(last[1:])}" in lines, lines)
# with MultiPV, the first row is the line checkmate gives
e.send("setoption name MultiPV value 3")
e.send("setoption name PlayOutFutile value TRUE")  # true and false in any case
e.send("go mate 10000")
lines = e.read_until("checkmate", timeout=60)
row1 = next((l for l in lines if l.startswith("info multipv 1 ")), "")
check("PlayOutFutile with MultiPV: row 1 is the checkmate line", row1.endswith(" pv " + lines[-1][len("checkmate "):])
      and " score mate 3 " in row1, lines)
e.send("setoption name MultiPV value 1")
e.send("setoption name FutileRule value none")
e.send("go mate 10000")
lines = e.read_until("checkmate", timeout=60)
check("FutileRule none: a plain mate, nothing to play out", not any("ends in check" in l for l in lines) and
      len(lines[-1].split()) == 4, lines)
e.close()

print(f"test_usi: {passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
