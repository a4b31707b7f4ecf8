#include "estimate/iteration-space.h"

#include <algorithm>

namespace ps::estimate {

std::int64_t tripCount(std::int64_t first, std::int64_t last, std::int64_t step)
{
  if (step > 0)
    return last < first ? 0 : (last - first) / step + 1;
  return last > first ? 0 : (first - last) / (-step) + 1;
}

namespace {

std::string missingValues(const symbolic::Expr& e, const symbolic::Bindings& values)
{
  std::string s;
  for (const auto& n : e.symbols()) {
    if (!values.count(n))
      s += (s.empty() ? "'" : ", '") + n + "'";
  }
  return s;
}

} // namespace

std::vector<std::string> IterationSpace::variables() const
{
  std::vector<std::string> v;
  for (const auto& l : m_levels)
    v.push_back(l.variable);
  return v;
}

std::optional<NumericAffine> IterationSpace::numeric(const symbolic::AffineForm& form,
                                                     const symbolic::Bindings& values, std::string* error) const
{
  NumericAffine out;
  out.coef.assign(m_levels.size(), 0);
  for (std::size_t k = 0; k < m_levels.size(); ++k)
    out.coef[k] = form.coefficient(m_levels[k].variable);
  auto c = form.constant.evaluate(values);
  if (!c) {
    const auto missing = missingValues(form.constant, values);
    *error = missing.empty() ? "Cannot evaluate '" + form.constant.str() + "'"
                             : "The value of " + missing + " is needed; give it with --set NAME=VALUE";
    return std::nullopt;
  }
  out.constant = *c;
  return out;
}

std::optional<IterationSpace> IterationSpace::build(const program::Unit& unit, int nestLoop,
                                                    const program::Statement& statement,
                                                    const symbolic::Bindings& values, std::string* error)
{
  IterationSpace space;
  auto root = std::find(statement.loops.begin(), statement.loops.end(), nestLoop);
  if (root == statement.loops.end()) {
    *error = "Statement at line " + std::to_string(statement.line) + " is not inside the selected loop";
    return std::nullopt;
  }
  for (auto it = root; it != statement.loops.end(); ++it) {
    const auto& loop = unit.loops[*it];
    if (!loop.boundsKnown || loop.variable.empty()) {
      *error = "Loop at line " + std::to_string(loop.line) + " has bounds that are not integer expressions";
      return std::nullopt;
    }
    LevelBounds level;
    level.variable = loop.variable;
    level.loopId = loop.id;
    level.line = loop.line;
    space.m_levels.push_back(level);
  }
  const auto vars = space.variables();
  for (std::size_t k = 0; k < space.m_levels.size(); ++k) {
    const auto& loop = unit.loops[space.m_levels[k].loopId];
    auto lower = loop.lower.affineIn(vars);
    auto upper = loop.upper.affineIn(vars);
    auto step = loop.step.evaluate(values);
    if (!lower || !upper) {
      *error = "Loop at line " + std::to_string(loop.line) + " has bounds that are not affine in the loop variables";
      return std::nullopt;
    }
    if (!step || *step == 0) {
      *error = "Loop at line " + std::to_string(loop.line) + " needs a known, non-zero step";
      return std::nullopt;
    }
    auto lo = space.numeric(*lower, values, error);
    auto hi = space.numeric(*upper, values, error);
    if (!lo || !hi)
      return std::nullopt;
    space.m_levels[k].lower = *lo;
    space.m_levels[k].upper = *hi;
    space.m_levels[k].step = *step;
  }
  return space;
}

bool IterationSpace::range(int k, const std::vector<std::int64_t>& values, std::int64_t* first,
                           std::int64_t* last) const
{
  const auto& l = m_levels[k];
  *first = l.lower.at(values);
  const auto hi = l.upper.at(values);
  const auto n = tripCount(*first, hi, l.step);
  *last = *first + (n - 1) * l.step;
  return n > 0;
}

void IterationSpace::walk(int k, int count, std::vector<std::int64_t>& values,
                          const std::function<void(std::vector<std::int64_t>&)>& visit) const
{
  if (k == count) {
    visit(values);
    return;
  }
  std::int64_t first, last;
  if (!range(k, values, &first, &last))
    return;
  const auto step = m_levels[k].step;
  for (auto v = first;; v += step) {
    values[k] = v;
    walk(k + 1, count, values, visit);
    if (v == last)
      break;
  }
}

void IterationSpace::forEachOuter(int count, const std::function<void(std::vector<std::int64_t>&)>& visit) const
{
  std::vector<std::int64_t> values(m_levels.size(), 0);
  walk(0, std::min(count, depth()), values, visit);
}

std::int64_t IterationSpace::size() const
{
  if (m_levels.empty())
    return 1;
  std::int64_t total = 0;
  const int inner = depth() - 1;
  forEachOuter(inner, [&](std::vector<std::int64_t>& values) {
    std::int64_t first, last;
    if (range(inner, values, &first, &last))
      total += tripCount(first, last, m_levels[inner].step);
  });
  return total;
}

} // namespace ps::estimate
