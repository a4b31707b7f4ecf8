#include "views/time-units.h"

#include <cmath>

namespace ps::views {

TimeUnit timeUnitFor(double seconds)
{
  const double a = std::fabs(seconds);
  if (a >= 1 || a == 0)
    return {1, QStringLiteral("s")};
  if (a >= 1e-3)
    return {1e3, QStringLiteral("ms")};
  return {1e6, QStringLiteral("µs")};
}

QString formatSeconds(double seconds)
{
  if (seconds == 0)
    return QStringLiteral("0 s"); // not "0.000 s" beside times in ms
  if (std::fabs(seconds) >= 1e6) // 11.6 days and more: "25000096875.001 s" is unreadable
    return QString::number(seconds, 'e', 3) + " s";
  const auto u = timeUnitFor(seconds);
  return QString::number(seconds * u.factor, 'f', u.name == QStringLiteral("µs") ? 2 : 3) + " " + u.name;
}

QString formatSecondsSignificant(double seconds)
{
  const auto u = timeUnitFor(seconds);
  return QString::number(seconds * u.factor, 'g', 4) + " " + u.name;
}

} // namespace ps::views
