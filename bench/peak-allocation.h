#pragma once
// Peak heap use of a benchmark: the executable that links peak-allocation.cpp
// counts every byte operator new is asked for (not malloc's rounding) and the most
// live at once, so a benchmark can report the memory of what it times
// ("under 200 MB", issue 9) without a timed test or an external tool.

#include <cstdint>

namespace ps::bench {

/// Bytes allocated with operator new and not yet deleted, now.
std::int64_t liveBytes();

/// Starts a new peak at the current live bytes.
void resetPeak();

/// The most bytes live since resetPeak, minus those live at the reset.
std::int64_t peakBytesSinceReset();

} // namespace ps::bench
