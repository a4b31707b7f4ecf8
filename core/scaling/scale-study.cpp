#include "scaling/scale-study.h"

#include "support/text.h"

#include <algorithm>
#include <cmath>

namespace ps::scaling {
namespace {

std::vector<double> withInitial(const ScaleRequest& r)
{
  std::vector<double> ps{r.p};
  ps.insert(ps.end(), r.pPrimes.begin(), r.pPrimes.end());
  return ps;
}

std::vector<Measurement> rowsFor(const TimeModel& model, std::size_t modelCount, const std::vector<Measurement>& rows)
{
  std::vector<Measurement> mine;
  for (const auto& r : rows)
    if (r.variant == model.name() || (r.variant.empty() && modelCount == 1))
      mine.push_back(r);
  return mine;
}

void addMeasured(const TimeModel& model, const ScaleRequest& request, const std::vector<Measurement>& rows,
                 VariantScaling& v)
{
  for (const auto& r : rows) {
    auto w = model.work(r.n);
    if (w)
      v.measured.push_back({r.p, r.n, r.seconds, *w, *w / (double(r.p) * r.seconds)});
  }
  const auto base = findMeasurement(rows, request.p, request.n);
  if (!base)
    return;
  for (const auto& cell : v.psi) {
    if (cell.p != request.p || cell.pPrime == request.p || !cell.root.ok())
      continue;
    const auto at = findMeasurement(rows, cell.pPrime, double(cell.root.nPrimeFloor));
    if (!at)
      continue;
    const double psi = *base / *at;
    v.measuredPsi.push_back({cell.pPrime, cell.root.nPrimeFloor, cell.root.psi, psi, (cell.root.psi - psi) / psi * 100});
  }
}

VariantScaling scaleOne(const TimeModel& model, const ScaleRequest& request, const std::vector<Measurement>& rows)
{
  VariantScaling v;
  v.name = model.name();
  v.mapping = model.mapping(request.p, request.n);
  auto t = model.time(request.p, request.n);
  auto a = model.averageSpeed(request.p, request.n);
  if (!t || !a) {
    v.error = !t ? t.error : a.error;
    return v;
  }
  v.time = *t;
  v.work = *model.work(request.n);
  v.averageSpeed = *a;
  v.delta = model.delta();
  v.psi = psiTable(model, request.n, withInitial(request),
                   request.crossCheck ? std::optional<double>(request.epsilon) : std::nullopt);
  if (!rows.empty())
    addMeasured(model, request, rows, v);
  return v;
}

const PsiCell* firstRowCell(const VariantScaling& v, const ScaleRequest& request, double pPrime)
{
  for (const auto& c : v.psi)
    if (c.p == request.p && c.pPrime == pPrime && c.root.ok())
      return &c;
  return nullptr;
}

// psi(p, p') of the first row, NaN where it failed.
std::vector<double> firstRow(const VariantScaling& v, const ScaleRequest& request)
{
  std::vector<double> psi;
  for (double pp : request.pPrimes) {
    const PsiCell* c = firstRowCell(v, request, pp);
    psi.push_back(c ? c->root.psi : std::nan(""));
  }
  return psi;
}

// Each model's time at the other's scaled size, and at its own (T/psi).
ExecutionTimeTest executionTimeTest(const TimeModel& slow, const VariantScaling& slowV, const TimeModel& fast,
                                    const VariantScaling& fastV, const ScaleRequest& request)
{
  const double nan = std::nan("");
  const auto timeAt = [&](const TimeModel& m, double p, const PsiCell* c) {
    auto t = c ? m.time(p, c->root.nPrime) : ModelValue{};
    return t ? *t : nan;
  };
  ExecutionTimeTest test;
  for (double pp : request.pPrimes) {
    const PsiCell* own = firstRowCell(slowV, request, pp);
    const PsiCell* other = firstRowCell(fastV, request, pp);
    test.pPrimes.push_back(pp);
    test.slowerAtOwn.push_back(own ? own->root.time : nan);
    test.fasterAtSlowerWork.push_back(timeAt(fast, pp, own));
    test.slowerAtFasterWork.push_back(timeAt(slow, pp, other));
    test.fasterAtOwn.push_back(other ? other->root.time : nan);
  }
  decideByExecutionTime(test);
  return test;
}

// Equal-size crossing points of one pair: over n at the fixed p, over p at n.
void scanEqualSize(const TimeModel& ma, const TimeModel& mb, const ScaleRequest& request, PairScaling& pair)
{
  const double lo = request.nLo > 0 ? request.nLo : request.n / 4;
  const double hi = request.nHi > 0 ? request.nHi : request.n * 4;
  const auto fixedP = request.sizeScanProcessors.empty() ? std::vector<double>{request.p} : request.sizeScanProcessors;
  for (double p : fixedP)
    pair.overSize.push_back({p, crossingsOverSize(ma, mb, p, lo, hi)});
  auto ps = request.processors;
  if (ps.empty()) {
    ps = withInitial(request);
    ps.insert(ps.begin(), 1);
    std::sort(ps.begin(), ps.end());
    ps.erase(std::unique(ps.begin(), ps.end()), ps.end());
  }
  pair.overProcessors = crossingsOverProcessors(ma, mb, request.n, ps);
  pair.equalSizeScanned = true;
}

PairScaling comparePair(const TimeModel& ma, const VariantScaling& a, const TimeModel& mb, const VariantScaling& b,
                        const ScaleRequest& request)
{
  PairScaling pair;
  pair.a = a.name;
  pair.b = b.name;
  pair.comparison = compareRanges({a.name, a.time, firstRow(a, request)}, {b.name, b.time, firstRow(b, request)},
                                  request.p, request.pPrimes);
  const bool aSlower = pair.comparison.slower == a.name;
  pair.executionTime = aSlower ? executionTimeTest(ma, a, mb, b, request) : executionTimeTest(mb, b, ma, a, request);
  if (request.equalSize)
    scanEqualSize(ma, mb, request, pair);
  return pair;
}

constexpr double kLargestSize = 1e15;         // n' stays a whole 64-bit number
constexpr std::size_t kMostScaledCounts = 256; // a 257 x 257 triangle of W' solves

std::optional<std::string> checkRequest(const std::vector<const TimeModel*>& models, const ScaleRequest& r)
{
  if (models.empty())
    return "Nothing to compare: give a program variant, an analytic model or measured times";
  for (std::size_t i = 0; i < models.size(); ++i)
    for (std::size_t j = i + 1; j < models.size(); ++j)
      if (models[i]->name() == models[j]->name())
        return "Two models are named '" + models[i]->name() + "'; give each its own name";
  if (!(r.p >= 1) || !(r.n > 0))
    return "The initial state needs p >= 1 and n > 0, not p = " + formatNumber(r.p) + ", n = " + formatNumber(r.n);
  if (!(r.n <= kLargestSize))
    return "The initial size n = " + formatNumber(r.n) + " is above the largest size a study handles (" +
           formatNumber(kLargestSize) + ")";
  if (r.pPrimes.size() > kMostScaledCounts)
    return std::to_string(r.pPrimes.size()) + " scaled processor counts are too many (the psi table grows with their "
           "square): give at most " + std::to_string(kMostScaledCounts);
  if (r.pPrimes.empty())
    return "No scaled processor count p' above p = " + formatNumber(r.p) + ": give --to or a larger --limit";
  for (std::size_t i = 0; i < r.pPrimes.size(); ++i)
    if (r.pPrimes[i] <= (i ? r.pPrimes[i - 1] : r.p))
      return "The scaled processor counts must be above p = " + formatNumber(r.p) + " and ascending";
  if (!(r.epsilon > 0))
    return "The tolerance epsilon must be positive";
  return std::nullopt;
}

} // namespace

std::vector<double> scaledProcessors(double p, double limit, double step)
{
  std::vector<double> out;
  if (step >= 1) {
    for (double x = p + step; x <= limit + 1e-9 && out.size() < 100000; x += step)
      out.push_back(x);
    return out;
  }
  for (double x = p * 2; x <= limit + 1e-9 && out.size() < 64; x *= 2)
    out.push_back(x);
  return out;
}

double defaultScaledLimit(double p) { return std::max(64.0, 4.0 * p); }

ScaleResult runScaleStudy(const std::vector<const TimeModel*>& models, const ScaleRequest& request,
                          const std::vector<Measurement>& measured, const StudyControl& control)
{
  ScaleResult result;
  result.request = request;
  if (auto error = checkRequest(models, request)) {
    result.errors.push_back(*error);
    return result;
  }
  const int total = static_cast<int>(models.size() * 2);
  int done = 0;
  for (const auto* m : models) {
    if ((result.cancelled = control.stop()))
      return result;
    result.variants.push_back(scaleOne(*m, request, rowsFor(*m, models.size(), measured)));
    if (control.progress)
      control.progress(++done, total);
  }
  for (std::size_t i = 0; i < models.size(); ++i)
    for (std::size_t j = i + 1; j < models.size(); ++j) {
      if ((result.cancelled = control.stop()))
        return result;
      if (result.variants[i].error.empty() && result.variants[j].error.empty())
        result.pairs.push_back(comparePair(*models[i], result.variants[i], *models[j], result.variants[j], request));
    }
  if (control.progress)
    control.progress(total, total);
  return result;
}

} // namespace ps::scaling
