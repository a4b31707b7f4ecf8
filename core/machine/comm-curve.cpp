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
  // the first segment whose end is not below the size: inside it, or in the gap before it
  auto it = std::find_if(segments.begin(), segments.end(), [&](const CurveSegment& s) { return bytes <= s.toBytes; });
  const auto& s = it == segments.end() ? segments.back() : *it;
  return s.a + s.b * std::max(bytes, s.fromBytes);
}

} // namespace ps::machine
