#include "estimate/iteration-space.h"

#include "support/wide-int.h"

#include <algorithm>
#include <limits>

namespace ps::estimate {

std::int64_t tripCount(std::int64_t first, std::int64_t last, std::int64_t step)
{
  // In 128 bits: last - first overflows 64 bits for bounds near +-2^63.
  const WideInt span = step > 0 ? WideInt{last} - first : WideInt{first} - last;
  if (span < 0)
    return 0;
  const WideInt n = span / (step > 0 ? WideInt{step} : -WideInt{step}) + 1;
  return fitsInt64(n) ? static_cast<std::int64_t>(n) : std::numeric_limits<std::int64_t>::max();
}

std::vector<std::string> IterationSpace::variables() const
{
  std::vector<std::string> v;
  for (const auto& l : m_levels)
    v.push_back(l.variable);
  return v;
}

std::optional<NumericAffine> IterationSpace::numeric(const symbolic::AffineForm& form,
                                                     const symbolic::Bindings& values, const std::string& what,
                                                     symbolic::EvaluationError* error) const
{
  NumericAffine out;
  out.coef.assign(m_levels.size(), 0);
  // Variables of loops enclosing the selected nest are unknowns here: they
  // join the constant and need values like any other unknown.
  symbolic::Expr constant = form.constant;
  for (const auto& [var, coefficient] : form.coefficients) {
    const auto level = std::find_if(m_levels.begin(), m_levels.end(), [&](auto& l) { return l.variable == var; });
    if (level == m_levels.end())
      constant = constant + symbolic::Expr::integer(coefficient) * symbolic::Expr::symbol(var);
    else
      out.coef[level - m_levels.begin()] = coefficient;
  }
  auto c = symbolic::evaluateFor(constant, values, what, error);
  if (!c)
    return std::nullopt;
  out.constant = *c;
  return out;
}

std::optional<IterationSpace> IterationSpace::build(const program::Unit& unit, int nestLoop,
                                                    const program::Statement& statement,
                                                    const symbolic::Bindings& values,
                                                    symbolic::EvaluationError* error)
{
  auto fail = [error](std::string message) {
    *error = {{}, std::move(message)};
    return std::nullopt;
  };
  IterationSpace space;
  auto root = std::find(statement.loops.begin(), statement.loops.end(), nestLoop);
  if (root == statement.loops.end())
    return fail("Statement at line " + std::to_string(statement.line) + " is not inside the selected loop");
  for (auto it = root; it != statement.loops.end(); ++it) {
    const auto& loop = unit.loops[*it];
    if (!loop.boundsKnown || loop.variable.empty())
      return fail("Loop at line " + std::to_string(loop.line) + " has bounds that are not integer expressions" +
                  (loop.boundsNote.empty() ? "" : ": " + loop.boundsNote));
    LevelBounds level;
    level.variable = loop.variable;
    level.loopId = loop.id;
    level.line = loop.line;
    level.forall = loop.isForall;
    space.m_levels.push_back(level);
  }
  const auto vars = space.variables();
  for (std::size_t k = 0; k < space.m_levels.size(); ++k) {
    const auto& loop = unit.loops[space.m_levels[k].loopId];
    auto lower = loop.lower.affineIn(vars);
    auto upper = loop.upper.affineIn(vars);
    if (!lower || !upper)
      return fail("Loop at line " + std::to_string(loop.line) + " has bounds that are not affine in the loop variables");
    const auto what = "the bounds of the loop at line " + std::to_string(loop.line);
    auto step = symbolic::evaluateFor(loop.step, values, what, error);
    if (!step)
      return std::nullopt;
    if (*step == 0)
      return fail("Loop at line " + std::to_string(loop.line) + " has a step of zero");
    auto lo = space.numeric(*lower, values, what, error);
    auto hi = space.numeric(*upper, values, what, error);
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
  const int inner = depth() - 1;
  int fold = inner;
  while (fold > 0 && !innerBoundsIndependentOf(fold))
    --fold;
  std::vector<std::int64_t> values;
  const auto repeat = outerCount(fold, &values);
  std::int64_t total = 0;
  if (repeat == 0)
    return 0;
  constexpr auto saturated = std::numeric_limits<std::int64_t>::max();
  walk(fold, inner, values, [&](std::vector<std::int64_t>& v) {
    std::int64_t first, last;
    if (range(inner, v, &first, &last) && __builtin_add_overflow(total, tripCount(first, last, m_levels[inner].step), &total))
      total = saturated;
  });
  return __builtin_mul_overflow(total, repeat, &total) ? saturated : total;
}

bool IterationSpace::innerBoundsIndependentOf(int count) const
{
  for (int k = count; k < depth(); ++k)
    if (usesLevelsBelow(m_levels[k].lower, count) || usesLevelsBelow(m_levels[k].upper, count))
      return false;
  return true;
}

std::int64_t IterationSpace::outerCount(int count, std::vector<std::int64_t>* first) const
{
  std::int64_t n = 0;
  first->assign(m_levels.size(), 0);
  forEachOuter(count, [&](std::vector<std::int64_t>& v) {
    if (n++ == 0)
      *first = v;
  });
  return n;
}

bool usesLevelsBelow(const NumericAffine& f, int count)
{
  for (int k = 0; k < count && k < static_cast<int>(f.coef.size()); ++k)
    if (f.coef[k] != 0)
      return true;
  return false;
}

} // namespace ps::estimate
