// libcsv (Debian/Ubuntu package libcsv-dev) ships csv.h and libcsv.so but no pkg-config file.
#include <csv.h>
