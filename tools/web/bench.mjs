// bench.mjs -- the page's search speed outside the browser: node (V8, the
// engine of Chromium) runs the page's Web Worker script -- worker_head.js,
// emscripten's build/web/tsume.js, worker.js -- on each problem line of a
// file, one thread, as the page runs it, and prints the nodes, the search
// seconds and the nodes/s over them all, from the solve JSON of each.
// Usage: node tools/web/bench.mjs FILE [HASH_MB]   (after make web)
import fs from 'node:fs';
import vm from 'node:vm';
import {createRequire} from 'node:module';

const [file, hash = '128'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node tools/web/bench.mjs FILE [HASH_MB]');
  process.exit(2);
}
const dir = new URL('.', import.meta.url).pathname;
const src = fs.readFileSync(dir + 'worker_head.js', 'utf8') + fs.readFileSync(dir + '../../build/web/tsume.js', 'utf8') +
  '\n' + fs.readFileSync(dir + 'worker.js', 'utf8');
const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
let problems = 0, nodes = 0, seconds = 0, i = 0;
const next = () => {
  if (i === lines.length) {
    console.log(`${problems} problems, ${nodes} nodes, ${seconds.toFixed(2)} s, ${Math.round(nodes / seconds)} nodes/s`);
    process.exit(0);
  }
  globalThis.onmessage({data: {name: 'p.sfen', bytes: new TextEncoder().encode(lines[i++] + '\n'), futile: 'nogain',
                               time: 0, hash: Number(hash)}});
};
globalThis.postMessage = (m) => {
  if (m.kind === 'ready') {
    next();
  } else if (m.kind === 'done') {
    if (m.solve) {
      problems++;
      nodes += m.solve.nodes;
      seconds += m.solve.seconds;
    }
    setImmediate(next);
  }
};
globalThis.require = createRequire(import.meta.url);
globalThis.__dirname = dir;
vm.runInThisContext(src);
