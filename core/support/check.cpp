#include "support/check.h"

#include <cstdio>
#include <cstdlib>

namespace ps {

void die(const char* file, int line, const char* what)
{
  std::fprintf(stderr, "%s:%d: internal error: %s\n", file, line, what);
  std::abort();
}

} // namespace ps
