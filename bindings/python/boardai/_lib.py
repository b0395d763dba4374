"""Finding and loading libboardai, and the C declarations used through ctypes.

The library is looked up, in order, at:

1. ``BOARDAI_LIB``: a path to ``libboardai.so.*`` or to the folder holding it;
2. the package's own copy (``boardai/_native/libboardai.so.*``, bundled at install time);
3. ``pkg-config --variable=libdir boardai`` (an installed library, also with PKG_CONFIG_PATH);
4. the system's loader path (``ctypes.util.find_library("boardai")``).

Every declaration mirrors a header in ``include/boardai/``; the layouts must stay equal to the
C ones, which is why they all live in this one file.
"""

import ctypes
import ctypes.util
import glob
import os
import shutil
import subprocess

# ---- sizes and constants (include/boardai/game.h, common.h, engine.h) ----
MOVE_MAX_BYTES = 62
MOVE_TEXT_MAX = 256
POS_TEXT_MAX = 2048
RENDER_MAX = 8192
ERROR_MSG_MAX = 256
MAX_PV = 64
GAME_ABI = 2

OK = 0
ERR_ARG = -1
ERR_NOMEM = -2
ERR_PARSE = -3
ERR_ILLEGAL = -4
ERR_RANGE = -5
ERR_BUFFER = -6
ERR_STATE = -7
ERR_UNSUPPORTED = -8
ERR_INTERNAL = -9
ERR_GAME = -10


class Move(ctypes.Structure):
    """``ba_move``: a length, a tag and the game's bytes."""
    _fields_ = [("len", ctypes.c_uint8), ("tag", ctypes.c_uint8),
                ("bytes", ctypes.c_uint8 * MOVE_MAX_BYTES)]


class Error(ctypes.Structure):
    """``ba_error``: a code and the library's message."""
    _fields_ = [("code", ctypes.c_int), ("message", ctypes.c_char * ERROR_MSG_MAX)]


class History(ctypes.Structure):
    """``ba_history``: hashes of the earlier positions."""
    _fields_ = [("hashes", ctypes.POINTER(ctypes.c_uint64)), ("count", ctypes.c_size_t)]


class SearchResult(ctypes.Structure):
    """``ba_search_result``, with ``proven`` (appended by the selective-search release; an older
    library leaves it 0) and a spare tail: the library writes the whole structure it knows, and
    fields are only ever appended."""
    _fields_ = [("best", Move), ("score", ctypes.c_int), ("depth", ctypes.c_int),
                ("nodes", ctypes.c_uint64), ("time_ms", ctypes.c_uint64),
                ("stopped", ctypes.c_int), ("pv_len", ctypes.c_int), ("pv", Move * MAX_PV),
                ("proven", ctypes.c_int), ("_spare", ctypes.c_uint8 * 1024)]


class Progress(ctypes.Structure):
    """``ba_progress``."""
    _fields_ = [("depth", ctypes.c_int), ("score", ctypes.c_int), ("nodes", ctypes.c_uint64),
                ("nps", ctypes.c_uint64), ("time_ms", ctypes.c_uint64),
                ("pv", ctypes.POINTER(Move)), ("pv_len", ctypes.c_int)]


PROGRESS_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(Progress))

# ---- the game vtable (struct ba_game) ----
# Callbacks see every pointer as a plain address (c_void_p): building ctypes pointer objects on
# each call would cost more than the callback itself.
_V = ctypes.c_void_p
_SZT = ctypes.c_size_t
INIT_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V)
SIDE_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V)
GENERATE_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V, _V, _V, _SZT)
APPLY_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V, _V)
STATUS_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V, _V)
EVALUATE_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V)
HASH_FN = ctypes.CFUNCTYPE(ctypes.c_uint64, _V, _V)
MOVE_TO_TEXT_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V, _V, _V, _SZT)
MOVE_FROM_TEXT_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V, _V, ctypes.c_char_p, _V, _V)
POS_TO_TEXT_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V, _V, _SZT)
POS_FROM_TEXT_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V, ctypes.c_char_p, _V)
ORDER_KEY_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V, _V)
TEXT_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V, _V, _SZT)
DESTROY_FN = ctypes.CFUNCTYPE(None, _V)
WINDOW_FN = ctypes.CFUNCTYPE(ctypes.c_size_t, _V, _V)
EXTENSION_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V)
MAKE_NULL_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V)
FUTILITY_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V, ctypes.c_int)
PROBE_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V, _V, _V)
SEARCH_MOVE_FN = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V, _V, _V, _V)


class GameVtable(ctypes.Structure):
    """``struct ba_game`` as of BA_GAME_ABI 2, with the selective-search hooks. ``struct_size``
    is set to this structure's size, as BA_GAME_INIT does: a library that knows fewer hooks
    ignores the extra ones, and one with hooks appended later treats them as absent."""
    _fields_ = [
        ("struct_size", ctypes.c_uint32), ("abi", ctypes.c_uint32), ("flags", ctypes.c_uint32),
        ("name", ctypes.c_char_p), ("side_names", ctypes.c_char_p * 2),
        ("state_size", ctypes.c_size_t), ("max_moves", ctypes.c_size_t),
        ("max_plies", ctypes.c_size_t), ("params", ctypes.c_void_p),
        ("init", INIT_FN), ("side_to_move", SIDE_FN), ("generate", GENERATE_FN),
        ("apply", APPLY_FN), ("status", STATUS_FN), ("evaluate", EVALUATE_FN),
        ("hash", HASH_FN), ("move_to_text", MOVE_TO_TEXT_FN),
        ("move_from_text", MOVE_FROM_TEXT_FN), ("position_to_text", POS_TO_TEXT_FN),
        ("position_from_text", POS_FROM_TEXT_FN),
        ("generate_noisy", GENERATE_FN), ("order_key", ORDER_KEY_FN), ("render", TEXT_FN),
        ("explain", TEXT_FN), ("destroy", DESTROY_FN), ("repeat_window", WINDOW_FN),
        ("extension", EXTENSION_FN),
        ("make_null", MAKE_NULL_FN), ("null_move_unsafe", EXTENSION_FN),
        ("futility_margin", FUTILITY_FN), ("move_noisy", ORDER_KEY_FN),
        ("noisy_only", EXTENSION_FN),
        ("endgame_probe", PROBE_FN),
        ("search_move", SEARCH_MOVE_FN),
    ]


# The first fields of struct ba_game, enough to read a C game's name and sides.
class GameHead(ctypes.Structure):
    """The leading fields of ``struct ba_game`` (read-only view of a C game)."""
    _fields_ = GameVtable._fields_[:9]


# ---- Kalah's solver (include/boardai/kalah.h) ----
# Structures filled by a *_default() function get a spare tail: the header promises that fields
# are only appended, so a newer library's extra fields land (with their defaults) in the tail
# and are passed back untouched. The size stays above 16 bytes, so it is returned through memory
# on every ABI we run on, as the C structure is.
_SPARE = [("_spare", ctypes.c_uint8 * 1024)]


class KalahProgress(ctypes.Structure):
    """``ba_kalah_progress``."""
    _fields_ = [("phase", ctypes.c_int), ("lower", ctypes.c_int), ("upper", ctypes.c_int),
                ("test", ctypes.c_int), ("db_seeds", ctypes.c_int), ("nodes", ctypes.c_uint64),
                ("time_ms", ctypes.c_uint64), ("done", ctypes.c_double)]


KALAH_PROGRESS_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(KalahProgress))


class KalahSolveOptions(ctypes.Structure):
    """``ba_kalah_solve_options`` plus a spare tail."""
    _fields_ = [("tt_mb", ctypes.c_size_t), ("db_seeds", ctypes.c_int),
                ("db_mb", ctypes.c_size_t), ("max_nodes", ctypes.c_uint64),
                ("max_time_ms", ctypes.c_uint64), ("progress", KALAH_PROGRESS_FN),
                ("user", ctypes.c_void_p)] + _SPARE


class KalahSolution(ctypes.Structure):
    """``ba_kalah_solution``."""
    _fields_ = [("exact", ctypes.c_int), ("value", ctypes.c_int), ("lower", ctypes.c_int),
                ("upper", ctypes.c_int), ("best", Move), ("db_seeds", ctypes.c_int),
                ("nodes", ctypes.c_uint64), ("time_ms", ctypes.c_uint64),
                ("db_time_ms", ctypes.c_uint64), ("db_nodes", ctypes.c_uint64)]


class GameParam(ctypes.Structure):
    """``ba_game_param``: one parameter of a built-in game."""
    _fields_ = [(n, ctypes.c_char_p) for n in ("name", "kind", "type", "range", "default_value",
                                                "help")]


# ---- finding the library ----
def _candidates():
    env = os.environ.get("BOARDAI_LIB")
    if env:
        if os.path.isdir(env):
            yield from sorted(glob.glob(os.path.join(env, "libboardai.so.*")))
            yield os.path.join(env, "libboardai.so")
        else:
            yield env
        return  # an explicit choice is never second-guessed
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_native")
    yield from sorted(glob.glob(os.path.join(here, "libboardai.so.*")))
    if shutil.which("pkg-config"):
        try:
            libdir = subprocess.run(["pkg-config", "--variable=libdir", "boardai"],
                                    capture_output=True, text=True, timeout=10,
                                    check=False).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            libdir = ""
        if libdir:
            yield from sorted(glob.glob(os.path.join(libdir, "libboardai.so.*")))
    found = ctypes.util.find_library("boardai")
    if found:
        yield found


def _load():
    env = os.environ.get("BOARDAI_LIB")
    if env and not os.path.exists(env):
        raise ImportError(f"boardai: BOARDAI_LIB is {env}, which does not exist (build the "
                          "library there, or set it to libboardai.so or the folder holding it)")
    tried = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path), path
        except OSError as exc:
            # The loader's message names the file already; name it once.
            tried.append(str(exc) if path in str(exc) else f"{path}: {exc}")
    hint = "; ".join(tried) if tried else "no candidate found"
    raise ImportError("boardai: cannot load libboardai.so (set BOARDAI_LIB to the library or "
                      f"its folder, or install it where pkg-config finds it): {hint}")


lib, path = _load()

_P = ctypes.c_void_p
_ERR = ctypes.POINTER(Error)
_M = ctypes.POINTER(Move)
_C = ctypes.c_int
_SZ = ctypes.c_size_t


def _declare(name, restype, *argtypes, optional=False):
    try:
        fn = getattr(lib, name)
    except AttributeError:
        if optional:
            return None
        raise
    fn.restype = restype
    fn.argtypes = list(argtypes)
    return fn


_declare("ba_version_string", ctypes.c_char_p)
_declare("ba_errstr", ctypes.c_char_p, _C)
_declare("ba_game_check", _C, _P, _ERR)
_declare("ba_game_destroy", None, _P)
_declare("ba_pos_new", _C, _P, ctypes.POINTER(_P))
_declare("ba_pos_free", None, _P)
_declare("ba_pos_clone", _C, _P, ctypes.POINTER(_P))
_declare("ba_pos_reset", _C, _P)
_declare("ba_pos_set_text", _C, _P, ctypes.c_char_p, _ERR)
_declare("ba_pos_text", _C, _P, ctypes.c_char_p, _SZ)
_declare("ba_pos_render", _C, _P, ctypes.c_char_p, _SZ)
_declare("ba_pos_side_to_move", _C, _P)
_declare("ba_pos_hash", ctypes.c_uint64, _P)
_declare("ba_pos_ply", _SZ, _P)
_declare("ba_pos_move_at", _C, _P, _SZ, _M)
_declare("ba_pos_result", _C, _P)
_declare("ba_pos_state", _P, _P)
_declare("ba_pos_moves", _C, _P, _M, _SZ)
_declare("ba_pos_play", _C, _P, _M, _ERR)
_declare("ba_pos_play_text", _C, _P, ctypes.c_char_p, _ERR)
_declare("ba_pos_parse_move", _C, _P, ctypes.c_char_p, _M, _ERR)
_declare("ba_pos_move_text", _C, _P, _M, ctypes.c_char_p, _SZ)
_declare("ba_pos_undo", _C, _P)
_declare("ba_pos_evaluate", _C, _P, ctypes.POINTER(_C))
_declare("ba_pos_explain", _C, _P, ctypes.c_char_p, _SZ)
_declare("ba_perft", _C, _P, _C, ctypes.POINTER(ctypes.c_uint64))
_declare("ba_engine_new", _C, _P, ctypes.POINTER(_P))
_declare("ba_engine_free", None, _P)
_declare("ba_engine_set", _C, _P, _C, ctypes.c_int64)
_declare("ba_engine_get", _C, _P, _C, ctypes.POINTER(ctypes.c_int64))
_declare("ba_engine_set_progress", _C, _P, PROGRESS_FN, _P)
_declare("ba_engine_clear", _C, _P)
_declare("ba_engine_search", _C, _P, _P, ctypes.POINTER(SearchResult))
_declare("ba_engine_stop", None, _P)

# The registry (include/boardai/registry.h).
_declare("ba_game_names", ctypes.POINTER(ctypes.c_char_p))
_declare("ba_game_params", ctypes.POINTER(GameParam), ctypes.c_char_p, ctypes.POINTER(_SZ))
_declare("ba_game_open", _C, ctypes.c_char_p, ctypes.POINTER(_P), _ERR)

# Kalah's solver: present only when the library was built with Kalah.
_declare("ba_kalah_solve_options_default", KalahSolveOptions, optional=True)
_declare("ba_kalah_solve", _C, _P, _P, ctypes.POINTER(KalahSolveOptions),
         ctypes.POINTER(KalahSolution), _ERR, optional=True)


def has(name):
    """True when the loaded library exports the function @p name."""
    try:
        getattr(lib, name)
        return True
    except AttributeError:
        return False
