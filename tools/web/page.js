// page.js -- the page's own script: reads the problem (typed, pasted,
// dropped, or ?sfen= in the address), hands it to the Web Worker (tsume in
// WebAssembly, tools/web/worker.js) and shows what tsume says, in the
// composer's terms: the verdict as the headline and the title, the stated
// line and tsume's line side by side with each flaw on its ply, the board
// at the ply chosen.  The rules and the reading of the problem are all
// tsume's (C); this script only draws what it returns.
'use strict';

var $ = function (id) { return document.getElementById(id); };
var worker = null, workerReady = false, pending = null, running = null;
var lines = {}, shownLine = 'main', ply = 0, lastProgress = null;

function makeWorker() {
  var src = $('worker-src').textContent;
  var url = URL.createObjectURL(new Blob([src], {type: 'text/javascript'}));
  worker = new Worker(url);
  workerReady = false;
  worker.onmessage = function (ev) {
    var m = ev.data;
    if (m.kind === 'ready') {
      workerReady = true;
      if (pending) { var job = pending; pending = null; start(job); }
    } else if (m.kind === 'stop-channel') {
      if (running) running.stopKeepsLine = m.ok;
    } else if (m.kind === 'progress') {
      lastProgress = m;
      $('progress').textContent = progressText(m);
    } else if (m.kind === 'line') {
      if (running) running.best = m;
      $('progress').textContent = progressText(lastProgress);
    } else if (m.kind === 'solved') {
      if (running) running.solved = m;
      $('progress').textContent = '検討中 (checking the stated answer)…';
    } else if (m.kind === 'done') {
      if (running) URL.revokeObjectURL(running.stopUrl);
      running = null;
      clearTimeout(stopTimer);
      $('solve').disabled = false;
      $('stop').disabled = true;
      show(m);
      if (pending) { var next = pending; pending = null; start(next); }
    }
  };
  worker.onerror = function (e) {
    running = null;
    $('solve').disabled = false;
    $('stop').disabled = true;
    fail('探索が止まった (the search stopped): ' + (e.message || 'out of memory?') + ' (a smaller table may help)');
    worker.terminate();
    makeWorker();
  };
}

// The progress line: the seconds, the positions searched, the shortest
// line proven so far.
function progressText(m) {
  var best = running && running.best ? ' — ' + running.best.length + '手の詰手順を得た (a mate in ' + running.best.length +
    ' found)' : '';
  if (!m) return '探索中 (searching)…' + best;
  return '探索中 (searching) ' + m.seconds.toFixed(1) + ' 秒, ' + Math.round(m.nodes).toLocaleString('en') + ' 局面' + best;
}

// The settings, checked: null after a message when one is out of range.
function settings() {
  var time = $('time').value.trim(), hash = $('hash').value.trim();
  if (!/^\d+(\.\d+)?$/.test(time) || Number(time) > 86400) {
    fail('時間 (time limit): seconds, 0 to 86400 (0: no limit), not "' + time + '"');
    return null;
  }
  if (!/^\d+$/.test(hash) || Number(hash) < 1 || Number(hash) > 2048) {
    fail('メモリ (memory): whole megabytes, 1 to 2048, not "' + hash + '"');
    return null;
  }
  return {futile: $('futile').value, rest: $('rest').checked, time: Number(time), hash: Number(hash)};
}

// Pasted text goes to tsume as it is, under a name without an extension:
// tsume tells an SFEN, a problem line, a KIF and a CSA apart by content.
function solveText(text) {
  if (!text.trim()) { fail('問題がない (no problem): paste an SFEN, a KIF or a CSA text, or drop a file'); return; }
  var s = settings();
  if (!s) return;
  start({name: 'problem', pasted: true, bytes: new TextEncoder().encode(text.replace(/\s*$/, '') + '\n'),
         futile: s.futile, rest: s.rest, time: s.time, hash: s.hash});
}

async function solveFile(file) {
  // the file system's name: letters tsume's messages can carry; the user's name shown
  var name = file.name.replace(/[^A-Za-z0-9._-]/g, '_') || 'problem', shown = file.name || 'problem';
  var bytes = new Uint8Array(await file.arrayBuffer());
  if (/\.gz$/i.test(name) || (bytes[0] === 0x1f && bytes[1] === 0x8b)) {
    try {
      bytes = await gunzip(bytes, UNPACKED_MAX);
    } catch (e) {
      $('input').value = '';
      fail(shown + ': ' + e.message);
      return;
    }
    name = name.replace(/\.gz$/i, '');
    shown = shown.replace(/\.gz$/i, '');
  } else if (bytes.length > UNPACKED_MAX) {
    $('input').value = '';
    fail(shown + ': larger than ' + UNPACKED_MAX / 1048576 + ' MB: give the page one problem (tsume verify reads whole collections)');
    return;
  }
  // a file in Shift_JIS (a KIF or CSA of the usual programs): tsume reads it
  // through iconv, which the WebAssembly C library lacks; the browser's
  // decoder makes it UTF-8, whatever the file's name.  tsume tells the kind
  // from the content, and reads the first problem of a collection.
  var text = utf8OrShiftJis(bytes);
  if (text !== null) bytes = new TextEncoder().encode(text);
  $('input').value = text === null ? '' : text.length > 65536 ? text.slice(0, 65536) + '\n…' : text.trim();
  var s = settings();
  if (!s) return;
  start({name: name, shown: shown, pasted: false, bytes: bytes, futile: s.futile, rest: s.rest, time: s.time, hash: s.hash});
}

// The largest file the page takes, unpacked: a problem is a few KB; a
// collection is tsume verify's.
var UNPACKED_MAX = 16 * 1048576;

// The bytes of gzip data, unpacked a piece at a time up to max bytes; an
// Error with the reason otherwise.
async function gunzip(bytes, max) {
  var reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')).getReader(), parts = [], n = 0;
  for (;;) {
    var r;
    try {
      r = await reader.read();
    } catch (e) {
      throw new Error('the gzip data is corrupt or cut short');
    }
    if (r.done) break;
    n += r.value.length;
    if (n > max) {
      reader.cancel();
      throw new Error('larger than ' + max / 1048576 + ' MB unpacked: give the page one problem (tsume verify reads whole collections)');
    }
    parts.push(r.value);
  }
  var out = new Uint8Array(n), at = 0;
  parts.forEach(function (p) { out.set(p, at); at += p.length; });
  return out;
}

// The text of bytes in UTF-8, else in Shift_JIS; null when neither reads
// (binary data: tsume says so).
function utf8OrShiftJis(bytes) {
  try { return new TextDecoder('utf-8', {fatal: true}).decode(bytes); } catch (e) {}
  try { return new TextDecoder('shift_jis', {fatal: true}).decode(bytes); } catch (e) { return null; }
}

function start(job) {
  if (!worker) makeWorker();
  if (!workerReady || running) { pending = job; if (running) stop(); return; }
  running = job;
  job.stopUrl = URL.createObjectURL(new Blob(['searching']));
  lastProgress = null;
  $('messages').hidden = true;
  $('solve').disabled = true;
  $('stop').disabled = false;
  $('progress').textContent = progressText(null);
  document.title = '探索中 — tsume';
  worker.postMessage(job);
}

// Stop: the job's blob URL revoked, which the worker reads at each progress
// report (a WebAssembly search cannot be told otherwise without the shared
// memory such pages lack); the search ends on the best line held, as
// Ctrl-C ends `tsume solve`.  Where the worker cannot read it (a page opened
// from file://), or has not answered within 3 s (during the checks), the
// worker is ended and made anew: the page shows the last line it posted.
var stopTimer = null;
function stop() {
  if (!running) return;
  var job = running;
  URL.revokeObjectURL(job.stopUrl);
  $('stop').disabled = true;
  $('progress').textContent = '停止中 (stopping)…';
  clearTimeout(stopTimer);
  stopTimer = setTimeout(function () {
    if (running !== job) return;
    worker.terminate();
    running = null;
    $('solve').disabled = false;
    show(job.solved ? Object.assign({}, job.solved, {stopped: true, checksStopped: true, messages: []})
                    : {stopped: true, messages: [], best: job.best || null, progress: lastProgress});
    makeWorker();
    if (pending) { var next = pending; pending = null; start(next); }
  }, job.stopKeepsLine ? 3000 : 0);
}

function fail(text) {
  $('answer').hidden = false;
  $('result').hidden = true;
  $('diagram').innerHTML = '';
  $('verdict').textContent = '入力エラー';
  $('verdict-en').textContent = 'bad input';
  $('verdict').className = 'fail';
  $('messages').hidden = false;
  $('messages').textContent = text;
  $('progress').textContent = '';
  document.title = '入力エラー — tsume';
}

var KANJI = {P: '歩', L: '香', N: '桂', S: '銀', G: '金', B: '角', R: '飛', K: '玉',
             '+P': 'と', '+L': '杏', '+N': '圭', '+S': '全', '+B': '馬', '+R': '龍'};
var HAND_ORDER = 'RBGSNLP';
var NUM = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
var ZEN = ['', '１', '２', '３', '４', '５', '６', '７', '８', '９'];

// The board of a SFEN tsume wrote (one it has checked), as squares and hands.
function readSfen(sfen) {
  var f = sfen.split(' '), rows = f[0].split('/'), board = [];
  rows.forEach(function (row) {
    var r = [], promoted = false;
    for (var i = 0; i < row.length; i++) {
      var c = row[i];
      if (c === '+') { promoted = true; continue; }
      if (c >= '1' && c <= '9') { for (var k = 0; k < Number(c); k++) r.push(null); continue; }
      var up = c.toUpperCase();
      r.push({name: KANJI[(promoted ? '+' : '') + up], gote: c !== up});
      promoted = false;
    }
    board.push(r);
  });
  var hands = {b: {}, w: {}}, n = '';
  (f[2] || '-').split('').forEach(function (c) {
    if (c >= '0' && c <= '9') { n += c; return; }
    if (c === '-') return;
    var side = c === c.toUpperCase() ? 'b' : 'w';
    hands[side][c.toUpperCase()] = (hands[side][c.toUpperCase()] || 0) + (n ? Number(n) : 1);
    n = '';
  });
  return {board: board, hands: hands, side: f[1]};
}

function handText(h) {
  var s = HAND_ORDER.split('').filter(function (p) { return h[p]; }).map(function (p) {
    var digits = ['', '', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
    return '<span>' + KANJI[p] + (h[p] > 1 ? (h[p] <= 10 ? digits[h[p]] : '十' + (h[p] === 11 ? '一' : digits[h[p] - 10])) : '') + '</span>';
  }).join(' ');
  return s || 'なし';
}

// The square a USI move lands on ("7g7f", "P*1b"), to mark it.
function usiTo(m) {
  var s = m.replace('+', '');
  return {file: Number(s[s.length - 2]), rank: s.charCodeAt(s.length - 1) - 96};
}

function drawBoard(sfen, usi) {
  var p = readSfen(sfen), to = usi ? usiTo(usi) : null;
  var html = '<p class="hand">後手の持駒：' + handText(p.hands.w) + '</p><table class="board"><tr>';
  for (var f = 9; f >= 1; f--) html += '<th>' + ZEN[f] + '</th>';
  html += '<th></th></tr>';
  p.board.forEach(function (row, r) {
    html += '<tr>';
    row.forEach(function (sq, c) {
      var last = to && to.file === 9 - c && to.rank === r + 1 ? ' last' : '';
      html += sq ? '<td class="' + (sq.gote ? 'gote' : 'sente') + last + '"><span>' + sq.name + '</span></td>'
                 : '<td class="' + last + '"></td>';
    });
    html += '<th>' + NUM[r + 1] + '</th></tr>';
  });
  html += '</table><p class="hand">先手の持駒：' + handText(p.hands.b) + '</p>';
  $('diagram').innerHTML = html;
}

function currentLine() { return lines[shownLine] || lines.main || lines.stated; }

function goTo(n, which) {
  if (which && lines[which]) shownLine = which;
  var l = currentLine();
  if (!l) return;
  ply = Math.max(0, Math.min(l.positions.length - 1, n));
  drawBoard(l.positions[ply], ply > 0 ? l.usi[ply - 1] : null);
  $('ply').textContent = ply === 0 ? '初形 (start)' : ply + '手目 / ' + (l.positions.length - 1);
  ['stated', 'main'].forEach(function (w) {
    Array.prototype.forEach.call($(w + '-line').children, function (li, i) {
      li.className = (li.className.replace(/\bhere\b/, '').trim() + (w === shownLine && i === ply - 1 ? ' here' : '')).trim();
      if (w === shownLine && i === ply - 1) li.scrollIntoView({block: 'nearest'});
    });
  });
  if (ply === 0) ['stated-line', 'main-line'].forEach(function (id) { $(id).scrollTop = 0; });
}

var REASONS = {time: '時間切れ (the time limit)', nodes: '局面数の上限 (the node limit)', stopped: '停止 (Stop)',
               user: '停止 (Stop)', depth: '手数の上限 (the depth limit)', memory: 'メモリ不足 (memory)'};

// verify's verdicts on a stated answer (its stated_verdict), in the
// composer's words and in English: what the headline and the ply's mark say.
var VERDICTS = {longer_defence: ['変長', 'a longer defence'], shorter_mate: ['早詰', 'a shorter mate'],
                leftover_convention: ['2手変長駒余り', 'a defence two plies longer that leaves pieces in hand'],
                futile_convention: ['無駄合の数え違い', 'the line counts a futile interposition'],
                stated_not_mate: ['作意不詰', 'the stated line does not mate'], no_mate: ['不詰', 'a defence escapes']};

// The verdict of verify's JSON v in the composer's words: [Japanese, English].
function flawWords(v) {
  var ja = [], en = [];
  if (v.cooks > 0) { ja.push('余詰あり'); en.push('cook (a second solution)'); }
  var said = VERDICTS[v.stated_verdict];
  if (said) { ja.push(said[0]); en.push(said[1]); }
  else if (v.wrong_length) { ja.push('手数違い'); en.push('wrong length'); }
  if (v.leftover > 0) { ja.push('駒余り'); en.push('pieces left in hand'); }
  if (v.unnecessary > 0) { ja.push('不要駒'); en.push('an unnecessary piece'); }
  if (v.undecided || v.stated_verdict === 'undecided') { ja.push('一部未確定'); en.push('a check undecided'); }
  return [ja, en];
}

// Marks on the plies of a line: {ply: [text, ...]} from verify's JSON, one
// a move: a move that is both a cook and a shorter mate is marked once,
// with the shorter length found.
function flawMarks(v) {
  var found = {};
  function add(ply, kind, move, len, excess) {
    var key = ply + ' ' + move;
    var f = found[key] = found[key] || {ply: ply, kinds: [], move: move, len: null, excess: null};
    if (f.kinds.indexOf(kind) < 0) f.kinds.push(kind);
    if (len != null && (f.len == null || len < f.len)) f.len = len;
    if (excess) f.excess = excess;
  }
  (v.cook_list || []).forEach(function (c) { add(c.ply, '余詰', c.kif || c.move, c.length, null); });
  var said = VERDICTS[v.stated_verdict];
  if (said && v.verdict_ply != null)
    add(v.verdict_ply, said[0], v.verdict_kif || v.verdict_move || '', v.verdict_length || null, v.verdict_excess);
  var marks = {};
  Object.keys(found).forEach(function (k) {
    var f = found[k];
    (marks[f.ply] = marks[f.ply] || []).push(f.kinds.join('・') + (f.move ? ' ' + f.move : '') +
      (f.len != null ? ' ' + f.len + '手' : '') + (f.excess ? ' (' + f.excess + '手長い)' : ''));
  });
  if (v.leftover > 0 && v.usi && v.usi.length) (marks[v.usi.length] = marks[v.usi.length] || []).push('駒余り');
  return marks;
}

function fillLine(which, line, marks) {
  var ol = $(which + '-line');
  ol.innerHTML = '';
  lines[which] = line;
  $(which + '-col').hidden = !line;
  if (!line) return;
  line.kif.forEach(function (k, i) {
    var li = document.createElement('li');
    li.textContent = k;
    (marks[i + 1] || []).forEach(function (t) {
      var b = document.createElement('span');
      b.className = 'flaw';
      b.textContent = t;
      li.appendChild(b);
      li.classList.add('flawed');
    });
    li.onclick = function () { goTo(i + 1, which); };
    ol.appendChild(li);
  });
}

function squareName(sq) {
  var ZEN = ['', '１', '２', '３', '４', '５', '６', '７', '８', '９'], NUM = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
  return ZEN[Number(sq[0])] + NUM[sq.charCodeAt(1) - 96];
}

function show(m) {
  var r = m.solve || null, v = m.verify ? m.verify.json : null;
  $('messages').hidden = !(m.messages && m.messages.length);
  $('messages').textContent = (m.messages || []).join('\n');
  if (!r && !m.best && !m.stopped) { fail((m.messages || []).join('\n') || 'tsume gave no result (exit status ' + m.status + ')'); return; }
  $('answer').hidden = false;
  $('result').hidden = false;
  var ja, en, detail, cls = 'fail';
  var stoppedEarly = m.stopped && (!r || r.result !== 'mate' || !r.minimal);
  if (!r) {
    // the worker was ended: what it had posted
    ja = '未確定'; en = m.best ? 'not settled: a mate in ' + m.best.length + ', not proven the shortest (stopped)' : 'not settled: stopped';
    detail = m.best ? m.best.length + '手の詰手順を得た。最短かは未証明: ' + REASONS.user
                    : '詰手順を得ないまま停止 (stopped before a mate was found)';
    var p = m.progress || {};
    r = m.best ? {result: 'mate', sfen: m.best.positions[0], usi: m.best.usi, nodes: p.nodes, seconds: p.seconds || 0,
                  futile: $('futile').value} : null;
  } else if (r.result === 'mate' && r.minimal) {
    ja = r.length + '手詰';
    en = 'mate in ' + r.length + ', proven the shortest';
    detail = '最短を証明、玉方は最長の応手 (every defence the longest)';
    cls = '';
    if (v) {
      var w = flawWords(v);
      if (m.verify.status === 0) { ja += ' — 完全作'; en += '; verify: sound (no cook, no longer defence, nothing left in hand)'; }
      else if (w[0].length) { ja += ' — ' + w[0].join('・'); en += '; verify: ' + w[1].join(', '); cls = 'fail'; }
      else { ja += ' — 不完全'; en += '; verify: FAIL'; cls = 'fail'; }
    } else if (m.checksStopped) {
      ja += ' — 検討未了';
      en += '; the checks of the stated answer were stopped';
    }
  } else if (r.result === 'mate') {
    ja = '未確定';
    en = 'not settled: a mate in ' + r.length + ', not proven the shortest';
    detail = r.length + '手の詰手順を得た。最短かは未証明' + (r.reason ? ': ' + (REASONS[r.reason] || r.reason) : '');
  } else if (r.result === 'nomate') {
    ja = '不詰'; en = 'no mate (proven)'; detail = '詰まないことを証明';
  } else {
    ja = '未確定'; en = 'not settled: no mate found within the limits';
    detail = '詰手順を得ないまま探索が終わった: ' + (REASONS[r.reason] || r.reason || 'a limit');
  }
  if (stoppedEarly && !/停止/.test(detail)) detail += ' (停止)';
  $('verdict').textContent = ja;
  $('verdict-en').textContent = en;
  $('verdict').className = cls;
  $('detail').textContent = detail || '';
  document.title = ja + ' — tsume';
  $('verify').textContent = m.verify ? '検討 (verify): ' + m.verify.text : '';
  $('verify').className = m.verify ? (m.verify.status === 0 ? 'pass' : 'fail') : '';

  // the lines: the stated one (作意) and tsume's, each flaw on the ply of the line it names
  var marks = v ? flawMarks(v) : {};
  // with a stated line, verify judges it: its plies are the stated line's
  var onStated = !!m.stated;
  var mainLine = m.main || (m.best ? {usi: m.best.usi, kif: m.best.kif, positions: m.best.positions} : null);
  if (!mainLine && r && r.sfen) mainLine = {usi: [], kif: [], positions: [r.sfen]};
  fillLine('stated', m.stated || null, onStated ? marks : {});
  fillLine('main', mainLine, onStated ? {} : marks);
  $('main-title').textContent = m.stated ? '解 (tsume\'s line)' : '手順 (main line)';
  if (m.stated && !(mainLine && mainLine.usi.length)) $('main-col').hidden = true;
  var moves = mainLine && mainLine.usi.length;
  $('steps').hidden = !moves && !m.stated;
  // the line ends in check with futile replies only: said as tsume solve says it
  if (r && r.futile_end > 0) {
    var n = r.futile_end, sq = (r.futile_end_squares || []).map(squareName).join('・');
    $('futile-end').textContent = '最終手は王手のまま: 残る' + n + '通りの合駒' + (sq ? ' (' + sq + ')' : '') + 'は' + r.futile +
      ' の規則で無駄合 — the line ends in check: ' + n + ' interposition' + (n > 1 ? 's' : '') + ' left to the defender' +
      (sq ? ', on ' + sq : '') + ', futile under ' + r.futile + ' (無駄合)';
  } else {
    $('futile-end').textContent = '';
  }
  shownLine = mainLine ? 'main' : 'stated';
  goTo(0);
  $('stats').textContent = r && r.nodes != null ? Math.round(r.nodes).toLocaleString('en') + ' 局面 (positions), ' + r.seconds.toFixed(2) +
    ' 秒, 無駄合の規則 ' + r.futile + (r.hashfull != null ? ', 表の使用 ' + (r.hashfull / 10).toFixed(1) + '%' : '') : '';
  // the problem with its stated answer, when it has one: the link verifies it too
  $('share').innerHTML = '';
  if (r && r.sfen) {
    var problem = r.sfen + (r.given && r.given.length ? ' moves ' + r.given.join(' ') : '');
    var a = document.createElement('a');
    a.href = location.href.split('?')[0].split('#')[0] + '?sfen=' + encodeURIComponent(problem);
    a.textContent = 'この問題へのリンク (link to this problem)';
    $('share').appendChild(a);
  }
  $('progress').textContent = '';
}

// ?sfen=... (the "+" of a promoted piece kept: decodeURIComponent, not URLSearchParams)
function sfenFromAddress() {
  var q = location.search.replace(/^\?/, '').split('&');
  for (var i = 0; i < q.length; i++)
    if (q[i].indexOf('sfen=') === 0) {
      try { return decodeURIComponent(q[i].slice(5)); } catch (e) { return q[i].slice(5); }
    }
  return null;
}

$('solve').onclick = function () { solveText($('input').value); };
$('stop').onclick = stop;
$('first').onclick = function () { goTo(0); };
$('prev').onclick = function () { goTo(ply - 1); };
$('next').onclick = function () { goTo(ply + 1); };
$('last').onclick = function () { var l = currentLine(); if (l) goTo(l.positions.length - 1); };
// arrow keys step through the line shown (not while typing in a field)
document.addEventListener('keydown', function (e) {
  if (/^(TEXTAREA|INPUT|SELECT)$/.test(e.target.tagName) || $('answer').hidden || !currentLine()) return;
  var l = currentLine(), to = {ArrowRight: ply + 1, ArrowLeft: ply - 1, Home: 0, End: l.positions.length - 1,
                                ArrowDown: ply + 1, ArrowUp: ply - 1}[e.key];
  if (to === undefined) return;
  e.preventDefault();
  goTo(to);
});
$('file').onchange = function () { if (this.files[0]) solveFile(this.files[0]); };
['dragenter', 'dragover'].forEach(function (t) {
  document.addEventListener(t, function (e) { e.preventDefault(); $('ask').className = 'drop'; });
});
document.addEventListener('dragleave', function () { $('ask').className = ''; });
document.addEventListener('drop', function (e) {
  e.preventDefault();
  $('ask').className = '';
  if (e.dataTransfer.files[0]) solveFile(e.dataTransfer.files[0]);
  else if (e.dataTransfer.getData('text')) { $('input').value = e.dataTransfer.getData('text'); solveText($('input').value); }
});
makeWorker();
var asked = sfenFromAddress();
if (asked) {
  $('input').value = asked;
  solveText(asked);
}
