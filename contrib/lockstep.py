#!/usr/bin/env python3
"""Node overhead of N search threads, measured in lockstep.

    contrib/lockstep.py [--tsume ./tsume] [--threads 2,4,8,16] [--slice 16,64,256]
                        [--hash MB] [--timeout S] PROBLEM-FILE...

Each PROBLEM-FILE line is `NAME<TAB>SFEN` (the classics' .tsv) or a SFEN.
Every problem is solved proven-minimal (`tsume solve`) once on one
thread and then on N threads in lockstep (`--lockstep K`: one thread runs at
a time, K nodes each), for every N and K given.  Lockstep node counts are the
same on any cores, so the ratios are exact for that K; they still vary with
K as the threads' interleaving changes the tree, so the table gives their
geometric mean over the slices.  Prints, per phase (first proof, the
re-searches for a shorter mate, the main line, all), f_s = nodes on N
threads / nodes on one, per problem and as a geometric mean over the
problems; and the speed-up in nodes, S = nodes on one thread / the main
thread's nodes on N (a phase lasts as long as the main thread's share of it,
the threads taking turns: S = N / f_s where the helpers search, 1 / f_s
where they do not).  The real speed-up is S / f_t, f_t the loss in nodes per
second per thread on real cores.  Lengths must not differ.
"""
import argparse, math, re, subprocess, sys

STATS = re.compile(r"nodes (\d+) \(proof (\d+), shorter-mate re-search (\d+), main line (\d+)\)")


def problems(paths):
    for path in paths:
        for line in open(path, encoding="utf-8"):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            f = line.split("\t")
            if len(f) >= 2 and not f[0].startswith("sfen") and "/" not in f[0]:
                yield f[0], f[1]
            else:
                yield f"line{len(line)}", f[0]


def run(args, sfen, threads, k):
    cmd = [args.tsume, "solve", "-q", "--trace", "--hash", str(args.hash),
           "--threads", str(threads)]
    if threads > 1:
        cmd += ["--lockstep", str(k)]
    p = subprocess.run(cmd + [sfen], capture_output=True, text=True, timeout=args.timeout)
    m = STATS.search(p.stdout)
    length = re.search(r"^mate (\d+)", p.stdout, re.M)
    if not m:
        return None
    total, proof, re_search, line = map(int, m.groups())
    helpers = [int(h) for h in re.findall(r"nodes \(helpers (\d+)\)", p.stderr)]
    return {"first": proof, "re": re_search, "line": line, "all": total,
            "main": total - (helpers[-1] if helpers else 0),
            "len": int(length.group(1)) if length else None}


def gmean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tsume", default="./tsume")
    ap.add_argument("--threads", default="2,4,8,16")
    ap.add_argument("--slice", default="16,64,256")
    ap.add_argument("--hash", type=int, default=256)
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    ns = [int(x) for x in args.threads.split(",")]
    ks = [int(x) for x in args.slice.split(",")]
    phases = ["first", "re", "line", "all", "S"]
    table = {n: {ph: [] for ph in phases} for n in ns}
    for name, sfen in problems(args.files):
        base = run(args, sfen, 1, 0)
        if not base:
            print(f"{name}: no result on one thread", file=sys.stderr)
            continue
        row = [f"{name} len {base['len']} nodes {base['first']}/{base['re']}/{base['line']}"]
        for n in ns:
            per = {ph: [] for ph in phases}
            for k in ks:
                r = run(args, sfen, n, k)
                if not r:
                    row.append(f"N={n} K={k}: stopped")
                    continue
                if r["len"] != base["len"]:
                    row.append(f"N={n} K={k}: LENGTH {r['len']} != {base['len']}")
                for ph in phases[:-1]:
                    if base[ph] > 0:
                        per[ph].append(r[ph] / base[ph])
                per["S"].append(base["all"] / r["main"])
            fs = {ph: gmean(per[ph]) for ph in phases}
            for ph in phases:
                if per[ph]:
                    table[n][ph].append(fs[ph])
            row.append(f"N={n}: " + " ".join(f"{ph} {fs[ph]:.2f}" for ph in phases))
        print(" | ".join(row), flush=True)
    print("geometric means of f_s (nodes on N threads / one thread):")
    print("| threads | first proof | re-searches | main line | all | S = speed-up in nodes |")
    print("|---|---|---|---|---|---|")
    for n in ns:
        print(f"| {n} | " + " | ".join(f"{gmean(table[n][ph]):.2f}" for ph in phases) + " |")


if __name__ == "__main__":
    main()
