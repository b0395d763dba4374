// examples/camelot-wasm/worker.js: libboardai (WebAssembly) in a Web Worker. The page's
// adapter (adapter.js) runs two of these: one answers rule questions (state, moves, records)
// at once, the other searches, and is terminated and replaced to stop a search (a running
// WebAssembly search cannot be interrupted from outside without SharedArrayBuffer).
//
// Messages: {id, cmd, start, moves, ...} -> {id, ok: true, data} | {id, ok: false, code, error};
// a search also posts {id, progress: {depth, score, nodes, time_ms, best}}.
/* global importScripts, createCamelot */
importScripts('camelot.js');

let M = null;
const ready = createCamelot().then((mod) => {
  M = mod;
  if (M._cw_init() !== 0) throw new Error('cannot start libboardai');
});

const call = (name, ...args) => M.ccall(name, 'number',
  args.map((a) => (typeof a === 'string' ? 'string' : 'number')), args);
const text = () => M.UTF8ToString(M._cw_text());
const message = () => M.UTF8ToString(M._cw_message());

class Refused extends Error {
  constructor(code, msg) { super(msg); this.code = code; }
}

// Sets the game's start position and replays its moves.
function load(start, moves) {
  let rc = call('cw_set_position', start || '');
  if (rc !== 0) throw new Refused(rc, message());
  for (const m of moves || []) {
    rc = call('cw_play', m);
    if (rc !== 0) throw new Refused(rc, `${m}: ${message()}`);
  }
}

function path(moveText) {
  return JSON.parse(M.UTF8ToString(M.ccall('cw_path', 'number', ['string'], [moveText])));
}

const commands = {
  // The position's part of the state, plus the path of every move played.
  state(req) {
    load(req.start, req.moves);
    const st = JSON.parse(M.UTF8ToString(M._cw_state()));
    st.paths = (req.moves || []).map(path);
    return st;
  },
  // Plays one move (a text, or the clicked squares as an array); answers its canonical text.
  play(req) {
    load(req.start, req.moves);
    const rc = Array.isArray(req.move) ? call('cw_play_squares', req.move.map(String).join(' '))
      : call('cw_play', String(req.move));
    if (rc !== 0) throw new Refused(rc, message());
    return text();
  },
  // Reads a record from the start position; answers the canonical texts of its moves.
  record(req) {
    load(req.start, []);
    const rc = call('cw_play_record', req.record);
    if (rc !== 0) throw new Refused(rc, message());
    call('cw_history');
    return text().split('\n').filter((s) => s.length > 0);
  },
  search(req) {
    load(req.start, req.moves);
    M.onProgress = (depth, score, nodes, time_ms, best) =>
      postMessage({ id: req.id, progress: { depth, score, nodes, time_ms, best } });
    const rc = req.level ? call('cw_search_level', req.level, req.hint ? 1 : 0)
      : call('cw_search', req.depth, req.time_ms);
    M.onProgress = null;
    if (rc !== 0) throw new Refused(rc, message());
    return { best: text(), score: M._cw_result_score(), depth: M._cw_result_depth(),
      nodes: M._cw_result_nodes(), time_ms: M._cw_result_time_ms() };
  },
};

onmessage = async (e) => {
  const req = e.data;
  try {
    await ready;
    const fn = commands[req.cmd];
    if (!fn) throw new Refused(-1, `unknown command ${req.cmd}`);
    postMessage({ id: req.id, ok: true, data: fn(req) });
  } catch (err) {
    postMessage({ id: req.id, ok: false, code: err.code || -9, error: String(err.message || err) });
  }
};
