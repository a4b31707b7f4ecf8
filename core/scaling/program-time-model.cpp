#include "scaling/program-time-model.h"

#include "support/text.h"

#include <cmath>

namespace ps::scaling {
namespace {

double flops(const program::OperationCounts& ops) { return double(ops.addSub + ops.mul + ops.div + ops.pow + ops.intrinsic); }

// Sequential work of the nest: floating-point operations, or statement
// instances when the nest does no arithmetic (a copy loop).
double sequentialWork(const program::Unit& unit, const estimate::Estimate& e)
{
  double ops = 0, instances = 0;
  for (const auto& s : e.statements) {
    instances += s.frequency;
    for (const auto& st : unit.statements)
      if (st.id == s.statementId)
        ops += s.frequency * flops(st.ops);
  }
  return ops > 0 ? ops : instances;
}

std::string joined(const std::vector<std::string>& sentences)
{
  std::string out;
  for (const auto& s : sentences)
    out += (out.empty() ? "" : "; ") + s;
  return out;
}

} // namespace

ProgramTimeModel::ProgramTimeModel(std::shared_ptr<const fortran::ParsedFile> parsed, ProgramVariantSpec spec,
                                   machine::MachineProfile machine)
    : m_parsed(std::move(parsed)), m_spec(std::move(spec)), m_machine(std::move(machine))
{
  m_spec.sizeVariable = toLower(m_spec.sizeVariable);
}

const program::ProgramModel& ProgramTimeModel::modelFor(std::int64_t n) const
{
  auto it = m_models.find(n);
  if (it == m_models.end()) {
    auto values = m_spec.values;
    values[m_spec.sizeVariable] = n;
    it = m_models.emplace(n, program::buildModel(*m_parsed, values)).first;
  }
  return it->second;
}

const ProgramTimeModel::Point& ProgramTimeModel::at(std::int64_t p, std::int64_t n) const
{
  auto key = std::make_pair(p, n);
  if (auto it = m_cache.find(key); it != m_cache.end())
    return it->second;
  estimate::ComparisonRequest request;
  request.loopLine = m_spec.loopLine;
  request.variants = {m_spec.variant};
  request.procs = {mapping::ProcessorsArrangement{"procs", {p}}};
  request.values = m_spec.values;
  request.values[m_spec.sizeVariable] = n;
  const auto result = estimate::compare(modelFor(n), request, m_machine);
  Point point;
  if (!result.errors.empty() || result.variants.empty() || result.variants.front().points.empty()) {
    point.error = "Variant " + m_spec.name + " at p = " + std::to_string(p) + ", " + m_spec.sizeVariable + " = " +
                  std::to_string(n) + ": " + joined(result.errors);
  } else {
    const auto& e = result.variants.front().points.front();
    point = {e.time, e.ct, sequentialWork(*result.unit, e), result.variants.front().mapping, {}};
    m_work.try_emplace(n, point.work);
  }
  return m_cache.emplace(key, std::move(point)).first->second;
}

template <typename Field>
ModelValue ProgramTimeModel::interpolate(std::int64_t p, double n, Field field) const
{
  const double lo = std::floor(n);
  const auto& a = at(p, static_cast<std::int64_t>(lo));
  if (!a.error.empty())
    return ModelValue::failure(a.error);
  if (lo == n)
    return ModelValue::of(field(a));
  const auto& b = at(p, static_cast<std::int64_t>(lo) + 1);
  if (!b.error.empty())
    return ModelValue::failure(b.error);
  return ModelValue::of(field(a) + (n - lo) * (field(b) - field(a)));
}

std::optional<std::string> ProgramTimeModel::sizeError(double n) const
{
  if (n >= minSize() && n <= maxSize())
    return std::nullopt;
  return "Variant " + m_spec.name + " needs " + m_spec.sizeVariable + " from " + formatNumber(minSize()) + " to " +
         std::to_string(static_cast<std::int64_t>(maxSize())) + ", not " + formatNumber(n);
}

ModelValue ProgramTimeModel::work(double n) const
{
  if (auto why = sizeError(n))
    return ModelValue::failure(*why);
  // The work does not depend on p: any estimate at that size has it, and the
  // solvers ask for T(p', n) just before W(n), so a p = 1 estimate is rarely needed.
  const auto lo = static_cast<std::int64_t>(std::floor(n));
  const auto workAt = [this](std::int64_t size) -> std::optional<double> {
    if (auto it = m_work.find(size); it != m_work.end())
      return it->second;
    const auto& point = at(1, size);
    return point.error.empty() ? std::optional<double>(point.work) : std::nullopt;
  };
  const auto a = workAt(lo);
  const auto b = double(lo) == n ? a : workAt(lo + 1);
  if (!a || !b)
    return ModelValue::failure(at(1, !a ? lo : lo + 1).error);
  return ModelValue::of(*a + (n - double(lo)) * (*b - *a));
}

ModelValue ProgramTimeModel::time(double p, double n) const
{
  if (p < 1 || p != std::floor(p))
    return ModelValue::failure("Variant " + m_spec.name + " needs a whole processor count, not " + formatNumber(p));
  if (auto why = sizeError(n))
    return ModelValue::failure(*why);
  return interpolate(static_cast<std::int64_t>(p), n, [](const Point& x) { return x.time; });
}

std::optional<double> ProgramTimeModel::delta() const
{
  if (!m_delta) {
    // Delta is a property of the machine and the statements' mix, the same
    // for every n up to rounding; take it at the initial size.
    const auto& point = at(1, std::max<std::int64_t>(2, m_spec.referenceSize));
    if (point.error.empty() && point.work > 0)
      m_delta = point.ct / point.work;
  }
  return m_delta;
}

std::string ProgramTimeModel::mapping(double p, double n) const
{
  if (sizeError(n) || p < 1 || p != std::floor(p))
    return {};
  return at(static_cast<std::int64_t>(p), std::llround(n)).mapping;
}

} // namespace ps::scaling
