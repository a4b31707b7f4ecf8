#pragma once
// Exact simplification of IntTerm (int-term.h) for printing: constant
// folding, like terms, flattened products, min/max/floor/Iverson brackets
// decided by interval bounds on the symbols (a block size b >= 1, P >= 1,
// a coordinate p >= 0), floor((q*b + r)/b) = q + floor(r/b) with floor(r/b)
// kept exact by a bracket ([b = 1]) where it depends on b, contradicting
// brackets in a product, [x = c] substituted into its product's other
// factors, and max(0, min(A..) - max(B..) + 1) turned into brackets when it
// is 0 or 1. Every rewrite is an identity wherever the facts hold: the
// simplified term evaluates to the same value as the original at every
// point inside the facts' intervals (tests/symbolic/int-term-simplify-test.cpp
// checks random points); outside them nothing is promised, so callers check
// the facts before using the simplified form.

#include "symbolic/int-term.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace ps::symbolic {

/// A closed integer interval; kUnbounded at an end means no bound there.
struct TermRange {
  static constexpr std::int64_t kUnbounded = std::int64_t{1} << 62;
  TermRange() = default;
  TermRange(std::int64_t l, std::int64_t h, std::string b = {}) : lo(l), hi(h), below(std::move(b)) {}
  std::int64_t lo = -kUnbounded, hi = kUnbounded;
  /// Facts only: the symbol is below this other symbol (a coordinate p < P),
  /// used for sums linear in it; empty when not known.
  std::string below;
  bool contains(std::int64_t v) const { return lo <= v && v <= hi; }
};

/// What is known of each symbol (unlisted symbols: any integer).
using TermFacts = std::map<std::string, TermRange>;

/// Bounds of `t`'s value wherever the facts hold (sound, not tight).
TermRange rangeOf(const IntTerm& t, const TermFacts& facts);

/// An equal, shorter term where the facts hold.
IntTerm simplify(const IntTerm& t, const TermFacts& facts);

/// `t` with every subterm printed as `from` replaced by `to`.
IntTerm substitute(const IntTerm& t, const IntTerm& from, const IntTerm& to);

/// Whether the two print the same (structural equality).
bool sameTerm(const IntTerm& a, const IntTerm& b);

/// sum of `t` over `coord` = 0..procs-1 in closed form, when `t` is a sum of
/// products whose factors in `coord` are brackets linear in it ([c <= k*p],
/// [k*p <= e], k > 0 or < 0 by the facts) or one BLOCK window length
/// max(0, min(A, b*p + b - 1) - max(B, b*p) + 1) (the blocks partition
/// 0..b*P-1); nullopt otherwise. Exact where the facts hold and procs >= 1.
std::optional<IntTerm> sumOverCoordinate(const IntTerm& t, const std::string& coord, const IntTerm& procs,
                                         const TermFacts& facts);

} // namespace ps::symbolic
