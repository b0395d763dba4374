/* Every test file defines this: the Check suite that check_main.c runs. */
#ifndef BA_TEST_CHECK_MAIN_H
#define BA_TEST_CHECK_MAIN_H
#include <check.h>
Suite *ba_test_suite(void);
#endif
