/* Every internal header of the ugolki module, for the white-box tests (tests/ugolki). The
 * module's own files include the headers they use, each owned by one file: ugolki_params.h
 * (the bottom file), ugolki_zobrist.h, ugolki_rules.h, ugolki_text.h, ugolki_eval.h. Not
 * installed. */
#ifndef BOARDAI_UGOLKI_INTERNAL_H
#define BOARDAI_UGOLKI_INTERNAL_H

#include "ugolki_eval.h"
#include "ugolki_params.h"
#include "ugolki_rules.h"
#include "ugolki_text.h"
#include "ugolki_zobrist.h"

#endif /* BOARDAI_UGOLKI_INTERNAL_H */
