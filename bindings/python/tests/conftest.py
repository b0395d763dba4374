"""pytest set-up: the package from this tree (or the installed one with BOARDAI_PY_INSTALLED=1)
over the library of a build folder.

BOARDAI_BUILD names the CMake build folder (default: build/ at the top of the tree): its
lib/libboardai.so.* is loaded (unless BOARDAI_LIB says otherwise) and its examples/boardai-<game>
programs give the reference answers.
"""

import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
TREE = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BUILD = os.path.abspath(os.environ.get("BOARDAI_BUILD", os.path.join(TREE, "build")))

os.environ.setdefault("BOARDAI_LIB", os.path.join(BUILD, "lib"))
if os.environ.get("BOARDAI_PY_INSTALLED") != "1":
    sys.path.insert(0, os.path.abspath(os.path.join(HERE, "..")))

import boardai  # noqa: E402  (after the path set-up above)


def need(*names):
    """Skips the test when the library was built without one of the games @p names
    (scripts/test.sh --games)."""
    missing = [n for n in names if n not in boardai.games()]
    if missing:
        pytest.skip(f"the library was built without {', '.join(missing)}")


def program(game):
    """The path of boardai-<game> in the build folder."""
    return os.path.join(BUILD, "examples", f"boardai-{game}")


def protocol(game, commands, timeout=300):
    """Runs the text protocol of boardai-<game> on @p commands; returns its output lines."""
    prog = program(game)
    if not os.access(prog, os.X_OK):
        pytest.skip(f"{prog} is not built")
    out = subprocess.run([prog, "--protocol"], input="\n".join(commands + ["quit"]) + "\n",
                         capture_output=True, text=True, timeout=timeout, check=True)
    return out.stdout.splitlines()


@pytest.fixture(params=boardai.games())
def game_name(request):
    """Every game of the library."""
    return request.param
