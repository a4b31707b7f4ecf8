#pragma once
// One interface for everything the scalability study compares: a program
// variant under a mapping, an analytic formula, or measured times. Each gives
// the execution time T(p, n) and the work W(n) of a problem of size n, and
// splits T into computation and overhead, T = W*Delta/p + T_o.
// Source: Sun-Pantano-Fahringer 1999, Eq. 3; Sun 2002, Sec. 2.

#include <cstdint>
#include <optional>
#include <string>

namespace ps::scaling {

/// A value of a model, or the sentence saying why there is none (a missing
/// constant, a size outside the measured range, an estimator error).
struct ModelValue {
  std::optional<double> value;
  std::string error;

  static ModelValue of(double v) { return {v, {}}; }
  static ModelValue failure(std::string why) { return {std::nullopt, std::move(why)}; }
  explicit operator bool() const { return value.has_value(); }
  double operator*() const { return *value; }
};

/// A time model T(p, n) with work W(n). Units: seconds for time, the model's
/// own work units for W (flops for the papers' models, floating-point
/// operations of the selected nest for program variants), p processors, n
/// the problem size (an unknown of the program, or the formula's `n`).
class TimeModel {
public:
  virtual ~TimeModel() = default;

  virtual const std::string& name() const = 0;
  /// W(n), increasing in n.
  virtual ModelValue work(double n) const = 0;
  /// T(p, n) in seconds.
  virtual ModelValue time(double p, double n) const = 0;
  /// Delta, the seconds one processor needs per unit of work; nullopt when the
  /// model cannot tell (then only the root finder gives W').
  virtual std::optional<double> delta() const = 0;
  /// True when p may be any real number (analytic formulas); program variants
  /// and measured data need whole processor counts.
  virtual bool realProcessors() const { return false; }
  /// The smallest size the model accepts (W must be positive above it).
  virtual double minSize() const { return 1; }
  /// The largest size searched for W' and crossings.
  virtual double maxSize() const { return 1e15; }
  /// What the model runs at (p, n) when that is more than its name: a
  /// program variant's mapping ("a,b=(BLOCK,BLOCK) onto 2x2"); else empty.
  virtual std::string mapping(double /*p*/, double /*n*/) const { return {}; }

  /// T_o(p, n) = T(p, n) - W(n)*Delta/p (Eq. 3); fails without Delta.
  ModelValue overhead(double p, double n) const;
  /// Average speed a = W/(p*T) in work units per second (1999 Eq. 1).
  ModelValue averageSpeed(double p, double n) const;
  /// The size n >= minSize() with W(n) = w (W increasing), by bisection and
  /// Brent on a bracket grown from `hint`.
  ModelValue sizeForWork(double w, double hint) const;
};

} // namespace ps::scaling
