// worker.js -- the Web Worker of the page (after emscripten's output): one
// problem at a time.  The page sends {name, pasted, bytes, futile, time,
// hash, rest}; the bytes are written to the in-memory file system and
// tsume's one entry point, web_run (tools/web/web.c), gets a JSON request
// naming the file.  tsume tells problem lines, KIF and CSA by their content;
// pasted text is given no extension, so that nothing here guesses.  While
// the search runs, web_run posts each line it proves ('line'), its figures
// ('progress') and the answer before the checks ('solved'); its reply ends
// the job ('done').

// Stop: the page revokes the blob URL it gave with the job; tsume asks
// tsumeStopAsked() at each progress report (about every 100 ms), which reads
// the URL synchronously: once it is gone, the search ends on the best line
// held.  A page opened from file:// cannot read a blob URL from its worker:
// the first read, before the search, tells, and the page then ends the
// worker, keeping the last line posted.
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
function tsumeStopAsked() {
  if (stopUrl && !stopAsked && !stopUrlReadable()) stopAsked = true;
  return stopAsked;
}

function tsumeReady() {
  try { FS.mkdir('/in'); } catch (e) {}
  postMessage({kind: 'ready'});
}

function unlinkAll(dir) {
  FS.readdir(dir).forEach(function (f) {
    if (f !== '.' && f !== '..') FS.unlink(dir + '/' + f);
  });
}

// A message or verify line: the in-memory folder is not the user's; about
// pasted text, neither is the name the page gave it -- "problem:1: " goes,
// a KIF's or CSA's "problem:6: " becomes "line 6: "; the command line's
// --rest is the page's 残り全部 box.
function shownText(job, text) {
  if (job.shown) text = text.split('/in/' + job.name).join(job.shown);
  text = text.split('/in/').join('');
  // the command line's options, as the page names them
  text = text.replace(/raise --time[^\]\n]*/g, 'raise the time limit (時間)').replace(/--hash\b/g, 'memory (メモリ)');
  text = text.split("use --rest to give them to the defender").join("tick 残り全部 to give them to the defender");
  if (!job.pasted) return text;
  return text.replace(/\bproblem:1: /g, '').replace(/\bproblem:(\d+): /g, 'line $1: ').replace(/\bproblem: /g, '');
}

onmessage = function (ev) {
  var job = ev.data;
  unlinkAll('/in');
  tsumeMessages = [];
  stopUrl = job.stopUrl || null;
  stopAsked = false;
  if (stopUrl && !stopUrlReadable()) stopUrl = null;
  postMessage({kind: 'stop-channel', ok: stopUrl !== null});
  var path = '/in/' + job.name, reply;
  var t0 = performance.now();
  try {
    FS.writeFile(path, job.bytes);
    var request = JSON.stringify({file: path, shown: job.pasted ? 'problem' : job.shown || job.name, futile: job.futile,
                                  time: job.time, hash: job.hash, rest: !!job.rest});
    var at = Module.ccall('web_run', 'number', ['string'], [request]);
    reply = at ? JSON.parse(UTF8ToString(at)) : {status: 3};
    if (at) Module._free(at);
  } catch (e) {
    // a job the page's own checks let through that the file system refuses
    tsumeMessages.push('tsume: the page could not give the problem to the solver: ' + e.message);
    reply = {status: 2};
  }
  if (reply.verify) reply.verify.text = shownText(job, reply.verify.text);
  reply.kind = 'done';
  reply.messages = tsumeMessages.map(function (t) { return shownText(job, t); });
  reply.ms = performance.now() - t0;
  postMessage(reply);
};
