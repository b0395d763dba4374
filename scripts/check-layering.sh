#!/usr/bin/env bash
# The module boundaries of the tree (issue 16 §8), checked from the sources:
#   - lib/ includes no game header and no file of games/;
#   - a game includes only include/, the internal kit lib/kit/ and its own folder: no other game's
#     files or public header, no private header of lib/ (search.h, tt.h, ...), no ../ path;
#   - no include circle among a game's headers, and no circle among a game's files through the
#     functions they use ("vtable.c uses movegen.c, which uses cam_options() from vtable.c");
#   - no file(GLOB) in the project's CMake files (every target lists its sources), and no C
#     source that no CMake file lists (it would silently not be built);
#   - every game fills its vtable with BA_GAME_INIT;
#   - no absolute path outside the repository (/work/, ../shared, /tmp/) in docs/, include/, lib/,
#     games/ and README.md: readers of the repository have none of them.
# Prints every finding as FILE:LINE: what is wrong, and exits 1 when there is one.
#
# Known findings that their owners are fixing are listed in scripts/layering-known.txt: they are
# printed as "known" and do not fail the check; an entry that no longer matches is reported, so
# the list cannot go stale.
#
# Usage: scripts/check-layering.sh [--root DIR] [--help]
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
while [ $# -gt 0 ]; do
    case $1 in
    --root) [ $# -ge 2 ] || { echo "error: --root needs a folder" >&2; exit 2; }; ROOT=$2; shift ;;
    -h | --help) sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
    shift
done
[ -d "$ROOT/lib" ] && [ -d "$ROOT/games" ] || { echo "error: $ROOT is not a libboardai tree" >&2; exit 2; }

exec python3 - "$ROOT" "$ROOT/scripts/layering-known.txt" <<'PY'
import os, re, sys

root, known_path = sys.argv[1], sys.argv[2]
findings = []          # (key, text): key matches an entry of the known list


def rel(p):
    return os.path.relpath(p, root)


def report(key, path, line, msg):
    findings.append((key, f"{rel(path)}:{line}: {msg}"))


def read(p):
    with open(p, encoding="utf-8", errors="replace") as f:
        return f.read()


def strip_c(text):
    """The text with comments and string/char literals blanked, newlines kept (for line numbers)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + (c if j < n else ""))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]', re.M)


def includes(path):
    text = read(path)
    for m in INCLUDE.finditer(text):
        yield text.count("\n", 0, m.start()) + 1, m.group(1), m.group(2)


def sources(folder):
    out = []
    for dirpath, dirs, files in os.walk(folder):
        dirs.sort()
        for f in sorted(files):
            if f.endswith((".c", ".h")):
                out.append(os.path.join(dirpath, f))
    return out


games = sorted(d for d in os.listdir(os.path.join(root, "games"))
               if os.path.isdir(os.path.join(root, "games", d)))
include_dir = os.path.join(root, "include")
kit_dir = os.path.join(root, "lib", "kit")
game_headers = {f"boardai/{g}.h": g for g in games}
# Umbrella headers that name every game.
umbrella = {"boardai/boardai.h", "boardai/games.h"}

# ---- lib/: no game ----
for path in sources(os.path.join(root, "lib")):
    for line, kind, name in includes(path):
        if name in game_headers or name in umbrella:
            report("lib", path, line, f"lib/ includes the game header {name}: lib/ knows no game")
        elif "games/" in name or name.split("/")[0] in games:
            report("lib", path, line, f"lib/ includes {name}, a file of games/: lib/ knows no game")

# ---- each game: only include/, lib/kit/ and its own folder ----
def resolve_game_include(game, path, kind, name):
    """Where a game's #include resolves inside the tree, or None (system header)."""
    own = os.path.join(root, "games", game)
    cands = []
    if kind == '"':
        cands.append(os.path.join(os.path.dirname(path), name))
    prefix = game + "/"
    cands += [os.path.join(own, name[len(prefix):]) if name.startswith(prefix) else None,
              os.path.join(own, name) if kind == '"' else None,
              os.path.join(include_dir, name), os.path.join(kit_dir, name)]
    for c in cands:
        if c and os.path.isfile(c):
            return os.path.normpath(c)
    return None


lib_private = {f for f in os.listdir(os.path.join(root, "lib")) if f.endswith(".h")}
# The build stops a game that includes one of them (cmake/BoardaiGame.cmake lists them, for the
# stand-ins that shadow a system header of the same name such as <search.h>): keep the list whole.
game_cmake = os.path.join(root, "cmake", "BoardaiGame.cmake")
if os.path.exists(game_cmake):
    m = re.search(r"set\(BOARDAI_LIB_PRIVATE_HEADERS([^)]*)\)", read(game_cmake))
    listed = set(m.group(1).split()) if m else set()
    for h in sorted(lib_private - listed):
        report("cmake", game_cmake, 1, f"lib/{h} is missing from BOARDAI_LIB_PRIVATE_HEADERS")
game_files = {}
for g in games:
    own = os.path.join(root, "games", g)
    files = sources(own)
    game_files[g] = files
    for path in files:
        for line, kind, name in includes(path):
            if ".." in name.split("/"):
                report(f"include {g}", path, line, f"{g} includes {name} through ../: a game sees "
                       "only include/, lib/kit/ and its own folder")
                continue
            if name in umbrella:
                report(f"include {g}", path, line, f"{g} includes {name}, which names every game: "
                       f"include boardai/game.h and boardai/{g}.h")
                continue
            if name in game_headers and game_headers[name] != g:
                report(f"include {g}", path, line, f"{g} includes {name}, another game's header: "
                       "no game knows another")
                continue
            first = name.split("/")[0]
            if first in games and first != g:
                report(f"include {g}", path, line, f"{g} includes {name}, a file of games/{first}/")
                continue
            target = resolve_game_include(g, path, kind, name)
            if target is None and kind == '"':
                what = ("a private header of lib/ (only lib/kit/ is shared with the games)"
                        if name in lib_private else "not in include/, lib/kit/ or games/" + g + "/")
                report(f"include {g}", path, line, f"{g} includes \"{name}\": {what}")
            elif target is None and name.startswith("boardai/"):
                report(f"include {g}", path, line, f"{g} includes <{name}>: no such public header")


# ---- circles inside each game ----
def sccs(nodes, edges):
    """Tarjan's strongly connected components with more than one node."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


IDENT = re.compile(r"\b[A-Za-z_]\w*\b")


def top_level(text):
    """(depth-0 text, body text) of stripped C: what lies outside and inside braces."""
    outside, inside, depth = [], [], 0
    for c in text:
        if c == "{":
            depth += 1
        elif c == "}":
            depth = max(0, depth - 1)
        (inside if depth > 0 and c not in "{}" else outside).append(c)
    return "".join(outside), "".join(inside)


def no_directives(text):
    """The text with preprocessor lines (and their continuations) blanked."""
    out, cont = [], False
    for l in text.split("\n"):
        directive = cont or l.lstrip().startswith("#")
        cont = directive and l.rstrip().endswith("\\")
        out.append(" " * len(l) if directive else l)
    return "\n".join(out)


DEF = re.compile(r"(?:^|[;}])\s*((?:[\w\s\*]+?))\b([A-Za-z_]\w*)\s*\([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*\)\s*\{")

for g in games:
    files = game_files[g]
    stripped = {p: strip_c(read(p)) for p in files}
    # Header circles: #include edges between the game's own files.
    inc_edges = {}
    for p in files:
        for line, kind, name in includes(p):
            t = resolve_game_include(g, p, kind, name)
            if t and t in stripped:
                inc_edges.setdefault(p, set()).add(t)
    for comp in sccs([p for p in files if p.endswith(".h")],
                     {k: {v for v in vs if v.endswith(".h")} for k, vs in inc_edges.items()
                      if k.endswith(".h")}):
        report(f"circle {g}", comp[0], 1, "include circle among " +
               " -> ".join(rel(c) for c in comp))
    # Use circles: file A uses a function defined (not static) in file B. A header's inline
    # bodies and macros count as uses of the header, and a file that includes the header uses it.
    defined = {}
    for p, text in stripped.items():
        if not p.endswith(".c"):
            continue
        for m in DEF.finditer(no_directives(text)):
            quals, name = m.group(1), m.group(2)
            if "static" in quals.split() or name in ("if", "for", "while", "switch", "return"):
                continue
            defined.setdefault(name, p)
    edges = {}
    why = {}
    for p, text in stripped.items():
        if p.endswith(".h"):
            outside, inside = top_level(text)
            used = inside + "\n".join(l for l in outside.splitlines() if l.lstrip().startswith("#define"))
        else:
            used = text
        for name in set(IDENT.findall(used)):
            q = defined.get(name)
            if q and q != p:
                edges.setdefault(p, set()).add(q)
                why.setdefault((p, q), name)
        for h in inc_edges.get(p, ()):
            edges.setdefault(p, set()).add(h)
    for comp in sccs(files, edges):
        cs = [c for c in comp if c.endswith(".c")]
        if not cs:
            continue  # headers only: an include circle, reported above
        links = []
        members = set(comp)
        for a in comp:
            for b in sorted(edges.get(a, ())):
                if b in members and (a, b) in why:
                    links.append(f"{os.path.basename(a)} uses {why[(a, b)]}() of {os.path.basename(b)}")
                elif b in members and b.endswith(".h"):
                    links.append(f"{os.path.basename(a)} includes {os.path.basename(b)}")
        report(f"circle {g}", cs[0], 1, f"{g}: {len(comp)} files use each other in a circle (" +
               ", ".join(os.path.basename(c) for c in comp) + "): " + "; ".join(links[:12]) +
               ("; ..." if len(links) > 12 else ""))

# ---- vtables: BA_GAME_INIT only ----
VT = re.compile(r"\bba_game\s+\w+\s*(?:\[[^\]]*\])?\s*=\s*(?!BA_GAME_INIT\b)([A-Za-z_]\w*\s*\(|\{|\()")
for g in games:
    macros = set()
    any_init = False
    for p in game_files[g]:
        text = strip_c(read(p))
        # A game's own macro that wraps BA_GAME_INIT (CAM_GAME_INIT) is the same style.
        for m in re.finditer(r"#\s*define\s+(\w+)\s*\([^)]*\)\s*(?:\\\s*\n\s*)?BA_GAME_INIT\b", text):
            macros.add(m.group(1))
        any_init |= "BA_GAME_INIT" in text
    for p in game_files[g]:
        text = strip_c(read(p))
        for m in VT.finditer(text):
            init = m.group(1).rstrip(" (\t")
            if init == "{":
                # An array of vtables: each element must be BA_GAME_INIT or a macro wrapping it.
                body = text[m.end():text.find("}", m.end())]
                elems = re.findall(r"([A-Za-z_]\w*)\s*\(", body)
                if elems and all(e == "BA_GAME_INIT" or e in macros for e in elems):
                    continue
            if init in macros:
                continue
            line = text.count("\n", 0, m.start()) + 1
            report(f"vtable {g}", p, line, f"{g} fills a ba_game without BA_GAME_INIT (the one "
                   "documented style, safe when the struct grows)")
        for m in re.finditer(r"\(\s*(?:const\s+)?ba_game\s*\)\s*\{", text):
            line = text.count("\n", 0, m.start()) + 1
            report(f"vtable {g}", p, line, f"{g} fills a ba_game with a compound literal, not BA_GAME_INIT")
    if not any_init:
        report(f"vtable {g}", os.path.join(root, "games", g), 0, f"{g} never uses BA_GAME_INIT")

# ---- CMake: every target lists its sources ----
for dirpath, dirs, files in os.walk(root):
    dirs[:] = sorted(d for d in dirs if not d.startswith((".", "build")) and d != "node_modules")
    for f in sorted(files):
        if f == "CMakeLists.txt" or f.endswith(".cmake"):
            p = os.path.join(dirpath, f)
            for i, l in enumerate(read(p).splitlines(), 1):
                code = l.split("#", 1)[0]
                if re.search(r"\bfile\s*\(\s*GLOB", code, re.I):
                    report("cmake", p, i, "file(GLOB ...): list the sources (a stray file must not be built)")

# ---- every C source is listed (without file(GLOB), a forgotten one is never built) ----
# A source counts as listed when its name (with or without .c) is written in a CMake file of the
# tree, or in a script of scripts/ (the WebAssembly bridge). tests/fuzz and tests/match name
# their sources through patterns (tests/fuzz/harnesses.cmake, examples/match/CMakeLists.txt) and
# are left to those files.
names = set()
for dirpath, dirs, files in os.walk(root):
    dirs[:] = sorted(d for d in dirs if not d.startswith((".", "build")) and d != "node_modules")
    for f in sorted(files):
        if f == "CMakeLists.txt" or f.endswith(".cmake"):
            text = "\n".join(l.split("#", 1)[0] for l in read(os.path.join(dirpath, f)).splitlines())
            names.update(t.rsplit("/", 1)[-1] for t in re.findall(r"[\w./-]+", text))
scripts_text = ""
scripts_dir = os.path.join(root, "scripts")
for f in sorted(os.listdir(scripts_dir) if os.path.isdir(scripts_dir) else []):
    if f.endswith(".sh"):
        scripts_text += read(os.path.join(root, "scripts", f))
skip = {os.path.join(root, "tests", "fuzz"), os.path.join(root, "tests", "match")}
for top in ("lib", "games", "tests", "examples", "bench"):
    for dirpath, dirs, files in os.walk(os.path.join(root, top)):
        dirs[:] = sorted(d for d in dirs if d != "node_modules" and os.path.join(dirpath, d) not in skip)
        for f in sorted(files):
            if f.endswith(".c") and f not in names and f[:-2] not in names and f not in scripts_text:
                report("cmake", os.path.join(dirpath, f), 1, "listed in no CMakeLists.txt: it "
                       "is not built (add it to its target's list of sources)")

# ---- no absolute path outside the repository ----
OUTSIDE = re.compile(r"/work/|\.\./shared|/tmp/")
checked = [os.path.join(root, "README.md")]
for d in ("docs", "include", "lib", "games"):
    for dirpath, dirs, files in os.walk(os.path.join(root, d)):
        dirs.sort()
        checked += [os.path.join(dirpath, f) for f in sorted(files)]
for p in checked:
    try:
        lines = read(p).splitlines()
    except (OSError, UnicodeError):
        continue
    for i, l in enumerate(lines, 1):
        m = OUTSIDE.search(l)
        if m:
            report(f"path {rel(p)}", p, i, f"'{m.group(0)}': a path outside the repository, which its "
                   "readers do not have")

# ---- known findings, being fixed by their owners ----
known = {}
if os.path.exists(known_path):
    for i, l in enumerate(read(known_path).splitlines(), 1):
        l = l.split("#", 1)[0].strip()
        if l:
            key, _, owner = l.partition("|")
            known[key.strip()] = [owner.strip(), i, False]
bad = 0
for key, text in findings:
    if key in known:
        known[key][2] = True
        print(f"known ({known[key][0]}): {text}")
    else:
        print(text)
        bad += 1
for key, (owner, i, used) in known.items():
    if not used:
        print(f"{rel(known_path)}:{i}: '{key}' is listed as known but no longer found: remove it")
        bad += 1
print(f"layering: {bad} finding(s), {sum(1 for k, _ in findings if k in known)} known")
sys.exit(1 if bad else 0)
PY
