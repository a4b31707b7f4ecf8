#pragma once

/// How long a GUI test waits for background work (analysis, estimate, sweep) to
/// report. A wait returns as soon as the signal arrives, so the bound costs nothing
/// when things go well; it is generous because the sanitizer build runs the same
/// work several times slower than the normal one on CI's two cores.
inline constexpr int kWorkTimeoutMs = 120000;
