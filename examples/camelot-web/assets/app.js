// Camelot in the browser: draws what the server says and sends the player's clicks.
// Every rule lives in libboardai on the server: the page only offers the moves listed in the
// state (with their full paths) and shows the library's explanation of a refused move.
'use strict';

const FILES = 'ABCDEFGHIJKL';
const SQ = 38;            // square size in SVG units
// Room for the coordinates: narrow on a phone, so that the squares are large enough to touch.
const MARGIN = window.matchMedia('(max-width: 600px)').matches ? 14 : 32;
const HOP_MS = 320;       // one hop of an animated AI move
const POLL_MS = 250;      // state polling while the AI thinks
const IDLE_POLL_MS = 1500; // state polling otherwise: another tab of the same game may move
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
  evalLine: document.getElementById('eval'),
  stats: document.getElementById('stats'),
  announce: document.getElementById('announce'),
  review: document.getElementById('review'),
  moveInput: document.getElementById('move-input'),
  loadBox: document.getElementById('load-box'),
  loadText: document.getElementById('load-text'),
  games: document.getElementById('games'),
  sound: document.getElementById('sound'),
  clock: document.getElementById('clock'),
  clocks: document.getElementById('clocks'),
  buttons: {
    new: document.getElementById('new'), undo: document.getElementById('undo'),
    flip: document.getElementById('flip'), ai: document.getElementById('ai-move'),
    now: document.getElementById('move-now'), stop: document.getElementById('stop'),
    redo: document.getElementById('redo'), hint: document.getElementById('hint'),
    copy: document.getElementById('copy'), download: document.getElementById('download'),
    load: document.getElementById('load'), loadGo: document.getElementById('load-go'),
    loadCancel: document.getElementById('load-cancel'), live: document.getElementById('live'),
  },
};

const app = {
  state: null,     // the last state from the server
  path: null,      // squares clicked so far for the move being built (start first)
  flipped: false,
  animating: false,
  skipAnimation: false, // a click during the AI's animation: finish it at once
  pendingClick: null,   // ... and then take the click
  pollTimer: null,
  view: null,      // reviewing: the board after `view.ply` moves (null: the live board)
  redo: [],        // moves taken back, newest last, for Redo (cleared by any other move)
  focus: null,     // the square that has the keyboard focus
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
  if (res.status === 401) data = { error: 'This server needs its access token: open the address it printed.' };
  return { ok: res.ok, status: res.status, data };
}

// An error answer as one line for people (a game unknown to the server is said plainly).
function explain(r) {
  if (r.status === 404 && app.state) return 'This game is no longer on the server. Press "New game" to start another.';
  return (r.data && r.data.error) || 'the server did not answer';
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
    const piece = pieces[name];
    const label = name + (piece ? ', ' + colourOf(piece) + ' ' + (piece.toLowerCase() === 'k' ? 'knight' : 'man') : '') +
      (r === 0 ? ', White\'s castle' : r === 15 ? ', Black\'s castle' : '');
    el('rect', { class: 'sq ' + cls, x: c.x - SQ / 2, y: c.y - SQ / 2, width: SQ, height: SQ,
      'data-sq': name, tabindex: name === (app.focus || 'F1') ? '0' : '-1', role: 'button',
      'aria-label': label }, squares);
    // The last move tints its squares over their own colour (a castle stays recognisable).
    if (lastSquares.has(name))
      el('rect', { class: 'last-tint', x: c.x - SQ / 2, y: c.y - SQ / 2, width: SQ, height: SQ }, squares);
    if (r === 0 || r === 15) {
      // A small tower, inside its square, marks the castle squares.
      const w = SQ * 0.5, h = SQ * 0.42, x0 = c.x - w / 2, y0 = c.y + h / 2, t = w / 5;
      el('path', { class: 'castle-mark', d: `M${x0},${y0} v-${h} h${t} v${t} h${t} v-${t} h${t} ` +
        `v${t} h${t} v-${t} h${t} v${h} z` }, squares);
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
  if (st.hint && st.hint.path && !app.view) {
    const pts = st.hint.path.map(centre).map((p) => `${p.x},${p.y}`).join(' ');
    el('polyline', { class: 'hint-line', points: pts, 'data-hint': st.hint.text }, overlay);
    const e = centre(st.hint.path[st.hint.path.length - 1]);
    el('circle', { class: 'hint-end', cx: e.x, cy: e.y, r: SQ * 0.2 }, overlay);
  }
  const layer = el('g', { id: 'pieces' }, svg);
  for (const name in pieces) drawPiece(layer, name, pieces[name]);
  const marks = el('g', { id: 'marks' }, svg);
  if (!app.animating && !app.view && isHumanTurn(st)) drawMarks(st, marks);
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

// The numbered record as text: "1. E6-E8 H11-J9" a line, "1... X" when Black moved first.
function recordLines(st) {
  const blackFirst = / b /.test(st.start || '');
  const lines = [];
  st.record.forEach((m, i) => {
    const black = (i + (blackFirst ? 1 : 0)) % 2 === 1;
    const n = Math.floor((i + (blackFirst ? 1 : 0)) / 2) + 1;
    if (!black) lines.push({ n, moves: [{ m, i }] });
    else if (lines.length === 0) lines.push({ n, moves: [null, { m, i }] });
    else lines[lines.length - 1].moves.push({ m, i });
  });
  return lines;
}

function levelText(st, i) {
  const l = st.level_limits ? st.level_limits[i] : null;
  const name = st.levels[i];
  if (!l) return `${i + 1} · ${name}`;
  const cap = l.depth > 0 ? `, depth ≤ ${l.depth}` : '';
  return `${i + 1} · ${name} (${l.time_ms / 1000} s a move${cap})`;
}

function renderStats(st) {
  const s = st.status;
  if (!s) return;
  const p = (side) => s.pieces[side].men + s.pieces[side].knights;
  const rows = [
    ['Pieces', `White ${p('white')} (${s.pieces.white.knights} knights) · Black ${p('black')} (${s.pieces.black.knights} knights)`],
    ['Castle moves', `White ${st.castle_moves[0]}/${s.castle_limit} · Black ${st.castle_moves[1]}/${s.castle_limit}`],
    ['No capture for', s.quiet_limit ? `${Math.floor(s.quiet_plies / 2)} of 50 moves each` : `${s.quiet_plies} plies`],
    ['Position seen', `${s.repetitions} time${s.repetitions === 1 ? '' : 's'} (3 draws)`],
    ['AI weights', s.weights || 'tuned'],
  ];
  ui.stats.textContent = '';
  for (const [k, v] of rows) {
    const dt = document.createElement('dt'); dt.textContent = k;
    const dd = document.createElement('dd'); dd.textContent = v;
    ui.stats.append(dt, dd);
  }
}

function renderPanel(st) {
  const over = st.result !== 'ongoing';
  ui.turnDot.className = 'dot ' + st.to_move + (over ? ' hidden' : '');
  const names = { white: 'White', black: 'Black' };
  if (!over) {
    let who = st.ai.side === st.to_move ? ' (AI)' : (st.ai.side ? ' (you)' : '');
    if (st.ai.side === st.to_move && st.ai.paused && !st.ai.thinking) who = ' (AI, paused: press "AI move")';
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
  // The evaluation from White's side, in men; it stays after the AI has moved.
  ui.evalLine.textContent = st.ai.eval ? `Evaluation: ${st.ai.eval.text} (depth ${st.ai.depth})` : '';
  if (over) {
    const text = st.result === 'draw' ? 'Draw' : `${names[st.result]} wins`;
    ui.banner.textContent = text;
    if (st.status && st.status.reason) {
      const why = document.createElement('div');
      why.className = 'reason';
      why.textContent = st.status.reason;
      ui.banner.appendChild(why);
    }
    ui.banner.classList.remove('hidden');
  } else {
    ui.banner.classList.add('hidden');
  }
  renderStats(st);
  // The move list: one numbered line per move pair, so that copying it gives the record.
  ui.moves.textContent = '';
  const viewPly = app.view ? app.view.ply : st.record.length;
  for (const line of recordLines(st)) {
    const li = document.createElement('li');
    li.appendChild(document.createTextNode(line.moves[0] ? `${line.n}. ` : `${line.n}... `));
    line.moves.forEach((x, k) => {
      if (!x) return;
      if (k > 0 && line.moves[0]) li.appendChild(document.createTextNode(' '));
      const span = document.createElement('span');
      span.textContent = x.m.text;
      span.dataset.ply = String(x.i + 1);
      span.tabIndex = 0;
      span.className = (x.m.by === 'ai' ? 'ai' : '') + (x.i + 1 === viewPly ? ' latest' : '');
      li.appendChild(span);
    });
    ui.moves.appendChild(li);
  }
  if (!app.view) ui.moves.scrollTop = ui.moves.scrollHeight;
  if (ui.level.options.length !== st.levels.length) {
    ui.level.textContent = '';
    st.levels.forEach((name, i) => {
      const o = document.createElement('option');
      o.value = String(i + 1);
      o.textContent = levelText(st, i);
      ui.level.appendChild(o);
    });
  }
  ui.level.value = String(st.ai.level);
  ui.side.value = st.ai.side === 'black' ? 'white' : st.ai.side === 'white' ? 'black' : 'both';
  ui.buttons.undo.disabled = st.record.length === 0;
  ui.buttons.redo.disabled = app.redo.length === 0 || !isHumanTurn(st);
  ui.buttons.hint.disabled = !isHumanTurn(st);
  ui.buttons.ai.disabled = st.ai.thinking || over;
  ui.buttons.now.disabled = !st.ai.thinking;
  ui.buttons.stop.disabled = !st.ai.thinking;
  ui.review.textContent = app.view
    ? `Reviewing the position after move ${app.view.ply} of ${st.record.length} (← → to step, Esc to return)`
    : '';
  if (st.ai.error) setMessage('AI: ' + st.ai.error, 'error');
}

function render() {
  const st = app.state;
  if (!st) return;
  if (app.view) draw(Object.assign({}, st, { squares: app.view.squares, last_move: app.view.last_move }), app.view.pieces);
  else draw(st, st.pieces);
  renderPanel(st);
  ui.board.dataset.seq = String(st.seq);
  ui.board.dataset.ready = app.animating || st.ai.thinking ? 'no' : 'yes';
}

function setMessage(text, kind) {
  ui.message.textContent = text || '';
  ui.message.className = 'message' + (text ? ' ' + (kind || 'info') : '');
}

// ---- clocks (optional, kept by the page: base minutes + increment seconds per move) ----

// {base, inc, left: [white ms, black ms], plies, at (ms time of the last update), flag}
function clockKey() { return 'camelot-clock-' + app.state.game; }
function loadClock() {
  try { app.clock = JSON.parse(localStorage.getItem(clockKey())); } catch (e) { app.clock = null; }
  ui.clock.value = app.clock ? `${app.clock.base}+${app.clock.inc}` : 'none';
}
function saveClock() {
  if (app.clock) localStorage.setItem(clockKey(), JSON.stringify(app.clock));
  else localStorage.removeItem(clockKey());
}
function fmt(ms) {
  const t = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
}
// Charges the side to move for the time since the last update, adds the increment for a move
// made, and shows both clocks; a clock at zero ends its side's time.
function tickClock() {
  const st = app.state, c = app.clock;
  if (!st || !c) { ui.clocks.textContent = ''; return; }
  const now = Date.now();
  const running = st.result === 'ongoing' && !c.flag;
  if (st.record.length !== c.plies) {
    if (st.record.length > c.plies) {
      const mover = st.to_move === 'white' ? 1 : 0; // the side that has just moved
      c.left[mover] += c.inc * 1000 * (st.record.length - c.plies);
    }
    c.plies = st.record.length;
  } else if (running) {
    const side = st.to_move === 'white' ? 0 : 1;
    c.left[side] -= now - c.at;
    if (c.left[side] <= 0) {
      c.left[side] = 0;
      c.flag = side === 0 ? 'White' : 'Black';
      setMessage(`${c.flag}'s time is up.`, 'error');
    }
  }
  c.at = now;
  saveClock();
  ui.clocks.textContent = `White ${fmt(c.left[0])} · Black ${fmt(c.left[1])}` +
    (c.flag ? ` — ${c.flag}'s time is up` : '');
}
setInterval(tickClock, 250);

ui.clock.addEventListener('change', () => {
  const v = ui.clock.value;
  if (v === 'none') app.clock = null;
  else {
    const [base, inc] = v.split('+').map(Number);
    app.clock = { base, inc, left: [base * 60000, base * 60000], plies: app.state.record.length, at: Date.now(), flag: null };
  }
  saveClock();
  tickClock();
});

// ---- sounds (optional) ----

let audio = null;
function sound(capture) {
  if (!ui.sound.checked) return;
  try {
    audio = audio || new AudioContext();
    const o = audio.createOscillator(), g = audio.createGain();
    o.frequency.value = capture ? 330 : 660;
    g.gain.setValueAtTime(0.15, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + (capture ? 0.25 : 0.12));
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.3);
  } catch (e) { /* no audio: silent */ }
}

// ---- the AI's move, hop by hop ----

function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

async function animateMove(before, move) {
  app.animating = true;
  app.skipAnimation = false;
  const layer = draw(before, before.pieces);
  renderPanel(Object.assign({}, before, { ai: Object.assign({}, before.ai, { thinking: false }) }));
  const mover = layer.querySelector(`[data-sq="${move.path[0]}"]`);
  if (mover) {
    layer.appendChild(mover); // on top
    for (let i = 1; i < move.path.length && !app.skipAnimation; i++) {
      const a = centre(move.path[i - 1]), b = centre(move.path[i]);
      const t0 = performance.now();
      await new Promise((resolve) => {
        function step(now) {
          const t = app.skipAnimation ? 1 : Math.min(1, (now - t0) / HOP_MS);
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
      if (!app.skipAnimation) await sleep(60);
    }
  }
  app.animating = false;
}

// ---- state updates ----

function announce(text) { ui.announce.textContent = text; }

async function setState(st) {
  const before = app.state;
  const sameGame = before && before.game === st.game;
  const aiMoved = sameGame && st.last_move && st.last_move.by === 'ai' &&
    st.record.length === before.record.length + 1;
  const changed = !sameGame || st.record.length !== before.record.length ||
    st.position !== before.position;
  app.state = st;
  if (changed) { app.path = null; app.view = null; }
  if (!sameGame) { app.redo = []; loadClock(); }
  sessionStorage.setItem('camelot-game', st.game);
  if (location.hash !== '#game=' + st.game) history.replaceState(null, '', '#game=' + st.game);
  if (aiMoved) {
    announce(`The AI played ${st.last_move.text}` + (st.last_move.captures.length ? `, capturing ${st.last_move.captures.join(' and ')}` : ''));
    await animateMove(before, st.last_move);
    sound(st.last_move.captures.length > 0);
  }
  render();
  schedule();
  if (app.pendingClick) { const sq = app.pendingClick; app.pendingClick = null; onSquare(sq); }
}

// Starts the AI when it is its turn (unless it was stopped: then "AI move" starts it), and
// polls the state: quickly while the AI thinks, slowly otherwise, so that every tab of a game
// stays current.
function schedule() {
  const st = app.state;
  clearTimeout(app.pollTimer);
  if (st.ai.thinking) {
    app.pollTimer = setTimeout(poll, POLL_MS);
  } else if (st.result === 'ongoing' && st.ai.side === st.to_move && !st.ai.paused &&
             !st.ai.error) {
    startAi();
  } else {
    app.pollTimer = setTimeout(poll, IDLE_POLL_MS);
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
    setMessage(explain(r), 'error');
    if (r.status !== 404) app.pollTimer = setTimeout(poll, IDLE_POLL_MS * 2);
  }
}

async function startAi() {
  const r = await post('ai', { level: app.state.ai.level });
  if (r.ok) await setState(r.data);
  else setMessage(explain(r), 'error');
}

function aiParam() {
  const side = ui.side.value;
  return side === 'white' ? 'black' : side === 'black' ? 'white' : 'none';
}

// A new game in this tab: the same game id restarted (its side and level kept), or a new game
// the first time (or when the server no longer has this tab's game).
async function newGame(fresh) {
  const st = app.state;
  if (st && !fresh && st.result === 'ongoing' && st.record.length > 0 &&
      !window.confirm('Start a new game? This game stays in the list of saved games.')) return;
  let r = st && !fresh ? await post('restart') : null;
  if (!r || r.status === 404)
    r = await api('GET', `/api/new?ai=${aiParam()}&level=${ui.level.value || 2}`);
  if (!r.ok) { setMessage(explain(r), 'error'); return; }
  app.flipped = ui.side.value === 'black';
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
    app.redo = [];
    sound(r.data.last_move && r.data.last_move.captures.length > 0);
    await setState(r.data);
  } else {
    // The library says why (e.g. "a capture is compulsory: White can jump").
    setMessage(explain(r), 'error');
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
  if (!st) return;
  if (app.animating) {
    // Finish the AI's move at once, then take the click.
    app.skipAnimation = true;
    app.pendingClick = sq;
    return;
  }
  if (app.view) { setMessage('You are reviewing an earlier position: press Esc (or →) to return to the game.', 'info'); return; }
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

// Drag and drop: press on a piece, release on its landing (clicks work as before).
let dragFrom = null;
ui.board.addEventListener('pointerdown', (ev) => {
  const t = ev.target.closest('[data-sq]');
  dragFrom = t ? t.getAttribute('data-sq') : null;
});
ui.board.addEventListener('pointerup', (ev) => {
  const under = document.elementFromPoint(ev.clientX, ev.clientY);
  const t = under && under.closest ? under.closest('#board [data-sq]') : null;
  const to = t ? t.getAttribute('data-sq') : null;
  const from = dragFrom;
  dragFrom = null;
  if (!from || !to || from === to || !app.state || app.animating) return;
  if (!app.path || app.path[0] !== from) onSquare(from);
  if (app.path && app.path[0] === from) onSquare(to);
});

// ---- the keyboard ----

// Arrow keys move the focus over the squares, Enter or Space clicks the focused one.
function moveFocus(df, dr) {
  const st = app.state;
  if (!st) return;
  let { f, r } = parseSq(app.focus || 'F1');
  if (app.flipped) { df = -df; dr = -dr; }
  for (let k = 0; k < 16; k++) {
    f += df; r += dr;
    if (f < 0 || f > 11 || r < 0 || r > 15) return;
    const name = FILES[f] + String(r + 1);
    if (st.squares.includes(name)) {
      app.focus = name;
      render();
      const e = ui.board.querySelector(`rect[data-sq="${name}"]`);
      if (e) e.focus();
      return;
    }
  }
}

ui.board.addEventListener('keydown', (ev) => {
  const t = ev.target.closest('[data-sq]');
  if (t) app.focus = t.getAttribute('data-sq');
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (dirs[ev.key]) { moveFocus(...dirs[ev.key]); ev.preventDefault(); ev.stopPropagation(); }
  else if ((ev.key === 'Enter' || ev.key === ' ') && app.focus) {
    onSquare(app.focus);
    const e = ui.board.querySelector(`rect[data-sq="${app.focus}"]`);
    if (e) e.focus();
    ev.preventDefault();
  }
});

// ←/→ outside the board step through the game (review), Esc cancels a selection or a review.
document.addEventListener('keydown', (ev) => {
  const tag = ev.target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
  if (ev.key === 'Escape') {
    if (app.path) { app.path = null; setMessage('Selection cancelled.', 'info'); render(); }
    else if (app.view) { app.view = null; render(); }
  } else if (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') {
    const st = app.state;
    if (!st) return;
    const ply = app.view ? app.view.ply : st.record.length;
    reviewAt(ply + (ev.key === 'ArrowLeft' ? -1 : 1));
    ev.preventDefault();
  }
});

// Shows the board after `ply` moves without changing the game (the live board at the end).
async function reviewAt(ply) {
  const st = app.state;
  if (!st || ply < 0 || ply > st.record.length) return;
  if (ply === st.record.length) { app.view = null; render(); return; }
  const r = await api('GET', `/api/view?game=${encodeURIComponent(st.game)}&ply=${ply}`);
  if (!r.ok) { setMessage(explain(r), 'error'); return; }
  app.path = null;
  app.view = r.data;
  render();
}

ui.moves.addEventListener('click', (ev) => {
  const t = ev.target.closest('span[data-ply]');
  if (t) reviewAt(parseInt(t.dataset.ply, 10));
});

// A move typed in WCF notation ("D6-F8"); the library judges it.
ui.moveInput.addEventListener('keydown', async (ev) => {
  if (ev.key !== 'Enter') return;
  const text = ui.moveInput.value.trim();
  if (!text) return;
  const r = await post('move', { move: text });
  if (r.ok) { ui.moveInput.value = ''; setMessage(''); app.redo = []; await setState(r.data); }
  else setMessage(explain(r), 'error');
});

// ---- buttons ----

ui.buttons.new.addEventListener('click', () => newGame(false));
ui.buttons.flip.addEventListener('click', () => { app.flipped = !app.flipped; render(); });
ui.buttons.undo.addEventListener('click', async () => {
  const st = app.state;
  // Against the AI, take back to the player's own turn.
  const plies = st.ai.side && !st.ai.thinking && st.ai.side !== st.to_move && st.record.length >= 2 ? 2 : 1;
  const undone = st.record.slice(st.record.length - plies).map((m) => m.text);
  const r = await post('undo', { plies });
  if (!r.ok) { setMessage(explain(r), 'error'); return; }
  app.redo = app.redo.concat(undone.reverse());
  const aiToMove = r.data.ai.side === r.data.to_move && r.data.result === 'ongoing';
  setMessage(aiToMove ? 'Taken back. It is the AI\'s turn: press "AI move" to let it play.' : 'Taken back.', 'info');
  await setState(r.data);
});
ui.buttons.redo.addEventListener('click', async () => {
  const text = app.redo[app.redo.length - 1];
  const r = await post('move', { move: text });
  if (r.ok) { app.redo.pop(); const keep = app.redo; setMessage(''); await setState(r.data); app.redo = keep; render(); }
  else { app.redo = []; setMessage(explain(r), 'error'); render(); }
});
ui.buttons.hint.addEventListener('click', async () => {
  setMessage('Looking for a good move…', 'info');
  const r = await post('hint');
  if (r.ok) {
    const exact = r.data.hint.exact ? ` (${r.data.hint.exact})` : '';
    setMessage(`Hint: ${r.data.hint.text}${exact}`, 'info');
    await setState(r.data);
  }
  else setMessage(explain(r), 'error');
});
ui.buttons.ai.addEventListener('click', startAi);
ui.buttons.now.addEventListener('click', async () => {
  const r = await post('stop', { play: true });
  if (r.ok) await setState(r.data); else setMessage(explain(r), 'error');
});
ui.buttons.stop.addEventListener('click', async () => {
  const r = await post('stop', { play: false });
  if (r.ok) { setMessage('AI stopped: press "AI move" to let it play.', 'info'); await setState(r.data); }
  else setMessage(explain(r), 'error');
});
ui.level.addEventListener('change', async () => {
  const r = await post('config', { level: parseInt(ui.level.value, 10) });
  if (r.ok) await setState(r.data); else setMessage(explain(r), 'error');
});
ui.side.addEventListener('change', async () => {
  app.flipped = ui.side.value === 'black';
  const r = await post('config', { ai: aiParam() });
  if (r.ok) await setState(r.data); else setMessage(explain(r), 'error');
});

// ---- saving and loading ----

async function recordText() {
  const res = await fetch('/api/record?game=' + encodeURIComponent(app.state.game));
  if (!res.ok) throw new Error('the record could not be fetched');
  return res.text();
}
ui.buttons.copy.addEventListener('click', async () => {
  try {
    const text = await recordText();
    ui.loadText.value = text; // also shown, for browsers without clipboard access
    await navigator.clipboard.writeText(text);
    setMessage('The game record is copied.', 'info');
  } catch (e) {
    ui.loadBox.classList.remove('hidden');
    setMessage('Copy the record from the box below.', 'info');
  }
});
ui.buttons.download.addEventListener('click', async () => {
  const text = await recordText();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  a.download = `camelot-${app.state.game}.txt`;
  document.body.appendChild(a);
  a.click();
  a.remove();
});
ui.buttons.load.addEventListener('click', () => {
  ui.loadBox.classList.toggle('hidden');
  if (!ui.loadBox.classList.contains('hidden')) { ui.loadText.value = ''; ui.loadText.focus(); }
});
ui.buttons.loadCancel.addEventListener('click', () => ui.loadBox.classList.add('hidden'));
// A pasted record becomes a new game; a position text (one line with '/' rows and a side to
// move) a new game set up there.
ui.buttons.loadGo.addEventListener('click', async () => {
  const text = ui.loadText.value.trim();
  if (!text) return;
  const isPosition = !/\n/.test(text) && /^[0-9KkMm/]+ [wb] /.test(text);
  let r;
  if (isPosition) {
    r = await api('GET', `/api/new?ai=${aiParam()}&level=${ui.level.value || 2}`);
    if (r.ok) r = await api('POST', '/api/position', { game: r.data.game, position: text });
  } else {
    r = await api('POST', '/api/import', { record: text, ai: aiParam(), level: parseInt(ui.level.value || '2', 10) });
  }
  if (!r.ok) { setMessage(explain(r), 'error'); return; }
  ui.loadBox.classList.add('hidden');
  app.state = null;
  setMessage(isPosition ? 'Position set up.' : 'Game loaded: step through it with ← and →.', 'info');
  await setState(r.data);
  listGames();
});

// The saved games, newest first; a click opens one.
async function listGames() {
  const r = await api('GET', '/api/games?limit=30');
  if (!r.ok) return;
  ui.games.textContent = '';
  const names = { white: 'White wins', black: 'Black wins', draw: 'Draw', ongoing: 'in play' };
  for (const g of r.data.games) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = '#game=' + g.game;
    a.dataset.game = g.game;
    const vs = g.ai === 'none' ? 'two players' : `${g.white} vs ${g.black}`;
    a.textContent = `${g.updated} UTC · ${g.moves} moves · ${vs} · ${names[g.result] || g.result}`;
    li.appendChild(a);
    ui.games.appendChild(li);
  }
}
document.getElementById('games-box').addEventListener('toggle', (ev) => { if (ev.target.open) listGames(); });
ui.games.addEventListener('click', async (ev) => {
  const a = ev.target.closest('a[data-game]');
  if (!a) return;
  ev.preventDefault();
  await openGame(a.dataset.game);
});

async function openGame(id) {
  const r = await api('GET', '/api/state?game=' + encodeURIComponent(id));
  if (!r.ok) return false;
  app.state = null;
  app.flipped = r.data.ai.side === 'white';
  setMessage('');
  await setState(r.data);
  return true;
}

window.addEventListener('hashchange', () => {
  const m = location.hash.match(/^#game=([0-9a-f]{16})$/);
  if (m && (!app.state || app.state.game !== m[1])) openGame(m[1]);
});

// A tab keeps its game across reloads (the address #game=ID, and sessionStorage); each new
// tab starts its own. The address can be shared: it opens the same game.
(async function start() {
  const m = location.hash.match(/^#game=([0-9a-f]{16})$/);
  const id = m ? m[1] : sessionStorage.getItem('camelot-game');
  if (id && await openGame(id)) return;
  const params = new URLSearchParams(location.search);
  if (params.get('ai')) {
    const ai = params.get('ai');
    ui.side.value = ai === 'white' ? 'black' : ai === 'none' ? 'both' : 'white';
  }
  await newGame(true);
  if (id) setMessage('That game is no longer on the server: a new one has started.', 'info');
})();
