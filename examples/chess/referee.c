/* The match referee of boardai-chess (--match): plays a UCI engine (by default this program)
 * against an xboard/CECP engine (by default Debian's fairymax), keeps both clocks, checks every
 * move with libboardai's rules and ends each game by checkmate, stalemate, the 50-move rule,
 * threefold repetition, insufficient material, an illegal move, a crash, a hang or a flag fall.
 *
 * Each pair of games starts from the same short random opening (a few seeded random plies),
 * once with each colour, so that two deterministic engines still play different games. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <boardai/boardai.h>

#include "chess_program.h"

typedef struct proc {
    const char *name;
    pid_t pid;
    int to_fd, from_fd;
    char buf[65536];
    size_t len;
    int eof;
} proc;

/* The most options a match gives one engine (--uci-option, --opponent-option). */
#define MAX_ENGINE_OPTIONS 16

/* One engine of the match: a command, its protocol and the UCI options sent before each game. */
typedef struct engine_spec {
    const char *cmd;
    int uci;                                  /* 1 UCI, 0 xboard/CECP */
    const char *options[MAX_ENGINE_OPTIONS];  /* "Name=Value" */
    int noptions;
} engine_spec;

typedef struct match_opts {
    int games;
    int64_t base_ms, inc_ms;
    int64_t movetime_ms;   /* > 0: a fixed time per move instead of clocks */
    int64_t grace_ms;      /* a flag falls only below -grace (for loaded, shared machines) */
    engine_spec a;         /* engine A (UCI): the one measured */
    engine_spec b;         /* engine B: the opponent (xboard or UCI) */
    uint64_t seed;
    int opening_plies;
    int max_plies;
    int verbose;
    const char *pgn_path;
} match_opts;

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int spawn(proc *p, const char *name, const char *cmd)
{
    int to[2], from[2];
    memset(p, 0, sizeof *p);
    p->name = name;
    p->pid = -1;
    if (pipe(to) < 0)
        return -1;
    if (pipe(from) < 0) {
        close(to[0]);
        close(to[1]);
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0)
            dup2(devnull, 2);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    p->pid = pid;
    p->to_fd = to[1];
    p->from_fd = from[0];
    return 0;
}

static void send_line(proc *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void send_line(proc *p, const char *fmt, ...)
{
    char line[8192];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if (n > (int)sizeof line - 2)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    for (int off = 0; off < n;) {
        ssize_t w = write(p->to_fd, line + off, (size_t)(n - off));
        if (w <= 0) {
            if (w < 0 && errno == EINTR)
                continue;
            return; /* a dead engine is noticed when reading */
        }
        off += (int)w;
    }
}

/* One line from the engine before @p deadline (ms, now_ms clock): 1, 0 on timeout, -1 at EOF. */
static int read_line(proc *p, char *out, size_t cap, int64_t deadline)
{
    for (;;) {
        char *nl = memchr(p->buf, '\n', p->len);
        if (nl || p->len == sizeof p->buf) {
            size_t len = nl ? (size_t)(nl - p->buf) : p->len;
            size_t copy = len < cap - 1 ? len : cap - 1;
            memcpy(out, p->buf, copy);
            out[copy] = '\0';
            if (copy && out[copy - 1] == '\r')
                out[copy - 1] = '\0';
            size_t used = nl ? len + 1 : len;
            memmove(p->buf, p->buf + used, p->len - used);
            p->len -= used;
            return 1;
        }
        if (p->eof)
            return -1;
        int64_t left = deadline - now_ms();
        if (left <= 0)
            return 0;
        struct pollfd pfd = {p->from_fd, POLLIN, 0};
        int r = poll(&pfd, 1, (int)(left > 1000000 ? 1000000 : left));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return 0;
        ssize_t got = read(p->from_fd, p->buf + p->len, sizeof p->buf - p->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            p->eof = 1;
        else
            p->len += (size_t)got;
    }
}

/* Reads lines until one starts with @p prefix (copied to @p out). 1, 0 timeout, -1 EOF. */
static int wait_for(proc *p, const char *prefix, char *out, size_t cap, int64_t deadline)
{
    char line[4096];
    for (;;) {
        int r = read_line(p, line, sizeof line, deadline);
        if (r <= 0)
            return r;
        if (!strncmp(line, prefix, strlen(prefix))) {
            if (out)
                snprintf(out, cap, "%s", line);
            return 1;
        }
    }
}

static void finish_proc(proc *p)
{
    if (p->pid <= 0)
        return;
    send_line(p, "quit");
    close(p->to_fd);
    int64_t end = now_ms() + 1000;
    int status;
    while (now_ms() < end) {
        if (waitpid(p->pid, &status, WNOHANG) == p->pid) {
            p->pid = -1;
            break;
        }
        struct timespec ts = {0, 10000000};
        nanosleep(&ts, NULL);
    }
    if (p->pid > 0) {
        kill(p->pid, SIGKILL);
        waitpid(p->pid, &status, 0);
    }
    close(p->from_fd);
    p->pid = -1;
}

typedef struct game_record {
    double score_a;     /* 1, 0.5, 0 for the UCI engine */
    char reason[160];
    int plies;
    int illegal_a, illegal_b, crash_a, crash_b, time_a, time_b;
    int aborted;
    int moves_a;          /* moves A played */
    int pv_mismatch_a;    /* of which the last PV before bestmove did not start with the move */
    int64_t min_clock_a;  /* clock mode: A's lowest clock after a move, before the increment */
    int64_t max_over_a;   /* A's worst time beyond its move time (movetime) or whole clock */
} game_record;

/* Which rule drew the game. */
static const char *draw_reason(const ba_pos *pos)
{
    ba_move list[256];
    char fen[BA_POS_TEXT_MAX];
    ba_history h;
    if (ba_pos_moves(pos, list, 256) == 0 && ba_pos_history(pos, &h) == BA_OK) {
        size_t same = 0;
        uint64_t now = ba_pos_hash(pos);
        for (size_t i = 0; i < h.count; i++)
            same += h.hashes[i] == now;
        if (same >= 2)
            return "draw by threefold repetition";
    }
    if (ba_pos_text(pos, fen, sizeof fen) > 0) {
        /* the half-move clock is the fifth FEN field */
        const char *p = fen;
        for (int field = 0; field < 4 && p; field++)
            if ((p = strchr(p, ' ')) != NULL)
                p++;
        if (p && atoi(p) >= 100)
            return "draw by the 50-move rule";
    }
    if (ba_pos_moves(pos, list, 256) == 0) {
        /* no moves and no other rule: stalemate unless the material is insufficient */
        const char *placement_end = strchr(fen, ' ');
        int heavy = 0, minors = 0;
        for (const char *c = fen; placement_end && c < placement_end; c++) {
            heavy += strchr("PpRrQq", *c) != NULL;
            minors += strchr("NnBb", *c) != NULL;
        }
        return heavy == 0 && minors <= 2 ? "draw (insufficient material or stalemate)" : "draw by stalemate";
    }
    return "draw";
}

static void xboard_clock(proc *b, int64_t mine, int64_t theirs)
{
    send_line(b, "time %lld", (long long)(mine / 10));
    send_line(b, "otim %lld", (long long)(theirs / 10));
}

/* How long an engine may take to start and to answer isready: generous, since on a loaded
 * machine a process (and Stockfish loading its network) can wait seconds for the CPU. */
#define START_TIMEOUT_MS 30000

/* Starts one engine and brings it to a new game. 1 on success. */
static int engine_start(proc *p, const char *name, const engine_spec *e, const match_opts *o)
{
    if (spawn(p, name, e->cmd) != 0)
        return 0;
    if (e->uci) {
        send_line(p, "uci");
        if (wait_for(p, "uciok", NULL, 0, now_ms() + START_TIMEOUT_MS) != 1)
            return 0;
        for (int i = 0; i < e->noptions; i++) {
            const char *eq = strchr(e->options[i], '=');
            send_line(p, "setoption name %.*s value %s", (int)(eq - e->options[i]), e->options[i], eq + 1);
        }
        send_line(p, "ucinewgame");
        send_line(p, "isready");
        return wait_for(p, "readyok", NULL, 0, now_ms() + START_TIMEOUT_MS) == 1;
    }
    send_line(p, "xboard");
    send_line(p, "protover 2");
    /* protover 2 engines end their features with done=1; older ones say nothing */
    if (wait_for(p, "feature done=1", NULL, 0, now_ms() + 2000) < 0)
        return 0;
    send_line(p, "new");
    send_line(p, "easy");
    send_line(p, "nopost");
    send_line(p, "force");
    if (o->movetime_ms > 0)
        send_line(p, "st %lld", (long long)((o->movetime_ms + 999) / 1000)); /* whole seconds only */
    else
        send_line(p, "level 0 %lld:%02lld %g", (long long)(o->base_ms / 60000), (long long)(o->base_ms / 1000 % 60),
                  (double)o->inc_ms / 1000.0);
    return 1;
}

/* The first move of the PV of a UCI `info` line ("" if it has none). */
static void info_pv_first(const char *line, char *out, size_t cap)
{
    const char *pv = strstr(line, " pv ");
    out[0] = '\0';
    if (pv)
        snprintf(out, cap, "%.*s", (int)strcspn(pv + 4, " "), pv + 4);
}

/* Asks a UCI engine for its move. 1 with @p move filled, 0 on timeout, -1 at EOF.
 * @p last_pv receives the first PV move of its last info line with a PV ("" if none). */
static int uci_move(proc *p, const match_opts *o, const char *moves, const int64_t clock_ms[2], int64_t deadline,
                    char *move, size_t cap, char *last_pv, size_t pv_cap)
{
    char line[4096];
    send_line(p, "position startpos moves%s", moves);
    if (o->movetime_ms > 0)
        send_line(p, "go movetime %lld", (long long)o->movetime_ms);
    else
        send_line(p, "go wtime %lld btime %lld winc %lld binc %lld", (long long)clock_ms[0], (long long)clock_ms[1],
                  (long long)o->inc_ms, (long long)o->inc_ms);
    last_pv[0] = '\0';
    for (;;) {
        int r = read_line(p, line, sizeof line, deadline);
        if (r <= 0)
            return r;
        if (!strncmp(line, "info ", 5) && strstr(line, " pv ")) {
            info_pv_first(line, last_pv, pv_cap);
        } else if (!strncmp(line, "bestmove ", 9)) {
            move[0] = '\0';
            sscanf(line + 9, "%63s", move);
            (void)cap;
            return 1;
        }
    }
}

/* Asks an xboard engine (in force mode, told every move) for its move; same returns. */
static int xboard_move(proc *p, const match_opts *o, int stm, const int64_t clock_ms[2], int64_t deadline, char *move,
                       size_t cap)
{
    char line[4096];
    int r;
    if (o->movetime_ms <= 0)
        xboard_clock(p, clock_ms[stm], clock_ms[!stm]);
    send_line(p, "go");
    for (;;) {
        r = read_line(p, line, sizeof line, deadline);
        if (r <= 0)
            break;
        if (!strncmp(line, "move ", 5)) {
            sscanf(line + 5, "%63s", move);
            break;
        }
        if (!strncmp(line, "resign", 6) || strstr(line, "resigns")) {
            snprintf(move, cap, "resign");
            break;
        }
    }
    send_line(p, "force");
    return r;
}

/* Plays one game; A (UCI) has white when a_white. */
static void play_game(const match_opts *o, int a_white, const char *opening, game_record *rec, FILE *pgn,
                      int round)
{
    memset(rec, 0, sizeof *rec);
    rec->min_clock_a = INT64_MAX;
    rec->max_over_a = INT64_MIN;
    proc a, b;
    ba_pos *pos = NULL;
    ba_error err;
    char moves[16384] = "";
    size_t mlen = 0;
    int64_t clock_ms[2] = {o->base_ms, o->base_ms};
    if (ba_pos_new(ba_chess_game(), &pos) != BA_OK) {
        snprintf(rec->reason, sizeof rec->reason, "out of memory");
        rec->score_a = 0.5;
        return;
    }
    int ok_a = engine_start(&a, "A", &o->a, o);
    int ok_b = engine_start(&b, "B", &o->b, o);
    const int a_side = a_white ? 0 : 1;
    if (!ok_a || !ok_b) {
        /* Not a game: the match stops (a missing program is a set-up error, not a result). */
        rec->aborted = 1;
        snprintf(rec->reason, sizeof rec->reason, "%s did not start", !ok_a ? "engine A" : "engine B");
        goto done;
    }
    /* The opening: played on the board and sent to an xboard B (in force mode). */
    {
        char buf[512];
        snprintf(buf, sizeof buf, "%s", opening);
        for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
            if (ba_pos_play_text(pos, tok, &err) != BA_OK)
                break;
            if (!o->b.uci)
                send_line(&b, "%s", tok);
            mlen += (size_t)snprintf(moves + mlen, sizeof moves - mlen, " %s", tok);
        }
    }
    for (;;) {
        int result = ba_pos_result(pos);
        if (result != BA_RESULT_ONGOING) {
            int winner = ba_result_winner(result);
            rec->score_a = winner < 0 ? 0.5 : (winner == a_side ? 1 : 0);
            snprintf(rec->reason, sizeof rec->reason, "%s", winner >= 0 ? "checkmate" : draw_reason(pos));
            break;
        }
        if ((int)ba_pos_ply(pos) >= o->max_plies) {
            rec->score_a = 0.5;
            snprintf(rec->reason, sizeof rec->reason, "draw by the referee after %d plies", o->max_plies);
            break;
        }
        int stm = ba_pos_side_to_move(pos);
        int a_turn = stm == a_side;
        int64_t start = now_ms();
        /* Time the engine may take before the referee calls it a hang: its clock (or move time)
         * plus the grace plus 5 s. */
        int64_t allowed = o->movetime_ms > 0 ? o->movetime_ms : clock_ms[stm];
        int64_t deadline = start + allowed + o->grace_ms + 5000;
        char move[64] = "", pv[64] = "";
        int r;
        if (a_turn)
            r = uci_move(&a, o, moves, clock_ms, deadline, move, sizeof move, pv, sizeof pv);
        else if (o->b.uci)
            r = uci_move(&b, o, moves, clock_ms, deadline, move, sizeof move, pv, sizeof pv);
        else
            r = xboard_move(&b, o, stm, clock_ms, deadline, move, sizeof move);
        int64_t used = now_ms() - start;
        const char *who = a_turn ? "engine A" : "engine B";
        if (r < 0 || (r == 0 && now_ms() >= deadline)) {
            rec->score_a = a_turn ? 0 : 1;
            if (a_turn)
                rec->crash_a = 1;
            else
                rec->crash_b = 1;
            snprintf(rec->reason, sizeof rec->reason, "%s %s", who, r < 0 ? "crashed or quit" : "hung");
            break;
        }
        if (!strcmp(move, "resign")) {
            rec->score_a = 1;
            snprintf(rec->reason, sizeof rec->reason, "engine B resigned");
            break;
        }
        if (a_turn) {
            /* UCI: the last info line before bestmove carries the PV of the move played. */
            rec->moves_a++;
            if (strcmp(pv, move))
                rec->pv_mismatch_a++;
        }
        int64_t over = used - allowed;
        if (a_turn && over > rec->max_over_a)
            rec->max_over_a = over;
        if (o->movetime_ms > 0) {
            if (over > o->grace_ms) {
                rec->score_a = a_turn ? 0 : 1;
                if (a_turn)
                    rec->time_a = 1;
                else
                    rec->time_b = 1;
                snprintf(rec->reason, sizeof rec->reason, "%s lost on time (%lld ms for a %lld ms move)", who,
                         (long long)used, (long long)o->movetime_ms);
                break;
            }
        } else {
            clock_ms[stm] -= used;
            if (a_turn && clock_ms[stm] < rec->min_clock_a)
                rec->min_clock_a = clock_ms[stm];
            if (clock_ms[stm] < -o->grace_ms) {
                rec->score_a = a_turn ? 0 : 1;
                if (a_turn)
                    rec->time_a = 1;
                else
                    rec->time_b = 1;
                snprintf(rec->reason, sizeof rec->reason, "%s lost on time", who);
                break;
            }
            if (clock_ms[stm] < 0)
                clock_ms[stm] = 0; /* within the grace: the engine goes on with an empty clock */
            clock_ms[stm] += o->inc_ms;
        }
        if (ba_pos_play_text(pos, move, &err) != BA_OK) {
            rec->score_a = a_turn ? 0 : 1;
            if (a_turn)
                rec->illegal_a = 1;
            else
                rec->illegal_b = 1;
            snprintf(rec->reason, sizeof rec->reason, "%s played an illegal move '%.20s': %.80s", who, move,
                     err.message);
            break;
        }
        if (a_turn && !o->b.uci)
            send_line(&b, "%s", move);
        if (mlen + 8 < sizeof moves)
            mlen += (size_t)snprintf(moves + mlen, sizeof moves - mlen, " %s", move);
        if (o->verbose)
            fprintf(stderr, "  %s %s (%lld ms)\n", a_turn ? "A" : "B", move, (long long)used);
    }
done:
    rec->plies = pos ? (int)ba_pos_ply(pos) : 0;
    if (pgn && pos && !rec->aborted) {
        /* Moves in SAN, replayed from the start. */
        const char *res = rec->score_a == 0.5 ? "1/2-1/2" : ((rec->score_a == 1) == (a_white != 0) ? "1-0" : "0-1");
        fprintf(pgn, "[Event \"boardai-chess match\"]\n[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n"
                     "[Result \"%s\"]\n[Termination \"%s\"]\n\n",
                round, a_white ? "engine A" : "engine B", a_white ? "engine B" : "engine A", res, rec->reason);
        ba_pos *replay;
        if (ba_pos_new(ba_chess_game(), &replay) == BA_OK) {
            for (size_t i = 0; i < ba_pos_ply(pos); i++) {
                ba_move m;
                char san[32];
                if (ba_pos_move_at(pos, i, &m) != BA_OK || ba_chess_san(ba_pos_state(replay), &m, san, sizeof san) < 0)
                    break;
                if (i % 2 == 0)
                    fprintf(pgn, "%zu. ", i / 2 + 1);
                fprintf(pgn, "%s ", san);
                ba_pos_play(replay, &m, NULL);
            }
            ba_pos_free(replay);
        }
        fprintf(pgn, "%s\n\n", res);
        fflush(pgn);
    }
    finish_proc(&a);
    finish_proc(&b);
    ba_pos_free(pos);
}

static void match_usage(FILE *f)
{
    fprintf(f, "usage: boardai-chess --match [options]\n"
               "Plays a UCI engine (A) against an xboard or UCI engine (B) and prints A's score.\n"
               "  --games N              games to play (default 10; pairs share an opening)\n"
               "  --time MS              base time per side in milliseconds (default 2000)\n"
               "  --inc MS               increment per move in milliseconds (default 50)\n"
               "  --movetime MS          a fixed time per move instead of clocks (UCI `go movetime`;\n"
               "                         an xboard engine gets `st` in whole seconds)\n"
               "  --grace MS             a flag falls only when a clock is below -MS, or a move takes\n"
               "                         more than its move time + MS (default 0)\n"
               "  --uci CMD              engine A's command (default: this program)\n"
               "  --uci-option N=V       a UCI option for engine A (repeatable)\n"
               "  --xboard CMD           engine B is this xboard engine (default: fairymax)\n"
               "  --opponent-uci CMD     engine B is this UCI engine instead\n"
               "  --opponent-option N=V  a UCI option for a UCI engine B (repeatable)\n"
               "  --seed N               seed of the random openings (default 1)\n"
               "  --opening-plies N      random plies before the engines take over (default 4)\n"
               "  --max-plies N          adjudicate a draw after N plies (default 400)\n"
               "  --pgn FILE             write the games as PGN\n"
               "  --verbose              print every move on stderr\n"
               "The last lines give A's score, illegal moves, crashes, time losses, A's moves whose\n"
               "last reported PV did not start with the move played, and A's worst time use.\n");
}

static int parse_i64(const char *s, int64_t min, int64_t max, int64_t *out)
{
    char *end;
    if (!s || !*s)
        return -1;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (*end || errno || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

/* Adds "Name=Value" to an engine's options. 0, or -1 if malformed or too many. */
static int add_option(engine_spec *e, const char *nv)
{
    const char *eq = strchr(nv, '=');
    if (!eq || eq == nv || e->noptions == MAX_ENGINE_OPTIONS)
        return -1;
    e->options[e->noptions++] = nv;
    return 0;
}

int chess_run_match(int argc, char **argv, const char *self_path)
{
    /* Debian installs fairymax in /usr/games, often not in PATH. */
    match_opts o;
    memset(&o, 0, sizeof o);
    o.games = 10;
    o.base_ms = 2000;
    o.inc_ms = 50;
    o.seed = 1;
    o.opening_plies = 4;
    o.max_plies = 400;
    o.b.cmd = "PATH=\"$PATH:/usr/games\" exec fairymax";
    char self_cmd[4096];
    snprintf(self_cmd, sizeof self_cmd, "exec '%s' --uci", self_path);
    o.a.cmd = self_cmd;
    o.a.uci = 1;
    for (int i = 0; i < argc; i++) {
        const char *opt = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        int64_t v;
        if (!strcmp(opt, "--help")) {
            match_usage(stdout);
            return 0;
        } else if (!strcmp(opt, "--verbose")) {
            o.verbose = 1;
            continue;
        }
        if (!val) {
            fprintf(stderr, "boardai-chess --match: %s needs a value\n", opt);
            return 2;
        }
        i++;
        if (!strcmp(opt, "--games") && !parse_i64(val, 1, 100000, &v))
            o.games = (int)v;
        else if (!strcmp(opt, "--time") && !parse_i64(val, 10, 86400000, &v))
            o.base_ms = v;
        else if (!strcmp(opt, "--inc") && !parse_i64(val, 0, 3600000, &v))
            o.inc_ms = v;
        else if (!strcmp(opt, "--movetime") && !parse_i64(val, 1, 3600000, &v))
            o.movetime_ms = v;
        else if (!strcmp(opt, "--grace") && !parse_i64(val, 0, 3600000, &v))
            o.grace_ms = v;
        else if (!strcmp(opt, "--seed") && !parse_i64(val, 0, INT64_MAX, &v))
            o.seed = (uint64_t)v;
        else if (!strcmp(opt, "--opening-plies") && !parse_i64(val, 0, 40, &v))
            o.opening_plies = (int)v;
        else if (!strcmp(opt, "--max-plies") && !parse_i64(val, 10, 100000, &v))
            o.max_plies = (int)v;
        else if (!strcmp(opt, "--uci"))
            o.a.cmd = val;
        else if (!strcmp(opt, "--uci-option") && !add_option(&o.a, val))
            continue;
        else if (!strcmp(opt, "--xboard"))
            o.b.cmd = val, o.b.uci = 0;
        else if (!strcmp(opt, "--opponent-uci"))
            o.b.cmd = val, o.b.uci = 1;
        else if (!strcmp(opt, "--opponent-option") && !add_option(&o.b, val))
            continue;
        else if (!strcmp(opt, "--pgn"))
            o.pgn_path = val;
        else {
            fprintf(stderr, "boardai-chess --match: bad option or value: %s %s\n", opt, val);
            match_usage(stderr);
            return 2;
        }
    }
    if (o.b.noptions && !o.b.uci) {
        fprintf(stderr, "boardai-chess --match: --opponent-option needs --opponent-uci\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    FILE *pgn = NULL;
    if (o.pgn_path && !(pgn = fopen(o.pgn_path, "w"))) {
        fprintf(stderr, "boardai-chess --match: cannot write %s: %s\n", o.pgn_path, strerror(errno));
        return 1;
    }
    double score = 0;
    int wins = 0, losses = 0, draws = 0;
    int illegal_a = 0, illegal_b = 0, crash_a = 0, crash_b = 0, time_a = 0, time_b = 0;
    int moves_a = 0, pv_mismatch_a = 0;
    int64_t min_clock_a = INT64_MAX, max_over_a = INT64_MIN;
    uint64_t rng = o.seed * 0x9E3779B97F4A7C15ULL + 1;
    char opening[512] = "";
    if (o.movetime_ms > 0)
        printf("match: engine A [%s] vs %s engine B [%s], %d games, %lld ms a move (grace %lld ms)\n", o.a.cmd,
               o.b.uci ? "UCI" : "xboard", o.b.cmd, o.games, (long long)o.movetime_ms, (long long)o.grace_ms);
    else
        printf("match: engine A [%s] vs %s engine B [%s], %d games, %lld ms + %lld ms (grace %lld ms)\n", o.a.cmd,
               o.b.uci ? "UCI" : "xboard", o.b.cmd, o.games, (long long)o.base_ms, (long long)o.inc_ms,
               (long long)o.grace_ms);
    for (int i = 0; i < o.a.noptions; i++)
        printf("engine A option %s\n", o.a.options[i]);
    for (int i = 0; i < o.b.noptions; i++)
        printf("engine B option %s\n", o.b.options[i]);
    fflush(stdout);
    for (int g = 0; g < o.games; g++) {
        if (g % 2 == 0) {
            /* A new random opening for the pair. */
            ba_pos *pos;
            size_t len = 0;
            opening[0] = '\0';
            if (ba_pos_new(ba_chess_game(), &pos) != BA_OK)
                return 1;
            for (int k = 0; k < o.opening_plies; k++) {
                ba_move list[256];
                int n = ba_pos_moves(pos, list, 256);
                if (n <= 0)
                    break;
                rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
                ba_move m = list[(rng >> 33) % (uint64_t)n];
                char t[16];
                ba_pos_move_text(pos, &m, t, sizeof t);
                ba_pos_play(pos, &m, NULL);
                len += (size_t)snprintf(opening + len, sizeof opening - len, "%s%s", len ? " " : "", t);
            }
            ba_pos_free(pos);
        }
        game_record rec;
        int a_white = g % 2 == 0;
        play_game(&o, a_white, opening, &rec, pgn, g + 1);
        if (rec.aborted) {
            fprintf(stderr, "boardai-chess --match: %s; match aborted\n", rec.reason);
            if (pgn)
                fclose(pgn);
            return 1;
        }
        score += rec.score_a;
        wins += rec.score_a == 1;
        losses += rec.score_a == 0;
        draws += rec.score_a == 0.5;
        illegal_a += rec.illegal_a, illegal_b += rec.illegal_b;
        crash_a += rec.crash_a, crash_b += rec.crash_b;
        time_a += rec.time_a, time_b += rec.time_b;
        moves_a += rec.moves_a, pv_mismatch_a += rec.pv_mismatch_a;
        if (rec.min_clock_a < min_clock_a)
            min_clock_a = rec.min_clock_a;
        if (rec.max_over_a > max_over_a)
            max_over_a = rec.max_over_a;
        printf("game %d: engine A %s, opening [%s]: %s after %d plies (%s)\n", g + 1, a_white ? "white" : "black",
               opening, rec.score_a == 1 ? "win" : rec.score_a == 0 ? "loss" : "draw", rec.plies, rec.reason);
        fflush(stdout);
    }
    printf("score: engine A %.1f / %d (+%d -%d =%d, %.1f%%)\n", score, o.games, wins, losses, draws,
           100.0 * score / o.games);
    printf("illegal moves: engine A %d, engine B %d; crashes/hangs: %d, %d; time losses: %d, %d\n", illegal_a,
           illegal_b, crash_a, crash_b, time_a, time_b);
    printf("engine A: %d moves, %d whose last PV did not start with the move played\n", moves_a, pv_mismatch_a);
    if (moves_a && o.movetime_ms > 0)
        printf("engine A time: worst overshoot %lld ms over the %lld ms move time\n", (long long)max_over_a,
               (long long)o.movetime_ms);
    else if (moves_a)
        printf("engine A time: lowest clock after a move %lld ms (before the increment)\n", (long long)min_clock_a);
    if (pgn)
        fclose(pgn);
    return illegal_a || crash_a ? 1 : 0;
}
