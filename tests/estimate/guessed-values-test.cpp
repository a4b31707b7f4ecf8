// The analyser says what it guessed (issue 10, item 3): every missing value
// in one answer with the line that sets it, and a note naming the arrays a
// nest's unreadable or absent directives left replicated.
#include "estimate/comparison.h"
#include "estimate/mapping-assumptions.h"
#include "machine/machine-profile.h"
#include "mapping/mapping-builder.h"
#include "test-support.h"

#include <gtest/gtest.h>

#include <algorithm>

using ps::test::build;

namespace {

ps::estimate::ComparisonResult compareLoop(const ps::test::Program& p, int line, const ps::symbolic::Bindings& values)
{
  ps::estimate::ComparisonRequest request;
  request.loopLine = line;
  request.variants = {{"A", std::nullopt}};
  ps::mapping::ProcessorsArrangement procs;
  procs.shape = {4};
  request.procs = {procs};
  request.values = values;
  return ps::estimate::compare(p.model, request, ps::machine::builtinProfiles().front());
}

const char* kGuessed = "program guess\n"                     // 1
                       "integer n, m, k, i, j, kp1, nh\n"     // 2
                       "real a(1000, 1000), b(1000)\n"        // 3
                       "read *, n\n"                          // 4
                       "read *, m\n"                          // 5
                       "nh = n / 2\n"                         // 6
                       "do k = 1, n - 1\n"                    // 7
                       "  kp1 = k + 1\n"                      // 8
                       "  do i = kp1, nh\n"                   // 9
                       "    a(i, k) = b(i)\n"                 // 10
                       "  end do\n"                           // 11
                       "  do j = 1, m\n"                      // 12
                       "    b(j) = a(kp1, j)\n"               // 13
                       "  end do\n"                           // 14
                       "end do\n"                             // 15
                       "end program\n";

} // namespace

TEST(GuessedValues, EveryMissingValueInOneAnswerWithItsLine)
{
  const auto p = build(kGuessed);
  const auto r = compareLoop(p, 7, {});
  EXPECT_EQ(r.missing, (std::vector<std::string>{"n", "m"})); // not kp1 or nh: substituted
  ASSERT_EQ(r.missingDetails.size(), 2u);
  EXPECT_EQ(r.missingDetails[0].line, 4);
  EXPECT_EQ(r.missingDetails[0].reason, "set by READ at line 4");
  EXPECT_EQ(r.missingDetails[1].line, 5);
  EXPECT_EQ(r.missingDetails[1].unit, "guess");
  const auto done = compareLoop(p, 7, {{"n", 100}, {"m", 50}});
  ASSERT_TRUE(done.errors.empty()) << done.errors.front();
  // kp1 = k + 1 and nh = n/2 = 50: line 10 runs sum over k = 1..99 of
  // max(0, 50 - k) = 49*50/2 times, line 13 99*50 times, line 8 99 times
  // (replicated arrays: every processor runs everything)
  EXPECT_DOUBLE_EQ(done.variants[0].points[0].workPerProc[0], 1225 + 4950 + 99);
}

TEST(GuessedValues, AnEnclosingLoopsVariableIsNamedWithItsDo)
{
  // the inner DO I at line 9 needs k (and n): k is the DO K's at line 7 (it had line 0, no reason)
  const auto p = build(kGuessed);
  const auto r = compareLoop(p, 9, {{"n", 100}});
  EXPECT_EQ(r.missing, (std::vector<std::string>{"k"}));
  ASSERT_EQ(r.missingDetails.size(), 1u);
  EXPECT_EQ(r.missingDetails[0].line, 7);
  EXPECT_EQ(r.missingDetails[0].reason,
            "the variable of the DO at line 7 around the selected loop (estimate that loop, or give a value)");
}

TEST(GuessedValues, AnUnreadableDirectiveNamesTheArraysAssumedReplicated)
{
  const auto p = build("program t\n"                         // 1
                       "integer i\n"                         // 2
                       "real a(100), b(100), c(100)\n"       // 3
                       "!hpf$ distribute a(block\n"          // 4
                       "!hpf$ distribute c(cyclic)\n"        // 5
                       "do i = 2, 100\n"                     // 6
                       "  a(i) = b(i - 1) + c(i)\n"          // 7
                       "end do\n"
                       "end program\n");
  ASSERT_EQ(p.unit().unreadDirectives.size(), 1u);
  EXPECT_EQ(p.unit().unreadDirectives[0].line, 4);
  const auto m = ps::mapping::mappingFromDirectives(p.unit(), {}, std::nullopt, 6);
  ASSERT_TRUE(m.mapping);
  const auto notes = ps::estimate::directiveAssumptions(p.unit(), *p.unit().loopAtLine(6), &*m.mapping);
  ASSERT_EQ(notes.size(), 1u); // b is left out by readable directives: replicated by HPF's rules, no guess
  EXPECT_EQ(notes[0].arrays, (std::vector<std::string>{"a"}));
  EXPECT_EQ(notes[0].directiveLine, 4);
  EXPECT_EQ(notes[0].note, "Array 'a' is assumed replicated (a copy on every processor): the directive at line 4 "
                           "that maps it could not be read");
  const auto r = compareLoop(p, 6, {});
  ASSERT_TRUE(r.errors.empty());
  EXPECT_EQ(r.variants[0].points[0].notes.front(), notes[0].note);
}

TEST(GuessedValues, AUnitWithoutDirectivesSaysSo)
{
  const auto p = build(kGuessed);
  const auto r = compareLoop(p, 7, {{"n", 100}, {"m", 50}});
  ASSERT_TRUE(r.errors.empty());
  EXPECT_EQ(r.variants[0].points[0].notes.front(),
            "Arrays 'a' and 'b' are assumed replicated (a copy on every processor): 'guess' has no HPF mapping "
            "directives");
}

TEST(GuessedValues, AUnitEstimateSaysSoForEachNest)
{
  const auto p = build(kGuessed);
  ps::estimate::ComparisonRequest request;
  request.unitName = "guess";
  request.variants = {{"A", std::nullopt}};
  ps::mapping::ProcessorsArrangement procs;
  procs.shape = {4};
  request.procs = {procs};
  request.values = {{"n", 100}, {"m", 50}};
  const auto r = ps::estimate::compare(p.model, request, ps::machine::builtinProfiles().front());
  ASSERT_TRUE(r.errors.empty());
  const auto& notes = r.variants[0].points[0].notes;
  const auto guessed = std::count_if(notes.begin(), notes.end(), [](const std::string& n) {
    return n.find("Arrays 'a' and 'b' are assumed replicated (a copy on every processor): 'guess' has no HPF "
                  "mapping directives") != std::string::npos;
  });
  EXPECT_EQ(guessed, 1) << ::testing::PrintToString(notes);
}
