// work(S, k) compiled once as a closed form (work-formula.h) against the
// per-point count (countOwnedIterations, itself checked against brute force
// in closed-work-test.cpp) on random nests, at many sizes and processor
// counts from one compilation.
#include "estimate/owned-iterations.h"
#include "estimate/random-nest.h"
#include "estimate/run-estimate.h"
#include "estimate/separable-exchange.h"
#include "estimate/work-formula.h"
#include "symbolic/isl-count.h"

#include <regex>

using namespace ps;

namespace {

/// The per-point count the estimator used before, at `values` under `spec`.
std::vector<double> perPoint(const program::Unit& unit, const mapping::Mapping& mapping,
                             const symbolic::Bindings& values)
{
  const auto& st = unit.statements.back();
  symbolic::EvaluationError error;
  auto space = estimate::IterationSpace::build(unit, unit.loops.front().id, st, values, &error);
  EXPECT_TRUE(space) << error.message;
  auto plan = estimate::planReference(*st.write(), unit, *space, mapping, values, &error);
  EXPECT_TRUE(plan) << error.message;
  std::string why;
  auto counted = estimate::countOwnedIterations(*space, &*plan, mapping, &why);
  EXPECT_TRUE(counted) << why;
  return counted.value_or(std::vector<double>{});
}

/// The separable product (countSeparableWork) at `values`, nullopt where the nest is not separable.
std::optional<std::vector<double>> separable(const program::Unit& unit, const mapping::Mapping& mapping,
                                             const symbolic::Bindings& values)
{
  const auto& st = unit.statements.back();
  symbolic::EvaluationError error;
  auto space = estimate::IterationSpace::build(unit, unit.loops.front().id, st, values, &error);
  auto plan = space ? estimate::planReference(*st.write(), unit, *space, mapping, values, &error) : std::nullopt;
  return plan ? estimate::countSeparableWork(*space, &*plan, mapping, nullptr) : std::nullopt;
}

/// work(S, c) of each coordinate of a 1-D arrangement counted by isl
/// (isl_set_count_val) on the loop bounds plus c's blocks of the owner.
std::vector<double> islPerProcessor(const program::Unit& unit, const mapping::Mapping& mapping,
                                    const symbolic::Bindings& values)
{
  const auto& st = unit.statements.back();
  symbolic::EvaluationError error;
  auto space = estimate::IterationSpace::build(unit, unit.loops.front().id, st, values, &error);
  auto plan = estimate::planReference(*st.write(), unit, *space, mapping, values, &error);
  auto loops = estimate::loopSystem(*space, nullptr);
  const auto index = estimate::templateIndex(*plan, mapping, 0);
  std::vector<double> out;
  for (std::int64_t c = 0; c < mapping.procs.count(); ++c) {
    auto s = loops->system;
    double owned = 0;
    for (const auto& part : estimate::ownedParts(*index.dist, c)) {
      auto withPart = s;
      int cycle = -1; // a CYCLIC part's cycle number q: one more variable, fixed by the index
      if (part.cyclic) {
        cycle = withPart.variables++;
        for (auto& row : withPart.constraints)
          row.coef.resize(static_cast<std::size_t>(withPart.variables), 0);
      }
      const auto f = estimate::composeLoops(index.index, loops->loopValue, withPart.variables);
      estimate::constrainToPart(withPart, f, part, *index.dist, c, cycle);
      owned += static_cast<double>(symbolic::countWithIsl(withPart).value_or(-1));
    }
    out.push_back(owned);
  }
  return out;
}

std::optional<mapping::Mapping> mapped(const program::Unit& unit, const std::string& spec, const std::string& procs,
                                       const symbolic::Bindings& values)
{
  std::string error;
  auto s = mapping::parseDistSpec(spec, &error);
  EXPECT_TRUE(s) << error;
  auto m = mapping::mappingFromSpec(*s, unit, values, *mapping::parseArrangement(procs));
  return m.mapping;
}

} // namespace

TEST(WorkFormula, RandomNestsEqualThePerPointCountAtEverySize)
{
  test::RandomNest random(2026);
  int compiled = 0, compared = 0, separableCompared = 0, cyclicCompared = 0;
  for (int trial = 0; trial < 500; ++trial) {
    // Upper bounds of 8..20 become the unknown n plus an offset, so one
    // compilation serves every n.
    auto text = std::regex_replace(random.program(), std::regex(", (1[0-9]|20|[89]), "), ", n - $1 + 16, ");
    text = std::regex_replace(text, std::regex("integer :: i, j, k"), "integer :: i, j, k, n");
    auto p = test::build(text);
    const auto& unit = p.unit();
    const bool grid = random.pick(0, 1) == 1;
    // one dimension of a grid may be CYCLIC(k): its owned blocks are summed along their progression
    const std::vector<std::string> formats{"BLOCK", "CYCLIC", "CYCLIC(2)", "CYCLIC(3)"};
    const auto format = formats[static_cast<std::size_t>(random.pick(0, 3))];
    std::string f0 = grid ? format : random.pick(0, 1) ? format : "*";
    std::string f1 = grid ? (random.pick(0, 1) ? "BLOCK" : "BLOCK(9)") : f0 == "*" ? format : "*";
    const auto spec = "a=(" + f0 + "," + f1 + ")";
    const auto procs0 = grid ? std::string("2x2") : std::string("3");
    auto m0 = mapped(unit, spec, procs0, {{"n", 16}});
    if (!m0)
      continue;
    const auto& st = unit.statements.back();
    std::string why;
    auto formula = estimate::WorkFormula::compile(unit, unit.loops.front().id, st, st.write(), *m0, &why);
    if (!formula)
      continue; // steps other than 1, strided subscripts: counted per point
    ++compiled;
    for (std::int64_t n : {10, 16, 23})
      for (const std::string& procs : grid ? std::vector<std::string>{"1x2", "2x2", "3x2"}
                                          : std::vector<std::string>{"1", "2", "5"}) {
        auto m = mapped(unit, spec, procs, {{"n", n}});
        if (!m)
          continue; // BLOCK(9) too small for the arrangement
        auto closed = formula->perProcessor({{"n", n}}, *m);
        ASSERT_TRUE(closed) << text;
        ASSERT_TRUE(formula->applies({{"n", n}}, *m));
        ASSERT_EQ(*closed, perPoint(unit, *m, {{"n", n}})) << text << spec << " onto " << procs << ", n = " << n
                                                           << "\n" << formula->workFormula().text();
        ++compared;
        cyclicCompared += spec.find("CYCLIC") != std::string::npos;
        // countWork takes the separable product where the nest allows it: the same counts
        if (const auto product = separable(unit, *m, {{"n", n}})) {
          ASSERT_EQ(*product, *closed) << text << spec << " onto " << procs << ", n = " << n;
          ++separableCompared;
        }
      }
  }
  EXPECT_GT(compiled, 100); // about a third: random steps and subscript coefficients other than 1 have no closed form here
  EXPECT_GT(compared, 900);
  EXPECT_GT(separableCompared, 200); // the box nests among them
  EXPECT_GT(cyclicCompared, 500);
}

TEST(WorkFormula, RandomNestsEqualIslCounts)
{
  // the oracle the issue names: isl_set_count_val on each processor's
  // owned iteration set, against the closed form evaluated for it
  test::RandomNest random(31);
  int compared = 0, cyclicCompared = 0;
  for (int trial = 0; trial < 150; ++trial) {
    auto text = std::regex_replace(random.program(), std::regex(", (1[0-9]|20|[89]), "), ", n - $1 + 16, ");
    text = std::regex_replace(text, std::regex("integer :: i, j, k"), "integer :: i, j, k, n");
    auto p = test::build(text);
    const auto& unit = p.unit();
    const auto format = random.pick(0, 1) ? std::string("BLOCK") : std::string("CYCLIC(2)");
    const auto spec = random.pick(0, 1) ? "a=(" + format + ",*)" : "a=(*," + format + ")";
    auto m0 = mapped(unit, spec, "3", {{"n", 16}});
    const auto& st = unit.statements.back();
    auto formula = estimate::WorkFormula::compile(unit, unit.loops.front().id, st, st.write(), *m0, nullptr);
    if (!formula)
      continue;
    for (std::int64_t n : {11, 16, 23}) {
      auto m = mapped(unit, spec, "3", {{"n", n}});
      auto closed = formula->perProcessor({{"n", n}}, *m);
      ASSERT_TRUE(closed) << text;
      ASSERT_EQ(*closed, islPerProcessor(unit, *m, {{"n", n}})) << text << spec << ", n = " << n;
      ++compared;
      cyclicCompared += format != "BLOCK";
    }
  }
  EXPECT_GT(compared, 100);
  EXPECT_GT(cyclicCompared, 50);
}

TEST(WorkFormula, TriangularRowsUnderBlockReadAsTheirClosedForm)
{
  auto p = test::build("program tri\n  integer :: i, j, n\n  double precision :: a(n)\n"
                       "  do i = 1, n\n    do j = 1, i\n      a(i) = a(i) + 1.0\n    end do\n  end do\n"
                       "end program tri\n");
  const auto& unit = p.unit();
  auto m = mapped(unit, "a=(BLOCK)", "4", {{"n", 10}});
  ASSERT_TRUE(m);
  std::string why;
  auto f = estimate::WorkFormula::compile(unit, unit.loops.front().id, unit.statements.back(),
                                          unit.statements.back().write(), *m, &why);
  ASSERT_TRUE(f) << why;
  // Blocks of 3 rows of a 10-row triangle: rows 1-3, 4-6, 7-9, 10.
  EXPECT_EQ(*f->perProcessor({{"n", 10}}, *m), (std::vector<double>{6, 15, 24, 10}));
  EXPECT_EQ(*f->total({{"n", 10}}), 55);
  EXPECT_EQ(*f->total({{"n", 1'000'000}}), 500'000'500'000.0);
  EXPECT_EQ(f->workFormula().parameters(), (std::vector<std::string>{"n", "LB1", "UB1"}));
  EXPECT_NE(f->totalFormula().text().find("n"), std::string::npos) << f->totalFormula().text();
  ASSERT_EQ(f->ownership(*m).size(), 1u);
  EXPECT_EQ(f->ownership(*m).front().rfind("LB1 = 1 + 3*c1", 0), 0u) << f->ownership(*m).front();
  // CYCLIC deals rows 1, 5, 9 | 2, 6, 10 | 3, 7 | 4, 8: the sums of the owned blocks
  auto cyclic = mapped(unit, "a=(CYCLIC)", "4", {{"n", 10}});
  EXPECT_EQ(*f->perProcessor({{"n", 10}}, *cyclic), (std::vector<double>{15, 18, 10, 12}));
  // CYCLIC(3) of 1'000'000 rows on 7: coordinate c owns rows 3*(7q + c) + 1..3, summed in closed form
  auto big = mapped(unit, "a=(CYCLIC(3))", "7", {{"n", 1'000'000}});
  const auto bigWork = *f->perProcessor({{"n", 1'000'000}}, *big);
  std::vector<double> byRows(7, 0.0);
  for (std::int64_t i = 1; i <= 1'000'000; ++i)
    byRows[static_cast<std::size_t>(((i - 1) / 3) % 7)] += static_cast<double>(i);
  EXPECT_EQ(bigWork, byRows);
  EXPECT_FALSE(f->applies({}, *m));
  EXPECT_FALSE(f->perProcessor({}, *m)) << "a missing value is not guessed";
}

TEST(WorkFormula, CompiledOnceForEverySizeAndProcessorCount)
{
  auto p = test::build("program sweep\n  integer :: i, j, n\n  double precision :: a(n, n)\n"
                       "  do j = 2, n - 1\n    do i = 2, n - 1\n      a(i, j) = 0.25 * a(i, j)\n"
                       "    end do\n  end do\nend program sweep\n");
  const auto& unit = p.unit();
  const auto& st = unit.statements.back();
  auto m = mapped(unit, "a=(BLOCK,BLOCK)", "2x2", {{"n", 8}});
  std::string why;
  auto first = estimate::cachedWorkFormula(unit, unit.loops.front().id, st, st.write(), *m, &why);
  ASSERT_TRUE(first) << why;
  auto wide = mapped(unit, "a=(BLOCK,BLOCK)", "8x4", {{"n", 4096}});
  auto again = estimate::cachedWorkFormula(unit, unit.loops.front().id, st, st.write(), *wide, &why);
  EXPECT_EQ(first.get(), again.get()); // the same structure: not compiled again
  auto work = again->perProcessor({{"n", 4096}}, *wide);
  ASSERT_TRUE(work);
  EXPECT_EQ(*work, perPoint(unit, *wide, {{"n", 4096}}));
  double total = 0;
  for (double w : *work)
    total += w;
  EXPECT_EQ(total, 4094.0 * 4094.0);
}

TEST(WorkFormula, OneCyclicDimensionOfAGridIsSummedTwoAreCountedPerPoint)
{
  auto p = test::build("program chol\n  integer :: i, j, k, n\n  double precision :: a(n, n)\n"
                       "  do k = 1, n\n    do j = k + 1, n\n      do i = j, n\n"
                       "        a(i, j) = a(i, j) - a(i, k) * a(j, k)\n      end do\n    end do\n  end do\n"
                       "end program chol\n");
  const auto& unit = p.unit();
  const auto& st = unit.statements.back();
  auto m = mapped(unit, "a=(BLOCK,CYCLIC(2))", "3x4", {{"n", 61}});
  std::string why;
  auto f = estimate::WorkFormula::compile(unit, unit.loops.front().id, st, st.write(), *m, &why);
  ASSERT_TRUE(f) << why;
  ASSERT_TRUE(f->applies({{"n", 61}}, *m, &why)) << why;
  EXPECT_EQ(*f->perProcessor({{"n", 61}}, *m), perPoint(unit, *m, {{"n", 61}}));
  const auto ownership = f->ownership(*m);
  ASSERT_EQ(ownership.size(), 2u);
  EXPECT_EQ(ownership[1].rfind("work(k) summed over the blocks q = 0, 1, ... of c2: LB2 = 1 + 2*(4*q + c2), "
                               "UB2 = LB2 + 1 (CYCLIC(2) of 1..61 over 4 processors",
                               0),
            0u)
      << ownership[1];
  auto twoCyclic = mapped(unit, "a=(CYCLIC,CYCLIC(2))", "3x4", {{"n", 61}});
  EXPECT_FALSE(f->applies({{"n", 61}}, *twoCyclic, &why));
  EXPECT_EQ(why, "two CYCLIC dimensions need a double sum over their blocks");
  EXPECT_FALSE(f->perProcessor({{"n", 61}}, *twoCyclic));
}
