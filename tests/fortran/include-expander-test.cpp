// INCLUDE: found next to the file or in an include directory, the included
// lines keep their own file:line, a missing file and a cycle are one error at
// the INCLUDE line.
#include "f77-test-support.h"
#include "program/model.h"

#include <gtest/gtest.h>

using namespace ps;
using namespace ps::fortran;

namespace {

using Strings = std::vector<std::string>;

const char* kMain = "      PROGRAM P\n"
                    "      INCLUDE 'params.inc'\n"
                    "      REAL A(NP)\n"
                    "      DO 10 I = 1, NP\n"
                    "   10 A(I) = 0\n"
                    "      END\n";

TEST(Include, NextToTheFileAndInIncludeDirectories)
{
  test::ScratchDir dir("include");
  const auto main = dir.write("main.f", kMain);
  dir.write("inc/params.inc", "      INTEGER NP\n      PARAMETER (NP = 64)\n");
  auto missing = parseFile(main);
  ASSERT_TRUE(missing.parsed);
  EXPECT_EQ(test::formatted(*missing.parsed), Strings{main + ":2:15: error: Cannot find INCLUDE file 'params.inc'"});

  ParseOptions options;
  options.includeDirs = {dir.path("inc")};
  auto found = parseFile(main, options);
  ASSERT_TRUE(found.parsed);
  EXPECT_EQ(test::formatted(*found.parsed), Strings{});
  const auto model = program::buildModel(*found.parsed);
  ASSERT_EQ(model.units.at(0).loops.size(), 1u);
  EXPECT_EQ(model.units[0].loops[0].upper.str(), "64");
  EXPECT_EQ(model.units[0].loops[0].line, 4); // lines of the main file are its own
  EXPECT_TRUE(test::gfortranAccepts(main, {"-I" + dir.path("inc")}));

  dir.write("params.inc", "      INTEGER NP\n      PARAMETER (NP = 8)\n"); // next to the file wins
  auto near = parseFile(main, options);
  EXPECT_EQ(program::buildModel(*near.parsed).units.at(0).loops.at(0).upper.str(), "8");
}

TEST(Include, ErrorInsideAnIncludedFileNamesThatFileAndTheIncludeLine)
{
  test::ScratchDir dir("include-error");
  const auto main = dir.write("main.f90", "program p\n  include \"bad.inc\"\n  x = 1\nend program\n");
  const auto inc = dir.write("bad.inc", "  real :: y\n  y = = 2\n");
  auto r = parseFile(main);
  ASSERT_TRUE(r.parsed);
  EXPECT_EQ(test::formatted(*r.parsed), Strings{inc + ":2:7: error: Expected an expression but found '='\n" + main +
                                                ":2:11: note: Included from here"});
  // The editor marks the INCLUDE line of the file it shows.
  EXPECT_EQ(r.parsed->file->lineColumn(r.parsed->diagnostics[0].range().begin).line, 2);
}

TEST(Include, CycleIsOneErrorAtTheIncludeLine)
{
  test::ScratchDir dir("include-cycle");
  const auto main = dir.write("main.f", "      INCLUDE 'a.inc'\n      END\n");
  const auto a = dir.write("a.inc", "      X = 1\n      INCLUDE 'b.inc'\n");
  const auto b = dir.write("b.inc", "      INCLUDE 'a.inc'\n");
  auto r = parseFile(main);
  ASSERT_TRUE(r.parsed);
  EXPECT_EQ(test::formatted(*r.parsed),
            Strings{b + ":1:15: error: INCLUDE file 'a.inc' includes itself through 'a.inc' -> 'b.inc' -> 'a.inc'\n" + a + ":2:15: note: Included from here\n" +
                    main + ":1:15: note: Included from here"});
  ASSERT_EQ(r.parsed->units.size(), 1u);
  EXPECT_EQ(r.parsed->units[0].body.size(), 1u); // X = 1 once
}

} // namespace
