/* Parse-only libcsv baseline for tools/bench: reads FILE in 64 KiB chunks and feeds it to one
 * libcsv parser (CSV_STRICT | CSV_APPEND_NULL) with no-op callbacks that only count fields and
 * rows, so its MB/s is the ceiling for one libcsv parser on one core.
 * Build: cc -O2 -o csv_parse_only csv_parse_only.c -lcsv
 * Usage: csv_parse_only FILE  (prints "rows fields") */
#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct counts { size_t fields, rows; };

static void on_field(void *data, size_t len, void *ctx) {
    (void)data; (void)len;
    ((struct counts *)ctx)->fields++;
}

static void on_row(int terminator, void *ctx) {
    (void)terminator;
    ((struct counts *)ctx)->rows++;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 64;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        fprintf(stderr, "%s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    struct csv_parser parser;
    if (csv_init(&parser, CSV_STRICT | CSV_APPEND_NULL) != 0) {
        fprintf(stderr, "csv_init failed\n");
        return 1;
    }
    static char buffer[64 * 1024];
    struct counts counts = {0, 0};
    size_t got;
    while ((got = fread(buffer, 1, sizeof buffer, file)) > 0) {
        if (csv_parse(&parser, buffer, got, on_field, on_row, &counts) != got) {
            fprintf(stderr, "%s: %s\n", argv[1], csv_strerror(csv_error(&parser)));
            return 1;
        }
    }
    if (ferror(file)) {
        fprintf(stderr, "%s: read error\n", argv[1]);
        return 1;
    }
    csv_fini(&parser, on_field, on_row, &counts);
    csv_free(&parser);
    fclose(file);
    printf("%zu %zu\n", counts.rows, counts.fields);
    return 0;
}
