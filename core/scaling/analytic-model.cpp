#include "scaling/analytic-model.h"

#include "support/text.h"

#include <cmath>

namespace ps::scaling {
namespace {

std::map<std::string, double> constantsFor(const AnalyticModelSpec& spec, const machine::MachineProfile& machine)
{
  std::map<std::string, double> constants;
  for (const auto& [name, value] : spec.constants)
    constants[toLower(name)] = value;
  constants.try_emplace("rho", machine.startup);
  constants.try_emplace("beta", machine.byteTime);
  constants.try_emplace("gamma", machine.hopTime);
  return constants;
}

std::optional<symbolic::Formula> bindFormula(const std::string& which, const std::string& text,
                                             const std::vector<std::string>& slots,
                                             const std::map<std::string, double>& constants,
                                             AnalyticModelError* error)
{
  symbolic::FormulaError syntax;
  auto parsed = symbolic::Formula::parse(text, &syntax);
  if (!parsed) {
    *error = {which, syntax.column, syntax.message};
    return std::nullopt;
  }
  if (which == "work" && parsed->symbols().count("p")) {
    *error = {which, parsed->columnOf("p"), "The work W(n) cannot depend on the processor count 'p'"};
    return std::nullopt;
  }
  std::string missing;
  auto bound = parsed->bind(slots, constants, &missing);
  if (!bound)
    *error = {which, parsed->columnOf(missing),
              "Constant '" + missing + "' has no value; give it with --const " + missing + "=VALUE"};
  return bound;
}

} // namespace

ModelValue workFromFormula(const symbolic::Formula& work, const std::string& model, double n)
{
  const double w = work.evaluateSlots(&n);
  if (!std::isfinite(w))
    return ModelValue::failure("The work of model '" + model + "' is undefined at n = " + formatNumber(n));
  return ModelValue::of(w);
}

AnalyticModel::AnalyticModel(std::string name, symbolic::Formula time, symbolic::Formula work,
                             std::optional<double> delta)
    : m_name(std::move(name)), m_time(std::move(time)), m_work(std::move(work)), m_delta(delta)
{
  // The smallest size with positive work: W(n) is increasing, so search up.
  while (m_minSize < 1e6 && !(m_work.evaluateSlots(&m_minSize) > 0))
    m_minSize *= 2;
}

std::unique_ptr<AnalyticModel> AnalyticModel::create(const AnalyticModelSpec& spec,
                                                     const machine::MachineProfile& machine,
                                                     AnalyticModelError* error)
{
  const auto constants = constantsFor(spec, machine);
  auto time = bindFormula("time", spec.time, {"p", "n"}, constants, error);
  if (!time)
    return nullptr;
  auto work = bindFormula("work", spec.work, {"n"}, constants, error);
  if (!work)
    return nullptr;
  std::optional<double> delta;
  if (auto it = constants.find("tc"); it != constants.end())
    delta = it->second;
  else if (auto d = constants.find("delta"); d != constants.end())
    delta = d->second;
  return std::unique_ptr<AnalyticModel>(new AnalyticModel(spec.name, std::move(*time), std::move(*work), delta));
}

ModelValue AnalyticModel::work(double n) const { return workFromFormula(m_work, m_name, n); }

ModelValue AnalyticModel::time(double p, double n) const
{
  const double args[2] = {p, n};
  const double t = m_time.evaluateSlots(args);
  if (!std::isfinite(t))
    return ModelValue::failure("The time of model '" + m_name + "' is undefined at p = " + formatNumber(p) +
                               ", n = " + formatNumber(n));
  return ModelValue::of(t);
}

} // namespace ps::scaling
