# tests/fuzz/harnesses.cmake: the list of fuzz harnesses, shared by the libFuzzer build
# (tests/fuzz/CMakeLists.txt, -DBOARDAI_FUZZ=ON with clang) and the corpus replay tests of every
# build (tests/hardening/CMakeLists.txt). One source per input kind; the game harnesses are
# compiled once per enabled game module with -DFUZZ_MODULE="<game>".
#
# ba_fuzz_harnesses(<out-list>): names "<harness>|<source>|<module or ->" for this build.
set(BA_FUZZ_DIR ${CMAKE_CURRENT_LIST_DIR})

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
    # The web server's text readers (examples/camelot-web/web_board.c), when present.
    if(EXISTS ${PROJECT_SOURCE_DIR}/examples/camelot-web/web_board.c)
      list(APPEND list "web_board|fuzz_web_board.c|-")
    endif()
  endif()
  set(${out} ${list} PARENT_SCOPE)
endfunction()

# ba_fuzz_add(<harness> <source> <module> <target> <extra source...>): one executable.
function(ba_fuzz_add harness source module target)
  add_executable(${target} ${BA_FUZZ_DIR}/${source} ${ARGN})
  target_include_directories(${target} PRIVATE ${BA_FUZZ_DIR})
  target_link_libraries(${target} PRIVATE ba_hardgames)
  if(harness STREQUAL "web_board")
    target_sources(${target} PRIVATE ${PROJECT_SOURCE_DIR}/examples/camelot-web/web_board.c)
    target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/examples/camelot-web)
  endif()
  if(NOT module STREQUAL "-")
    target_compile_definitions(${target} PRIVATE FUZZ_MODULE="${module}")
  endif()
endfunction()
