/* The name the bundled programs include for their front end: the installed libboardai-cli. */
#ifndef BOARDAI_EXAMPLES_CLI_H
#define BOARDAI_EXAMPLES_CLI_H
#include <boardai/cli.h>
#endif
