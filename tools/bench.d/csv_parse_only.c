/* libcsv baselines for tools/bench: reads FILE in 64 KiB chunks and feeds it to one libcsv
 * parser (CSV_STRICT | CSV_APPEND_NULL).
 *
 * Without COLUMNs the callbacks only count fields and rows (parse-only): its MB/s is the ceiling
 * for one libcsv parser on one core.
 *
 * With COLUMNs (0-based field indexes), every row after the first (the header) also converts
 * those fields to doubles with the cheapest conversion there is for a logger's `[-]digits.digits`
 * (the digits as one integer, divided by a power of ten; nothing checked, nothing else done) and
 * sums them: the floor of any reader of those columns built on libcsv, before it validates a
 * field, checks a timestamp or detects a step.
 *
 * Build: cc -O2 -o csv_parse_only csv_parse_only.c -lcsv
 * Usage: csv_parse_only FILE [COLUMN...]  (prints "rows fields sum") */
#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLUMNS 1024

struct state {
    size_t fields, rows;
    size_t field;                       /* index of the next field in its row */
    unsigned char convert[MAX_COLUMNS]; /* 1 for the columns to convert */
    int has_columns;                    /* whether COLUMNs were given */
    int converting;                     /* has_columns, from the second row on */
    double sum;
};

static const double powers_of_ten[] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
    1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

static double cheapest_decimal(const unsigned char *p, size_t len) {
    const unsigned char *end = p + len;
    int negative = p < end && *p == '-';
    p += negative;
    unsigned long long mantissa = 0;
    int fraction_digits = 0, after_point = 0;
    for (; p < end; p++) {
        unsigned digit = (unsigned)(*p - '0');
        if (digit < 10) {
            mantissa = mantissa * 10 + digit;
            fraction_digits += after_point;
        } else if (*p == '.') {
            after_point = 1;
        } else {
            break;
        }
    }
    double value = (double)mantissa / powers_of_ten[fraction_digits > 22 ? 22 : fraction_digits];
    return negative ? -value : value;
}

static void on_field(void *data, size_t len, void *context) {
    struct state *s = context;
    s->fields++;
    size_t field = s->field++;
    if (s->converting && field < MAX_COLUMNS && s->convert[field]) s->sum += cheapest_decimal(data, len);
}

static void on_row(int terminator, void *context) {
    (void)terminator;
    struct state *s = context;
    s->rows++;
    s->field = 0;
    s->converting = s->has_columns;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [COLUMN...]\n", argv[0]);
        return 64;
    }
    static struct state state;
    for (int i = 2; i < argc; i++) {
        char *end;
        long column = strtol(argv[i], &end, 10);
        if (*end != 0 || column < 0 || column >= MAX_COLUMNS) {
            fprintf(stderr, "%s: not a column index below %d\n", argv[i], MAX_COLUMNS);
            return 64;
        }
        state.convert[column] = 1;
        state.has_columns = 1;
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
    size_t got;
    while ((got = fread(buffer, 1, sizeof buffer, file)) > 0) {
        if (csv_parse(&parser, buffer, got, on_field, on_row, &state) != got) {
            fprintf(stderr, "%s: %s\n", argv[1], csv_strerror(csv_error(&parser)));
            return 1;
        }
    }
    if (ferror(file)) {
        fprintf(stderr, "%s: read error\n", argv[1]);
        return 1;
    }
    csv_fini(&parser, on_field, on_row, &state);
    csv_free(&parser);
    fclose(file);
    printf("%zu %zu %.6f\n", state.rows, state.fields, state.sum);
    return 0;
}
