/* tests/fuzz/replay_main.c: runs a harness over files and directories without libFuzzer, so the
 * seed corpora and the regression inputs run as ordinary tests in every build (gcc, ASan,
 * Valgrind). Usage: <harness> FILE|DIR... ; exits non-zero when an argument cannot be read (a
 * broken invariant aborts, as under libFuzzer).
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path, long *count)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            uint8_t *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "out of memory reading %s\n", path);
        return 1;
    }
    /* An exact-size copy, so a read past the end is caught by the sanitizers. */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) {
        free(buf);
        return 1;
    }
    memcpy(exact, buf, len);
    free(buf);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    (*count)++;
    return 0;
}

static int run_path(const char *path, long *count)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return run_file(path, count);
    DIR *d = opendir(path);
    if (!d)
        return 1;
    int bad = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t n = strlen(path) + strlen(e->d_name) + 2;
        char *full = malloc(n);
        if (!full) {
            bad = 1;
            break;
        }
        snprintf(full, n, "%s/%s", path, e->d_name);
        bad |= run_path(full, count);
        free(full);
    }
    closedir(d);
    return bad;
}

int main(int argc, char **argv)
{
    long count = 0;
    int bad = 0;
    for (int i = 1; i < argc; i++)
        bad |= run_path(argv[i], &count);
    printf("%ld inputs run\n", count);
    return bad ? 1 : 0;
}
