/* The static library exposes only ba_ names: a program may name its own functions like the
 * library's internal ones (bac_ of the core, cam_ of Camelot, the registry's bac_reg_) and still
 * link against libboardai.a, because those are local to the library's one relocatable object.
 * Built against the installed libboardai.a by tests/external/CMakeLists.txt (and in-tree against
 * the shared library, where the same holds through symbol visibility). */
#include <boardai/boardai.h>

#include <stdio.h>
#include <string.h>

/* Same names as internal functions of the library, different meanings. */
int bac_reg_has(void);
int bac_reg_has(void) { return 42; }
int bac_game_side(int x);
int bac_game_side(int x) { return x + 1; }
const char *bac_reg_names[] = {"mine", NULL};

int main(void)
{
    const char *const *names = ba_game_names(); /* pulls in the library's registry code */
    if (bac_reg_has() != 42 || bac_game_side(1) != 2 || strcmp(bac_reg_names[0], "mine") != 0 ||
        names == (const char *const *)bac_reg_names) {
        printf("static_names: the program's own functions were not called\n");
        return 1;
    }
    printf("static_names: ok (%s)\n", names[0] ? names[0] : "no game built in");
    return 0;
}
