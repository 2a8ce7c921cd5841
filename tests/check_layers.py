#!/usr/bin/env python3
"""check_layers.py -- the #include graph of core/, solver/ and tools/.

A module is a .c file with its .h and its _internal.h (dfpn.c, dfpn.h and
dfpn_internal.h are the module dfpn).  Fails (exit 1, each fault on a line)
when:
  - the modules' graph has a cycle (a module reaching itself through the
    quoted #include lines of its files);
  - a file includes a header of a higher layer (core < solver < tools);
  - a tools/ file includes a solver/ header that is not public (PUBLIC) or
    any *_internal.h of another layer.
Run from the repository root: python3 tests/check_layers.py
"""
import os
import re
import sys

LAYERS = ["core", "solver", "tools"]
# the solver's API: what tools/ may include
PUBLIC = {"dfpn.h", "verify.h"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def module_of(name):
    base = os.path.splitext(name)[0]
    return base[: -len("_internal")] if base.endswith("_internal") else base


def main():
    where = {}  # header file name -> layer
    files = []
    for layer in LAYERS:
        for f in sorted(os.listdir(layer)):
            if f.endswith((".c", ".h")):
                files.append((layer, f))
                if f.endswith(".h"):
                    where[f] = layer
    faults = []
    graph = {}
    for layer, f in files:
        mod = (layer, module_of(f))
        graph.setdefault(mod, set())
        with open(os.path.join(layer, f), encoding="utf-8") as fh:
            text = fh.read()
        for inc in INCLUDE.findall(text):
            if inc not in where:
                continue  # generated (commit.h) or a system header in quotes
            ilayer = where[inc]
            if LAYERS.index(ilayer) > LAYERS.index(layer):
                faults.append(f"{layer}/{f}: includes {ilayer}/{inc}, a higher layer")
            if layer == "tools" and ilayer == "solver" and inc not in PUBLIC:
                faults.append(f"{layer}/{f}: includes solver/{inc}, not a public header ({', '.join(sorted(PUBLIC))})")
            if ilayer != layer and inc.endswith("_internal.h"):
                faults.append(f"{layer}/{f}: includes {ilayer}/{inc}, another layer's internal header")
            target = (ilayer, module_of(inc))
            if target != mod:
                graph[mod].add(target)
    # cycles: depth-first search, each cycle reported once by its members
    seen_cycles = set()
    state = {}
    stack = []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                cyc = stack[stack.index(n):] + [n]
                key = frozenset(cyc)
                if key not in seen_cycles:
                    seen_cycles.add(key)
                    faults.append("cycle: " + " -> ".join(f"{l}/{x}" for l, x in cyc))
            elif n not in state:
                visit(n)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    for f in faults:
        print("check_layers: " + f)
    n_edges = sum(len(v) for v in graph.values())
    print(f"check_layers: {len(graph)} modules, {n_edges} module dependencies, {len(faults)} faults")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
