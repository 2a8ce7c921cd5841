#!/usr/bin/env python3
"""check_manual.py -- doc/hacking.md's file lists against the tree.

Usage: python3 tests/check_manual.py

doc/hacking.md maps the tree in one code block under each of the headings
"### core/", "### core/formats/", "### solver/", "### tools/", each
command's "### tools/NAME/" and "### tests/": a line that does
not start with a blank names a file ("name.c"), a pair ("name.[ch]": name.c
and name.h) or a folder ("kif/"); in tests/ the words test_NAME of the
block name the cmocka programs tests/test_NAME.c.  Every file of those
folders (tests/: the files and folders at its top) must be named, and every
name must be there.  Exits 1 on a difference, naming it.
"""
import os
import re
import sys

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
text = open(os.path.join(TOP, "doc", "hacking.md"), encoding="utf-8").read()
failures = []

lines = text.split("\n")


def block_under(heading):
    """The lines of the first code block after the heading line, or None."""
    try:
        i = lines.index(heading)
    except ValueError:
        return None
    while i < len(lines) and lines[i] != "```":
        i += 1
    j = i + 1
    while j < len(lines) and lines[j] != "```":
        j += 1
    return lines[i + 1:j] if j < len(lines) else None


TOOLS = ("tools", "tools/common", "tools/solve", "tools/verify", "tools/generate", "tools/sheet", "tools/usi",
         "tools/bench", "tools/batch", "tools/convert", "tools/moves")
for folder in ("core", "core/formats", "solver", "solver/verify", "solver/futile") + TOOLS + ("tests",):
    block = block_under(f"### {folder}/")
    if block is None:
        failures.append(f"doc/hacking.md: no code block under '### {folder}/'")
        continue
    named = set()
    for line in block:
        if not line or line[0] in " \t":
            continue
        word = line.split()[0]
        pair = re.fullmatch(r"(.+)\.\[ch\]", word)
        named |= {pair.group(1) + ".c", pair.group(1) + ".h"} if pair else {word}
    if folder == "tests":
        named |= {w + ".c" for w in re.findall(r"\btest_\w+", "\n".join(block))
                  if os.path.exists(os.path.join(TOP, "tests", w + ".c"))}
        named.discard("test_<module>.c")
    root = os.path.join(TOP, folder)
    tree = {e.name + ("/" if e.is_dir() else "") for e in os.scandir(root)
            if not e.name.startswith(".") and e.name != "__pycache__"}
    for f in sorted(tree - named):
        failures.append(f"{folder}/{f} is not in doc/hacking.md's map of {folder}/")
    for f in sorted(named - tree):
        failures.append(f"doc/hacking.md names {folder}/{f}, which is not in the tree")

for f in failures:
    print("FAIL:", f)
print(f"check_manual: {len(failures)} difference(s) between doc/hacking.md and the tree")
sys.exit(1 if failures else 0)
