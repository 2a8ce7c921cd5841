#!/usr/bin/env python3
"""check_tests.py -- every module of core/, core/formats/ and solver/ has its tests.

Usage: python3 tests/check_tests.py

A module is a .c file (with its .h).  Its tests are tests/test_MODULE.c, or a
named cmocka group in any tests/test_*.c: cmocka_run_group_tests_name("MODULE",
...), whose tests exercise that module.  Exits 1 naming each module without
either, and each group named for a module that does not exist.
"""
import glob
import os
import re
import sys

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
modules = set()
for folder in ("core", "core/formats", "solver", "solver/verify", "solver/futile"):
    modules |= {os.path.splitext(os.path.basename(f))[0] for f in glob.glob(os.path.join(TOP, folder, "*.c"))}
files = {os.path.splitext(os.path.basename(f))[0][len("test_"):] for f in glob.glob(os.path.join(TOP, "tests", "test_*.c"))}
groups = set()
for f in glob.glob(os.path.join(TOP, "tests", "test_*.c")):
    groups |= set(re.findall(r'cmocka_run_group_tests_name\(\s*"(\w+)"', open(f, encoding="utf-8").read()))
failures = [f"{m}: no tests/test_{m}.c and no cmocka group named \"{m}\"" for m in sorted(modules - files - groups)]
tested = len(modules & (files | groups))
for f in failures:
    print("FAIL:", f)
print(f"check_tests: {tested} of {len(modules)} modules of core/ and solver/ have tests named for them")
sys.exit(1 if failures else 0)
