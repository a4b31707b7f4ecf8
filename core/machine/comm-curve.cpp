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
  double floor = 0, floorBytes = 0;
  for (const auto& s : segments) {
    if (bytes <= s.toBytes || &s == &segments.back()) {
      const double start = std::max(floor, s.a + s.b * s.fromBytes);
      if (bytes >= s.fromBytes || s.fromBytes <= floorBytes)
        return std::max(floor, s.a + s.b * std::max(bytes, s.fromBytes));
      // in the gap between two measured segments the step's size is known,
      // its place is not: a straight line from the earlier end to the later start
      return floor + (start - floor) * (bytes - floorBytes) / (s.fromBytes - floorBytes);
    }
    floor = std::max(floor, s.a + s.b * s.toBytes);
    floorBytes = s.toBytes;
  }
  return floor; // not reached: the last segment returns
}

} // namespace ps::machine
