// worker.js -- the Web Worker of the page (after emscripten's output): one
// problem at a time, {name, bytes, futile, time, hash} in, its results out.
// The problem is written to the in-memory file system and read by tsume's
// own readers (problem lines, KIF, CSA); solve and verify write their JSON
// and text lines to files read back here (tools/web/web.c).

// stderr: a line the search rewrites ("\r...\x1b[K") is progress, sent at
// once; a line ended by "\n" is a message.
var tsumeErr = [];
function tsumeErrFlush(progress) {
  var text = new TextDecoder().decode(new Uint8Array(tsumeErr)).replace(/\x1b\[K/g, '');
  tsumeErr = [];
  if (progress) {
    if (text.trim()) postMessage({kind: 'progress', text: text.trim()});
  } else if (text.trim()) {
    tsumeMessages.push(text);
  }
}
// Stop: the page revokes the blob URL it gave with the job; the worker,
// busy in the search, reads it synchronously at each progress line (about
// every 100 ms after the first second) and, once it is gone, stops the
// search as Ctrl-C would (web_stop): the result keeps the best line held.
// A page opened from file:// cannot read a blob URL from its worker: the
// first read, before the search, tells, and the page then ends the worker.
var stopUrl = null, stopAsked = false;
function stopUrlReadable() {
  try {
    var x = new XMLHttpRequest();
    x.open('GET', stopUrl, false);
    x.send();
    return x.status === 200;
  } catch (e) {
    return false;
  }
}
function tsumeCheckStop() {
  if (!stopUrl || stopAsked || stopUrlReadable()) return;
  stopAsked = true;
  Module._web_stop();
}

function tsumeHookStderr() {
  var ops = TTY.default_tty1_ops;
  ops.put_char = function (tty, val) {
    if (val === 13) { tsumeErrFlush(true); tsumeCheckStop(); }
    else if (val === 10 || val === null) tsumeErrFlush(false);
    else tsumeErr.push(val);
  };
  ops.fsync = function () {};
}

function tsumeReady() {
  tsumeHookStderr();
  try { FS.mkdir('/in'); } catch (e) {}
  try { FS.mkdir('/out'); } catch (e) {}
  postMessage({kind: 'ready'});
}

function readLines(path) {
  try {
    return FS.readFile(path, {encoding: 'utf8'}).split('\n').filter(function (l) { return l.length > 0; });
  } catch (e) {
    return [];
  }
}

function unlinkAll(dir) {
  FS.readdir(dir).forEach(function (f) {
    if (f !== '.' && f !== '..') FS.unlink(dir + '/' + f);
  });
}

// A message or verify line about pasted text: the name the page gave the
// text is not the user's -- a problem line's "problem.sfen:1: " goes, a
// KIF's or CSA's "problem.kif:6: " becomes "line 6: "; the command line's
// --rest is the page's 残り全部 box.
function pastedText(job, text) {
  text = text.split("use --rest to give them to the defender").join("tick 残り全部 to give them to the defender");
  if (!job.pasted) return text;
  return text.replace(/problem\.sfen:\d+: /g, '').replace(/problem\.(kif|csa):(\d+): /g, 'line $2: ')
             .replace(/problem\.(sfen|kif|csa): /g, '');
}

onmessage = function (ev) {
  var job = ev.data;
  unlinkAll('/in');
  unlinkAll('/out');
  tsumeMessages = [];
  stopUrl = job.stopUrl || null;
  stopAsked = false;
  if (stopUrl && !stopUrlReadable()) stopUrl = null;
  postMessage({kind: 'stop-channel', ok: stopUrl !== null});
  var path = '/in/' + job.name;
  FS.writeFile(path, job.bytes);
  var t0 = performance.now();
  var status = Module.ccall('web_solve', 'number', ['string', 'string', 'string', 'number', 'number', 'number'],
                            [path, '/out/solve.json', job.futile, job.time, job.hash, job.rest ? 1 : 0]);
  var solveMs = performance.now() - t0;
  tsumeErrFlush(false);
  var solved = readLines('/out/solve.json').map(function (l) { return JSON.parse(l); })[0] || null;
  var positions = [];
  if (solved && solved.usi && solved.usi.length) {
    if (Module.ccall('web_line', 'number', ['string', 'string'], [solved.sfen + ' moves ' + solved.usi.join(' '), '/out/line.txt']) === 0)
      positions = readLines('/out/line.txt');
  } else if (solved) {
    if (Module.ccall('web_line', 'number', ['string', 'string'], [solved.sfen, '/out/line.txt']) === 0)
      positions = readLines('/out/line.txt');
  }
  var verified = null;
  if (solved && status !== 2 && !stopAsked) {
    var vs = Module.ccall('web_verify', 'number', ['string', 'string', 'string', 'string', 'string', 'number', 'number', 'number'],
                          [path, job.name, '/out/verify.txt', '/out/verify.json', job.futile, job.time, job.hash,
                           job.rest ? 1 : 0]);
    tsumeErrFlush(false);
    if (vs === 0 || vs === 1)
      verified = {status: vs, text: pastedText(job, readLines('/out/verify.txt')[0] || ''),
                  json: JSON.parse(readLines('/out/verify.json')[0] || 'null')};
  }
  postMessage({kind: 'done', stopped: stopAsked, status: status, solve: solved, positions: positions, verify: verified,
               messages: tsumeMessages.map(function (t) { return pastedText(job, t.split('/in/').join('')); }),
               solveMs: solveMs});
};
