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
  const WideInt stride = step > 0 ? WideInt{step} : -WideInt{step};
  // a unit step, or a span within 64 bits, needs no 128-bit division (a library call)
  WideInt n = span;
  if (stride != 1)
    n = fitsInt64(span) && fitsInt64(stride) ? static_cast<std::int64_t>(span) / static_cast<std::int64_t>(stride)
                                             : span / stride;
  n += 1;
  return fitsInt64(n) ? static_cast<std::int64_t>(n) : std::numeric_limits<std::int64_t>::max();
}

std::vector<std::string> IterationSpace::variables() const
{
  std::vector<std::string> v;
  for (const auto& l : m_levels)
    v.push_back(l.variable);
  return v;
}

namespace {

/// `form`'s coefficient per level of `levels` into `coef`, and the rest as
/// one expression in the unknowns: the constant and the variables of loops
/// enclosing the selected nest, which are unknowns here (they need values
/// like any other unknown).
symbolic::Expr splitForm(const symbolic::AffineForm& form, const std::vector<LevelBounds>& levels,
                         LevelCoefficients& coef)
{
  coef.assign(levels.size(), 0);
  symbolic::Expr constant = form.constant;
  for (const auto& [var, coefficient] : form.coefficients) {
    const auto level = std::find_if(levels.begin(), levels.end(), [&](auto& l) { return l.variable == var; });
    if (level == levels.end())
      constant = constant + symbolic::Expr::integer(coefficient) * symbolic::Expr::symbol(var);
    else
      coef[level - levels.begin()] = coefficient;
  }
  return constant;
}

/// The levels of `statement` from `nestLoop` inwards, without their
/// bounds; the reason when a loop has none that can be used.
std::optional<std::string> levelsOf(const program::Unit& unit, int nestLoop, const program::Statement& statement,
                                    std::vector<LevelBounds>& levels)
{
  auto root = std::find(statement.loops.begin(), statement.loops.end(), nestLoop);
  if (root == statement.loops.end())
    return "Statement at line " + std::to_string(statement.line) + " is not inside the selected loop";
  for (auto it = root; it != statement.loops.end(); ++it) {
    const auto& loop = unit.loops[*it];
    if (!loop.boundsKnown && loop.boundsNote.rfind("MAX and MIN", 0) == 0) // integer expressions, but clipped with a step
      return "Loop at line " + std::to_string(loop.line) + " has MAX/MIN bounds and a step other than 1: " +
             loop.boundsNote;
    if (!loop.boundsKnown || loop.variable.empty())
      return "Loop at line " + std::to_string(loop.line) +
             (loop.boundsNote.empty() ? " has bounds that are not integer expressions"
                                      : " has bounds PartScope cannot count: " + loop.boundsNote);
    LevelBounds level;
    level.variable = loop.variable;
    level.loopId = loop.id;
    level.line = loop.line;
    level.forall = loop.isForall;
    levels.push_back(level);
  }
  return std::nullopt;
}

} // namespace

std::optional<NumericAffine> IterationSpace::numeric(const symbolic::AffineForm& form,
                                                     const symbolic::Bindings& values, const std::string& what,
                                                     symbolic::EvaluationError* error) const
{
  NumericAffine out;
  auto c = symbolic::evaluateFor(splitForm(form, m_levels, out.coef), values, what, error);
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
  if (auto why = levelsOf(unit, nestLoop, statement, space.m_levels))
    return fail(std::move(*why));
  const auto vars = space.variables();
  for (std::size_t k = 0; k < space.m_levels.size(); ++k) {
    const auto& loop = unit.loops[space.m_levels[k].loopId];
    auto lower = loop.lower.affineIn(vars);
    auto upper = loop.upper.affineIn(vars);
    if (!lower || !upper)
      return fail("Loop at line " + std::to_string(loop.line) + " has bounds that are not affine in the loop variables");
    const auto what = program::boundsWhat(loop);
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

bool CompiledAffine::into(const symbolic::Bindings& values, NumericAffine& out) const
{
  const auto c = constant.evaluate(values);
  if (!c)
    return false;
  out.coef = coef;
  out.constant = *c;
  return true;
}

CompiledSpace::CompiledSpace(const program::Unit& unit, int nestLoop, const program::Statement& statement)
  : m_unit(&unit), m_nestLoop(nestLoop), m_statement(&statement)
{
  if (levelsOf(unit, nestLoop, statement, m_levels))
    return;
  std::vector<std::string> vars;
  for (const auto& l : m_levels)
    vars.push_back(l.variable);
  for (const auto& level : m_levels) {
    const auto& loop = unit.loops[level.loopId];
    const auto lower = loop.lower.affineIn(vars), upper = loop.upper.affineIn(vars);
    auto step = symbolic::IntPolynomial::from(loop.step);
    auto lo = lower ? compile(*lower) : std::nullopt, hi = upper ? compile(*upper) : std::nullopt;
    if (!step || !lo || !hi) {
      m_bounds.clear();
      return;
    }
    m_bounds.push_back({std::move(*lo), std::move(*hi), std::move(*step)});
  }
  m_compiled = true;
}

std::optional<CompiledAffine> CompiledSpace::compile(const symbolic::AffineForm& form) const
{
  CompiledAffine out;
  auto constant = symbolic::IntPolynomial::from(splitForm(form, m_levels, out.coef));
  if (!constant)
    return std::nullopt;
  out.constant = std::move(*constant);
  return out;
}

std::optional<IterationSpace> CompiledSpace::build(const symbolic::Bindings& values,
                                                   symbolic::EvaluationError* error) const
{
  IterationSpace space;
  if (!buildInto(values, space, error))
    return std::nullopt;
  return space;
}

bool CompiledSpace::buildInto(const symbolic::Bindings& values, IterationSpace& out,
                              symbolic::EvaluationError* error) const
{
  const auto fallBack = [&] { // IterationSpace::build finds the value past an overflow, or says why
    auto space = IterationSpace::build(*m_unit, m_nestLoop, *m_statement, values, error);
    if (space)
      out = std::move(*space);
    return space.has_value();
  };
  if (!m_compiled)
    return fallBack();
  out.m_levels = m_levels; // copy-assigned: the levels' storage is kept
  for (std::size_t k = 0; k < m_levels.size(); ++k) {
    auto& level = out.m_levels[k];
    const auto step = m_bounds[k].step.evaluate(values);
    if (!step || *step == 0 || !m_bounds[k].lower.into(values, level.lower) ||
        !m_bounds[k].upper.into(values, level.upper))
      return fallBack();
    level.step = *step;
  }
  return true;
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
  // the levels from `fold` on do not use the ones before it: the outer levels' count (by the same
  // rule, so a box of three loops walks none of them) times the inner levels' count at any outer values
  const auto repeat = fold == 0 ? 1 : outer(fold).size();
  std::vector<std::int64_t> values(m_levels.size(), 0);
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

namespace {

bool firstFrom(const IterationSpace& space, int k, int count, std::vector<std::int64_t>& values)
{
  if (k == count)
    return true;
  std::int64_t first, last;
  if (!space.range(k, values, &first, &last))
    return false;
  const auto step = space.levels()[k].step;
  for (auto v = first;; v += step) {
    values[k] = v;
    if (firstFrom(space, k + 1, count, values))
      return true;
    if (v == last)
      return false;
  }
}

} // namespace

bool IterationSpace::firstOuter(int count, std::vector<std::int64_t>* values) const
{
  values->assign(m_levels.size(), 0);
  if (firstFrom(*this, 0, std::min(count, depth()), *values))
    return true;
  values->assign(m_levels.size(), 0);
  return false;
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

IterationSpace IterationSpace::outer(int count) const
{
  IterationSpace out;
  const auto levels = static_cast<std::size_t>(std::clamp(count, 0, depth()));
  out.m_levels.assign(m_levels.begin(), m_levels.begin() + static_cast<std::ptrdiff_t>(levels));
  for (auto& level : out.m_levels)
    for (auto* bound : {&level.lower, &level.upper})
      bound->coef.resize(levels);
  return out;
}

} // namespace ps::estimate
