"""Games written in Python, searched by the C engine through callbacks.

Subclass :class:`PythonGame`, describe the state as a ctypes type (flat memory: the library
copies it with memcpy, so no Python objects inside) and write the rules as methods. The library
calls them through a ``ba_game`` vtable filled here exactly as ``BA_GAME_INIT`` fills one in C
(``struct_size`` first). It is slow (every node costs several Python calls; docs/python.md has
the figures) but good for prototyping a game before writing it in C.
"""

import ctypes

from . import _lib
from . import errors
from .game import Game
from .position import Result

_MOVE_SIZE = ctypes.sizeof(_lib.Move)
_MAX = _lib.MOVE_MAX_BYTES


def _encode(move):
    """A move value (int 0..255, bytes, or a tuple of ints) as the 64 bytes of a ba_move."""
    if isinstance(move, int):
        data = bytes((move,))
    elif isinstance(move, (bytes, bytearray)):
        data = bytes(move)
    else:
        data = bytes(move)
    if not 0 < len(data) <= _MAX:
        raise ValueError(f"a move must be 1..{_MAX} bytes, got {len(data)}")
    return bytes((len(data), 0)) + data + bytes(_MAX - len(data))


def _write_text(text, buf, cap):
    data = text.encode()
    if len(data) + 1 > cap:
        return _lib.ERR_BUFFER
    ctypes.memmove(buf, data + b"\0", len(data) + 1)
    return len(data)


def _fill_error(err, exc):
    if err:
        e = _lib.Error.from_address(err)
        e.code = exc.code
        e.message = str(exc).encode()[:_lib.ERROR_MSG_MAX - 1]
    return exc.code


class PythonGame(Game):
    """Base class of a game defined in Python.

    Class attributes: ``name``, ``side_names`` (two strings), ``State`` (a ctypes type: a
    Structure or an array), ``max_moves``, ``max_plies`` (0: no bound).

    Methods, each given ``s``, a view of the state of type ``State`` (writes change it):

    - ``init(s)``: write the start position;
    - ``side_to_move(s)`` -> 0 or 1;
    - ``generate(s)`` -> the legal moves (empty when the game is over), each an int 0..255,
      bytes or a tuple of small ints; the same value comes back to ``apply`` and
      ``move_to_text``;
    - ``apply(s, move)``;
    - ``status(s)`` -> a :class:`Result`;
    - ``evaluate(s)`` -> int, side to move's view, within ±10 000 000;
    - ``move_to_text(s, move)`` -> str; ``move_from_text(s, text)`` -> a legal move, or raise
      ``ParseError`` / ``IllegalMoveError`` with a message;
    - ``position_to_text(s)`` -> str; ``position_from_text(s, text)``: write it into ``s`` or
      raise ``ParseError``;
    - optional: ``hash(s)`` (default: a hash of the state's bytes), ``render(s)`` -> str.

    An exception other than a BoardAIError raised by a method is re-raised by the call that
    made the library run it (``Position.play``, ``Engine.search``, ...).
    """

    name = "python-game"
    side_names = ("first", "second")
    State = None
    max_moves = 0
    max_plies = 0

    def __init__(self):  # pylint: disable=super-init-not-called - no C module to open
        if self.State is None or self.max_moves <= 0:
            raise errors.ArgumentError(_lib.ERR_ARG, "a PythonGame needs State and max_moves")
        self.params = {}
        self._owned = None
        self._encoded = {}   # move value -> its 64 bytes
        self._decoded = {}   # 64 bytes -> move value
        self._state_type = self.State
        self._names = [n.encode() for n in (self.name, *self.side_names)]
        f = self._callbacks()
        fields = dict(
            struct_size=ctypes.sizeof(_lib.GameVtable), abi=_lib.GAME_ABI, flags=0,
            name=self._names[0], state_size=ctypes.sizeof(self.State),
            max_moves=self.max_moves, max_plies=self.max_plies, params=None, **f)
        self._vtable = _lib.GameVtable(**fields)
        self._vtable.side_names[0] = self._names[1]
        self._vtable.side_names[1] = self._names[2]
        self._ptr = ctypes.addressof(self._vtable)
        err = _lib.Error()
        errors.check(_lib.lib.ba_game_check(self._ptr, ctypes.byref(err)), err)
        self.side_names = tuple(self.side_names)

    def _read_head(self):
        pass

    # ---- default hooks ----
    def hash(self, s):
        """A 64-bit hash of the state's bytes (stable within one process)."""
        return hash(bytes(s)) & 0xFFFFFFFFFFFFFFFF

    # ---- the C side ----
    def _enc(self, move):
        enc = self._encoded.get(move)
        if enc is None:
            enc = _encode(move)
            self._encoded[move] = enc
            self._decoded[enc] = move
        return enc

    def _dec(self, addr):
        raw = ctypes.string_at(addr, _MOVE_SIZE)
        move = self._decoded.get(raw)
        return move if move is not None else raw[2:2 + raw[0]]

    def _callbacks(self):
        view = self._state_type.from_address
        Err = _lib.ERR_GAME

        def guard(fn, fail):
            def call(*args):
                try:
                    return fn(*args)
                except BaseException as exc:  # noqa: BLE001 - parked, re-raised after C returns
                    errors.park(exc)
                    return fail
            return call

        def init(_g, s):
            self.init(view(s))
            return 0

        def side(_g, s):
            return self.side_to_move(view(s))

        def generate(_g, s, _hist, out, cap):
            moves = self.generate(view(s))
            if len(moves) > cap:
                return _lib.ERR_BUFFER
            enc = self._enc
            for i, m in enumerate(moves):
                ctypes.memmove(out + i * _MOVE_SIZE, enc(m), _MOVE_SIZE)
            return len(moves)

        def apply(_g, s, m):
            self.apply(view(s), self._dec(m))
            return 0

        def status(_g, s, _hist):
            return int(self.status(view(s)))

        def evaluate(_g, s):
            return int(self.evaluate(view(s)))

        def hash_(_g, s):
            return self.hash(view(s)) & 0xFFFFFFFFFFFFFFFF

        def move_to_text(_g, s, m, buf, cap):
            return _write_text(self.move_to_text(view(s), self._dec(m)), buf, cap)

        def move_from_text(_g, s, _hist, text, out, err):
            try:
                move = self.move_from_text(view(s), text.decode(errors="replace"))
            except errors.BoardAIError as exc:
                return _fill_error(err, exc)
            ctypes.memmove(out, self._enc(move), _MOVE_SIZE)
            return 0

        def pos_to_text(_g, s, buf, cap):
            return _write_text(self.position_to_text(view(s)), buf, cap)

        def pos_from_text(_g, s, text, err):
            try:
                self.position_from_text(view(s), text.decode(errors="replace"))
            except errors.BoardAIError as exc:
                return _fill_error(err, exc)
            return 0

        def render(_g, s, buf, cap):
            return _write_text(self.render(view(s)), buf, cap)

        self._keep = dict(  # the ctypes thunks must live as long as the vtable
            init=_lib.INIT_FN(guard(init, Err)), side_to_move=_lib.SIDE_FN(guard(side, 0)),
            generate=_lib.GENERATE_FN(guard(generate, Err)),
            apply=_lib.APPLY_FN(guard(apply, Err)),
            status=_lib.STATUS_FN(guard(status, int(Result.DRAW))),
            evaluate=_lib.EVALUATE_FN(guard(evaluate, 0)),
            hash=_lib.HASH_FN(guard(hash_, 0)),
            move_to_text=_lib.MOVE_TO_TEXT_FN(guard(move_to_text, Err)),
            move_from_text=_lib.MOVE_FROM_TEXT_FN(guard(move_from_text, Err)),
            position_to_text=_lib.POS_TO_TEXT_FN(guard(pos_to_text, Err)),
            position_from_text=_lib.POS_FROM_TEXT_FN(guard(pos_from_text, Err)))
        if hasattr(self, "render"):
            self._keep["render"] = _lib.TEXT_FN(guard(render, Err))
        return self._keep
