# Warning flags and sanitizers shared by every target of the project.
set(BOARDAI_WARNINGS
  -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes
  -Wformat=2 -Wundef -Wpointer-arith -Wwrite-strings -Wcast-qual -Wvla
  -Wold-style-definition -Wnull-dereference -Wdouble-promotion)
if(BOARDAI_WERROR)
  list(APPEND BOARDAI_WARNINGS -Werror)
endif()
add_compile_options(${BOARDAI_WARNINGS})
# clock_gettime and friends under -std=c11.
add_compile_definitions(_POSIX_C_SOURCE=200809L)

if(BOARDAI_SANITIZE)
  string(REPLACE "," ";" _san "${BOARDAI_SANITIZE}")
  string(REPLACE ";" "," _sanflag "${_san}")
  add_compile_options(-fsanitize=${_sanflag} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${_sanflag})
  # Lets a test scale down its heaviest loops under the sanitizers (`#ifdef BOARDAI_SANITIZED`);
  # scripts/test.sh runs every suite again in such a build and must stay quick.
  add_compile_definitions(BOARDAI_SANITIZED=1)
endif()
