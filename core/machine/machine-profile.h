#pragma once
// Machine profiles: the communication parameters of the transfer-time model
// and the per-operation computation costs. Source: P3T+ Def. 3.4 (alpha/rho
// startup time and beta time per byte), Sun-Pantano-Fahringer 1999 Section 3
// (T_o = Z(rho + beta*D + gamma*h), hops h from the topology).

#include "machine/comm-curve.h"
#include "program/model.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ps::machine {

/// Seconds per operation, by the kinds of program::OperationCounts.
struct OperationCosts {
  double addSub = 0, mul = 0, div = 0, pow = 0, intrinsic = 0, load = 0, store = 0;

  /// Seconds for one execution of a statement with `ops`.
  double time(const program::OperationCounts& ops) const;
};

/// Processors (or switches) under one switch of a "fattree" profile: a
/// non-blocking 4-ary fat tree, processor p under leaf switch p / 4.
inline constexpr std::int64_t kFatTreeRadix = 4;

struct MachineProfile {
  std::string name;   // short identifier, e.g. "paragon"
  std::string title;  // human-readable
  std::string source; // where the numbers come from
  double startup = 0;   // rho, s per message
  double byteTime = 0;  // beta, s per byte
  double hopTime = 0;   // gamma, s per hop
  std::string topology = "crossbar"; // crossbar, mesh2d, torus2d, hypercube, fattree, omega
  int defaultProcessors = 0;         // 0 when the profile has no preferred count
  std::int64_t cacheLineBytes = 64;  // data cache line of one processor, bytes (P3T+ Sec. 3.4)
  std::int64_t cacheBytes = 32768;   // data cache capacity of one processor, bytes
  OperationCosts ops;
  std::vector<std::string> assumptions;
  /// Fitted training-set curves (empty for the historical profiles); the
  /// transfer time of a pattern uses its curve when there is one.
  std::vector<CommCurve> curves;

  /// rho + beta * bytes + gamma * hops, in seconds.
  double messageTime(double bytes, int hops) const { return startup + byteTime * bytes + hopTime * hops; }

  /// The fitted curve that prices the estimator's `pattern` (shift, copy,
  /// broadcast, reduction) on `processors` processors, or nullptr. The
  /// training pattern: shift -> EXCH, else vSR; broadcast -> BCAST;
  /// reduction -> COMBN; copy -> pingpong; anything else has none. Among
  /// the pattern's contiguous curves (stride 1), the one measured on the
  /// most ranks not above `processors`, else the one on the fewest ranks.
  /// Source: Balasundaram et al. 1991, Sec. 5 and Fig. 5 ("compute the time
  /// estimate t(delta) for this message using the method outlined in Sec. 5").
  const CommCurve* curveFor(const std::string& pattern, std::int64_t processors) const;

  /// Seconds one processor spends on one message of `bytes` of the
  /// estimator's `pattern` among `processors` processors, `hops` apart:
  /// the pattern's curve at `bytes` when the profile has one (the measured
  /// time, hops included), else messageTime(bytes, hops) (P3T+ Def. 3.4:
  /// rho + beta * bytes + gamma * hops).
  double transferTime(const std::string& pattern, double bytes, int hops, std::int64_t processors) const;

  /// Seconds of a tree collective (broadcast or reduction) of `bytes` over
  /// `processors` processors in `steps` levels: the pattern's curve at
  /// `bytes` once when the profile has one (BCAST and COMBN measure the
  /// whole collective, per processor), else steps * messageTime(bytes, 1).
  double collectiveTime(const std::string& pattern, double bytes, double steps, std::int64_t processors) const;
  /// Hops between processors `a` and `b` of `count` processors on the
  /// profile's topology (a 2-D mesh is taken as square as possible; a fat
  /// tree counts the links up to the lowest common switch and down: 2 under
  /// one leaf switch, 4 under one level-2 switch, ...).
  int hops(std::int64_t a, std::int64_t b, std::int64_t count) const;
};

/// MachineProfile::hops for many pairs of one processor count: the topology
/// and the mesh's shape decided once (a broadcast on 1024 processors asks
/// for a million pairs).
class HopCounter {
public:
  HopCounter(const MachineProfile& machine, std::int64_t count);
  int operator()(std::int64_t a, std::int64_t b) const;

  /// Each processor's column and row on a mesh or torus of `count`
  /// processors in rows of `cols` (shared by the counters of one shape).
  struct Grid {
    std::vector<std::int32_t> col, row;
  };

private:
  enum class Kind { Mesh, Torus, Hypercube, FatTree, Other } m_kind = Kind::Other;
  std::int64_t m_count = 1, m_cols = 1;
  std::shared_ptr<const Grid> m_grid; // mesh and torus up to kMaxGridTable processors: no division per pair
};

// Inline: an estimate point asks it for every message.
inline int HopCounter::operator()(std::int64_t a, std::int64_t b) const
{
  if (a == b)
    return 0;
  switch (m_kind) {
  case Kind::Mesh:
  case Kind::Torus: {
    auto dx = m_grid ? std::llabs(m_grid->col[a] - m_grid->col[b]) : std::llabs(a % m_cols - b % m_cols);
    auto dy = m_grid ? std::llabs(m_grid->row[a] - m_grid->row[b]) : std::llabs(a / m_cols - b / m_cols);
    if (m_kind == Kind::Torus) {
      dx = std::min(dx, m_cols - dx);
      dy = std::min(dy, m_count / m_cols - dy);
    }
    return static_cast<int>(dx + dy);
  }
  case Kind::Hypercube: return __builtin_popcountll(static_cast<unsigned long long>(a ^ b));
  case Kind::FatTree: { // up to the lowest common switch and down again
    int levels = 0;
    for (; a != b; a /= kFatTreeRadix, b /= kFatTreeRadix)
      ++levels;
    return 2 * levels;
  }
  case Kind::Other: break;
  }
  return 1;
}

/// Parses a profile from JSON text; nullopt with `error` on bad input.
/// "cache_line_bytes" and "cache_bytes" are optional (64 and 32768, said in
/// the assumptions when taken); both must be > 0 and the line no larger than
/// the cache. Costs are finite, > 0 (startup and hop time >= 0) and at most
/// 1 s per operation, byte or hop (startup at most 1000 s);
/// "default_processors", when given, is a whole number >= 1. An unknown key
/// is an error naming it and the known keys (a typo must not keep a default).
/// "curves", optional: an array of fitted curves (comm-curve.h), each
/// {"pattern" (one of kTrainingPatterns), "ranks" (whole, >= 1),
/// "stride_elements" (whole, >= 1, default 1), "packet_bytes",
/// "chi_square_per_dof", "max_relative_error" (optional, >= 0, default 0),
/// "segments": [{"from_bytes", "to_bytes", "a_s", "b_s_per_byte"}, ...]}
/// with at least one segment, every number finite and >= 0, from <= to,
/// segments sorted and not overlapping, and no two curves of the same
/// pattern, ranks and stride. Messages name the field in full, e.g.
/// 'curves[2].segments[0].b_s_per_byte'.
std::optional<MachineProfile> profileFromJson(const std::string& text, std::string* error);

/// The profile as JSON text that profileFromJson reads back to an equal
/// profile: every field, "default_processors" only when set and "curves"
/// only when there are any (numbers printed to round-trip exactly).
std::string profileToJson(const MachineProfile& profile);

/// The built-in profiles (machines/*.json), sorted by name.
const std::vector<MachineProfile>& builtinProfiles();

/// A built-in profile by name, or a profile read from a JSON file path.
std::optional<MachineProfile> findProfile(const std::string& nameOrPath, std::string* error);

} // namespace ps::machine
