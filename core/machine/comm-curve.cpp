#include "machine/comm-curve.h"

#include <algorithm>

namespace ps::machine {

double CommCurve::seconds(double bytes) const
{
  if (segments.empty())
    return 0;
  const auto& first = segments.front();
  if (bytes <= first.fromBytes)
    return first.a + first.b * first.fromBytes;
  // a longer message never costs less: a later segment fitted below an
  // earlier one's end (noise between two measured sizes) is raised to it
  double floor = 0;
  for (const auto& s : segments) {
    if (bytes <= s.toBytes || &s == &segments.back())
      return std::max(floor, s.a + s.b * std::max(bytes, s.fromBytes));
    floor = std::max(floor, s.a + s.b * s.toBytes);
  }
  return floor; // not reached: the last segment returns
}

} // namespace ps::machine
