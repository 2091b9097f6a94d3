#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// The function fuzzed: called once per input.
typedef int (*FuzzTarget)(const uint8_t *data, size_t size);

/// Runs libFuzzer's driver when the program is built with `-sanitize=fuzzer` (libFuzzer
/// linked in); otherwise replays each file named on the command line through `target` (a
/// plain build turns every saved crash into a regression check). Returns the exit status.
int fuzz_driver_run(int *argc, char ***argv, FuzzTarget target);

#endif
