// Camelot in the browser: draws what the server says and sends the player's clicks.
// Every rule lives in libboardai on the server: the page only offers the moves listed in the
// state (with their full paths) and shows the library's explanation of a refused move.
'use strict';

const FILES = 'ABCDEFGHIJKL';
const SQ = 38;            // square size in SVG units
const MARGIN = 32;        // room for the coordinates
const HOP_MS = 320;       // one hop of an animated AI move
const POLL_MS = 250;      // state polling while the AI thinks
const SVGNS = 'http://www.w3.org/2000/svg';

const ui = {
  board: document.getElementById('board'),
  turn: document.getElementById('turn'),
  turnDot: document.getElementById('turn-dot'),
  thinking: document.getElementById('thinking'),
  thinkingText: document.getElementById('thinking-text'),
  message: document.getElementById('message'),
  moves: document.getElementById('moves'),
  banner: document.getElementById('banner'),
  side: document.getElementById('side'),
  level: document.getElementById('level'),
  buttons: {
    new: document.getElementById('new'), undo: document.getElementById('undo'),
    flip: document.getElementById('flip'), ai: document.getElementById('ai-move'),
    now: document.getElementById('move-now'), stop: document.getElementById('stop'),
  },
};

const app = {
  state: null,     // the last state from the server
  path: null,      // squares clicked so far for the move being built (start first)
  flipped: false,
  paused: false,   // the player stopped the AI: do not restart it by itself
  animating: false,
  pollTimer: null,
};

// ---- talking to the server ----

async function api(method, url, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(url, init);
  } catch (e) {
    return { ok: false, status: 0, data: { error: 'the server cannot be reached' } };
  }
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: 'bad answer from the server' }; }
  return { ok: res.ok, status: res.status, data };
}

async function post(call, extra) {
  return api('POST', '/api/' + call, Object.assign({ game: app.state.game }, extra || {}));
}

// ---- geometry ----

function parseSq(name) {
  return { f: FILES.indexOf(name[0]), r: parseInt(name.slice(1), 10) - 1 };
}
function centre(name) {
  const { f, r } = parseSq(name);
  const col = app.flipped ? 11 - f : f;
  const row = app.flipped ? r : 15 - r;
  return { x: MARGIN + col * SQ + SQ / 2, y: MARGIN + row * SQ + SQ / 2 };
}
function el(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}
function colourOf(piece) { return piece === piece.toUpperCase() ? 'white' : 'black'; }
function sideName(side) { return side === 'white' ? 'White' : 'Black'; }

// ---- drawing ----

function drawPiece(layer, name, piece) {
  const c = centre(name);
  const colour = colourOf(piece);
  const g = el('g', { class: 'piece', 'data-sq': name, 'data-piece': piece,
    transform: `translate(${c.x},${c.y})` }, layer);
  el('circle', { class: 'body ' + colour, r: SQ * 0.4 }, g);
  if (piece === 'K' || piece === 'k') {
    el('circle', { class: 'ring ' + colour, r: SQ * 0.31 }, g);
    const t = el('text', { class: 'mark ' + colour, y: 1 }, g);
    t.textContent = '\u265E';
  }
  return g;
}

function isHumanTurn(st) {
  return st.result === 'ongoing' && st.ai.side !== st.to_move && !st.ai.thinking;
}

// The moves whose path starts with the squares clicked so far.
function candidates(st, path) {
  return st.moves.filter((m) => path.every((s, i) => m.path[i] === s));
}

function draw(st, pieces) {
  const svg = ui.board;
  svg.textContent = '';
  svg.setAttribute('viewBox', `0 0 ${2 * MARGIN + 12 * SQ} ${2 * MARGIN + 16 * SQ}`);
  const squares = el('g', {}, svg);
  const lastSquares = new Set(st.last_move ? st.last_move.path : []);
  for (const name of st.squares) {
    const { f, r } = parseSq(name);
    const c = centre(name);
    let cls = (f + r) % 2 === 0 ? 'dark' : 'light';
    if (r === 0) cls = 'castle-white';
    if (r === 15) cls = 'castle-black';
    if (lastSquares.has(name)) cls = 'last';
    el('rect', { class: 'sq ' + cls, x: c.x - SQ / 2, y: c.y - SQ / 2, width: SQ, height: SQ,
      'data-sq': name }, squares);
    if (r === 0 || r === 15) {
      // A small tower outline marks the castle squares.
      const s = SQ / 2;
      el('path', { class: 'castle-mark', d: `M${c.x - s + 4},${c.y + s - 4} v-${s - 2} h4 v4 h4 v-4 ` +
        `h4 v4 h4 v-4 h4 v4 h4 v-4 h4 v4 h4 v-4 h4 v${s - 2}` }, squares);
    }
  }
  // Coordinates on all four sides.
  for (let f = 0; f < 12; f++) {
    const x = MARGIN + (app.flipped ? 11 - f : f) * SQ + SQ / 2;
    for (const y of [MARGIN / 2, 2 * MARGIN + 16 * SQ - MARGIN / 2])
      el('text', { class: 'coord', x, y }, svg).textContent = FILES[f];
  }
  for (let r = 0; r < 16; r++) {
    const y = MARGIN + (app.flipped ? r : 15 - r) * SQ + SQ / 2;
    for (const x of [MARGIN / 2, 2 * MARGIN + 12 * SQ - MARGIN / 2])
      el('text', { class: 'coord', x, y }, svg).textContent = String(r + 1);
  }
  const overlay = el('g', {}, svg);
  if (st.last_move) {
    const pts = st.last_move.path.map(centre).map((p) => `${p.x},${p.y}`).join(' ');
    el('polyline', { class: 'last-line', points: pts }, overlay);
    for (const cap of st.last_move.captures) {
      const c = centre(cap), d = SQ * 0.22;
      el('path', { class: 'captured', d: `M${c.x - d},${c.y - d}L${c.x + d},${c.y + d}` +
        `M${c.x + d},${c.y - d}L${c.x - d},${c.y + d}` }, overlay);
    }
  }
  const layer = el('g', { id: 'pieces' }, svg);
  for (const name in pieces) drawPiece(layer, name, pieces[name]);
  const marks = el('g', { id: 'marks' }, svg);
  if (!app.animating && isHumanTurn(st)) drawMarks(st, marks);
  return layer;
}

function drawMarks(st, marks) {
  if (!app.path) {
    // The pieces that can move (only capturing ones when a capture is compulsory).
    const starts = new Set(st.moves.map((m) => m.path[0]));
    for (const s of starts) {
      const c = centre(s);
      el('circle', { class: st.capture_compulsory ? 'must' : 'movable', cx: c.x, cy: c.y,
        r: SQ * 0.47, 'data-movable': s }, marks);
    }
    return;
  }
  const c0 = centre(app.path[0]);
  el('circle', { class: 'selected', cx: c0.x, cy: c0.y, r: SQ * 0.46 }, marks);
  if (app.path.length > 1) {
    const pts = app.path.map(centre).map((p) => `${p.x},${p.y}`).join(' ');
    el('polyline', { class: 'path-line', points: pts }, marks);
    const cl = centre(app.path[app.path.length - 1]);
    el('circle', { class: 'selected', cx: cl.x, cy: cl.y, r: SQ * 0.3 }, marks);
  }
  const cands = candidates(st, app.path);
  const next = new Set(), ends = new Set(), victims = new Set();
  for (const m of cands) {
    for (const cap of m.captures) victims.add(cap);
    if (m.path.length > app.path.length) next.add(m.path[app.path.length]);
    if (m.path.length > app.path.length) ends.add(m.path[m.path.length - 1]);
  }
  for (const s of victims) {
    const c = centre(s);
    el('circle', { class: 'victim', cx: c.x, cy: c.y, r: SQ * 0.44, 'data-victim': s }, marks);
  }
  for (const s of ends) {
    const c = centre(s);
    el('circle', { class: 'target-end', cx: c.x, cy: c.y, r: SQ * 0.36, 'data-end': s }, marks);
  }
  for (const s of next) {
    const c = centre(s);
    el('circle', { class: 'target-next', cx: c.x, cy: c.y, r: SQ * 0.16, 'data-target': s }, marks);
  }
}

function renderPanel(st) {
  ui.turnDot.className = 'dot ' + st.to_move;
  const names = { white: 'White', black: 'Black' };
  if (st.result === 'ongoing') {
    const who = st.ai.side === st.to_move ? ' (AI)' : (st.ai.side ? ' (you)' : '');
    ui.turn.textContent = `${names[st.to_move]} to play${who}`;
  } else {
    ui.turn.textContent = 'Game over';
  }
  ui.thinking.classList.toggle('hidden', !st.ai.thinking);
  if (st.ai.thinking) {
    ui.thinkingText.textContent = st.ai.depth > 0
      ? `AI thinking… depth ${st.ai.depth}, score ${st.ai.score_text}`
      : 'AI thinking…';
  }
  if (st.result !== 'ongoing') {
    const text = st.result === 'draw' ? 'Draw' : `${names[st.result]} wins`;
    ui.banner.textContent = text;
    ui.banner.classList.remove('hidden');
  } else {
    ui.banner.classList.add('hidden');
  }
  // Move list in WCF notation, White and Black side by side.
  ui.moves.textContent = '';
  let li = null;
  st.record.forEach((m, i) => {
    if (i % 2 === 0) li = document.createElement('li');
    const span = document.createElement('span');
    span.textContent = m.text;
    span.className = (m.by === 'ai' ? 'ai' : '') + (i === st.record.length - 1 ? ' latest' : '');
    li.appendChild(span);
    if (i % 2 === 0) ui.moves.appendChild(li);
  });
  ui.moves.scrollTop = ui.moves.scrollHeight;
  if (ui.level.options.length !== st.levels.length) {
    ui.level.textContent = '';
    st.levels.forEach((name, i) => {
      const o = document.createElement('option');
      o.value = String(i + 1);
      o.textContent = `${i + 1} · ${name}`;
      ui.level.appendChild(o);
    });
  }
  ui.level.value = String(st.ai.level);
  ui.side.value = st.ai.side === 'black' ? 'white' : st.ai.side === 'white' ? 'black' : 'both';
  ui.buttons.undo.disabled = st.record.length === 0;
  ui.buttons.ai.disabled = st.ai.thinking || st.result !== 'ongoing';
  ui.buttons.now.disabled = !st.ai.thinking;
  ui.buttons.stop.disabled = !st.ai.thinking;
  if (st.ai.error) setMessage('AI: ' + st.ai.error, 'error');
}

function render() {
  const st = app.state;
  if (!st) return;
  draw(st, st.pieces);
  renderPanel(st);
  ui.board.dataset.seq = String(st.seq);
  ui.board.dataset.ready = app.animating || st.ai.thinking ? 'no' : 'yes';
}

function setMessage(text, kind) {
  ui.message.textContent = text || '';
  ui.message.className = 'message' + (text ? ' ' + (kind || 'info') : '');
}

// ---- the AI's move, hop by hop ----

function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

async function animateMove(before, move) {
  app.animating = true;
  const layer = draw(before, before.pieces);
  renderPanel(Object.assign({}, before, { ai: Object.assign({}, before.ai, { thinking: false }) }));
  const mover = layer.querySelector(`[data-sq="${move.path[0]}"]`);
  if (mover) {
    layer.appendChild(mover); // on top
    for (let i = 1; i < move.path.length; i++) {
      const a = centre(move.path[i - 1]), b = centre(move.path[i]);
      const t0 = performance.now();
      await new Promise((resolve) => {
        function step(now) {
          const t = Math.min(1, (now - t0) / HOP_MS);
          const e = t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
          const lift = Math.sin(Math.PI * t) * 6; // a little hop
          mover.setAttribute('transform',
            `translate(${a.x + (b.x - a.x) * e},${a.y + (b.y - a.y) * e - lift})`);
          if (t < 1) requestAnimationFrame(step); else resolve();
        }
        requestAnimationFrame(step);
      });
      // A jump removes the piece it leapt over at once.
      const fa = parseSq(move.path[i - 1]), fb = parseSq(move.path[i]);
      const mid = FILES[(fa.f + fb.f) / 2] + String((fa.r + fb.r) / 2 + 1);
      if (move.captures.includes(mid)) {
        const victim = layer.querySelector(`[data-sq="${mid}"]`);
        if (victim) victim.remove();
      }
      await sleep(60);
    }
  }
  app.animating = false;
}

// ---- state updates ----

async function setState(st) {
  const before = app.state;
  const aiMoved = before && before.game === st.game && st.last_move && st.last_move.by === 'ai' &&
    st.record.length === before.record.length + 1;
  app.state = st;
  app.path = null;
  sessionStorage.setItem('camelot-game', st.game);
  if (aiMoved) await animateMove(before, st.last_move);
  render();
  schedule();
}

// Starts the AI when it is its turn, and polls the state while it thinks.
function schedule() {
  const st = app.state;
  clearTimeout(app.pollTimer);
  if (st.ai.thinking) {
    app.pollTimer = setTimeout(poll, POLL_MS);
  } else if (st.result === 'ongoing' && st.ai.side === st.to_move && !app.paused &&
             !st.ai.error) {
    startAi();
  }
}

async function poll() {
  const r = await api('GET', '/api/state?game=' + encodeURIComponent(app.state.game));
  if (r.ok) {
    if (r.data.seq !== app.state.seq || r.data.ai.thinking !== app.state.ai.thinking)
      await setState(r.data);
    else
      schedule();
  } else {
    setMessage(r.data.error, 'error');
  }
}

async function startAi() {
  const r = await post('ai', { level: app.state.ai.level });
  if (r.ok) await setState(r.data);
  else setMessage(r.data.error, 'error');
}

// A new game in this tab: the same game id restarted (its side and level kept), or a new game
// the first time.
async function newGame() {
  const side = ui.side.value;
  const ai = side === 'white' ? 'black' : side === 'black' ? 'white' : 'none';
  const r = app.state
    ? await post('restart')
    : await api('GET', `/api/new?ai=${ai}&level=${ui.level.value || 2}`);
  if (!r.ok) { setMessage(r.data.error, 'error'); return; }
  app.flipped = side === 'black';
  app.paused = false;
  app.state = null;
  setMessage('');
  await setState(r.data);
}

// ---- the player's clicks ----

async function sendMove(path) {
  const r = await post('move', { move: path });
  app.path = null;
  if (r.ok) {
    setMessage('');
    app.paused = false;
    await setState(r.data);
  } else {
    // The library says why (e.g. "a capture is compulsory: White can jump").
    setMessage(r.data.error, 'error');
    render();
  }
}

function explainStart(st, sq) {
  const piece = st.pieces[sq];
  if (!piece) return 'Click one of your pieces first.';
  if (colourOf(piece) !== st.to_move) return `That is not your piece: ${sideName(st.to_move)} to play.`;
  if (st.capture_compulsory) return 'A capture is compulsory, and this piece cannot capture (the marked pieces can).';
  if (st.must_leave !== '-') return `The piece on ${st.must_leave} must leave its own castle this turn.`;
  return 'That piece has no legal move.';
}

function onSquare(sq) {
  const st = app.state;
  if (!st || app.animating) return;
  if (st.result !== 'ongoing') { setMessage('The game is over: start a new one.', 'info'); return; }
  if (st.ai.thinking) { setMessage('Wait: the AI is thinking.', 'info'); return; }
  if (st.ai.side === st.to_move) { setMessage('It is the AI\'s turn.', 'info'); return; }
  const starts = new Set(st.moves.map((m) => m.path[0]));
  if (!app.path) {
    if (starts.has(sq)) { app.path = [sq]; setMessage(''); render(); }
    else { setMessage(explainStart(st, sq), 'error'); }
    return;
  }
  const path = app.path;
  const cands = candidates(st, path);
  const last = path[path.length - 1];
  // Click the last landing again: stop there (a canter may end after any leap).
  if (sq === last && path.length > 1) {
    const exact = cands.find((m) => m.path.length === path.length);
    if (exact) { sendMove(exact.path); return; }
    setMessage('The move cannot stop here: click the next landing.', 'error');
    return;
  }
  if (sq === path[0] && path.length === 1) { app.path = null; setMessage(''); render(); return; }
  const longer = path.concat([sq]);
  const ext = cands.filter((m) => m.path[path.length] === sq);
  if (ext.length > 0) {
    const exact = ext.find((m) => m.path.length === longer.length);
    const further = ext.some((m) => m.path.length > longer.length);
    if (exact && !further) { sendMove(exact.path); return; }
    app.path = longer;
    setMessage(exact ? `Click ${sq} again to stop there, or go on.` : 'Go on: click the next landing.', 'info');
    render();
    return;
  }
  // Straight to an end square, when only one path leads there.
  const ends = cands.filter((m) => m.path[m.path.length - 1] === sq && m.path.length > path.length);
  if (ends.length === 1) { sendMove(ends[0].path); return; }
  if (ends.length > 1) {
    setMessage('Several moves end there (they capture different pieces): click the landings one by one.', 'info');
    return;
  }
  if (path.length === 1 && starts.has(sq)) { app.path = [sq]; setMessage(''); render(); return; }
  // Not a legal landing: the server (the library) explains why.
  sendMove(longer);
}

ui.board.addEventListener('click', (ev) => {
  const t = ev.target.closest('[data-sq]');
  if (t) onSquare(t.getAttribute('data-sq'));
});

ui.buttons.new.addEventListener('click', newGame);
ui.buttons.flip.addEventListener('click', () => { app.flipped = !app.flipped; render(); });
ui.buttons.undo.addEventListener('click', async () => {
  const st = app.state;
  // Against the AI, take back to the player's own turn.
  const plies = st.ai.side && !st.ai.thinking && st.ai.side !== st.to_move && st.record.length >= 2 ? 2 : 1;
  app.paused = true;
  const r = await post('undo', { plies });
  if (r.ok) { setMessage(''); await setState(r.data); } else setMessage(r.data.error, 'error');
});
ui.buttons.ai.addEventListener('click', async () => { app.paused = false; await startAi(); });
ui.buttons.now.addEventListener('click', async () => {
  const r = await post('stop', { play: true });
  if (r.ok) await setState(r.data); else setMessage(r.data.error, 'error');
});
ui.buttons.stop.addEventListener('click', async () => {
  app.paused = true;
  const r = await post('stop', { play: false });
  if (r.ok) { setMessage('AI stopped: press "AI move" to let it play.', 'info'); await setState(r.data); }
  else setMessage(r.data.error, 'error');
});
ui.level.addEventListener('change', async () => {
  const r = await post('config', { level: parseInt(ui.level.value, 10) });
  if (r.ok) await setState(r.data); else setMessage(r.data.error, 'error');
});
ui.side.addEventListener('change', async () => {
  const side = ui.side.value;
  const ai = side === 'white' ? 'black' : side === 'black' ? 'white' : 'none';
  app.flipped = side === 'black';
  app.paused = false;
  const r = await post('config', { ai });
  if (r.ok) await setState(r.data); else setMessage(r.data.error, 'error');
});

// A tab keeps its game across reloads (sessionStorage); each tab has its own.
(async function start() {
  const id = sessionStorage.getItem('camelot-game');
  if (id) {
    const r = await api('GET', '/api/state?game=' + encodeURIComponent(id));
    if (r.ok) {
      app.flipped = r.data.ai.side === 'white';
      await setState(r.data);
      return;
    }
  }
  const params = new URLSearchParams(location.search);
  if (params.get('ai')) {
    const ai = params.get('ai');
    ui.side.value = ai === 'white' ? 'black' : ai === 'none' ? 'both' : 'white';
  }
  await newGame();
})();
