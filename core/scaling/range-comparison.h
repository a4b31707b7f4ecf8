#pragma once
// Range comparison of two algorithm-machine combinations (AMCs) from an
// equal initial state (p, W): which one is faster at each scaled system size
// p' and from which p' on the initially slower one overtakes (the smallest
// scaled crossing point). Source: Sun-Pantano-Fahringer 1999, Fig. 1 and
// Theorem 1; Sun 2002, Definition 2, Theorem 3 and Fig. 2.

#include <optional>
#include <string>
#include <vector>

namespace ps::scaling {

/// One AMC: its initial time at (p, W) and its psi(p, p') per scaled size.
struct ScalabilitySeries {
  std::string name;
  double time = 0;                 // T(p, W), seconds
  std::vector<double> psi;         // psi(p, p') for each p' of the comparison
};

struct RatioPoint {
  double pPrime = 0;
  double ratio = 0;     // Phi/Psi: psi of the initially slower over psi of the faster
  bool crossing = false; // ratio > alpha (Definition 2)
};

/// A run of consecutive processor counts on which one AMC is superior.
struct SuperiorRange {
  std::string name;
  double from = 0, to = 0; // inclusive p values
};

struct RangeComparison {
  std::string slower, faster;      // AMC 1 (initially slower), AMC 2
  double p = 0;                    // initial processor count
  double alpha = 1;                // t(p,W)/T(p,W) >= 1
  std::vector<RatioPoint> ratios;  // every p' (not only up to the first crossing)
  std::optional<double> scaledCrossingPoint; // the smallest p' with ratio > alpha
  std::vector<SuperiorRange> superiorRanges;
  std::string decision;            // one sentence for the user
  std::string theorem;             // which result decides it
};

/// Fig. 1: p' runs over `pPrimes` (ascending, all > p); a p' is a scaled
/// crossing point iff Phi(p,p')/Psi(p,p') > alpha with AMC 1 the initially
/// slower one. Equal initial times give alpha = 1 and the first series as
/// AMC 1. Every series must have one psi per p'.
RangeComparison compareRanges(const ScalabilitySeries& a, const ScalabilitySeries& b, double p,
                              const std::vector<double>& pPrimes);

/// The execution-time tests of a scaled crossing point. Theorem 3 (2002):
/// p' is one iff the slower AMC's scaled time t(p', W') is below the faster
/// one's scaled time T(p', W*) (W', W* their own scaled works); this always
/// agrees with Fig. 1, since t(p',W') = alpha*T/Phi and T(p',W*) = T/Psi.
/// Fig. 2 as printed compares both at the slower one's W',
/// t(p', W') <= T(p', W'), an equal-work test that can find a later p' (or
/// none): Theorem 4's claim that the two coincide does not hold when W' < W*
/// (tests/scaling/range-comparison-test.cpp has a counterexample). Both are
/// reported. Times in seconds per pPrimes[i]; NaN entries are skipped.
struct ExecutionTimeTest {
  std::vector<double> pPrimes;
  std::vector<double> slowerAtOwn, fasterAtSlowerWork;  // t(p', W'), T(p', W')
  std::vector<double> slowerAtFasterWork, fasterAtOwn;  // t(p', W*), T(p', W*)
  std::optional<double> scaledCrossingPoint;            // Theorem 3
  std::optional<double> equalWorkCrossingPoint;         // Fig. 2 as printed
};
void decideByExecutionTime(ExecutionTimeTest& test);

} // namespace ps::scaling
