// estimate --formulas: the closed forms behind an estimate, as JSON and text,
// and the errors of its options.
#include "cli/cli-run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace ps::test;

TEST(FormulasCli, CholeskyBlockRowsHaveClosedFormsInN)
{
  auto r = cli("estimate " + sample("cholesky.f90") +
               " --loop 18 --dist 'a=(BLOCK,*)' --dist 'a=(CYCLIC,*)' --procs 4 --formulas --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  const auto& block = j["variants"][0]["formulas"]["statements"];
  ASSERT_EQ(block.size(), 3u);
  for (const auto& s : block) {
    EXPECT_TRUE(s["closed_form"].get<bool>()) << s.dump();
    // the PARAMETER n stays symbolic: one compilation serves every n
    EXPECT_NE(s["total"]["text"].get<std::string>().find('n'), std::string::npos) << s.dump();
    EXPECT_NE(s["work"]["latex"].get<std::string>().find("\\mathit{UB}_{1}"), std::string::npos) << s.dump();
    ASSERT_EQ(s["ownership"].size(), 1u);
    EXPECT_EQ(s["ownership"][0].get<std::string>().rfind("LB1 = 1 + 50*c1", 0), 0u) << s.dump();
  }
  EXPECT_EQ(j["variants"][0]["formulas"]["ct"]["text"].get<std::string>().rfind("CT(k) = ", 0), 0u);
  // CYCLIC rows: the same work(k), summed along each processor's blocks 1 + (4*q + c1)
  for (const auto& s : j["variants"][1]["formulas"]["statements"]) {
    EXPECT_TRUE(s["closed_form"].get<bool>()) << s.dump();
    ASSERT_EQ(s["ownership"].size(), 1u);
    EXPECT_EQ(s["ownership"][0].get<std::string>().rfind("work(k) summed over the blocks q = 0, 1, ... of c1: "
                                                         "LB1 = UB1 = 1 + 4*q + c1 (CYCLIC of 1..200 over 4",
                                                         0),
              0u)
        << s.dump();
  }
  auto grid = cli("estimate " + sample("cholesky.f90") + " --loop 18 --dist 'a=(CYCLIC,CYCLIC)' --procs 2x2 --formulas --json");
  ASSERT_EQ(grid.status, 0) << grid.out;
  const auto gridJson = nlohmann::json::parse(grid.out);
  const auto& both = gridJson["variants"][0]["formulas"]["statements"];
  ASSERT_EQ(both.size(), 3u);
  for (const auto& s : both) {
    EXPECT_FALSE(s["closed_form"].get<bool>());
    EXPECT_EQ(s["why"], "two CYCLIC dimensions need a double sum over their blocks");
    EXPECT_FALSE(s.contains("work")) << "no formula is shown where it does not apply";
  }
}

TEST(FormulasCli, LatexNeedsFormulasAndTextShowsEachStatement)
{
  auto bad = cli("estimate " + sample("cholesky.f90") + " --loop 18 --procs 4 --latex");
  EXPECT_NE(bad.status, 0);
  EXPECT_NE(bad.out.find("--latex requires --formulas"), std::string::npos) << bad.out;
  auto text = cli("estimate " + sample("cholesky.f90") + " --loop 18 --dist 'a=(BLOCK,*)' --procs 4 --formulas");
  ASSERT_EQ(text.status, 0) << text.out;
  for (const char* part : {"Formulas of variant A", "line 19:", "line 21:", "line 25:", "W(S) =", "work(k) =",
                           "if n >= 2: 1/2*n*(n - 1)"})
    EXPECT_NE(text.out.find(part), std::string::npos) << part << "\n" << text.out;
}

TEST(FormulasCli, SameTextInEveryRun)
{
  // GiNaC orders sums and products by its symbols' creation serials and
  // factor() distributes signs either way: the printer must not follow it
  const auto args = "estimate " + sample("cholesky.f90") + " --loop 18 --dist 'a=(BLOCK,*)' --procs 4 --formulas";
  const auto first = cli(args);
  ASSERT_EQ(first.status, 0) << first.out;
  for (int run = 0; run < 6; ++run)
    ASSERT_EQ(cli(args).out, first.out) << "run " << run;
  EXPECT_NE(first.out.find("1/6*(LB1*UB1 + LB1^2 + UB1^2 - 2*LB1 - UB1)*(UB1 - LB1 + 1)"), std::string::npos)
      << first.out;
}

namespace {

/// The lines of `out` from the one containing `from` on, `count` of them.
std::string linesFrom(const std::string& out, const std::string& from, int count)
{
  auto at = out.find(from);
  if (at == std::string::npos)
    return "";
  at = out.rfind('\n', at) + 1;
  auto end = at;
  for (int i = 0; i < count && end != std::string::npos; ++i)
    end = out.find('\n', end + 1);
  return out.substr(at, end == std::string::npos ? std::string::npos : end - at + 1);
}

const char* kBlockShift = "program shift1\n  implicit none\n  integer, parameter :: n = 1000\n"
                          "  double precision :: a(n), b(n)\n  integer :: i\n!HPF$ PROCESSORS pr(4)\n"
                          "!HPF$ DISTRIBUTE a(BLOCK) ONTO pr\n!HPF$ ALIGN b(i) WITH a(i)\n"
                          "  do i = 2, n\n    a(i) = b(i - 1)\n  end do\n  print *, a(n)\nend program shift1\n";

} // namespace

TEST(FormulasCli, BlockShiftReadsAsABoundaryIndicator)
{
  // by hand: p receives b(i-1) for its first i when it is not the first
  // processor and its first element p*b + 1 (b = ceil(n/P)) is at most n;
  // n = 1000 on 4: b = 250, p = 1..3, 3 messages of one element
  const auto path = writeTemp("shift1.f90", kBlockShift);
  const auto r = cli("estimate " + path + " --loop 9 --procs 4 --formulas");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(linesFrom(r.out, "shift of b(i-1) at line 10:", 5),
            "  shift of b(i-1) at line 10:\n"
            "    NT(p) = [2 <= n]*[1 <= p]*[p*b <= n - 1]\n"
            "    TD(p) = 8*[2 <= n]*[1 <= p]*[p*b <= n - 1] bytes\n"
            "    NT = sum over p = 0..P-1 of NT(p) = [2 <= n]*min(P - 1, floor((n - 1)/b))\n"
            "    TD = sum over p = 0..P-1 of TD(p) = 8*[2 <= n]*min(P - 1, floor((n - 1)/b)) bytes\n")
    << r.out;
  EXPECT_NE(r.out.find("    where b = ceil(n/P): the block size"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3 messages, 24 bytes"), std::string::npos) << r.out;
}

TEST(FormulasCli, JacobiShiftIsABoundaryIndicatorTimesARowRange)
{
  // a(i-1,j) on (BLOCK,BLOCK): p1 > 0 receives the last row of p1 - 1, the
  // columns of its block inside 2..n-1 (offsets 1..n-2 of t(n, n)); at
  // n = 256 on 4x4 (b = 64): 3 x 4 messages, 8*3*(63 + 64 + 64 + 63) bytes
  const auto r = cli("estimate " + sample("jacobi.hpf") + " --loop 28 --set n=256 --procs 4x4 --formulas");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(linesFrom(r.out, "shift of a(i-1,j) at line 30:", 5),
            "  shift of a(i-1,j) at line 30:\n"
            "    NT(p1, p2) = [3 <= n]*[1 <= p1]*[p1*b1 <= n - 2]*[2 <= p2*b2 + b2]*[p2*b2 <= n - 2]\n"
            "    TD(p1, p2) = 8*[3 <= n]*[1 <= p1]*[p1*b1 <= n - 2]*max(0, min(n - 2, p2*b2 + b2 - 1) - max(1, p2*b2) + 1) bytes\n"
            "    NT = sum over p1 = 0..P1-1, p2 = 0..P2-1 of NT(p1, p2) = [3 <= n]*max(0, min(P1 - 1, floor((n - 2)/b1)))*"
            "max(0, min(P2 - 1, floor((n - 2)/b2)) - [b2 = 1] + 1)\n"
            "    TD = sum over p1 = 0..P1-1, p2 = 0..P2-1 of TD(p1, p2) = 8*[3 <= n]*max(0, min(P1 - 1, floor((n - 2)/b1)))*"
            "max(0, min(n - 2, b2*P2 - 1)) bytes\n")
    << r.out;
  EXPECT_NE(r.out.find("where b1 = ceil(n/P1), b2 = ceil(n/P2): the block sizes"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("256)"), std::string::npos) << "the template t(n, n) is printed in n";
  EXPECT_NE(r.out.find("a(i-1,j)  shift, 12 messages, 6096 bytes"), std::string::npos) << r.out;
}

TEST(FormulasCli, JsonCarriesNtTdAndTtPerRecord)
{
  const auto r = cli("estimate " + sample("jacobi.hpf") + " --loop 28 --set n=256 --procs 4x4 --formulas --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto f = nlohmann::json::parse(r.out)["variants"][0]["formulas"];
  for (const char* key : {"nt", "td", "tt"}) {
    ASSERT_TRUE(f.contains(key)) << key;
    ASSERT_EQ(f[key].size(), 4u) << key; // the four shifts of the stencil
    EXPECT_EQ(f[key][0]["record"], "shift of a(i-1,j) at line 30") << key;
    EXPECT_TRUE(f[key][0]["closed_form"].get<bool>()) << key;
  }
  EXPECT_EQ(f["nt"][0]["per_processor"]["text"],
            "NT(p1, p2) = [3 <= n]*[1 <= p1]*[p1*b1 <= n - 2]*[2 <= p2*b2 + b2]*[p2*b2 <= n - 2]");
  EXPECT_NE(f["td"][0]["total"]["text"].get<std::string>().find("= 8*[3 <= n]*"), std::string::npos);
  EXPECT_NE(f["nt"][0]["per_processor"]["latex"].get<std::string>().find("\\mathit{NT}"), std::string::npos);
  EXPECT_EQ(f["nt"][0]["where"][0], "b1 = ceil(n/P1), b2 = ceil(n/P2): the block sizes (the forms above assume block "
                                    "sizes and extents >= 1; elsewhere the count is per point)");
  EXPECT_EQ(f["tt"][0]["expression"]["text"].get<std::string>().rfind("TT = sum over instances", 0), 0u);
}

TEST(FormulasCli, AStatementUnderAnIfShowsTheProbabilityItsWorkIsScaledBy)
{
  const auto path = writeTemp("formulas-dataif.f", "      program dataif\n      integer i, j, n\n"
                                                   "      double precision a(n, n), b(n, n)\n"
                                                   "      do 20 j = 1, n\n        do 10 i = 1, n\n"
                                                   "          if (a(i, j) .gt. 0.0d0) b(i, j) = sqrt(a(i, j))\n"
                                                   "   10   continue\n   20 continue\n      end\n");
  auto r = cli("estimate " + path + " --loop 4 --set n=100 --procs 4 --dist 'a,b=(*,BLOCK)' --formulas");
  ASSERT_EQ(r.status, 0) << r.out;
  // W(S) = n^2 counts the loops; the statement runs half the time (no profile run): work max
  // 2500 of the IF plus 1250 of the assignment
  EXPECT_NE(r.out.find("times 0.5, the probability that it executes: the estimate counts 0.5 * work(k)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("      3750      3750"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("times 1,"), std::string::npos) << "the IF itself always executes";
}
