#include "scaling/range-comparison.h"

#include "support/check.h"
#include "support/text.h"

#include <cmath>

namespace ps::scaling {
namespace {

// Ranges of consecutive p values (the initial p, then each p') on which the
// same AMC is superior: at p the faster one, at p' the slower one iff p' is a
// scaled crossing point. Between two listed values nothing is claimed.
std::vector<SuperiorRange> superiorRanges(const RangeComparison& c)
{
  std::vector<SuperiorRange> ranges{{c.faster, c.p, c.p}};
  for (const auto& r : c.ratios) {
    if (std::isnan(r.ratio))
      continue; // psi has no value there: no winner claimed
    const std::string& winner = r.crossing ? c.slower : c.faster;
    if (ranges.back().name == winner)
      ranges.back().to = r.pPrime;
    else
      ranges.push_back({winner, r.pPrime, r.pPrime});
  }
  return ranges;
}

/// "p' = 8, 16 and 64".
std::string pPrimeList(const std::vector<double>& values)
{
  std::vector<std::string> items;
  for (const double v : values)
    items.push_back(formatNumber(v));
  return "p' = " + joinWithAnd(items);
}

/// The decision in words. Where the two take the same time at p, neither is
/// "faster"; where psi has no value at some p' (no scaled size keeps the
/// speed), nothing is claimed there; "more scalable" names the p' where it
/// holds (Phi/Psi > 1).
void decide(RangeComparison& c)
{
  const std::string at = "p = " + formatNumber(c.p);
  std::vector<double> moreScalable, unknown;
  for (const auto& r : c.ratios) {
    if (std::isnan(r.ratio))
      unknown.push_back(r.pPrime);
    else if (r.ratio > 1)
      moreScalable.push_back(r.pPrime);
  }
  const bool tie = std::abs(c.alpha - 1) <= 1e-9; // 2.2770000001 ms against 2.277 ms: shown alike, no win
  const auto faster = tie ? c.faster + " and " + c.slower + " take the same time at " + at
                          : c.faster + " is faster at " + at;
  const auto caveat = unknown.empty() ? std::string()
                                      : " (psi has no value at " + pPrimeList(unknown) + ": nothing is claimed there)";
  if (c.scaledCrossingPoint) {
    c.decision = faster + "; from p' = " + formatNumber(*c.scaledCrossingPoint) + " on " + c.slower +
                 " is faster (scaled crossing point)" + caveat;
    c.theorem = "Definition 2 and Theorem 3 (Sun 2002): Phi/Psi > alpha";
  } else if (unknown.size() == c.ratios.size() && !c.ratios.empty()) {
    c.decision = faster + "; psi has no value at any p' (see the tables): no conclusion beyond " + at;
    c.theorem = "none: psi undefined";
  } else if (moreScalable.empty()) {
    c.decision = faster + (tie ? "; " + c.faster + " is at least as scalable: it stays at least as fast"
                               : " and at least as scalable: it stays superior") +
                 caveat;
    c.theorem = "Theorem 1 (Sun-Pantano-Fahringer 1999): faster and more scalable";
  } else {
    const double limit = c.ratios.empty() ? c.p : c.ratios.back().pPrime;
    c.decision = c.slower + " is more scalable at " + pPrimeList(moreScalable) + " but does not overtake: " +
                 c.faster + " is superior for " + at + " to " + formatNumber(limit) +
                 " (no scaled crossing point in range)" + caveat;
    c.theorem = "Fig. 1 (Sun-Pantano-Fahringer 1999): Phi/Psi <= alpha up to the limit";
  }
}

} // namespace

RangeComparison compareRanges(const ScalabilitySeries& a, const ScalabilitySeries& b, double p,
                              const std::vector<double>& pPrimes)
{
  PS_CHECK(a.psi.size() == pPrimes.size() && b.psi.size() == pPrimes.size());
  const bool aSlower = a.time >= b.time;
  const auto& slow = aSlower ? a : b;
  const auto& fast = aSlower ? b : a;
  RangeComparison c;
  c.slower = slow.name;
  c.faster = fast.name;
  c.p = p;
  c.alpha = slow.time / fast.time;
  for (std::size_t i = 0; i < pPrimes.size(); ++i) {
    const double ratio = slow.psi[i] / fast.psi[i];
    const bool crossing = ratio > c.alpha;
    c.ratios.push_back({pPrimes[i], ratio, crossing});
    if (crossing && !c.scaledCrossingPoint)
      c.scaledCrossingPoint = pPrimes[i];
  }
  c.superiorRanges = superiorRanges(c);
  decide(c);
  return c;
}

void decideByExecutionTime(ExecutionTimeTest& test)
{
  const auto valid = [](double t, double T) { return !std::isnan(t) && !std::isnan(T); };
  test.scaledCrossingPoint.reset();
  test.equalWorkCrossingPoint.reset();
  for (std::size_t i = 0; i < test.pPrimes.size(); ++i) {
    const double t = test.slowerAtOwn[i], scaledT = test.fasterAtOwn[i], sameWorkT = test.fasterAtSlowerWork[i];
    if (!test.scaledCrossingPoint && valid(t, scaledT) && t < scaledT)
      test.scaledCrossingPoint = test.pPrimes[i];
    if (!test.equalWorkCrossingPoint && valid(t, sameWorkT) && t <= sameWorkT)
      test.equalWorkCrossingPoint = test.pPrimes[i];
  }
}

} // namespace ps::scaling
