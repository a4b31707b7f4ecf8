// NT and TD in closed form (comm-formula.h) against the per-point count
// (estimateNest's communication records, communication.h): random N in
// 1..300 (N < P, N not a multiple of P), P in 1..17 on 1-D and 2-D
// arrangements, BLOCK, BLOCK(m), CYCLIC, CYCLIC(k) and '*'; shifts by a
// constant (1-D, 2-D Jacobi, with a fixed outer loop), reads of a fixed
// row or column, a replicated executor, the reduction tree. Wherever a
// formula evaluates it equals the count, per processor and in total: zero
// differences. Plus Jacobi on 2x2 at N = 10, a BLOCK and a CYCLIC shift by
// hand, and what has no formula.
#include "estimate/comm-formula.h"
#include "estimate/random-nest.h"
#include "estimate/run-estimate.h"

using namespace ps;

namespace {

struct CommRun {
  estimate::Estimate e;
  mapping::Mapping mapping;
};

std::optional<CommRun> estimateWithFormulas(const test::Program& p, int loopLine, const std::string& spec, const std::string& procs,
                         const symbolic::Bindings& values)
{
  std::string error;
  auto s = mapping::parseDistSpec(spec, &error);
  EXPECT_TRUE(s) << error;
  auto mapped = mapping::mappingFromSpec(*s, p.unit(), values, *mapping::parseArrangement(procs));
  if (!mapped.mapping) // BLOCK(m) with m*P below the extent: not HPF, refused by the builder
    return {};
  estimate::EstimateOptions options;
  options.formulas = true;
  auto e = estimate::estimateNest(p.unit(), *p.unit().loopAtLine(loopLine), *mapped.mapping, test::unitMachine(),
                                  values, options);
  EXPECT_TRUE(e.estimate) << (e.errors.empty() ? "" : e.errors[0]);
  return CommRun{e.estimate ? *e.estimate : estimate::Estimate{}, *mapped.mapping};
}

/// Compares every record's formula with the count; returns how many
/// records it evaluated. When every record has a formula that evaluates,
/// the per-processor sums must equal the estimate's per-processor NT/TD.
int compare(const std::optional<CommRun>& run, const symbolic::Bindings& values, const std::string& what)
{
  if (!run)
    return 0;
  const auto& r = *run;
  const auto procs = static_cast<std::size_t>(r.mapping.procs.count());
  std::vector<std::int64_t> nt(procs, 0), td(procs, 0);
  int evaluated = 0;
  bool all = true;
  for (const auto& rec : r.e.comm.records) {
    if (!rec.formula) {
      all = false;
      continue;
    }
    std::string why;
    const auto c = rec.formula->evaluate(values, r.mapping, &why);
    if (!c) {
      all = false;
      continue;
    }
    ++evaluated;
    EXPECT_EQ(c->ntTotal, rec.messages) << what << " " << rec.reference << "\n" << rec.formula->ntPerProcessor().text;
    EXPECT_EQ(c->tdTotal, rec.bytes) << what << " " << rec.reference << "\n" << rec.formula->tdPerProcessor().text;
    for (std::size_t p = 0; p < procs; ++p) {
      nt[p] += c->nt[p];
      td[p] += c->td[p];
    }
  }
  if (all) {
    EXPECT_EQ(nt, r.e.comm.messagesPerProc) << what;
    EXPECT_EQ(td, r.e.comm.bytesPerProc) << what;
  }
  return evaluated;
}

std::string randomFormat(test::RandomNest& r)
{
  switch (r.pick(0, 4)) {
  case 0: return "BLOCK";
  case 1: return "BLOCK(" + std::to_string(r.pick(1, 40)) + ")";
  case 2: return "CYCLIC";
  case 3: return "CYCLIC(" + std::to_string(r.pick(2, 6)) + ")";
  default: return "BLOCK";
  }
}

std::string offset(int c) { return c == 0 ? "" : (c > 0 ? " + " : " - ") + std::to_string(std::abs(c)); }

} // namespace

TEST(CommFormula, JacobiOnTwoByTwoAtTenByHand)
{
  const auto p = test::build("program j\n  integer :: i, j, n\n  double precision :: a(n,n), b(n,n)\n"
                             "  do j = 2, n - 1\n    do i = 2, n - 1\n"
                             "      b(i,j) = (a(i-1,j) + a(i+1,j) + a(i,j-1) + a(i,j+1)) / 4\n"
                             "    end do\n  end do\nend program j\n");
  const symbolic::Bindings n10{{"n", 10}};
  const auto r = *estimateWithFormulas(p, 4, "a,b=(BLOCK,BLOCK)", "2x2", n10);
  ASSERT_EQ(r.e.comm.records.size(), 4u);
  // blocks of 5: rows 1-5 and 6-10 on coordinate 0 and 1; p = c1 + 2*c2. Each
  // halo is one message of the 4 interior elements (2..5 or 6..9) of a row or column.
  const std::map<std::string, std::vector<std::int64_t>> ntByRead = {
    {"a(i-1,j)", {0, 1, 0, 1}}, {"a(i+1,j)", {1, 0, 1, 0}}, {"a(i,j-1)", {0, 0, 1, 1}}, {"a(i,j+1)", {1, 1, 0, 0}}};
  for (const auto& rec : r.e.comm.records) {
    ASSERT_TRUE(rec.formula) << rec.reference << ": " << rec.formulaWhy;
    const auto c = rec.formula->evaluate(n10, r.mapping);
    ASSERT_TRUE(c) << rec.reference;
    const auto& expected = ntByRead.at(rec.reference);
    EXPECT_EQ(c->nt, expected) << rec.reference;
    std::vector<std::int64_t> bytes;
    for (auto m : expected)
      bytes.push_back(m * 4 * 8);
    EXPECT_EQ(c->td, bytes) << rec.reference;
  }
  // every processor: two messages of 4 elements of 8 bytes
  EXPECT_EQ(r.e.comm.messagesPerProc, (std::vector<std::int64_t>{2, 2, 2, 2}));
  EXPECT_EQ(r.e.comm.bytesPerProc, (std::vector<std::int64_t>{64, 64, 64, 64}));
  EXPECT_EQ(compare(std::optional<CommRun>(r), n10, "jacobi"), 4);
}

TEST(CommFormula, BlockAndCyclicShiftsByHand)
{
  const auto p = test::build("program s\n  integer :: i, n\n  double precision :: a(n), b(n)\n"
                             "  do i = 2, n\n    a(i) = b(i-1)\n  end do\nend program s\n");
  const symbolic::Bindings n10{{"n", 10}};
  // BLOCK on 3: blocks 1-4, 5-8, 9-10; processors 1 and 2 need b(4) and b(8)
  auto r = *estimateWithFormulas(p, 4, "a,b=(BLOCK)", "3", n10);
  ASSERT_EQ(r.e.comm.records.size(), 1u);
  ASSERT_TRUE(r.e.comm.records[0].formula) << r.e.comm.records[0].formulaWhy;
  auto c = r.e.comm.records[0].formula->evaluate(n10, r.mapping);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->nt, (std::vector<std::int64_t>{0, 1, 1}));
  EXPECT_EQ(c->td, (std::vector<std::int64_t>{0, 8, 8}));
  EXPECT_EQ(c->ntTotal, 2);
  // CYCLIC on 3: every b(i-1) lives on the left neighbour; 3 of 2..10 each
  r = *estimateWithFormulas(p, 4, "a,b=(CYCLIC)", "3", n10);
  ASSERT_TRUE(r.e.comm.records[0].formula) << r.e.comm.records[0].formulaWhy;
  c = r.e.comm.records[0].formula->evaluate(n10, r.mapping);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->nt, (std::vector<std::int64_t>{1, 1, 1}));
  EXPECT_EQ(c->td, (std::vector<std::int64_t>{24, 24, 24}));
  EXPECT_EQ(compare(std::optional<CommRun>(r), n10, "cyclic"), 1);
}

TEST(CommFormula, OneDimensionalShiftsEqualTheCount)
{
  test::RandomNest r(91);
  int evaluated = 0;
  for (int t = 0; t < 300; ++t) {
    const int c = r.pick(-4, 4), lo = 1 + std::max(0, -c) + r.pick(0, 2), hi = std::max(0, c) + r.pick(0, 2);
    const auto text = "program s\n  integer :: i, n\n  double precision :: a(n), b(n)\n  do i = " +
                      std::to_string(lo) + ", n - " + std::to_string(hi) + "\n    a(i) = b(i" + offset(c) +
                      ")\n  end do\nend program s\n";
    const auto p = test::build(text);
    const symbolic::Bindings values{{"n", r.pick(1, 300)}};
    const auto format = randomFormat(r);
    const auto run = estimateWithFormulas(p, 4, "a,b=(" + format + ")", std::to_string(r.pick(1, 17)), values);
    evaluated += compare(run, values, text + format);
  }
  EXPECT_GT(evaluated, 150);
}

TEST(CommFormula, TwoDimensionalStencilsEqualTheCount)
{
  test::RandomNest r(92);
  int evaluated = 0;
  for (int t = 0; t < 200; ++t) {
    const int ci = r.pick(-2, 2), cj = r.pick(-2, 2);
    const bool outer = r.pick(0, 2) == 0; // a time loop around: the exchange repeats
    const auto text = std::string("program s\n  integer :: i, j, t, n, m\n  real :: a(n,m), b(n,m)\n") +
                      (outer ? "  do t = 1, 3\n" : "  do t = 1, 1\n") + "  do j = 3, m - 2\n    do i = 3, n - 2\n" +
                      "      b(i,j) = a(i" + offset(ci) + ",j" + offset(cj) + ") + a(i,j" + offset(-cj) +
                      ")\n    end do\n  end do\n  end do\nend program s\n";
    const auto p = test::build(text);
    const symbolic::Bindings values{{"n", r.pick(1, 300)}, {"m", r.pick(1, 120)}};
    const auto f1 = r.pick(0, 5) == 0 ? std::string("*") : randomFormat(r), f2 = randomFormat(r);
    const int p1 = r.pick(1, 5), p2 = r.pick(1, 4);
    const auto procs = f1 == "*" ? std::to_string(p1 * p2) : std::to_string(p1) + "x" + std::to_string(p2);
    const auto run = estimateWithFormulas(p, 4, "a,b=(" + f1 + "," + f2 + ")", procs, values);
    evaluated += compare(run, values, text + f1 + "," + f2 + " on " + procs);
  }
  EXPECT_GT(evaluated, 150);
}

TEST(CommFormula, FixedRowsAndReplicatedExecutorsEqualTheCount)
{
  test::RandomNest r(93);
  int evaluated = 0;
  for (int t = 0; t < 200; ++t) {
    const int row = r.pick(-1, 12);
    const bool column = r.pick(0, 1) == 1;
    const auto read = column ? "x(i," + std::to_string(row) + ")" : "x(" + std::to_string(row) + ",j)";
    const bool replicated = r.pick(0, 3) == 0; // y not distributed: every processor executes everything
    const auto text = "program s\n  integer :: i, j, n\n  real :: x(n,n), y(n,n)\n  do j = 1, n\n    do i = 1, n\n"
                      "      y(i,j) = " + read + "\n    end do\n  end do\nend program s\n";
    const auto p = test::build(text);
    const symbolic::Bindings values{{"n", r.pick(1, 200)}};
    const auto formats = "(" + randomFormat(r) + "," + randomFormat(r) + ")";
    const auto procs = std::to_string(r.pick(1, 4)) + "x" + std::to_string(r.pick(1, 4));
    const auto run = estimateWithFormulas(p, 4, (replicated ? "x=" : "x,y=") + formats, procs, values);
    evaluated += compare(run, values, text + formats + " on " + procs);
  }
  EXPECT_GT(evaluated, 60);
}

TEST(CommFormula, ReductionTreeEqualsTheCount)
{
  const auto p = test::build("program r\n  integer :: i, n\n  double precision :: a(n), s\n  s = 0\n"
                             "  do i = 1, n\n    s = s + a(i)\n  end do\nend program r\n");
  for (int procs = 2; procs <= 17; ++procs) {
    const symbolic::Bindings values{{"n", 100}};
    const auto run = *estimateWithFormulas(p, 5, "a=(BLOCK)", std::to_string(procs), values);
    ASSERT_EQ(run.e.comm.records.size(), 1u);
    EXPECT_EQ(compare(std::optional<CommRun>(run), values, "reduction on " + std::to_string(procs)), 1);
    const auto c = run.e.comm.records[0].formula->evaluate(values, run.mapping);
    EXPECT_EQ(c->nt[0], static_cast<std::int64_t>(std::ceil(std::log2(procs)))); // the root hears every level
  }
}

TEST(CommFormula, ReductionTotalsNameTheScalarsBytes)
{
  // a 1-byte scalar: 1*NT(p) prints as NT(p), and the total's byte count was
  // cut out of that text ("TD = sum(j = 0 .. ceil(log2(P)) - 1: ...")
  for (const auto& [type, bytes] : {std::pair{"integer*1", "1"}, std::pair{"double precision", "8"}}) {
    const auto p = test::build(std::string("program r\n  integer :: i, n\n  ") + type + " :: a(n), s\n  s = 0\n"
                               "  do i = 1, n\n    s = s + a(i)\n  end do\nend program r\n");
    const auto run = *estimateWithFormulas(p, 5, "a=(BLOCK)", "4", {{"n", 100}});
    ASSERT_EQ(run.e.comm.records.size(), 1u);
    const auto& f = *run.e.comm.records[0].formula;
    EXPECT_EQ(f.ntTotal().text, "NT = P - 1");
    EXPECT_EQ(f.tdTotal().text, std::string("TD = ") + bytes + "*(P - 1) bytes") << type;
    EXPECT_EQ(run.e.comm.records[0].bytes, 3 * std::stoll(bytes)); // P - 1 = 3 messages
  }
}

TEST(CommFormula, TransposeHasNoFormulaAndSaysWhy)
{
  const auto p = test::build("program t\n  integer :: i, j, n\n  real :: a(n,n), b(n,n)\n  do j = 1, n\n"
                             "    do i = 1, n\n      a(i,j) = b(j,i)\n    end do\n  end do\nend program t\n");
  const auto run = *estimateWithFormulas(p, 4, "a,b=(BLOCK,*)", "4", {{"n", 12}});
  ASSERT_EQ(run.e.comm.records.size(), 1u);
  EXPECT_FALSE(run.e.comm.records[0].formula);
  EXPECT_NE(run.e.comm.records[0].formulaWhy.find("transpose"), std::string::npos)
    << run.e.comm.records[0].formulaWhy;
}

TEST(CommFormula, ReadsOutsideTheTemplateAreLeftToTheCount)
{
  // b(i-1) at i = 1 reads b(0): the per-point count clamps it to the first owner
  const auto p = test::build("program s\n  integer :: i, n\n  double precision :: a(n), b(n)\n"
                             "  do i = 1, n\n    a(i) = b(i-1)\n  end do\nend program s\n");
  const symbolic::Bindings values{{"n", 20}};
  const auto run = *estimateWithFormulas(p, 4, "a,b=(BLOCK)", "4", values);
  ASSERT_TRUE(run.e.comm.records.at(0).formula);
  std::string why;
  EXPECT_FALSE(run.e.comm.records[0].formula->evaluate(values, run.mapping, &why));
  EXPECT_NE(why.find("leaves its template"), std::string::npos) << why;
}

namespace {

/// The formulas of `text`'s loop at line 4 under `spec` on `procs`, built at n = 20.
std::vector<std::shared_ptr<const estimate::CommFormula>> formulasOf(const std::string& text, const std::string& spec,
                                                                     const std::string& procs)
{
  const auto p = test::build(text);
  const auto run = estimateWithFormulas(p, 4, spec, procs, {{"n", 20}});
  std::vector<std::shared_ptr<const estimate::CommFormula>> out;
  if (run)
    for (const auto& r : run->e.comm.records)
      if (r.formula)
        out.push_back(r.formula);
  return out;
}

} // namespace

TEST(CommFormula, PrintedFormsEqualTheCompiledOnesAtRandomPoints)
{
  // the printed (simplified, block sizes named) NT(p), TD(p) against the
  // compiled terms at random n and P, b = 1 (n <= P), n < P and n not a
  // multiple of P included; and the printed closed totals against the sum
  const std::vector<std::pair<std::string, std::string>> cases = {
    {"program s\n  integer :: i, n\n  double precision :: a(n), b(n)\n  do i = 2, n\n    a(i) = b(i-1)\n  end do\nend program s\n", "a,b=(BLOCK)"},
    {"program s\n  integer :: i, n\n  double precision :: a(n), b(n)\n  do i = 1, n - 2\n    a(i) = b(i+2)\n  end do\nend program s\n", "a,b=(BLOCK)"},
    {"program s\n  integer :: i, n\n  double precision :: a(n), b(n)\n  do i = 2, n\n    a(i) = b(i-1)\n  end do\nend program s\n", "a,b=(CYCLIC)"},
    {"program s\n  integer :: i, n\n  double precision :: a(n), b(n)\n  do i = 3, n\n    a(i) = b(i-2)\n  end do\nend program s\n", "a,b=(CYCLIC(3))"},
    {"program j\n  integer :: i, j, n\n  double precision :: a(n,n), b(n,n)\n  do j = 2, n - 1\n    do i = 2, n - 1\n"
     "      b(i,j) = (a(i-1,j) + a(i+1,j) + a(i,j-1) + a(i,j+1)) / 4\n    end do\n  end do\nend program j\n", "a,b=(BLOCK,BLOCK)"},
  };
  test::RandomNest r(94);
  int compared = 0, totals = 0;
  for (const auto& [text, spec] : cases) {
    const bool twoD = spec.find(',') != std::string::npos && spec.find("BLOCK,") != std::string::npos;
    const auto formulas = formulasOf(text, spec, twoD ? "2x2" : "3");
    ASSERT_FALSE(formulas.empty()) << text;
    for (int t = 0; t < 1000; ++t) {
      const std::int64_t n = t % 5 == 0 ? r.pick(1, 8) : r.pick(1, 300);
      symbolic::Bindings at{{"n", n}};
      std::vector<std::int64_t> procs = twoD ? std::vector<std::int64_t>{r.pick(1, 6), r.pick(1, 6)}
                                             : std::vector<std::int64_t>{r.pick(1, 17)};
      const std::vector<std::string> P = twoD ? std::vector<std::string>{"P1", "P2"} : std::vector<std::string>{"P"};
      for (std::size_t d = 0; d < procs.size(); ++d)
        at[P[d]] = procs[d];
      for (const auto& f : formulas) {
        auto b = at;
        if (!f->readableHolds(b))
          continue;
        std::int64_t nt = 0, td = 0;
        for (std::int64_t q = 0; q < procs[0] * (twoD ? procs[1] : 1); ++q) {
          if (twoD)
            b["p1"] = q % procs[0], b["p2"] = q / procs[0];
          else
            b["p"] = q;
          const auto raw = f->ntTerm(false).evaluate(b), shown = f->ntTerm(true).evaluate(b);
          ASSERT_TRUE(raw && shown) << f->ntPerProcessor().text;
          EXPECT_EQ(*raw, *shown) << f->ntPerProcessor().text << " n=" << n;
          EXPECT_EQ(f->tdTerm(false).evaluate(b), f->tdTerm(true).evaluate(b)) << f->tdPerProcessor().text;
          nt += *shown;
          td += *f->tdTerm(true).evaluate(b);
          ++compared;
        }
        if (f->ntTotalTerm() && f->tdTotalTerm()) {
          EXPECT_EQ(f->ntTotalTerm()->evaluate(b), nt) << f->ntTotal().text << " n=" << n;
          EXPECT_EQ(f->tdTotalTerm()->evaluate(b), td) << f->tdTotal().text << " n=" << n;
          ++totals;
        }
      }
    }
  }
  EXPECT_GT(compared, 10000);
  EXPECT_GT(totals, 0);
}
