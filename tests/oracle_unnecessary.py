#!/usr/bin/env python3
"""Independent check of the unnecessary-piece rule with the rules oracle.

usage: oracle_unnecessary.py ORACLE_DIR FILE LINE...

ORACLE_DIR is tests/oracle after `npm ci` there (tsshogi).  For each given line
of FILE (a problem `SFEN moves m1 ... mN`), every single attacker piece (one
on the board, or one of a kind in hand) is moved to the defender's hand and
the reduced position is judged by brute force on the oracle's move lists,
every interposition counted (no futility rule):

  sound  <=>  no mate within N-2 plies, the stated line is legal, checks on
              every attacker move and ends in checkmate, every attacker move
              of the line mates against every defence within the plies
              left, at every attacker
              node of the line but the last no other check mates within the
              plies left, and the attacker's hand is empty at the end.

A removal that leaves a sound problem means the piece was unnecessary.
Prints one line per problem: `LINE: removable: PIECE@SQ ...` or `LINE: none`.
Nothing here uses our own move generator or solver.  Practical for 3- and
5-ply problems (it asks the oracle thousands of questions per problem).
"""
import subprocess
import sys

ORACLE, PATH = sys.argv[1], sys.argv[2]
LINES = [int(x) for x in sys.argv[3:]]

proc = subprocess.Popen(["node", "oracle.mjs"], cwd=ORACLE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
cache = {}


def ask(q):
    if q not in cache:
        proc.stdin.write(q + "\n")
        proc.stdin.flush()
        cache[q] = proc.stdout.readline().strip()
    return cache[q]


def pos(s, ms):
    return s + (" moves " + " ".join(ms) if ms else "")


def checks(s, ms):
    r = ask("checks " + pos(s, ms))
    return r.split() if r else []


def moves(s, ms):
    r = ask("moves " + pos(s, ms))
    return r.split() if r else []


def mated(s, ms):
    return ask("status " + pos(s, ms)).startswith("checkmate")


def or_mate(s, ms, d):
    return d >= 1 and any(and_mated(s, ms + [c], d - 1) for c in checks(s, ms))


def and_mated(s, ms, d):
    if mated(s, ms):
        return True
    if d <= 0:
        return False
    return all(or_mate(s, ms + [r], d - 1) for r in moves(s, ms))


ORDER = "RBGSNLP"


def parse_hand(text):
    hand = ({}, {})
    n = 0
    for c in "" if text == "-" else text:
        if c.isdigit():
            n = n * 10 + int(c)
            continue
        side = 0 if c.isupper() else 1
        hand[side][c.upper()] = hand[side].get(c.upper(), 0) + (n or 1)
        n = 0
    return hand


def hand_text(hand):
    out = ""
    for side in (0, 1):
        for p in ORDER:
            k = hand[side].get(p, 0)
            if k:
                out += (str(k) if k > 1 else "") + (p if side == 0 else p.lower())
    return out or "-"


def expand(board):
    rows = []
    for row in board.split("/"):
        cells, i = [], 0
        while i < len(row):
            if row[i].isdigit():
                cells += [""] * int(row[i])
                i += 1
            elif row[i] == "+":
                cells.append(row[i:i + 2])
                i += 2
            else:
                cells.append(row[i])
                i += 1
        rows.append(cells)
    return rows


def compress(rows):
    out = []
    for cells in rows:
        s, e = "", 0
        for c in cells:
            if not c:
                e += 1
                continue
            if e:
                s += str(e)
                e = 0
            s += c
        if e:
            s += str(e)
        out.append(s)
    return "/".join(out)


def reductions(sfen):
    board, side, hand, num = sfen.split()[:4]
    rows = expand(board)
    hands = parse_hand(hand)
    attacker_upper = side == "b"
    for r in range(9):
        for f in range(9):
            c = rows[r][f]
            base = c[-1] if c else ""
            if not c or base.upper() == "K" or base.isupper() != attacker_upper:
                continue
            new_rows = [row[:] for row in rows]
            new_rows[r][f] = ""
            h = ({**hands[0]}, {**hands[1]})
            d = 1 if attacker_upper else 0
            h[d][base.upper()] = h[d].get(base.upper(), 0) + 1
            yield "%s@%d%s" % (c, 9 - f, "abcdefghi"[r]), "%s %s %s %s" % (compress(new_rows), side, hand_text(h), num)
    a = 0 if attacker_upper else 1
    for p in ORDER:
        if hands[a].get(p):
            h = ({**hands[0]}, {**hands[1]})
            h[a][p] -= 1
            h[1 - a][p] = h[1 - a].get(p, 0) + 1
            yield "%s@hand" % p, "%s %s %s %s" % (board, side, hand_text(h), num)


def sound(s, line):
    n = len(line)
    if n >= 3 and or_mate(s, [], n - 2):
        return False
    for k, m in enumerate(line):
        legal = checks(s, line[:k]) if k % 2 == 0 else moves(s, line[:k])
        if m not in legal:
            return False
        if k % 2 == 0 and not and_mated(s, line[:k + 1], n - k - 1):
            return False  # the line's check does not force mate in the plies left
        if k % 2 == 0 and k < n - 1:
            for c in legal:
                if c != m and and_mated(s, line[:k] + [c], n - k - 2):
                    return False
    if not mated(s, line):
        return False
    return not attacker_hand_left(s, line)


def attacker_hand_left(s, line):
    # replay captures and drops on the hand text: the attacker's hand at the end
    board, side, hand, _ = s.split()[:4]
    rows = expand(board)
    hands = parse_hand(hand)
    a = 0 if side == "b" else 1
    for k, m in enumerate(line):
        mover = a if k % 2 == 0 else 1 - a
        if m[1] == "*":
            hands[mover][m[0]] -= 1
            rows["abcdefghi".index(m[3])][9 - int(m[2])] = m[0] if mover == 0 else m[0].lower()
        else:
            tf, tr = 9 - int(m[2]), "abcdefghi".index(m[3])
            ff, fr = 9 - int(m[0]), "abcdefghi".index(m[1])
            cap = rows[tr][tf]
            if cap:
                base = cap[-1].upper()
                hands[mover][base] = hands[mover].get(base, 0) + 1
            piece = rows[fr][ff]
            rows[fr][ff] = ""
            rows[tr][tf] = ("+" + piece) if m.endswith("+") else piece
    return sum(hands[a].values()) > 0


with open(PATH, encoding="utf-8") as f:
    text = f.read().splitlines()
for ln in LINES:
    body = text[ln - 1].split(";")[0].split()
    if text[ln - 1].startswith("#") or "moves" not in body:
        continue
    k = body.index("moves")
    sfen, line = " ".join(body[:4]), body[k + 1:]
    found = [name for name, reduced in reductions(sfen) if sound(reduced, line)]
    print("%d: %s" % (ln, "removable: " + " ".join(found) if found else "none"), flush=True)
proc.stdin.close()
