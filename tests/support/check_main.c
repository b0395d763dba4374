/* The main() shared by every test suite: runs the file's ba_test_suite() and reports. */
#include <check.h>
#include <stdlib.h>

#include "check_main.h"

int main(void)
{
    SRunner *runner = srunner_create(ba_test_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
