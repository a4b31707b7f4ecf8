#include "curve-sweep.h"

#include "pattern-calls.h"
#include "size-grid.h"

#include <algorithm>
#include <cstdio>

namespace ps::train {
namespace {

nlohmann::json pointJson(const Curve& c, std::int64_t bytes, const PointTime& t)
{
  return {{"kind", "point"},    {"pattern", c.pattern}, {"ranks", c.ranks},
          {"stride_elements", c.stride}, {"bytes", bytes}, {"median_s", t.median},
          {"low_s", t.low},     {"high_s", t.high},     {"repetitions", t.repetitions}};
}

std::vector<SizeTime> measureSizes(const Curve& c, const std::vector<std::int64_t>& sizes, MPI_Comm comm,
                                   const SweepOptions& o, Progress& progress, JsonLines* out)
{
  std::vector<SizeTime> measured;
  const bool pingPong = c.pattern == "pingpong";
  for (const auto bytes : sizes) {
    Message m(bytes, c.stride);
    const auto t = timePoint(comm, [&] { callPattern(c.pattern, comm, m); }, pingPong ? 2.0 : 1.0, o.timing,
                             pingPong ? Timer::RankZero : Timer::MeanOfRanks);
    measured.push_back({bytes, t.median});
    if (out) {
      out->write(pointJson(c, bytes, t));
      progress.step(c.pattern + " " + std::to_string(c.ranks) + " ranks " + std::to_string(bytes) + " B" +
                    (c.stride > 1 ? " stride " + std::to_string(c.stride) : ""));
    }
  }
  return measured;
}

/// Rank 0 of comm decides the next sizes; every rank gets them.
std::vector<std::int64_t> agreedRefinement(const std::vector<SizeTime>& points, MPI_Comm comm, const SweepOptions& o)
{
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::vector<std::int64_t> sizes;
  if (rank == 0)
    sizes = refinementSizes(points, 2.0, o.refineLimit);
  int count = int(sizes.size());
  MPI_Bcast(&count, 1, MPI_INT, 0, comm);
  sizes.resize(std::size_t(count));
  MPI_Bcast(sizes.data(), count, MPI_INT64_T, 0, comm);
  return sizes;
}

} // namespace

void Progress::step(const std::string& text)
{
  ++done;
  if (print) {
    std::fprintf(stderr, "progress %d/%d %s\n", done, std::max(done, total), text.c_str());
    std::fflush(stderr);
  }
}

std::vector<int> rankCounts(int worldSize)
{
  std::vector<int> counts;
  for (int p = 2; p <= worldSize; ++p)
    if (p <= 8 || (p & (p - 1)) == 0 || p == worldSize)
      counts.push_back(p);
  return counts;
}

std::vector<Curve> plannedCurves(const SweepOptions& o, int worldSize)
{
  std::vector<Curve> curves;
  for (const int p : rankCounts(worldSize))
    for (const auto& pattern : o.patterns) {
      if (pattern == "pingpong" && p != 2)
        continue;
      const auto top = pattern == "iSR" ? std::min(o.maxBytes, o.maxElementShiftBytes) : o.maxBytes;
      for (const int stride : o.strides)
        curves.push_back({pattern, p, stride, top});
    }
  return curves;
}

void measureCurve(const Curve& c, MPI_Comm comm, const SweepOptions& o, Progress& progress, JsonLines* out)
{
  auto points = measureSizes(c, logGrid(c.maxBytes, o.gridRatio, o.fineGrid), comm, o, progress, out);
  for (int round = 0; round < o.refineRounds; ++round) {
    std::sort(points.begin(), points.end(), [](const auto& a, const auto& b) { return a.bytes < b.bytes; });
    const auto more = agreedRefinement(points, comm, o);
    if (more.empty())
      break;
    progress.total += int(more.size());
    const auto added = measureSizes(c, more, comm, o, progress, out);
    points.insert(points.end(), added.begin(), added.end());
  }
}

} // namespace ps::train
