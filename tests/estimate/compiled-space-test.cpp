// The compiled forms of iteration spaces and reference plans (CompiledSpace,
// CompiledPlan) equal IterationSpace::build and planReference at random
// values of the unknowns on random nests: the same bounds, subscripts and
// errors, also past 64-bit overflow, without a value, and for bounds that
// are not integer polynomials (a quotient), which take the GiNaC path.
#include "estimate/reference-plan.h"
#include "mapping/mapping.h"
#include "test-support.h"

#include <gtest/gtest.h>

#include <random>

using namespace ps;

namespace {

/// Random nests over i, j, k whose bounds and subscripts mix the unknowns
/// n and m, outer loop variables and quotients.
class UnknownsNest {
public:
  explicit UnknownsNest(std::uint64_t seed) : m_rng(seed) {}

  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }

  std::string program()
  {
    const int depth = pick(1, 3);
    std::string body;
    for (int d = 0; d < depth; ++d)
      body += std::string(d * 2 + 2, ' ') + "do " + kVars[d] + " = " + term(d) + ", " + term(d) + ", " + step() + "\n";
    body += std::string(depth * 2 + 2, ' ') + "a(" + term(depth) + ", " + term(depth) + ") = b(" + term(depth) +
            ", " + term(depth) + ")\n";
    for (int d = depth - 1; d >= 0; --d)
      body += std::string(d * 2 + 2, ' ') + "end do\n";
    return "program nest\n  integer :: n, m, i, j, k\n  double precision :: a(n, m), b(2 * n, n * m)\n" + body +
           "end program nest\n";
  }

  symbolic::Bindings values()
  {
    const std::int64_t big[] = {3037000500LL, 4611686018427387904LL, -4611686018427387904LL, 9223372036854775807LL};
    symbolic::Bindings v;
    for (const char* name : {"n", "m"}) {
      const int kind = pick(0, 9);
      if (kind == 0)
        continue; // no value
      v[name] = kind == 1 ? big[pick(0, 3)] : pick(-5, 40);
    }
    return v;
  }

private:
  static constexpr const char* kVars[] = {"i", "j", "k"};

  /// An affine term in the variables of the `outer` enclosing levels, with unknowns.
  std::string term(int outer)
  {
    const char* unknowns[] = {"1", "n", "m", "n * m", "n ** 2 - m", "(n + 1) / 2", "2 * n - 3 * m", "n - n"};
    std::string t = unknowns[pick(0, 7)];
    if (outer > 0 && pick(0, 1) == 0)
      t += signed_(pick(-2, 3)) + " * " + kVars[pick(0, outer - 1)];
    return t + signed_(pick(-3, 3));
  }

  static std::string signed_(int c) { return (c < 0 ? " - " : " + ") + std::to_string(std::abs(c)); }

  std::string step()
  {
    const char* steps[] = {"1", "1", "-1", "2", "m", "n - n"};
    return steps[pick(0, 5)];
  }

  std::mt19937_64 m_rng;
};

void expectSameAffine(const estimate::NumericAffine& got, const estimate::NumericAffine& want)
{
  EXPECT_EQ(got.constant, want.constant);
  EXPECT_EQ(got.coefVector(), want.coefVector());
}

void expectSameError(const symbolic::EvaluationError& got, const symbolic::EvaluationError& want)
{
  EXPECT_EQ(got.missing, want.missing);
  EXPECT_EQ(got.message, want.message);
}

/// Expects both or neither to hold a value; true when both do.
template <typename T>
bool bothHold(const std::optional<T>& got, const std::optional<T>& want)
{
  EXPECT_EQ(got.has_value(), want.has_value());
  return got && want;
}

void expectSameSpace(const std::optional<estimate::IterationSpace>& got,
                     const std::optional<estimate::IterationSpace>& want)
{
  if (!bothHold(got, want))
    return;
  ASSERT_EQ(got->depth(), want->depth());
  for (int k = 0; k < want->depth(); ++k) {
    const auto &g = got->levels()[k], &w = want->levels()[k];
    EXPECT_EQ(g.variable, w.variable);
    EXPECT_EQ(g.loopId, w.loopId);
    EXPECT_EQ(g.line, w.line);
    EXPECT_EQ(g.forall, w.forall);
    EXPECT_EQ(g.step, w.step);
    expectSameAffine(g.lower, w.lower);
    expectSameAffine(g.upper, w.upper);
  }
}

void expectSamePlan(const std::optional<estimate::ReferencePlan>& got,
                    const std::optional<estimate::ReferencePlan>& want)
{
  if (!bothHold(got, want))
    return;
  EXPECT_EQ(got->ref, want->ref);
  EXPECT_EQ(got->map, want->map);
  EXPECT_EQ(got->elementBytes, want->elementBytes);
  ASSERT_EQ(got->subscripts.size(), want->subscripts.size());
  for (std::size_t d = 0; d < want->subscripts.size(); ++d)
    expectSameAffine(got->subscripts[d], want->subscripts[d]);
}

TEST(CompiledSpace, EqualsBuildAndPlanReferenceOnRandomNests)
{
  UnknownsNest gen(20240611);
  const mapping::Mapping noMapping;
  int compiledSpaces = 0, fallbacks = 0, fastSpaces = 0, fastPlans = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const auto source = gen.program();
    SCOPED_TRACE(source);
    const auto p = test::build(source);
    const auto& unit = p.unit();
    ASSERT_TRUE(p.parsed->diagnostics.empty());
    ASSERT_FALSE(unit.loops.empty() || unit.statements.empty());
    const auto& st = unit.statements.back();
    const estimate::CompiledSpace compiled(unit, unit.loops.front().id, st);
    std::vector<estimate::CompiledPlan> plans;
    for (const auto& ref : st.refs)
      fastPlans += plans.emplace_back(ref, unit, compiled).compiled();
    fastSpaces += compiled.compiled();
    for (int at = 0; at < 8; ++at) {
      const auto values = gen.values();
      symbolic::EvaluationError gotError, wantError;
      const auto got = compiled.build(values, &gotError);
      const auto want = estimate::IterationSpace::build(unit, unit.loops.front().id, st, values, &wantError);
      expectSameSpace(got, want);
      expectSameError(gotError, wantError);
      (want ? compiledSpaces : fallbacks)++;
      if (!want)
        continue;
      for (std::size_t r = 0; r < st.refs.size(); ++r) {
        symbolic::EvaluationError planError, refError;
        expectSamePlan(plans[r].plan(*want, noMapping, values, &planError),
                       estimate::planReference(st.refs[r], unit, *want, noMapping, values, &refError));
        expectSameError(planError, refError);
      }
    }
  }
  EXPECT_GT(compiledSpaces, 100); // the generator reaches both outcomes
  EXPECT_GT(fallbacks, 100);
  EXPECT_GT(fastSpaces, 150); // and the comparison is of the compiled forms, not of their fallbacks
  EXPECT_GT(fastPlans, 200);
}

} // namespace
