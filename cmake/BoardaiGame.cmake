# boardai_add_game(<name> <source>...): the object target boardai_game_<name> of one game module,
# called from games/<name>/CMakeLists.txt with the module's explicit list of sources.
#
# A game sees only what it may use (docs/adding-a-game.md, issue 16 §8):
#   - the public API (include/),
#   - the internal kit shared by lib/ and the games (lib/kit/: mixer, registry kit, ...),
#   - its own folder, by bare name ("eval.h") or under its own name ("camelot/eval.h").
# Neither lib/'s private headers (search.h, tt.h, ...) nor another game's folder is on its
# include path, so including them fails to build; scripts/check-layering.sh also catches the
# relative paths (../) that an include path cannot forbid.
#
# lib/'s private headers are not on a game's include path, but a quoted "search.h" would still
# find the C library's <search.h>; so each of them has a stand-in, searched first for quoted
# includes only (-iquote), that stops the build with a message saying why.
set(BOARDAI_LIB_PRIVATE_HEADERS evalcache.h game_checked.h ordering.h search.h timeman.h tt.h)
set(BOARDAI_PRIVATE_STANDINS ${PROJECT_BINARY_DIR}/game_private_standins)
foreach(_h IN LISTS BOARDAI_LIB_PRIVATE_HEADERS)
  file(CONFIGURE OUTPUT ${BOARDAI_PRIVATE_STANDINS}/${_h} CONTENT
"#error \"${_h} is private to lib/: a game sees include/, lib/kit/ and its own folder (cmake/BoardaiGame.cmake)\"
" @ONLY)
endforeach()

function(boardai_add_game name)
  set(_target boardai_game_${name})
  add_library(${_target} OBJECT ${ARGN})
  set_target_properties(${_target} PROPERTIES POSITION_INDEPENDENT_CODE ON
    C_VISIBILITY_PRESET hidden)
  # The library itself sees the experimental declarations (docs/api-stability.md).
  target_compile_definitions(${_target} PRIVATE BOARDAI_BUILDING BOARDAI_EXPERIMENTAL)
  # "<name>/file.h" from the game's own folder only: a folder in the build tree holding one link,
  # <name> -> games/<name>, so that no other game is reachable under that root.
  set(_root ${PROJECT_BINARY_DIR}/game_roots/${name})
  file(MAKE_DIRECTORY ${_root})
  if(NOT EXISTS ${_root}/${name})
    file(CREATE_LINK ${CMAKE_CURRENT_SOURCE_DIR} ${_root}/${name} SYMBOLIC)
  endif()
  target_include_directories(${_target} PRIVATE
    ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/lib/kit ${CMAKE_CURRENT_SOURCE_DIR} ${_root})
  if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${_target} PRIVATE "SHELL:-iquote ${BOARDAI_PRIVATE_STANDINS}")
  endif()
endfunction()
