#!/usr/bin/env node
// kif_check.mjs -- a KIF kifu written by `tsume solve --format kif`, checked from
// outside with two KIF readers of shogi GUIs: tsshogi's importKIF (ShogiHome) and
// json-kifu-format (Kifu for JS), and against `tsume solve --format json`.
//
// usage: node kif_check.mjs TSUME FILE.kif [--variations N] [--dom DOM.html]
//
//  - tsshogi reads the file without error; its initial position is the position
//    `tsume solve --format json` solves (SFEN of tsshogi's diagram, solved again
//    under the futile rule the kifu's "# futile rule:" line names);
//  - its main line (first moves) in USI is that solve's `usi`, then 詰み;
//  - the variations: one level only (no branch inside a branch), each at a
//    defender move of the main line, its first move another legal evasion there,
//    at most N a move, the longest first; each line legal by tsshogi's rules
//    (Position.isValidMove), every attacker move a check, ending in 詰み with the
//    defender in check and no legal reply but drops (a futile interposition is
//    all the futile rule leaves); its mate proven minimal by a fresh
//    `tsume solve --format json` of the position after the defence (equal
//    length; at most that length for a branch marked "read from the search
//    table"), and no longer than the main line's rest;
//  - completeness: every legal evasion at a defender move of the main line is
//    the main move, a variation, named in a "tsume:" comment there (parsed by
//    tsshogi's KI2 move reader), or a drop (a futile interposition);
//  - json-kifu-format (Kifu for JS's reader) gives the same main line and the
//    same variations at the same moves, in the same order;
//  - --dom: the DOM of Kifu for JS rendering the file (chromium --dump-dom):
//    its move list shows each main-line move in the JSA text of the solve's
//    `kif` (▲/△ as ☗/☖) and, at each move, as many variations as tsshogi read.
// Prints one line per failure and a summary; exits 1 on any failure.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as ts from 'tsshogi';

const require = createRequire(import.meta.url);
const { JKFPlayer } = require('json-kifu-format');

const args = process.argv.slice(2);
const [tsume, kifPath] = args;
let cap = 8;
let domPath = null;
for (let i = 2; i < args.length; i++) {
  if (args[i] === '--variations') cap = Number(args[++i]);
  else if (args[i] === '--dom') domPath = args[++i];
}
if (!tsume || !kifPath) {
  console.error('usage: node kif_check.mjs TSUME FILE.kif [--variations N] [--dom DOM.html]');
  process.exit(2);
}

let failures = 0;
let checks = 0;
const fail = (what) => {
  failures++;
  console.log(`FAIL: ${kifPath}: ${what}`);
};
const check = (ok, what) => {
  checks++;
  if (!ok) fail(what);
  return ok;
};

// tsume solve --format json under the kifu's futile rule (its header says which;
// exit 0 mate, 1 nomate, 3 unknown: not errors here; a refused problem gives
// a result that fails every comparison)
let rule = 'nogain';
function solve(problem) {
  let out;
  try {
    out = execFileSync(tsume, ['solve', '--threads', '1', '--futile', rule, '--format', 'json', problem], { encoding: 'utf8' });
  } catch (e) {
    out = e.stdout;
  }
  try {
    return JSON.parse(out);
  } catch {
    return { result: `no answer (${problem})`, usi: [], sfen: '' };
  }
}

// Legal moves by tsshogi's rules (it has no generator: every candidate tried).
function legal(p) {
  const out = [];
  for (const from of ts.Square.all) {
    const pc = p.board.at(from);
    if (!pc || pc.color !== p.color) continue;
    for (const to of ts.Square.all) {
      if (to.equals(from)) continue;
      const m = p.createMove(from, to);
      if (m && p.isValidMove(m)) out.push(m);
      const mp = m && m.withPromote();
      if (mp && p.isValidMove(mp)) out.push(mp);
    }
  }
  for (const type of ts.handPieceTypes) {
    if (p.hand(p.color).count(type) === 0) continue;
    for (const to of ts.Square.all) {
      const m = p.createMove(type, to);
      if (m && p.isValidMove(m)) out.push(m);
    }
  }
  return out;
}

const isDrop = (m) => !(m.from instanceof ts.Square);

// Plays a line (nodes) from a copy of pos; checks legality, checks and the end.
function checkLine(start, nodes, what) {
  const p = start.clone();
  const attacker = record.initialPosition.color;
  for (const n of nodes) {
    if (!(n.move instanceof ts.Move)) {
      check(n === nodes[nodes.length - 1] && n.move.type === ts.SpecialMoveType.MATE, `${what}: ends in ${n.move.type}, not 詰み`);
      break;
    }
    const m = p.createMoveByUSI(n.move.usi);
    if (!check(m && p.isValidMove(m), `${what}: move ${n.ply} ${n.move.usi} is not legal`)) return;
    const mover = p.color;
    p.doMove(m);
    if (mover === attacker) check(p.checked, `${what}: attacker move ${n.ply} ${n.move.usi} gives no check`);
  }
  const last = nodes[nodes.length - 1];
  if (last && !(last.move instanceof ts.Move)) {
    const replies = legal(p);
    check(p.checked && replies.every(isDrop), `${what}: the end is not mate (in check ${p.checked}, ${replies.filter((m) => !isDrop(m)).length} replies that are not drops)`);
  }
}

const lineOf = (node) => {
  const nodes = [];
  for (let n = node; n; n = n.next) nodes.push(n);
  return nodes;
};
const usiOf = (nodes) => nodes.filter((n) => n.move instanceof ts.Move).map((n) => n.move.usi);

// ---- tsshogi ----
const text = readFileSync(kifPath, 'utf8');
rule = text.match(/^# futile rule: (\w+)$/m)?.[1] ?? rule;
const record = ts.importKIF(text);
if (record instanceof Error) {
  fail(`tsshogi importKIF: ${record.message}`);
  process.exit(1);
}
const initial = record.initialPosition.sfen;
const json = solve(initial);
check(ts.Position.newBySFEN(json.sfen)?.sfen === initial, `initial position ${initial}, tsume solved ${json.sfen}`);
const main = lineOf(record.first.next);
const mainUsi = usiOf(main);
check(mainUsi.join(' ') === json.usi.join(' '), `main line ${mainUsi.join(' ')}, tsume solve --format json says ${json.usi.join(' ')}`);
if (json.result === 'mate') checkLine(record.initialPosition, main, 'main line');
else check(main.length === 0, `${json.result}: the kifu has ${main.length} moves`);

// ---- variations ----
const branches = []; // {ply, usi: [...], exact}
const pos = record.initialPosition.clone();
const comments = (n) => n.comment.split('\n').filter((c) => c.startsWith('tsume:'));
for (let i = 0; i < main.length && main[i].move instanceof ts.Move; i++) {
  const node = main[i];
  const here = [];
  for (let b = node.branch; b; b = b.branch) {
    const nodes = lineOf(b);
    const usi = usiOf(nodes);
    const what = `variation at move ${node.ply} (${usi.join(' ')})`;
    for (const n of nodes.slice(1)) check(!n.branch, `${what}: a branch inside a variation at move ${n.ply}`);
    check(node.ply % 2 === 0, `${what}: not at a defender move`);
    checkLine(pos, nodes, what);
    const exact = !/read from the search table/.test(b.comment);
    const sub = solve(`${initial} moves ${[...mainUsi.slice(0, i), usi[0]].join(' ')}`);
    const len = usi.length - 1;
    if (check(sub.result === 'mate', `${what}: tsume solve of the position after ${usi[0]} says ${sub.result}`)) {
      if (exact) check(sub.length === len, `${what}: its mate is ${len} plies, the shortest is ${sub.length}`);
      else check(sub.length <= len, `${what}: ${len} plies, shorter than the shortest mate ${sub.length}`);
    }
    check(usi.length <= mainUsi.length - i, `${what}: lasts ${usi.length} plies, the main line ${mainUsi.length - i}`);
    here.push({ ply: node.ply, usi, len });
  }
  check(here.length <= cap, `move ${node.ply}: ${here.length} variations, more than --variations ${cap}`);
  for (let k = 1; k < here.length; k++) check(here[k - 1].len >= here[k].len, `move ${node.ply}: variations not longest first`);
  if (node.ply % 2 === 0) {
    // every evasion accounted for
    const evasions = legal(pos).map((m) => m.usi);
    const written = new Set([node.move.usi, ...here.map((b) => b.usi[0])]);
    check(written.size === here.length + 1, `move ${node.ply}: a variation repeats a move`);
    for (const u of written) check(evasions.includes(u), `move ${node.ply}: ${u} is not a legal evasion`);
    const named = new Set();
    for (const c of comments(node)) {
      const list = c.match(/: ([▲△].*)$/);
      for (const tok of list ? list[1].split(/\s+/).filter(Boolean) : []) {
        const [moves, e] = ts.parseMoves(pos, tok);
        if (check(!e && moves.length === 1, `move ${node.ply}: comment names '${tok}', not a move`)) named.add(moves[0].usi);
      }
    }
    for (const u of evasions) {
      if (written.has(u) || named.has(u)) continue;
      check(u.includes('*'), `move ${node.ply}: the evasion ${u} is neither a variation, named in a comment, nor a drop`);
    }
  }
  branches.push(...here);
  const mv = pos.createMoveByUSI(node.move.usi);
  if (!mv || !pos.doMove(mv)) break; // illegal: reported by checkLine
}

// ---- json-kifu-format (Kifu for JS) ----
const PIECE_USI = { FU: 'P', KY: 'L', KE: 'N', GI: 'S', KI: 'G', KA: 'B', HI: 'R' };
const sq = (s) => `${s.x}${String.fromCharCode(96 + s.y)}`;
const jkfUsi = (m) => (m.from ? `${sq(m.from)}${sq(m.to)}${m.promote ? '+' : ''}` : `${PIECE_USI[m.piece]}*${sq(m.to)}`);
let jkf;
try {
  jkf = JKFPlayer.parseKIF(text).kifu;
} catch (e) {
  fail(`json-kifu-format parseKIF: ${e.message ?? e}`);
}
if (jkf) {
  const jmain = jkf.moves.slice(1).filter((x) => x.move).map((x) => jkfUsi(x.move));
  check(jmain.join(' ') === mainUsi.join(' '), `json-kifu-format main line ${jmain.join(' ')}`);
  const jforks = [];
  jkf.moves.forEach((x, ply) => {
    for (const f of x.forks ?? []) {
      for (const y of f) check(!y.forks, `json-kifu-format: a branch inside the variation at move ${ply}`);
      jforks.push({ ply, usi: f.filter((y) => y.move).map((y) => jkfUsi(y.move)) });
    }
  });
  const show = (bs) => bs.map((b) => `${b.ply}:${b.usi.join(' ')}`).join(' | ');
  check(show(jforks) === show(branches), `json-kifu-format variations ${show(jforks)}, tsshogi ${show(branches)}`);
  check(json.result !== 'mate' || jkf.moves[jkf.moves.length - 1].special === 'TSUMI', 'json-kifu-format: the main line does not end in TSUMI');
}

// ---- Kifu for JS in Chromium ----
if (domPath) {
  const dom = readFileSync(domPath, 'utf8');
  const shown = dom.slice(Math.max(0, dom.indexOf('<ins')));
  const rows = [...shown.matchAll(/role="option"[^>]*>(?:<span[^>]*>[^<]*<\/span>){2}([^<]*)<\/div>/g)].map((r) => r[1].trim());
  const jsa = json.kif ? json.kif.split(' ').map((s) => s.replace('▲', '☗').replace('△', '☖')) : [];
  check(rows.length === jsa.length + 2 || (jsa.length === 0 && rows.length >= 1), `Kifu for JS shows ${rows.length} rows, want ${jsa.length} moves between the start and the end`);
  jsa.forEach((want, i) => {
    const row = (rows[i + 1] ?? '').split(/\s+(?=[☗☖])/);
    const forks = branches.filter((b) => b.ply === i + 1).length;
    check(row[0] === want, `Kifu for JS row ${i + 1} is '${rows[i + 1]}', want '${want}'`);
    check(row.length - 1 === forks, `Kifu for JS row ${i + 1} shows ${row.length - 1} variations, tsshogi read ${forks}`);
  });
}

console.log(`kif_check: ${kifPath}: ${main.length ? mainUsi.length : 0} moves, ${branches.length} variations, ${checks} checks, ${failures} failed`);
process.exit(failures ? 1 : 0);
