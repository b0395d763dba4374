// examples/camelot-wasm/adapter.js: lets the server page's own app.js run with no server.
// Loaded before app.js, it answers the page's fetch('/api/...') calls in the browser, with the
// same JSON as boardai-camelot-web (docs/camelot-web.md): the rules and the AI are libboardai
// compiled to WebAssembly, running in Web Workers (worker.js); games are kept in localStorage.
// It also adds "Export record" and "Import record" to the page (the record format of
// `boardai-camelot replay`, as the server's /api/record and /api/import).
(function () {
  'use strict';
  const STORE = 'boardai-camelot-games';
  const MAX_GAMES = 32;
  // The library's levels (ba_camelot_level: depth cap or 0, think time in ms, name), shown on
  // the page; the searches themselves are configured by the library (cw_search_level).
  const LEVELS = [[2, 100, 'Beginner'], [4, 500, 'Novice'], [0, 2000, 'Club player'],
    [0, 5000, 'Strong'], [0, 15000, 'Expert'], [0, 40000, 'Master']];
  const SIDES = ['white', 'black'];
  const USUAL_START = '2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0 0 - 0';
  const ERR = { ARG: -1, PARSE: -3, ILLEGAL: -4, RANGE: -5, STATE: -7 };

  // ---- the workers ----
  let nextId = 1;
  const pending = new Map();
  function makeWorker() {
    const w = new Worker('worker.js');
    w.onmessage = (e) => {
      const p = pending.get(e.data.id);
      if (!p) return;
      if (e.data.progress) { p.onProgress && p.onProgress(e.data.progress); return; }
      pending.delete(e.data.id);
      if (e.data.ok) p.resolve(e.data.data); else p.reject(e.data);
    };
    return w;
  }
  const rules = makeWorker();
  let aiWorker = makeWorker();
  function ask(worker, msg, onProgress) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress, worker });
      worker.postMessage(Object.assign({ id }, msg));
    });
  }
  // Stops a search: the AI worker is replaced (its pending search is dropped).
  function killAi() {
    aiWorker.terminate();
    for (const [id, p] of pending) if (p.worker === aiWorker) pending.delete(id);
    aiWorker = makeWorker();
  }

  // ---- saved games ----
  function loadAll() {
    try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (e) { return {}; }
  }
  function save(g) {
    const all = loadAll();
    all[g.id] = { id: g.id, start: g.start, moves: g.moves, ai_side: g.ai_side, level: g.level,
      result: g.result, created: g.created, updated: Date.now() };
    const ids = Object.keys(all).sort((a, b) => all[b].updated - all[a].updated);
    for (const id of ids.slice(MAX_GAMES)) delete all[id]; // the oldest go first
    localStorage.setItem(STORE, JSON.stringify(all));
  }
  const live = new Map(); // id -> game with its AI status (not saved)
  function game(id) {
    if (live.has(id)) return live.get(id);
    const saved = loadAll()[id];
    if (!saved) return null;
    const g = Object.assign(fresh(saved.id), saved);
    g.paused = true; // read back: the AI waits for "AI move", as with the server
    live.set(id, g);
    return g;
  }
  function fresh(id) {
    return { id, start: '', moves: [], ai_side: 1, level: 2, seq: 0, thinking: false, ai_depth: 0,
      ai_score: 0, ai_nodes: 0, ai_time_ms: 0, ai_error: null, best: null, last: null,
      paused: false, hint: null, result: 'ongoing', created: new Date().toISOString() };
  }
  function newId() {
    const b = new Uint8Array(8);
    crypto.getRandomValues(b);
    return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  }

  // ---- the state, as the server's ----
  function scoreText(s) {
    const WIN = 100000000, WIN_MIN = 99000000;
    if (s >= WIN_MIN) return `wins in ${Math.floor((WIN - s + 1) / 2)}`;
    if (s <= -WIN_MIN) return `loses in ${Math.floor((WIN + s + 1) / 2)}`;
    return (s >= 0 ? '+' : '') + (s / 100).toFixed(2);
  }
  async function state(g) {
    const texts = g.moves.map((m) => m.text);
    // While the AI searches, the position is the one it searches: answer from the last state.
    const st = g.thinking && g.last ? g.last : await ask(rules, { cmd: 'state', start: g.start, moves: texts });
    g.last = st;
    const record = g.moves.map((m, i) => Object.assign({ text: m.text, by: m.by }, st.paths[i]));
    const out = Object.assign({ game: g.id, seq: g.seq }, st);
    delete out.paths;
    out.record = record;
    out.last_move = record.length ? record[record.length - 1] : null;
    out.ai = { side: g.ai_side < 0 ? null : SIDES[g.ai_side], level: g.level,
      level_name: LEVELS[g.level - 1][2], thinking: g.thinking, depth: g.ai_depth,
      score: g.ai_score, score_text: scoreText(g.ai_score), nodes: g.ai_nodes,
      time_ms: g.ai_time_ms, error: g.ai_error };
    out.ai.paused = g.paused;
    // The last search's score from White's side, in men (10000 units), as the server's.
    if (g.ai_depth > 0) {
      const white = g.searcher === 1 ? -g.ai_score : g.ai_score;
      out.ai.eval = { text: `White ${white >= 0 ? '+' : ''}${(white / 10000).toFixed(1)}`, white };
    } else {
      out.ai.eval = null;
    }
    out.levels = LEVELS.map((l) => l[2]);
    out.level_limits = LEVELS.map((l) => ({ name: l[2], depth: l[0], time_ms: l[1] }));
    out.start = g.start || USUAL_START;
    out.hint = g.hint;
    const count = (re) => Object.values(st.pieces).filter((p) => re.test(p)).length;
    out.status = {
      pieces: { white: { men: count(/^M$/), knights: count(/^K$/) },
        black: { men: count(/^m$/), knights: count(/^k$/) } },
      castle_limit: 2, quiet_plies: st.quiet_plies, quiet_limit: 100,
      reason: st.result === 'ongoing' ? null : st.result === 'draw' ? 'drawn' : `${st.result} wins`,
    };
    g.result = st.result;
    return out;
  }

  // ---- the calls ----
  class ApiError extends Error { constructor(status, msg) { super(msg); this.status = status; } }
  const refusedStatus = (code) => (code === ERR.ILLEGAL ? 422 : code === ERR.STATE ? 409 : 400);
  function sideParam(v, dflt) {
    if (v === undefined) return dflt;
    if (v === null || v === 'none') return -1;
    const i = SIDES.indexOf(v);
    if (i < 0) throw new ApiError(400, 'ai side must be white, black or none');
    return i;
  }
  function levelParam(v, dflt) {
    if (v === undefined) return dflt;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > LEVELS.length)
      throw new ApiError(400, `level must be 1..${LEVELS.length}`);
    return n;
  }
  function stopSearch(g, play) {
    g.paused = true;
    if (!g.thinking) return;
    killAi();
    g.thinking = false;
    if (play && g.best) g.moves.push({ text: g.best, by: 'ai' });
    g.best = null;
    g.last = null;
    g.seq++;
    save(g);
  }
  function startSearch(g) {
    g.thinking = true;
    g.paused = false;
    g.hint = null;
    g.best = null;
    g.ai_error = null;
    g.seq++;
    const moves = g.moves.map((m) => m.text);
    ask(aiWorker, { cmd: 'search', start: g.start, moves, level: g.level }, (p) => {
      g.ai_depth = p.depth; g.ai_score = p.score; g.ai_nodes = p.nodes; g.ai_time_ms = p.time_ms;
      if (p.best) g.best = p.best;
      g.seq++;
    }).then((r) => {
      g.thinking = false;
      g.ai_depth = r.depth; g.ai_score = r.score; g.ai_nodes = r.nodes; g.ai_time_ms = r.time_ms;
      if (r.best) g.moves.push({ text: r.best, by: 'ai' });
      g.last = null;
      g.seq++;
      save(g);
    }, (err) => {
      g.thinking = false;
      g.ai_error = err.error || String(err);
      g.seq++;
    });
  }
  function recordText(g) {
    const claims = { ongoing: '*', white: '1-0', black: '0-1', draw: '1/2-1/2' };
    const ai = `boardai level ${g.level} (${LEVELS[g.level - 1][2]})`;
    const result = (g.last && g.last.result) || 'ongoing';
    let out = `[Event "boardai-camelot-web game ${g.id}"]\n`;
    out += `[White "${g.ai_side === 0 ? ai : 'Player'}"]\n[Black "${g.ai_side === 1 ? ai : 'Player'}"]\n`;
    if (g.start) out += `[Position "${g.start}"]\n`;
    out += `[Result "${claims[result]}"]\n`;
    // White's and Black's moves on one line; "1..." when Black moves first.
    let side = g.start && / b /.test(g.start) ? 1 : 0;
    let n = 1, line = '';
    for (const m of g.moves) {
      if (side === 0) line = `${n}. ${m.text}`;
      else { line = line ? `${line} ${m.text}` : `${n}... ${m.text}`; out += line + '\n'; line = ''; n++; }
      side ^= 1;
    }
    if (line) out += line + '\n';
    return out + claims[result] + '\n';
  }
  async function need(params) {
    const g = game(params.game);
    if (!g) throw new ApiError(404, `no game '${params.game}'`);
    return g;
  }
  const calls = {
    async new(p) {
      const g = fresh(newId());
      g.ai_side = sideParam(p.ai, 1);
      g.level = levelParam(p.level, 2);
      live.set(g.id, g);
      save(g);
      return state(g);
    },
    async state(p) { return state(await need(p)); },
    async move(p) {
      const g = await need(p);
      if (g.thinking) throw new ApiError(409, 'the AI is thinking');
      const move = Array.isArray(p.move) ? p.move : String(p.move || '');
      try {
        const canon = await ask(rules, { cmd: 'play', start: g.start, moves: g.moves.map((m) => m.text), move });
        g.moves.push({ text: canon, by: 'human' });
        g.paused = false;
        g.hint = null;
      } catch (e) { throw new ApiError(refusedStatus(e.code), e.error); }
      g.last = null;
      g.seq++;
      save(g);
      return state(g);
    },
    async ai(p) {
      const g = await need(p);
      if (g.thinking) throw new ApiError(409, 'the AI is already thinking');
      g.level = levelParam(p.level, g.level);
      const st = await state(g);
      if (st.result !== 'ongoing') throw new ApiError(409, 'the game is over');
      g.searcher = st.to_move === 'black' ? 1 : 0;
      startSearch(g);
      return state(g);
    },
    async stop(p) { const g = await need(p); stopSearch(g, !!p.play); return state(g); },
    async undo(p) {
      const g = await need(p);
      stopSearch(g, false);
      const plies = p.plies === undefined ? 1 : Number(p.plies);
      if (plies !== 1 && plies !== 2) throw new ApiError(400, 'plies must be 1 or 2');
      if (g.moves.length < plies) throw new ApiError(409, 'no move to undo');
      g.moves.splice(g.moves.length - plies, plies);
      g.hint = null;
      g.last = null; g.seq++; save(g);
      return state(g);
    },
    async restart(p) {
      const g = await need(p);
      stopSearch(g, false);
      g.moves = []; g.start = ''; g.last = null; g.ai_error = null; g.paused = false; g.hint = null;
      g.seq++; save(g);
      return state(g);
    },
    async config(p) {
      const g = await need(p);
      g.ai_side = sideParam(p.ai, g.ai_side);
      g.level = levelParam(p.level, g.level);
      g.seq++; save(g);
      return state(g);
    },
    async position(p) {
      const g = await need(p);
      if (g.thinking) throw new ApiError(409, 'the AI is thinking');
      try { await ask(rules, { cmd: 'state', start: String(p.position || ''), moves: [] }); }
      catch (e) { throw new ApiError(400, e.error); }
      g.start = String(p.position); g.moves = []; g.last = null; g.hint = null; g.seq++; save(g);
      return state(g);
    },
    async record(p) { const g = await need(p); await state(g); return new Text(recordText(g)); },
    // The board after the first N moves, for review (the game is not changed).
    async view(p) {
      const g = await need(p);
      const ply = Number(p.ply);
      if (!Number.isInteger(ply) || ply < 0 || ply > g.moves.length)
        throw new ApiError(400, `ply must be 0..${g.moves.length}`);
      const texts = g.moves.slice(0, ply).map((m) => m.text);
      const st = await ask(rules, { cmd: 'state', start: g.start, moves: texts });
      const last = ply ? Object.assign({ text: g.moves[ply - 1].text, by: g.moves[ply - 1].by }, st.paths[ply - 1]) : null;
      return { ply, position: st.position, to_move: st.to_move, squares: st.squares, pieces: st.pieces, last_move: last };
    },
    // The engine's suggestion for the side to move: a short search (level 3's limits at most).
    async hint(p) {
      const g = await need(p);
      if (g.thinking) throw new ApiError(409, 'the AI is thinking');
      const st = await state(g);
      if (st.result !== 'ongoing') throw new ApiError(409, 'the game is over');
      const r = await ask(aiWorker, { cmd: 'search', start: g.start, moves: g.moves.map((m) => m.text),
        level: Math.min(g.level, 3), hint: true });
      const path = await ask(rules, { cmd: 'state', start: g.start, moves: g.moves.map((m) => m.text).concat([r.best]) });
      g.hint = Object.assign({ text: r.best }, path.paths[path.paths.length - 1]);
      g.seq++;
      return state(g);
    },
    async import(p) {
      const text = String(p.record || '');
      const m = /\[Position "([^"]*)"\]/.exec(text);
      const start = m ? m[1] : '';
      let moves;
      try { moves = await ask(rules, { cmd: 'record', start, record: text }); }
      catch (e) { throw new ApiError(e.code === ERR.ILLEGAL || e.code === ERR.STATE ? 422 : 400, e.error); }
      const g = fresh(newId());
      g.start = start;
      g.moves = moves.map((t) => ({ text: t, by: 'human' }));
      g.ai_side = sideParam(p.ai, 1);
      g.level = levelParam(p.level, 2);
      live.set(g.id, g);
      save(g);
      return state(g);
    },
    async games() {
      const all = loadAll();
      const who = (g, side) => (g.ai_side === side ? `AI level ${g.level}` : 'Player');
      return { games: Object.values(all).sort((a, b) => b.updated - a.updated)
        .map((g) => ({ game: g.id, ai: g.ai_side < 0 ? 'none' : SIDES[g.ai_side], level: g.level,
          white: who(g, 0), black: who(g, 1), result: g.result || 'ongoing', moves: g.moves.length,
          created: g.created || null, updated: new Date(g.updated).toISOString() })) };
    },
  };

  // An answer that is text, not JSON (the record).
  class Text { constructor(text) { this.text = text; } }
  function answer(status, data) {
    if (data instanceof Text)
      return new Response(data.text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    return new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
  }
  const realFetch = window.fetch.bind(window);
  window.fetch = async function (url, init) {
    const u = new URL(typeof url === 'string' ? url : url.url, location.href);
    const at = u.pathname.lastIndexOf('/api/');
    if (at < 0) return realFetch(url, init);
    const name = u.pathname.slice(at + 5);
    const params = Object.fromEntries(u.searchParams);
    if (init && init.body) {
      try { Object.assign(params, JSON.parse(init.body)); }
      catch (e) { return answer(400, { error: 'the body is not JSON' }); }
    }
    const fn = Object.prototype.hasOwnProperty.call(calls, name) ? calls[name] : null;
    if (!fn) return answer(404, { error: `unknown call /api/${name}` });
    try { return answer(200, await fn(params)); }
    catch (e) { return answer(e.status || 500, { error: String(e.message || e) }); }
  };

  // ---- record export and import on the page ----
  window.addEventListener('DOMContentLoaded', () => {
    const bar = document.querySelector('.buttons');
    // A page with its own record buttons (Download, Load game) uses the same calls: add none.
    if (!bar || document.getElementById('download') || document.getElementById('load')) return;
    const exp = document.createElement('button');
    exp.id = 'export'; exp.textContent = 'Export record';
    const imp = document.createElement('button');
    imp.id = 'import'; imp.textContent = 'Import record';
    bar.append(exp, imp);
    const box = document.createElement('textarea');
    box.id = 'record'; box.rows = 8; box.style.width = '100%'; box.hidden = true;
    box.placeholder = 'Paste a game record (1. D7-D8 E11-C9 ...) and press Import record again';
    bar.after(box);
    exp.onclick = async () => {
      const id = sessionStorage.getItem('camelot-game');
      const r = await fetch('/api/record?game=' + encodeURIComponent(id || ''));
      if (!r.ok) return;
      const record = await r.text();
      box.hidden = false;
      box.value = record;
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([record], { type: 'text/plain' }));
      a.download = `camelot-${id}.txt`;
      a.click();
    };
    imp.onclick = async () => {
      if (box.hidden || !box.value.trim()) { box.hidden = false; box.value = ''; box.focus(); return; }
      const r = await fetch('/api/import', { method: 'POST', body: JSON.stringify({ record: box.value, ai: 'none' }) });
      const data = await r.json();
      const msg = document.getElementById('message');
      if (!r.ok) { if (msg) msg.textContent = data.error; return; }
      sessionStorage.setItem('camelot-game', data.game);
      location.reload();
    };
  });
}());
