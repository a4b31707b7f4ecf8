// The analyser through the real CLI (issue 10, items 3 and 4). Every printed
// expression in one canonical order: GiNaC orders terms by hash values
// seeded with type-name addresses, which move with address-space
// randomization, so loop bounds printed differently from process to process
// (the CLI is run in 20 separate processes). Missing values: all of them,
// each with the line that sets it.
#include "cli/cli-run.h"

#include <gtest/gtest.h>

#include <string>

using ps::test::cli;

namespace {

std::string dataFile(const char* name) { return std::string(PS_SOURCE_DIR) + "/tests/data/" + name; }

} // namespace

TEST(CanonicalPrint, OutlineIsTheSameInEveryProcess)
{
  const auto file = dataFile("canonical-bounds.f");
  const std::string expected = "program 'bounds' (lines 1-20)\n"
                               "  array a(4000,4000) REAL, 4 bytes per element\n"
                               "  array b(4000) REAL, 4 bytes per element\n"
                               "  unknowns: m n\n"
                               "  line 9: DO k = 1, n\n"
                               "    line 10: DO i = 1, n - k + 1\n"
                               "    line 13: DO j = 1, 2*m + n - 1\n"
                               "    line 16: DO l = 1, (n + 1)/2\n";
  for (int run = 0; run < 20; ++run) {
    const auto r = cli("parse " + file);
    ASSERT_EQ(r.status, 0) << r.out;
    ASSERT_EQ(r.out, expected) << "run " << run;
  }
}

TEST(CanonicalPrint, EstimateAndFormulasAreTheSameInEveryProcess)
{
  const auto args = "estimate " + dataFile("canonical-bounds.f") + " --loop 9 --set n=100 --set m=20 --procs 4 --formulas";
  const auto first = cli(args);
  ASSERT_EQ(first.status, 0) << first.out;
  // the closed forms of the triangular and the shifted bound, in the canonical order
  EXPECT_NE(first.out.find("      if n >= 1: 1/2*n*(n + 1)\n"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("      if n >= 1 and 2*m + n >= 2: n*(2*m + n - 1)\n"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("if UB1 >= 2*m + n and LB1 >= 1 and n >= 1 and 2*m + n >= LB1 + 1: n*(2*m + n - LB1)\n"),
            std::string::npos)
    << first.out;
  for (int run = 1; run < 20; ++run)
    ASSERT_EQ(cli(args).out, first.out) << "run " << run;
}

TEST(CanonicalPrint, JsonBoundsAreCanonical)
{
  const auto r = cli("parse --json " + dataFile("canonical-bounds.f"));
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("\"upper\": \"n - k + 1\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"upper\": \"(n + 1)/2\""), std::string::npos) << r.out;
}

TEST(GuessedValuesCli, EveryMissingValueWithTheLineThatSetsIt)
{
  const auto file = dataFile("guessed-values.f");
  const auto text = cli("estimate " + file + " --loop 14 --procs 4");
  EXPECT_EQ(text.status, 1);
  for (const char* line : {":6: note: 'n' is set by READ at line 6\n",
                           ":10: note: 'l' is assigned differently on several paths (lines 10 and 12)\n",
                           ":7: note: 'm' is possibly set by CALL 'setup' at line 7\n",
                           ":18: note: 'mm' is assigned at line 18 in the loop at line 16, after this use\n",
                           ": note: give 'n', 'l', 'm', 'mm' values with --set n=VALUE --set l=VALUE --set m=VALUE --set mm=VALUE\n"})
    EXPECT_NE(text.out.find(line), std::string::npos) << line << "\n" << text.out;
  EXPECT_EQ(text.out.find("'kp1'"), std::string::npos) << text.out; // KP1 = K + 1 is substituted
  EXPECT_EQ(text.out.find("'nh'"), std::string::npos) << text.out;
  const auto json = cli("estimate " + file + " --loop 14 --procs 4 --json 2>/dev/null");
  EXPECT_NE(json.out.find("\"missing_values\": [\n    \"n\",\n    \"l\",\n    \"m\",\n    \"mm\"\n  ]"),
            std::string::npos)
    << json.out;
  EXPECT_NE(json.out.find("\"reason\": \"set by READ at line 6\""), std::string::npos) << json.out;
}
