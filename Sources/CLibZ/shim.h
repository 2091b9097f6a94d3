// zlib (Debian/Ubuntu package zlib1g-dev): inflates zip entries in place (ZipEntryStream).
#include <zlib.h>
