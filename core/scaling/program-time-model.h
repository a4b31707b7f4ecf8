#pragma once
// A program variant as a time model: the selected loop nest under one
// mapping on one machine profile, estimated by the P3T+ estimator at each
// (p, n). T = CT + TT of the nest; the work W(n) is its floating-point
// operations executed sequentially (statement instances when it has none);
// Delta = CT(1, n)/W(n), so T_o = T - W*Delta/p holds the communication and
// the load imbalance. Source: Sun-Pantano-Fahringer 1999, Sec. 3 (T_o from
// P3T's predicted Z and D, Delta = T_c*p/W); P3T+ Defs. 3.4-3.8.

#include "estimate/comparison.h"
#include "fortran/parser.h"
#include "scaling/time-model.h"

#include <map>
#include <memory>
#include <string>
#include <utility>

namespace ps::scaling {

struct ProgramVariantSpec {
  std::string name;                       // "A"
  int loopLine = 0;                       // DO statement of the nest
  estimate::VariantRequest variant;       // spec, or the HPF directives
  std::string sizeVariable = "n";         // the unknown or PARAMETER that is n
  symbolic::Bindings values;              // values of the other unknowns
  std::int64_t referenceSize = 16;        // n at which Delta is measured (the initial n)
};

/// Estimates are cached per (p, n); a model is used by one thread at a time.
/// p must be whole; between two whole n the time and work are interpolated
/// linearly (the root finders need a continuous function; the reported n' is
/// the floor, as the papers print).
class ProgramTimeModel final : public TimeModel {
public:
  ProgramTimeModel(std::shared_ptr<const fortran::ParsedFile> parsed, ProgramVariantSpec spec,
                   machine::MachineProfile machine);

  const std::string& name() const override { return m_spec.name; }
  ModelValue work(double n) const override;
  ModelValue time(double p, double n) const override;
  std::optional<double> delta() const override;
  double minSize() const override { return 2; }
  /// The largest n a root search tries: 2^30. Estimates count in closed form
  /// (their cost does not grow with n), and a search doubles n, so this is
  /// about 15 doublings from a small initial n.
  double maxSize() const override { return 1 << 30; }

  /// The mapping of the variant at p processors ("a,b=(BLOCK,BLOCK) onto
  /// 2x2"), empty when it cannot be built.
  std::string mapping(double p, double n) const override;

private:
  struct Point {
    double time = 0, ct = 0, work = 0;
    std::string mapping, error;
  };
  const Point& at(std::int64_t p, std::int64_t n) const;
  std::optional<std::string> sizeError(double n) const;
  const program::ProgramModel& modelFor(std::int64_t n) const;
  template <typename Field>
  ModelValue interpolate(std::int64_t p, double n, Field field) const;

  std::shared_ptr<const fortran::ParsedFile> m_parsed;
  ProgramVariantSpec m_spec;
  machine::MachineProfile m_machine;
  mutable std::map<std::int64_t, program::ProgramModel> m_models;       // by n
  mutable std::map<std::pair<std::int64_t, std::int64_t>, Point> m_cache; // by (p, n)
  mutable std::map<std::int64_t, double> m_work;                          // W by n, from any p
  mutable std::optional<double> m_delta;
};

} // namespace ps::scaling
