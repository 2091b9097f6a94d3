#include "CFuzzerDriver.h"

#include <stdio.h>
#include <stdlib.h>

// Defined by libFuzzer when it is linked in; a null address otherwise.
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t))
    __attribute__((weak));

static int replay(const char *path, FuzzTarget target) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        fprintf(stderr, "%s: cannot open\n", path);
        return 1;
    }
    size_t capacity = 1 << 16, size = 0;
    uint8_t *data = malloc(capacity);
    size_t got;
    while (data != NULL && (got = fread(data + size, 1, capacity - size, file)) > 0) {
        size += got;
        if (size == capacity) {
            capacity *= 2;
            uint8_t *grown = realloc(data, capacity);
            if (grown == NULL) free(data);
            data = grown;
        }
    }
    fclose(file);
    if (data == NULL) {
        fprintf(stderr, "%s: out of memory\n", path);
        return 1;
    }
    target(data, size);
    free(data);
    printf("replayed %s (%zu bytes)\n", path, size);
    return 0;
}

int fuzz_driver_run(int *argc, char ***argv, FuzzTarget target) {
    if (LLVMFuzzerRunDriver != NULL) return LLVMFuzzerRunDriver(argc, argv, target);
    int status = 0;
    for (int i = 1; i < *argc; i++) {
        const char *argument = (*argv)[i];
        if (argument[0] == '-') continue;  // libFuzzer flags mean nothing to a replay
        status |= replay(argument, target);
    }
    return status;
}
