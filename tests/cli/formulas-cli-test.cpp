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
  for (const auto& s : j["variants"][1]["formulas"]["statements"]) {
    EXPECT_FALSE(s["closed_form"].get<bool>());
    EXPECT_EQ(s["why"], "CYCLIC needs floors of divisions by the processor count");
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
