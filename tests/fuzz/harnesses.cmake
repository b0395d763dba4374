# tests/fuzz/harnesses.cmake: the list of fuzz harnesses, shared by the libFuzzer build
# (tests/fuzz/CMakeLists.txt, -DBOARDAI_FUZZ=ON with clang) and the corpus replay tests of every
# build (tests/hardening/CMakeLists.txt). One source per input kind; the game harnesses are
# compiled once per enabled game module with -DFUZZ_MODULE="<game>".
#
# ba_fuzz_harnesses(<out-list>): names "<harness>|<source>|<module or ->" for this build.
set(BA_FUZZ_DIR ${CMAKE_CURRENT_LIST_DIR})

# The web API harness needs jansson (as boardai-camelot-web does); without it, it is left out.
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(BA_FUZZ_JANSSON QUIET IMPORTED_TARGET jansson)
  pkg_check_modules(BA_FUZZ_SQLITE3 QUIET IMPORTED_TARGET sqlite3)
endif()
find_package(Threads QUIET)

function(ba_fuzz_harnesses out)
  set(list "")
  foreach(game IN LISTS BOARDAI_ENABLED_GAMES)
    foreach(kind IN ITEMS position move protocol)
      list(APPEND list "${kind}_${game}|fuzz_${kind}.c|${game}")
    endforeach()
  endforeach()
  if("chess" IN_LIST BOARDAI_ENABLED_GAMES)
    list(APPEND list "uci|fuzz_uci.c|-")
  endif()
  if("arimaa" IN_LIST BOARDAI_ENABLED_GAMES)
    list(APPEND list "aei|fuzz_aei.c|-")
  endif()
  if("camelot" IN_LIST BOARDAI_ENABLED_GAMES)
    list(APPEND list "camelot_record|fuzz_camelot_record.c|-")
    list(APPEND list "camelot_egtb|fuzz_camelot_egtb.c|-")
    # The web server's text readers (examples/camelot-web/web_board.c), when present.
    if(EXISTS ${PROJECT_SOURCE_DIR}/examples/camelot-web/web_board.c)
      list(APPEND list "web_board|fuzz_web_board.c|-")
    endif()
    # Its JSON API, called in-process (examples/camelot-web/web_api.c).
    if(EXISTS ${PROJECT_SOURCE_DIR}/examples/camelot-web/web_api.c AND BA_FUZZ_JANSSON_FOUND
       AND BA_FUZZ_SQLITE3_FOUND
       AND Threads_FOUND)
      list(APPEND list "web_api|fuzz_web_api.c|-")
    endif()
  endif()
  set(${out} ${list} PARENT_SCOPE)
endfunction()

# ba_fuzz_add(<harness> <source> <module> <target> <extra source...>): one executable.
function(ba_fuzz_add harness source module target)
  add_executable(${target} ${BA_FUZZ_DIR}/${source} ${ARGN})
  target_include_directories(${target} PRIVATE ${BA_FUZZ_DIR})
  target_link_libraries(${target} PRIVATE ba_hardgames)
  set(_web ${PROJECT_SOURCE_DIR}/examples/camelot-web)
  if(harness STREQUAL "web_board")
    target_sources(${target} PRIVATE ${_web}/web_board.c)
    target_include_directories(${target} PRIVATE ${_web})
  elseif(harness STREQUAL "web_api")
    target_sources(${target} PRIVATE ${_web}/web_api.c ${_web}/web_games.c ${_web}/web_board.c
      ${_web}/web_state.c ${_web}/web_record.c ${_web}/web_db.c)
    target_include_directories(${target} PRIVATE ${_web})
    target_link_libraries(${target} PRIVATE PkgConfig::BA_FUZZ_JANSSON PkgConfig::BA_FUZZ_SQLITE3
      Threads::Threads)
  endif()
  if(NOT module STREQUAL "-")
    target_compile_definitions(${target} PRIVATE FUZZ_MODULE="${module}")
  endif()
endfunction()
