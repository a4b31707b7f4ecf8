#pragma once
// Skipping a test whose outside tool (SimGrid's smpirun, gfortran, cpp) is
// not installed, except where every tool must be there: CI sets
// PS_REQUIRE_TOOLS (.ci/run), so a missing package fails instead of turning
// tests into silent skips.

#include <gtest/gtest.h>

#include <cstdlib>

#define PS_SKIP_MISSING_TOOL(reason)                                                                                   \
  do {                                                                                                                 \
    if (std::getenv("PS_REQUIRE_TOOLS"))                                                                               \
      FAIL() << (reason) << " (PS_REQUIRE_TOOLS is set: every tool must be installed)";                                \
    GTEST_SKIP() << (reason);                                                                                          \
  } while (0)
