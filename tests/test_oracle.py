#!/usr/bin/env python3
"""test_oracle.py -- the expected move lists of the C tests, asked again of the rules oracle.

Usage: python3 tests/test_oracle.py [TEST_DATA_DIR]

The move lists the C tests compare the generator with were computed once by
the rules oracle (tests/oracle: npm tsshogi and shogiops).  This test asks
it again, with --cross (both libraries, no disagreement allowed):
  - every entry of tests/rule_positions.h (its legal moves or its checks);
  - every position of the reference lists of the test data
    (problems/reference/legal-{moves,checks}.txt, 5,000 each; the first 300
    with TSUME_QUICK=1), count and list.
It needs node (20 or later) and `npm ci` in tests/oracle (run here when its
node_modules is missing or older than its package-lock.json).  Without node,
or when npm ci cannot fetch the packages, it is skipped with a message --
unless TSUME_REQUIRE_NODE=1 (CI), which makes that a failure.
Exits 1 on any failure.
"""
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.join(HERE, "oracle")
DATA = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "build", "testdata")
REQUIRE = os.environ.get("TSUME_REQUIRE_NODE") == "1"
failures = []
passed = 0


def skip(why):
    if REQUIRE:
        print(f"FAIL: TSUME_REQUIRE_NODE=1 but {why}")
        sys.exit(1)
    print(f"test_oracle: {why}: skipped")
    sys.exit(0)


if not shutil.which("node") or not shutil.which("npm"):
    skip("node or npm not found")
lock = os.path.join(ORACLE, "package-lock.json")
stamp = os.path.join(ORACLE, "node_modules", ".package-lock.json")
if not (os.path.exists(stamp) and os.path.getmtime(stamp) >= os.path.getmtime(lock)):
    r = subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ORACLE,
                       capture_output=True, text=True)
    if r.returncode != 0:
        skip("npm ci in tests/oracle failed (no network?): " + " ".join(r.stderr.strip().splitlines()[-3:]))

# ---- the requests: (name, request, expected answer)
cases = []
with open(os.path.join(HERE, "rule_positions.h"), encoding="utf-8") as f:
    text = f.read()
entry = re.compile(r'\{\s*"((?:[^"\\]|\\.)*)",\s*"([^"]*)",\s*"(moves|checks)",\s*((?:"[^"]*"\s*)+)\}')
for m in entry.finditer(text):
    expected = "".join(re.findall(r'"([^"]*)"', m.group(4)))
    cases.append((f"rule_positions.h: {m.group(1)}", f"{m.group(3)} {m.group(2)}", expected))
if len(cases) < 90:
    failures.append(f"rule_positions.h: {len(cases)} entries read, want at least 90")

limit = 300 if os.environ.get("TSUME_QUICK") == "1" else 10**9
for kind, file in (("moves", "legal-moves.txt"), ("checks", "legal-checks.txt")):
    path = os.path.join(DATA, "problems", "reference", file)
    with open(path, encoding="utf-8") as f:
        lines = [l.rstrip("\n") for l in f]
    for i in range(0, min(len(lines), 2 * limit), 2):
        count, _, moves = lines[i + 1].partition(" ")
        if len(moves.split()) != int(count):
            failures.append(f"{file}:{i + 2}: count {count}, {len(moves.split())} moves listed")
        cases.append((f"{file}:{i + 1}", f"{kind} {lines[i]}", moves))

# ---- one oracle process, every request on its stdin
proc = subprocess.run(["node", "oracle.mjs", "--cross"], cwd=ORACLE, input="".join(c[1] + "\n" for c in cases),
                      capture_output=True, text=True)
answers, disagree = [], []
for line in proc.stdout.split("\n")[:-1]:
    (disagree if line.startswith("DISAGREE ") else answers).append(line)
if disagree:
    failures.append(f"tsshogi and shogiops disagree: {disagree[:3]}")
if len(answers) != len(cases):
    failures.append(f"{len(answers)} answers to {len(cases)} requests: {proc.stderr.strip()[:300]}")
for (name, request, expected), got in zip(cases, answers):
    if got == expected:
        passed += 1
    else:
        failures.append(f"{name}: the oracle answers '{got[:200]}', the test expects '{expected[:200]}'")

for f in failures:
    print("FAIL:", f)
print(f"test_oracle: {passed} passed, {len(failures)} failed ({len(cases)} move lists asked of the oracle)")
sys.exit(1 if failures else 0)
