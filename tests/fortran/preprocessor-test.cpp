// C-preprocessed sources: -D picks the branch, #error and a syntax error after
// a conditional are reported at the ORIGINAL line (cpp's line markers).
#include "f77-test-support.h"
#include "fortran/preprocessor.h"
#include "program/model.h"

#include <gtest/gtest.h>

#include "skip-missing-tool.h"

using namespace ps;
using namespace ps::fortran;

namespace {

using Strings = std::vector<std::string>;

#define SKIP_WITHOUT_CPP()                                                                                             \
  if (!profile::findProgram("cpp"))                                                                                    \
  PS_SKIP_MISSING_TOOL("cpp is not installed")

TEST(Preprocessor, WhenToRun)
{
  EXPECT_TRUE(needsPreprocessing("a.F", ""));
  EXPECT_TRUE(needsPreprocessing("a.F90", ""));
  EXPECT_TRUE(needsPreprocessing("a.FPP", ""));
  EXPECT_FALSE(needsPreprocessing("a.f", "      X = 1\n"));
  EXPECT_FALSE(needsPreprocessing("a.f90", "x = 1 ! #not a directive\n"));
  EXPECT_TRUE(needsPreprocessing("a.f", "      X = 1\n#define N 4\n"));
}

const char* kSource = "#define N 100\n"
                      "      PROGRAM P\n"
                      "      REAL A(N)\n"
                      "#ifdef WIDE\n"
                      "      DO 10 I = 1, 2*N\n"
                      "#else\n"
                      "      DO 10 I = 1, N\n"
                      "#endif\n"
                      "   10 A(I) = 0\n"
                      "      X = 1 +\n"
                      "      END\n";

TEST(Preprocessor, SyntaxErrorAfterAConditionalIsAtTheOriginalLine)
{
  SKIP_WITHOUT_CPP();
  auto p = parseSource("p.F", kSource);
  EXPECT_EQ(test::formatted(p), Strings{"p.F:10:14: error: Expected an expression but found 'end of statement'"});
  const auto model = program::buildModel(p);
  ASSERT_EQ(model.units.at(0).loops.size(), 1u);
  EXPECT_EQ(model.units[0].loops[0].line, 7);
  EXPECT_EQ(model.units[0].loops[0].upper.str(), "100");
}

// `#line 4000000000` makes cpp print a marker beyond int: std::stoi threw
// out_of_range and the CLI aborted. The lines after it have no place in the
// file, so a syntax error there is reported on the first line, not lost.
TEST(Preprocessor, LineMarkersBeyondIntAreNoCrash)
{
  SKIP_WITHOUT_CPP();
  auto p = parseSource("p.F", "#line 4000000000\n      PROGRAM P\n      X = 1 +\n      END\n");
  EXPECT_EQ(test::formatted(p), Strings{"p.F:1:14: error: Expected an expression but found 'end of statement'"});
}

TEST(Preprocessor, DefinesChooseTheBranch)
{
  SKIP_WITHOUT_CPP();
  ParseOptions options;
  options.defines = {"WIDE"};
  auto p = parseSource("p.F", kSource, options);
  const auto model = program::buildModel(p);
  ASSERT_EQ(model.units.at(0).loops.size(), 1u);
  EXPECT_EQ(model.units[0].loops[0].line, 5);
  EXPECT_EQ(model.units[0].loops[0].upper.str(), "200");
}

TEST(Preprocessor, HashErrorIsAnErrorAtItsLine)
{
  SKIP_WITHOUT_CPP();
  auto p = parseSource("q.F90", "program q\n#ifndef MPI\n#error MPI is required\n#endif\nend program\n");
  EXPECT_EQ(test::formatted(p), Strings{"q.F90:3:2: error: C preprocessor: #error MPI is required"});
  ParseOptions options;
  options.defines = {"MPI=1"};
  EXPECT_EQ(test::formatted(parseSource("q.F90", "program q\n#ifndef MPI\n#error MPI is required\n#endif\nend program\n",
                                        options)),
            Strings{});
}

TEST(Preprocessor, IncludedHeaderKeepsItsOwnLines)
{
  SKIP_WITHOUT_CPP();
  test::ScratchDir dir("cpp-include");
  const auto header = dir.write("sizes.h", "#define M 7\n      X = 2 +\n");
  const auto main = dir.write("m.F", "      PROGRAM M\n#include \"sizes.h\"\n      REAL B(M)\n      END\n");
  auto r = parseFile(main);
  ASSERT_TRUE(r.parsed);
  ASSERT_EQ(r.parsed->diagnostics.size(), 1u);
  EXPECT_EQ(test::formatted(*r.parsed)[0].substr(0, header.size() + 5), header + ":2:14");
  EXPECT_EQ(program::buildModel(*r.parsed).units.at(0).symbols.at("b").dims.at(0).upper.str(), "7");
}

} // namespace
