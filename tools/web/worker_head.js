// worker_head.js -- the start of the Web Worker's script (before emscripten's
// output): the Module it fills.  The messages tsume writes on stderr are kept
// (worker.js sends them with the result).
var tsumeMessages = [];
var Module = {
  print: function () {},
  printErr: function (text) { tsumeMessages.push(text); },
  onRuntimeInitialized: function () { tsumeReady(); }
};
