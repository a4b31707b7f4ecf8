#include "size-grid.h"

#include <algorithm>
#include <utility>

namespace ps::train {
namespace {

double slope(const SizeTime& a, const SizeTime& b) { return (b.seconds - a.seconds) / double(b.bytes - a.bytes); }

} // namespace

std::vector<std::int64_t> logGrid(std::int64_t maxBytes, int ratio, bool fine)
{
  const std::int64_t top = maxBytes / 8 * 8;
  std::vector<std::int64_t> sizes{0};
  for (std::int64_t b = 8; b <= top; b *= ratio) {
    sizes.push_back(b);
    if (fine && b >= 16 && b + b / 2 <= top)
      sizes.push_back(b + b / 2);
  }
  if (top > 0)
    sizes.push_back(top);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

std::vector<std::int64_t> refinementSizes(const std::vector<SizeTime>& points, double jump, int limit)
{
  std::vector<std::pair<double, std::int64_t>> found; // (slope ratio, midpoint)
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    const auto& a = points[i];
    const auto& b = points[i + 1];
    const std::int64_t mid = (a.bytes + b.bytes) / 16 * 8;
    if (mid <= a.bytes || mid >= b.bytes || b.seconds - a.seconds <= 0.1 * a.seconds)
      continue;
    if (i + 2 < points.size() && points[i + 2].seconds < (a.seconds + b.seconds) / 2)
      continue; // b is a spike (a disturbed measurement), not a step the curve keeps

    const double s = slope(a, b);
    const double before = i > 0 ? std::max(0.0, slope(points[i - 1], a)) : 0.0;
    const double after = i + 2 < points.size() ? std::max(0.0, slope(b, points[i + 2])) : 0.0;
    const double neighbours = std::max(before, after);
    if (s > jump * neighbours)
      found.emplace_back(neighbours > 0 ? s / neighbours : 1e300, mid);
  }
  std::sort(found.begin(), found.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  std::vector<std::int64_t> sizes;
  for (std::size_t i = 0; i < found.size() && int(i) < limit; ++i)
    sizes.push_back(found[i].second);
  std::sort(sizes.begin(), sizes.end());
  return sizes;
}

} // namespace ps::train
