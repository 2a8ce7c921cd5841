// page.js -- the page's own script: reads the problem (typed, pasted,
// dropped, or ?sfen= in the address), hands it to the Web Worker (tsume in
// WebAssembly, tools/web/worker.js) and shows what tsume says: the verdict,
// the main line in Japanese notation with its positions, the verify line.
// The rules are all tsume's (C); this script only draws what it returns.
'use strict';

var $ = function (id) { return document.getElementById(id); };
var worker = null, workerReady = false, pending = null, running = null;
var positions = [], kifMoves = [], ply = 0, lastProgress = '';

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
      lastProgress = m.text;
      $('progress').textContent = 'searching: ' + m.text;
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
    fail('the search stopped: ' + (e.message || 'out of memory?') + ' (a smaller table may help)');
    worker.terminate();
    makeWorker();
  };
}

// The kind of a pasted text, as a file name tsume reads by its extension.
function nameForText(text) {
  var first = text.split(/\r?\n/).map(function (l) { return l.trim(); })
    .filter(function (l) { return l && l[0] !== '#'; })[0] || '';
  if (/^(position\s+|sfen\s+)/.test(first) || /^startpos\b/.test(first) || (first.split(' ')[0].match(/\//g) || []).length === 8)
    return 'problem.sfen';
  if (/^(V2|P[1-9I]|N[+-]|\$|PI|'|[+-]$)/m.test(text) && !/手数|持駒|先手|後手/.test(text))
    return 'problem.csa';
  return 'problem.kif';
}

// Problem lines: only the first problem of a collection is solved.
function firstProblem(bytes) {
  var text = new TextDecoder().decode(bytes);
  var line = text.split(/\r?\n/).filter(function (l) { return l.trim() && l.trim()[0] !== '#'; })[0] || '';
  return new TextEncoder().encode(line + '\n');
}

function settings() {
  return {futile: $('futile').value, rest: $('rest').checked, time: Math.max(0, Number($('time').value) || 0),
          hash: Math.min(2048, Math.max(1, Math.round(Number($('hash').value) || 128)))};
}

function solveText(text) {
  var s = settings();
  var name = nameForText(text);
  var bytes = new TextEncoder().encode(text.replace(/\s*$/, '') + '\n');
  if (name === 'problem.sfen') bytes = firstProblem(bytes);
  start({name: name, pasted: true, bytes: bytes, futile: s.futile, rest: s.rest, time: s.time, hash: s.hash});
}

async function solveFile(file) {
  var name = file.name.replace(/[^A-Za-z0-9._-]/g, '_') || 'problem';
  var bytes = new Uint8Array(await file.arrayBuffer());
  if (/\.gz$/i.test(name) || (bytes[0] === 0x1f && bytes[1] === 0x8b)) {
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    try {
      bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    } catch (e) {
      fail(file.name + ': not a gzip file that can be read (' + e.message + ')');
      return;
    }
    name = name.replace(/\.gz$/i, '');
  }
  // a KIF or CSA in Shift_JIS: tsume reads it through iconv, which the
  // WebAssembly C library lacks; the browser's decoder makes it UTF-8
  if (/\.(kif|kifu|csa)$/i.test(name)) bytes = new TextEncoder().encode(decodeShown(bytes));
  if (!/\.(kif|kifu|csa)$/i.test(name)) {
    bytes = firstProblem(bytes);
    if (!/\.(sfen|txt)$/i.test(name)) name += '.sfen';
  }
  $('input').value = /\.(kif|kifu|csa)$/i.test(name) ? decodeShown(bytes) : new TextDecoder().decode(bytes).trim();
  var s = settings();
  start({name: name, pasted: false, bytes: bytes, futile: s.futile, rest: s.rest, time: s.time, hash: s.hash});
}

// A KIF in Shift_JIS shown in the text box as it reads.
function decodeShown(bytes) {
  try { return new TextDecoder('utf-8', {fatal: true}).decode(bytes); } catch (e) {}
  try { return new TextDecoder('shift_jis').decode(bytes); } catch (e) { return ''; }
}

function start(job) {
  if (!worker) makeWorker();
  if (!workerReady || running) { pending = job; if (running) stop(); return; }
  running = job;
  job.stopUrl = URL.createObjectURL(new Blob(['searching']));
  lastProgress = '';
  $('messages').hidden = true;
  $('solve').disabled = true;
  $('stop').disabled = false;
  $('progress').textContent = 'searching...';
  document.title = 'solving — tsume';
  worker.postMessage(job);
}

// Stop: the job's blob URL revoked, which the worker reads at each progress
// line (a WebAssembly search cannot be told otherwise without the shared
// memory such pages lack); it ends the search as Ctrl-C ends `tsume solve`,
// on the best line held.  Where the worker cannot read it (a page opened
// from file://), or has not answered within 3 s (its first second, a verify
// check), the worker is ended and made anew: the line it held is lost.
var stopTimer = null;
function stop() {
  if (!running) return;
  var job = running;
  URL.revokeObjectURL(job.stopUrl);
  $('stop').disabled = true;
  $('progress').textContent = 'stopping...';
  clearTimeout(stopTimer);
  stopTimer = setTimeout(function () {
    if (running !== job) return;
    worker.terminate();
    running = null;
    $('solve').disabled = false;
    $('progress').textContent = 'stopped' + (lastProgress ? ' after ' + lastProgress : '') + (job.stopKeepsLine ? ''
      : ' (opened from a file, the page cannot keep the line held: give a time limit, or serve the page)');
    document.title = 'stopped — tsume';
    makeWorker();
    if (pending) { var next = pending; pending = null; start(next); }
  }, job.stopKeepsLine ? 3000 : 0);
}

function fail(text) {
  $('answer').hidden = true;
  $('messages').hidden = false;
  $('messages').textContent = text;
  $('progress').textContent = '';
  document.title = 'error — tsume';
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
    return KANJI[p] + (h[p] > 1 ? (h[p] <= 10 ? digits[h[p]] : '十' + (h[p] === 11 ? '一' : digits[h[p] - 10])) : '');
  }).join('　');
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

function goTo(n, usi) {
  ply = Math.max(0, Math.min(positions.length - 1, n));
  drawBoard(positions[ply], ply > 0 ? usi[ply - 1] : null);
  $('ply').textContent = ply === 0 ? 'start' : ply + ' / ' + (positions.length - 1);
  Array.prototype.forEach.call($('line').children, function (li, i) { li.className = i === ply - 1 ? 'here' : ''; });
}

var REASONS = {time: 'the time limit', nodes: 'the node limit', stopped: 'the Stop button', depth: 'the depth limit',
               memory: 'memory'};

function show(m) {
  var r = m.solve;
  if (!r) {
    fail(m.messages.join('\n') || 'tsume gave no result (exit status ' + m.status + ')');
    return;
  }
  $('answer').hidden = false;
  $('messages').hidden = m.messages.length === 0;
  $('messages').textContent = m.messages.join('\n');
  var verdict, title;
  if (r.result === 'mate') {
    verdict = r.length + '手詰';
    title = verdict;
    $('detail').textContent = r.minimal ? 'mate in ' + r.length + ' plies, proven the shortest (every defence the longest)'
      : 'mate in ' + r.length + ' plies; not proven the shortest' + (r.reason ? ': ' + (REASONS[r.reason] || r.reason) + ' ended the search' : '');
  } else if (r.result === 'nomate') {
    verdict = '不詰';
    title = verdict;
    $('detail').textContent = 'no mate: proven';
  } else {
    verdict = '未解決';
    title = verdict;
    $('detail').textContent = 'unknown: ' + (REASONS[r.reason] || r.reason || 'a limit') + ' ended the search before a mate was found';
  }
  $('verdict').textContent = verdict;
  $('verdict').className = r.result === 'mate' ? '' : 'fail';
  document.title = title + ' — tsume';
  var v = m.verify;
  $('verify').textContent = v ? 'verify: ' + v.text : '';
  $('verify').className = v ? (v.status === 0 ? 'pass' : 'fail') : '';
  kifMoves = r.kif ? r.kif.split(' ') : [];
  var usi = r.usi || [];
  positions = m.positions.length ? m.positions : [r.sfen];
  $('line').innerHTML = '';
  kifMoves.forEach(function (k, i) {
    var li = document.createElement('li');
    li.textContent = k;
    li.onclick = function () { goTo(i + 1, usi); };
    $('line').appendChild(li);
  });
  $('first').onclick = function () { goTo(0, usi); };
  $('prev').onclick = function () { goTo(ply - 1, usi); };
  $('next').onclick = function () { goTo(ply + 1, usi); };
  $('last').onclick = function () { goTo(positions.length - 1, usi); };
  goTo(0, usi);
  $('stats').textContent = r.nodes + ' nodes, ' + r.seconds.toFixed(2) + ' s, ' + Math.round(r.nps).toLocaleString('en') +
    ' nodes/s, rule ' + r.futile;
  // the problem with its stated answer, when it has one: the link verifies it too
  var problem = r.sfen + (r.given && r.given.length ? ' moves ' + r.given.join(' ') : '');
  var link = location.href.split('?')[0].split('#')[0] + '?sfen=' + encodeURIComponent(problem);
  $('share').innerHTML = '';
  var a = document.createElement('a');
  a.href = link;
  a.textContent = 'link to this problem';
  $('share').appendChild(a);
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
