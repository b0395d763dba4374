/* The session kernel's options table (kit/session.h): one parser for the settings of every line
 * protocol, so that a number, a switch or a choice is read and checked the same way in each. */
#include <stdio.h>
#include <string.h>

#include "session.h"

const bac_option *bac_option_find(const bac_option *table, size_t n, const char *name)
{
    if (!table || !name)
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (bac_word_is(name, table[i].name))
            return &table[i];
    return NULL;
}

static int parse_bool(const char *text, int64_t *value)
{
    static const char *const yes[] = {"true", "on", "1", "yes"};
    static const char *const no[] = {"false", "off", "0", "no"};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
        if (bac_word_is(text, yes[i])) {
            *value = 1;
            return 1;
        }
        if (bac_word_is(text, no[i])) {
            *value = 0;
            return 1;
        }
    }
    return 0;
}

int bac_option_apply(void *user, const bac_option *opt, const char *text, char *msg, size_t cap)
{
    if (!opt || !opt->set) {
        snprintf(msg, cap, "no such option");
        return BA_ERR_ARG;
    }
    int64_t value = 0;
    if (opt->type != BAC_OPT_BUTTON && opt->type != BAC_OPT_TEXT && (!text || !*text)) {
        snprintf(msg, cap, "%s: a value is missing", opt->name);
        return BA_ERR_PARSE;
    }
    switch (opt->type) {
    case BAC_OPT_INT: {
        int rc = bac_parse_int_msg(opt->name, text, opt->min, opt->max, &value, msg, cap);
        if (rc != BA_OK)
            return rc;
        break;
    }
    case BAC_OPT_BOOL:
        if (!parse_bool(text, &value)) {
            snprintf(msg, cap, "%s: '%.40s' is not true or false", opt->name, text);
            return BA_ERR_PARSE;
        }
        break;
    case BAC_OPT_CHOICE: {
        value = -1;
        for (int64_t i = 0; opt->choices && opt->choices[i]; i++)
            if (bac_word_is(text, opt->choices[i]))
                value = i;
        if (value < 0 && bac_parse_int(text, opt->min, opt->max, &value) != BA_OK) {
            snprintf(msg, cap, "%s: '%.40s' is not one of its values", opt->name, text);
            return BA_ERR_PARSE;
        }
        break;
    }
    case BAC_OPT_BUTTON:
    case BAC_OPT_TEXT:
        break;
    }
    msg[0] = '\0';
    return opt->set(user, opt, value, text, msg, cap);
}
