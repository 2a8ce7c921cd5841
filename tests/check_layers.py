#!/usr/bin/env python3
"""check_layers.py -- the #include graph of core/, core/formats/, solver/ and tools/.

A module is a .c file with its .h and its _internal.h (dfpn.c, dfpn.h and
dfpn_internal.h are the module dfpn).  A module depends on another when one
of its files includes the other's header, or when its .c calls a function
that the other's .c defines: the second kind finds the dependencies that a
shared header hides (two .c files whose prototypes are in one header that
both include call each other in a circle the #include lines cannot show).
Fails (exit 1, each fault on a line) when:
  - the modules' graph has a cycle (a module reaching itself through its
    #include lines or its calls);
  - a file includes a header of a layer that is not below its own (core <
    core/formats < tools and core < solver < tools: the formats and the
    search know nothing of each other);
  - a .c file calls a function defined in such a layer;
  - a solver/verify*.[ch] file includes a solver header other than dfpn.h
    and verify's own (verify sits on the search's public interface);
  - a tools/ file includes a solver/ header that is not public (PUBLIC) or
    any *_internal.h of another layer.
It first checks itself on a small tree with such a hidden circle.
Run from the repository root: python3 tests/check_layers.py
"""
import os
import re
import sys
import tempfile

# each layer and the layers it may include: the rules at the bottom, the file
# formats and the search each on the rules alone, the tools on all
LAYERS = {
    "core": {"core"},
    "core/formats": {"core", "core/formats"},
    "solver": {"core", "solver"},
    "tools": {"core", "core/formats", "solver", "tools"},
}
# files that stand in for a system library in one build, not code of ours
# (the page's zlib: its functions are zlib's names)
STAND_INS = {"tools/web/nozlib.c"}
# the solver's API: what tools/ may include
PUBLIC = {"dfpn.h", "verify.h", "multipv.h", "futile_end.h"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# a function definition in a .c file: at column 0, not static, a name and "("
# on a line that does not end a prototype with ";"
DEFINITION = re.compile(r"^(?!static\b|typedef\b|extern\b)[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\([^;]*$", re.M)
CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
# string and character literals, comments: read left to right, so that "/*"
# in a string is not a comment and a quote in a comment is not a string
NOT_CODE = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|/\*.*?\*/|//[^\n]*', re.S)


def code_of(text):
    """The text without comments and string or character literals."""
    return NOT_CODE.sub(lambda m: '""' if m.group(0)[0] in "\"'" else " ", text)


def module_of(name):
    base = os.path.splitext(os.path.basename(name))[0]
    return base[: -len("_internal")] if base.endswith("_internal") else base


def check(root):
    """The faults of the tree at root, and the size of its module graph."""
    where = {}  # header file name -> layer
    files = []
    for layer in LAYERS:
        # a layer's files, its subfolders' too (tools/solve/, solver/verify/
        # ...), but not a folder that is a layer of its own (core/formats/)
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, layer)):
            rel = os.path.relpath(dirpath, root).replace(os.sep, "/")
            dirnames[:] = sorted(d for d in dirnames if f"{rel}/{d}" not in LAYERS)
            for name in sorted(filenames):
                if f"{rel}/{name}" in STAND_INS:
                    continue
                if name.endswith((".c", ".h")):
                    f = os.path.relpath(os.path.join(dirpath, name), os.path.join(root, layer)).replace(os.sep, "/")
                    files.append((layer, f))
                    if name.endswith(".h"):
                        where[name] = layer
    faults = []
    graph = {}
    code = {}
    defined = {}  # function name -> the module whose .c defines it
    for layer, f in files:
        with open(os.path.join(root, layer, f), encoding="utf-8") as fh:
            code[(layer, f)] = code_of(fh.read())
        if f.endswith(".c"):
            for name in DEFINITION.findall(code[(layer, f)]):
                defined.setdefault(name, (layer, module_of(f)))
    for layer, f in files:
        mod = (layer, module_of(f))
        graph.setdefault(mod, set())
        with open(os.path.join(root, layer, f), encoding="utf-8") as fh:
            text = fh.read()
        for inc in INCLUDE.findall(text):
            if inc not in where:
                continue  # generated (commit.h) or a system header in quotes
            ilayer = where[inc]
            if ilayer not in LAYERS[layer]:
                faults.append(f"{layer}/{f}: includes {ilayer}/{inc}, not a layer below it")
            if layer == "solver" and os.path.basename(f).startswith("verify") and ilayer == "solver" and \
                    inc != "dfpn.h" and not inc.startswith("verify"):
                faults.append(f"{layer}/{f}: includes solver/{inc}: verify is built on dfpn.h alone")
            if layer == "tools" and ilayer == "solver" and inc not in PUBLIC:
                faults.append(f"{layer}/{f}: includes solver/{inc}, not a public header ({', '.join(sorted(PUBLIC))})")
            if ilayer != layer and inc.endswith("_internal.h"):
                faults.append(f"{layer}/{f}: includes {ilayer}/{inc}, another layer's internal header")
            target = (ilayer, module_of(inc))
            if target != mod:
                graph[mod].add(target)
        if f.endswith(".c"):
            for name in set(CALL.findall(code[(layer, f)])):
                target = defined.get(name)
                if target and target != mod:
                    graph[mod].add(target)
                    if target[0] not in LAYERS[layer]:
                        faults.append(f"{layer}/{f}: calls {name} of {target[0]}/{target[1]}.c, not a layer below it")
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
    return faults, len(graph), sum(len(v) for v in graph.values())


def self_test():
    """A circle hidden behind a shared header must be found: a.c calls b(),
    b.c calls a(), both prototypes in ab_shared.h, which includes nothing."""
    files = {
        "ab_shared.h": "int a(void);\nint b(void);\n",
        "a.c": '#include "ab_shared.h"\nint a(void)\n{\n\treturn b(); /* c() */\n}\n',
        "b.c": '#include "ab_shared.h"\nint b(void)\n{\n\treturn a() + \'(\';\n}\n',
        "c.c": 'static const char *s = "a(";\nint c(void)\n{\n\treturn 0;\n}\n',
    }
    with tempfile.TemporaryDirectory() as root:
        for layer in LAYERS:
            os.mkdir(os.path.join(root, layer))
        for name, text in files.items():
            with open(os.path.join(root, "core", name), "w", encoding="utf-8") as fh:
                fh.write(text)
        faults, _, _ = check(root)
    want = ["cycle: core/a -> core/b -> core/a"]
    return [] if faults == want else [f"self-test: {faults}, not {want}"]


def main():
    faults = self_test()
    more, n_modules, n_edges = check(".")
    faults += more
    for f in faults:
        print("check_layers: " + f)
    print(f"check_layers: {n_modules} modules, {n_edges} module dependencies, {len(faults)} faults")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
