#pragma once
// How the views show a time in seconds: µs below a millisecond, ms below a
// second, s above. The results table, the ψ tables and the chart axes agree.

#include <QString>

namespace ps::views {

struct TimeUnit {
  double factor; // multiply seconds by this
  QString name;  // "µs", "ms" or "s"
};

/// The unit that suits `seconds` (0 and negatives get "s" rules by magnitude).
TimeUnit timeUnitFor(double seconds);

/// "247.10 µs", "1.373 ms", "84.680 s"; "0 s"; "2.500e+10 s" from 10^6 s on.
QString formatSeconds(double seconds);

/// Four significant digits in the unit timeUnitFor picks ("0.05 µs", "46 µs"):
/// for operation costs and fitted parameters, which formatSeconds' fixed
/// decimals would round away.
QString formatSecondsSignificant(double seconds);

} // namespace ps::views
