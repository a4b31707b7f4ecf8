#pragma once
// The sum of an exchange's tallies over the instances of its loop without
// doing every instance. Between the distributions' block boundaries, and
// within one residue class of their cycle, what an instance of a nest with
// affine bounds and subscripts sends is a polynomial in the instance's
// number: the P3T+ counts are piecewise quasi-polynomials in the loop
// variables (Fahringer & Pozgaj, P3T+, Sec. 3.1 and the symbolic sum
// algorithm of Fig. 2). Here that polynomial is not derived symbolically
// (the projection of the elements with the step variable kept symbolic needs
// a parametric counter isl does not have) but found from a few instances:
// a degree-1, 2 or 3 interpolant through well-spread instances of a piece
// is accepted only when it predicts five further instances exactly, and
// its sum is then the exact Faulhaber sum; a piece it does not predict is
// halved until it does or is short enough to do instance by instance.

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace ps::estimate {

/// What one instance of an exchange adds: integer counts (messages, bytes,
/// per processor: the caller's layout) and seconds (its slowest processor).
struct InstanceTally {
  std::vector<std::int64_t> counts;
  double seconds = 0;
};

/// Per-processor counts that turn round the processors with the instance:
/// under CYCLIC(b), when every owner that moves along the loop moves `shift`
/// template indices per instance (a step loop's column k and the columns
/// k+1..n after it), instance m's picture is instance 0's turned by
/// floor(shift * m / b) processors, except where a fixed end (n) is near.
/// Seen from the turning owner (count of processor c + floor(shift*m/b),
/// per dimension, modulo its processors) the counts are one polynomial per
/// processor offset in each residue class of `period` (b / gcd(b, shift),
/// and the cycles of the dimensions that do not turn), not of the whole
/// cycle b * P: P times fewer classes, each a few instances.
/// Source: P3T+, Sec. 3.1 (the counts of a CYCLIC distribution are
/// quasi-polynomials in the owner's place in its cycle).
struct InstanceRotation {
  std::int64_t period = 1;
  std::vector<std::int64_t> shape;  // processors per dimension, dimension 0 fastest in the linear order
  std::vector<std::int64_t> shift;  // per dimension: template indices per instance (0: it does not turn)
  std::vector<std::int64_t> every;  // per dimension: the block size b (>= 1)
  std::vector<std::size_t> blocks;  // where the tally's per-processor blocks start (product(shape) counts each)
};

/// Where an instance sequence's pieces may change: `period` (>= 1) is the
/// index period of the residue classes (the distributions' cycle along the
/// loop); `direct` are index ranges [first, last) done instance by instance
/// (around block boundaries, where a range is shorter than its cycle):
/// pieces end there. Ranges may overlap and reach outside the instances.
/// `rotation`, when set (and its `blocks` named by the caller), is tried
/// first on each range between the direct ones; where one of its classes
/// is no polynomial the range is done by `period`'s classes.
struct InstancePieces {
  std::int64_t period = 1;
  std::vector<std::pair<std::int64_t, std::int64_t>> direct;
  std::optional<InstanceRotation> rotation;
};

/// Pieces shorter than this are done instance by instance.
inline constexpr std::int64_t kShortestFittedPiece = 16;

/// How a piecewise sum went: instances done (each one call of the tally
/// function) and pieces accepted by an interpolant.
struct PiecewiseSumStats {
  std::int64_t evaluations = 0;
  std::int64_t fittedPieces = 0;
};

/// The instances sumPiecewise does at least: the direct ranges, and per
/// residue class between them a whole short piece or the nodes and checks
/// of a fitted one. Where that is most of the instances, doing each is as
/// cheap.
std::int64_t leastEvaluations(std::int64_t instances, const InstancePieces& pieces);

/// The sum of tally(m) over m = 0..instances-1, every entry of `counts`
/// (`width` of them) exactly where each piece is a polynomial of degree <= 3
/// in m (sums beyond int64 saturate), and the seconds to rounding. Calls
/// tally() for a few instances per piece and residue class, every instance
/// where the pieces are short; exceptions from tally() pass through (a
/// budget, a cancel). A piece is accepted when its interpolant predicts
/// five check instances: a change between the checks that leaves them all
/// alone (a narrow bump) would be missed, so `pieces` must name where the
/// pieces end, and the callers' tests compare the sums with every instance
/// done.
/// Source: P3T+, Sec. 3.1 (counts as piecewise quasi-polynomials); the
/// sum of a degree-d polynomial over 0..M-1 from its Lagrange form.
InstanceTally sumPiecewise(std::int64_t instances, std::size_t width, const InstancePieces& pieces,
                           const std::function<InstanceTally(std::int64_t)>& tally, PiecewiseSumStats* stats = nullptr);

} // namespace ps::estimate
