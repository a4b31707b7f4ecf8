#pragma once
// A time model typed as formulas over p and n, with named constants bound
// from the user and from the machine profile (rho = startup, beta = time per
// byte, gamma = time per hop). The computing capacity Delta is the constant
// named `tc` (the papers' tau_comp, time per flop) or `delta`.
// Source: Sun 2002, Table 1 and Eq. 11 (the tridiagonal models);
// Sun-Pantano-Fahringer 1999, Eqs. 3 and 6.

#include "machine/machine-profile.h"
#include "scaling/time-model.h"
#include "symbolic/formula.h"

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace ps::scaling {

/// What the user typed for one analytic model.
struct AnalyticModelSpec {
  std::string name;
  std::string time;                    // T(p, n), seconds
  std::string work;                    // W(n), work units
  std::map<std::string, double> constants;
};

/// Where an analytic model is wrong: which formula ("time" or "work"), the
/// 1-based column in it and one sentence.
struct AnalyticModelError {
  std::string formula;
  int column = 1;
  std::string message;

  /// "time formula, column 12: Expected ...", as the CLI and the IDE say it.
  std::string str() const { return formula + " formula, column " + std::to_string(column) + ": " + message; }
};

/// W(n) from a work formula bound to the single slot "n"; fails, naming
/// `model`, where the formula is not finite (log(0), 1/0).
ModelValue workFromFormula(const symbolic::Formula& work, const std::string& model, double n);

class AnalyticModel final : public TimeModel {
public:
  /// Parses and binds both formulas. Constants come from `spec` first, then
  /// rho/beta/gamma from `machine`. Errors: syntax, a constant without a
  /// value, a work formula that uses p.
  static std::unique_ptr<AnalyticModel> create(const AnalyticModelSpec& spec, const machine::MachineProfile& machine,
                                               AnalyticModelError* error);

  const std::string& name() const override { return m_name; }
  ModelValue work(double n) const override;
  ModelValue time(double p, double n) const override;
  std::optional<double> delta() const override { return m_delta; }
  bool realProcessors() const override { return true; }
  double minSize() const override { return m_minSize; }

  const symbolic::Formula& timeFormula() const { return m_time; }
  const symbolic::Formula& workFormula() const { return m_work; }

private:
  AnalyticModel(std::string name, symbolic::Formula time, symbolic::Formula work, std::optional<double> delta);
  std::string m_name;
  symbolic::Formula m_time, m_work;
  std::optional<double> m_delta;
  double m_minSize = 1;
};

} // namespace ps::scaling
