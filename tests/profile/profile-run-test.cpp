// The single profile run (gfortran --coverage, gcov): counts of a program
// whose IF branch is taken exactly 1 time in 4, the probabilities they give
// the model and the estimate, and the errors a user can run into.
// Source: P3T+, Section 3.1, frequencies and branch probabilities from a profile run.
#include "cli/cli-run.h"
#include "estimate/run-estimate.h"
#include "profile/profile-run.h"
#include "support/text.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>

using namespace ps;
using ps::test::writeTemp;

namespace {

const std::string kBranch = std::string(PS_SOURCE_DIR) + "/tests/data/profile-branch.f";

test::Program branchProgram()
{
  std::string error;
  auto text = readTextFile(kBranch, &error);
  EXPECT_TRUE(text) << error;
  return test::build(text.value_or(""), kBranch);
}

profile::CoverageCounts measured(const std::string& path, const std::string& input = {})
{
  profile::ProfileOptions options;
  options.inputFile = input;
  auto run = profile::runProfile(path, options);
  EXPECT_TRUE(run.counts) << run.error;
  return run.counts.value_or(profile::CoverageCounts{});
}

std::string profileError(const std::string& path, double timeout = 60)
{
  profile::ProfileOptions options;
  options.timeoutSeconds = timeout;
  auto run = profile::runProfile(path, options);
  EXPECT_FALSE(run.counts);
  return run.error;
}

} // namespace

TEST(ProfileRun, CountsOfTheBranchProgram)
{
  const auto counts = measured(kBranch);
  EXPECT_EQ(counts.file, "profile-branch.f");
  // hand-checked: N = 100 iterations of both loops, MOD(I, 4) = 0 for I = 4, 8, ..., 100
  const std::vector<std::pair<int, std::int64_t>> expected{
      {8, 1}, {10, 100}, {13, 100}, {14, 100}, {15, 25}, {16, 25}, {19, 1}};
  for (const auto& [line, count] : expected) {
    ASSERT_NE(counts.at(line), nullptr) << "line " << line;
    EXPECT_EQ(counts.at(line)->count, count) << "line " << line;
  }
  EXPECT_EQ(counts.at(14)->taken, 25); // the THEN arc of the IF test
  EXPECT_EQ(counts.at(4), nullptr);    // declarations have no count
}

TEST(ProfileRun, MeasuredBranchProbabilityIsExactlyAQuarter)
{
  auto p = branchProgram();
  const auto rows = profile::applyCounts(p.model, measured(kBranch));
  const auto& unit = p.unit();
  for (const auto& st : unit.statements) {
    if (st.line == 15 || st.line == 16) {
      EXPECT_EQ(st.branchLine, 14);
      EXPECT_TRUE(st.probabilityMeasured);
      EXPECT_EQ(st.probability, 0.25); // 25 / 100, exactly
      EXPECT_EQ(st.executions, 25);
    } else {
      EXPECT_FALSE(st.probabilityMeasured) << st.line;
      EXPECT_EQ(st.probability, 1.0) << st.line;
    }
  }
  EXPECT_EQ(profile::measuredLines(unit), (std::vector<int>{15, 16}));
  int branchRows = 0;
  for (const auto& r : rows)
    if (r.branchProbability) {
      ++branchRows;
      EXPECT_EQ(*r.branchProbability, 0.25);
    }
  EXPECT_EQ(branchRows, 2);
}

/// Array-section assignments are loops on their own line (their FORALL),
/// which gfortran scalarizes and counts there too: their probabilities
/// still come from the IF that guards them, and a section in a plain DO
/// body runs in every iteration.
TEST(ProfileRun, SectionAssignmentsTakeTheirIfsProbability)
{
  const auto path = writeTemp("profile-sections.f90",
                              "program ps\n"                                   // 1
                              "  integer, parameter :: m = 50, n = 100\n"     // 2
                              "  real :: a(m, n), b(m, n)\n"                  // 3
                              "  integer :: j\n"                              // 4
                              "  b = 1.0\n"                                   // 5
                              "  do j = 1, n\n"                               // 6
                              "    if (mod(j, 4) == 0) a(1:m, j) = 0.0\n"     // 7
                              "    if (mod(j, 5) == 0) then\n"                // 8
                              "      a(2:m, j) = b(1:m-1, j)\n"               // 9
                              "    end if\n"                                  // 10
                              "    b(1:m, j) = b(1:m, j) * 2.0\n"             // 11
                              "  end do\n"                                    // 12
                              "  print *, a(1, 4), b(m, n)\n"                 // 13
                              "end program ps\n");
  auto p = test::build(*readTextFile(path, nullptr), path);
  profile::applyCounts(p.model, measured(path));
  std::map<int, const program::Statement*> at;
  for (const auto& st : p.unit().statements)
    at[st.line] = &st;
  EXPECT_EQ(at[7]->probability, 0.25); // 25 of 100, the IF's THEN arc
  EXPECT_TRUE(at[7]->probabilityMeasured);
  // gcov gives line 9 the 1000 blocks of its scalarized loop (20 x 50), not its 20 executions:
  // the default share stays, unmeasured (it was 1000 / 100, clamped to 1)
  EXPECT_EQ(at[9]->probability, 0.5);
  EXPECT_FALSE(at[9]->probabilityMeasured);
  EXPECT_EQ(at[11]->probability, 1.0);
  EXPECT_EQ(at[11]->executions, 100);
}

TEST(ProfileRun, MeasuredProbabilityChangesTheComputationTime)
{
  // One operation costs 1 s (unitMachine), P = 1. Operations per execution:
  //   line 13  A(I) = B(I) * 2.0                                    mul, load, store       3
  //   line 14  IF (MOD(I, 4) .EQ. 0)                                MOD, .EQ.              2
  //   line 15  A(I) = A(I) + B(I)*B(I)/3.0 + SQRT(B(I))  2 add, mul, div, SQRT, 4 loads, store 10
  //   line 16  K = K + 1                                            add                    1
  // Default (probability 0.5): CT = 100 * (3 + 2) + 50 * (10 + 1) = 500 + 550 = 1050 s.
  // Measured (0.25):           CT = 100 * (3 + 2) + 25 * (10 + 1) = 500 + 275 =  775 s.
  auto p = branchProgram();
  const auto before = test::run(p, 12, "a,b=(BLOCK)", "1", {});
  EXPECT_DOUBLE_EQ(before.ct, 1050.0);
  EXPECT_DOUBLE_EQ(before.workMax, 300.0);
  profile::applyCounts(p.model, measured(kBranch));
  const auto after = test::run(p, 12, "a,b=(BLOCK)", "1", {});
  EXPECT_DOUBLE_EQ(after.ct, 775.0);
  EXPECT_DOUBLE_EQ(after.workMax, 250.0);
  EXPECT_NE(std::find(after.notes.begin(), after.notes.end(),
                      "Branch probabilities of lines 15, 16 were measured by a profile run"),
            after.notes.end());
}

TEST(ProfileRun, ProgramThatDoesNotCompileShowsTheCompilersLine)
{
  const auto path = writeTemp("bad.f", "      PROGRAM BAD\n"
                                       "      INTEGER I\n"
                                       "      I = 1\n"
                                       "      X = = 2\n"
                                       "      END\n");
  const auto error = profileError(path);
  EXPECT_EQ(error.rfind("The program does not compile: " + path + ":4:", 0), 0u) << error;
  EXPECT_EQ(error.find("partscope-profile"), std::string::npos) << error; // not the temporary folder
  EXPECT_NE(error.back(), '.');
}

TEST(ProfileRun, ProgramReadingInputItWasNotGiven)
{
  const char* text = "program reads\n"
                     "  integer :: n, i, k\n"
                     "  read (*, *) n\n"
                     "  k = 0\n"
                     "  do i = 1, n\n"
                     "    k = k + 1\n"
                     "    if (mod(i, 4) == 0) k = k + 2\n"
                     "  end do\n"
                     "  print *, k\n"
                     "end program reads\n";
  const auto path = writeTemp("reads.f90", text);
  EXPECT_EQ(profileError(path), "The program reads input at line 3 but none was given; pass the input with --input FILE");

  // n = 8 from the input: gcov puts the loop latch (n not known when compiling)
  // on the body's last line and counts it 9 times; the statement executes 8 times
  const auto counts = measured(path, writeTemp("reads.txt", "8\n"));
  ASSERT_NE(counts.at(7), nullptr);
  EXPECT_EQ(counts.at(7)->count, 9);
  EXPECT_EQ(counts.at(7)->evaluations, 8);
  EXPECT_EQ(counts.at(7)->taken, 2); // i = 4, 8
  auto p = test::build(text);
  profile::applyCounts(p.model, counts);
  for (const auto& st : p.unit().statements) {
    const bool action = st.line == 7 && st.kind == program::StatementKind::Assignment;
    if (st.line == 6 || st.line == 7) {
      EXPECT_EQ(st.executions, action ? 2 : 8) << st.line;
    }
    if (action) {
      EXPECT_EQ(st.probability, 0.25); // 2 of 8
    }
  }
}

TEST(ProfileRun, EndlessProgramTimesOut)
{
  const auto path = writeTemp("endless.f", "      PROGRAM ENDLESS\n"
                                           "      INTEGER K\n"
                                           "      K = 0\n"
                                           "      DO WHILE (K .LT. 10)\n"
                                           "        K = MOD(K + 1, 5)\n"
                                           "      END DO\n"
                                           "      END\n");
  EXPECT_EQ(profileError(path, 1),
            "The program did not finish within 1 s and was stopped; give a longer --timeout or a smaller problem");
}

TEST(ProfileRun, FailingProgramSaysHow)
{
  const auto path = writeTemp("stops.f90", "program stops\n  error stop 3\nend program stops\n");
  EXPECT_EQ(profileError(path), "The program stopped with exit status 3");
}

TEST(ProfileRun, CancelledRunHasNoCountsAndNoError)
{
  std::atomic<bool> cancelled{false};
  profile::ProfileOptions options;
  options.cancelled = &cancelled;
  options.progress = [&](const std::string& step) {
    if (step == "Running")
      cancelled = true;
  };
  const auto run = profile::runProfile(kBranch, options);
  EXPECT_TRUE(run.cancelled);
  EXPECT_FALSE(run.counts);
  EXPECT_EQ(run.error, "");
}

TEST(ProfileRun, FirstCompilerErrorOfGfortran)
{
  const std::string out = "prog.f:4:12:\n\n    4 |       X = = 2\n      |            1\n"
                          "Error: Invalid character in name at (1)\nprog.f:9:7:\n\nError: Second\n";
  EXPECT_EQ(profile::firstCompilerError(out, "prog.f", "/home/u/prog.f"),
            "/home/u/prog.f:4:12: Invalid character in name at (1)");
}

TEST(ProfileRun, CountsFromGcovJsonAndBack)
{
  const std::string gcov =
      R"({"files": [{"file": "other.f", "lines": []}, {"file": "t.f", "lines": [)"
      R"({"line_number": 5, "count": 8, "branches": [{"fallthrough": true, "count": 2, "throw": false},)"
      R"({"fallthrough": false, "count": 6, "throw": false}]}, {"line_number": 6, "count": 2, "branches": []},)"
      R"({"line_number": 7, "count": 23, "branches": [{"fallthrough": true, "count": 5}, {"fallthrough": false, "count": 0},)"
      R"({"fallthrough": true, "count": 5}, {"fallthrough": false, "count": 12}]},)"
      R"({"line_number": 9, "count": 1, "branches": []}, {"line_number": 9, "count": 3, "branches": []}]}]})"
      "\n";
  auto read = profile::countsFromGcov(gcov, "/some/where/t.f");
  ASSERT_TRUE(read.counts) << read.error;
  EXPECT_EQ(read.counts->lines.size(), 4u);
  EXPECT_EQ(read.counts->at(7)->secondTaken, 5); // a bottom-tested DO's latch after its zero-trip test
  EXPECT_EQ(read.counts->at(7)->secondEvaluations, 17);
  EXPECT_EQ(read.counts->at(5)->taken, 2);
  EXPECT_EQ(read.counts->at(5)->evaluations, 8);
  EXPECT_EQ(read.counts->at(9)->count, 3); // the larger of two entries
  const auto back = profile::countsFromJson(profile::toJson(*read.counts, {}));
  ASSERT_TRUE(back.counts) << back.error;
  EXPECT_EQ(back.counts->at(5)->count, 8);
  EXPECT_EQ(back.counts->at(5)->taken, 2);
  EXPECT_EQ(back.counts->at(7)->secondEvaluations, 17);
  EXPECT_FALSE(back.counts->at(5)->secondTaken);
  EXPECT_FALSE(profile::countsFromGcov(gcov, "missing.f").counts);
  EXPECT_FALSE(profile::countsFromJson(nlohmann::json{{"lines", 3}}).counts);
}

TEST(ProfileRun, LogicalIfActionUsesTheThenArc)
{
  auto p = test::build("program l\n"
                       "  integer :: i, k\n"
                       "  k = 0\n"
                       "  do i = 1, 10\n"
                       "    if (mod(i, 5) == 0) k = k + 1\n"
                       "  end do\n"
                       "end program l\n");
  profile::CoverageCounts counts;
  counts.lines[5] = {5, 11, 2, 10, std::nullopt, std::nullopt};
  profile::applyCounts(p.model, counts);
  for (const auto& st : p.unit().statements)
    if (st.kind == program::StatementKind::Assignment && st.line == 5) {
      EXPECT_TRUE(st.probabilityMeasured);
      EXPECT_DOUBLE_EQ(st.probability, 0.2);
    }
}

TEST(ProfileRun, ContinuedStatementTakesTheCountOfItsOtherLine)
{
  // gcov may count a continued statement on its continuation line
  auto p = test::build("      PROGRAM C\n"
                       "      REAL A(4)\n"
                       "      DO 10 I = 1, 4\n"
                       "        A(I) = 2.0 *\n"
                       "     &         REAL(I)\n"
                       "   10 CONTINUE\n"
                       "      END\n",
                       "c.f");
  profile::CoverageCounts counts;
  counts.lines[3] = {3, 5, 4, 5, std::nullopt, std::nullopt};
  counts.lines[5] = {5, 4, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  profile::applyCounts(p.model, counts);
  ASSERT_FALSE(p.unit().statements.empty());
  const auto& st = p.unit().statements.front();
  EXPECT_EQ(st.line, 4);
  EXPECT_EQ(st.lastLine, 5);
  EXPECT_EQ(st.executions, 4);
}

TEST(ProfileRun, LoopInsideABranchTakesTheBranchsShare)
{
  // the j loop is entered for i = 4 and 8: 2 of 8 evaluations of the IF; its
  // body runs 2 * 10 times (gcov counts 22 on the line: the loop latch)
  const char* text = "program nested\n"
                     "  integer :: i, j, k\n"
                     "  k = 0\n"
                     "  do i = 1, 8\n"
                     "    if (mod(i, 4) == 0) then\n"
                     "      do j = 1, 10\n"
                     "        k = k + j\n"
                     "      end do\n"
                     "    end if\n"
                     "  end do\n"
                     "  print *, k\n"
                     "end program nested\n";
  const auto counts = measured(writeTemp("nested.f90", text));
  auto p = test::build(text);
  const auto rows = profile::applyCounts(p.model, counts);
  bool found = false;
  for (const auto& st : p.unit().statements)
    if (st.line == 7) {
      found = true;
      EXPECT_TRUE(st.probabilityMeasured);
      EXPECT_EQ(st.probability, 0.25);
      EXPECT_EQ(st.executions, 20);
    }
  EXPECT_TRUE(found);
}

TEST(ProfileRun, StatementsJumpedOverByGotoTakeTheirMeasuredShare)
{
  // tests/data/profile-jumps.f: MOD(I, 3) - 1 is 0, 1, -1 thirty times each
  // of 90, so each of lines 12, 14 and 16 runs in a third of the iterations.
  // The model takes them as always executed (no IF construct guards them);
  // the profile run's counts say otherwise (a new user's ifchain.f had 270000
  // executions estimated where 90000 were measured).
  const std::string path = std::string(PS_SOURCE_DIR) + "/tests/data/profile-jumps.f";
  std::string error;
  auto p = test::build(readTextFile(path, &error).value_or(""), path);
  ASSERT_TRUE(error.empty()) << error;
  const auto before = test::run(p, 10, "a,c=(BLOCK)", "1", {});
  profile::applyCounts(p.model, measured(path));
  for (const auto& st : p.unit().statements)
    if (st.line == 12 || st.line == 14 || st.line == 16) {
      EXPECT_TRUE(st.probabilityMeasured) << st.line;
      EXPECT_DOUBLE_EQ(st.probability, 30.0 / 90.0) << st.line;
    } else if (st.line == 11 || st.line == 8) {
      EXPECT_EQ(st.probability, 1.0) << st.line; // every iteration
    }
  const auto after = test::run(p, 10, "a,c=(BLOCK)", "1", {});
  double assignments = 0, measuredWork = 0;
  for (const auto& w : before.statements)
    assignments += (w.line == 12 || w.line == 14 || w.line == 16) ? w.work[0] : 0;
  for (const auto& w : after.statements)
    measuredWork += (w.line == 12 || w.line == 14 || w.line == 16) ? w.work[0] : 0;
  EXPECT_DOUBLE_EQ(assignments, 3 * 90.0); // all three in every iteration
  EXPECT_DOUBLE_EQ(measuredWork, 90.0);    // one of them per iteration
}

TEST(ProfileRun, IncludeFilesBesideTheSourceAndInIncludeFolders)
{
  // The copy is compiled in a temporary folder: INCLUDE 'sizes.inc' beside
  // the source and INCLUDE 'consts.inc' in an include folder are found
  // (gfortran said "Cannot open included file" before).
  for (const char* dir : {"incl", "incl-other"})
    std::filesystem::create_directories(testing::TempDir() + dir);
  const auto source = writeTemp("incl/prog.f", "      PROGRAM P\n      INCLUDE 'sizes.inc'\n      INCLUDE 'consts.inc'\n"
                                               "      INTEGER I, S\n      S = 0\n      DO I = 1, N\n"
                                               "        S = S + K\n      END DO\n      PRINT *, S\n      END\n");
  writeTemp("incl/sizes.inc", "      INTEGER N\n      PARAMETER (N = 7)\n");
  const auto other = writeTemp("incl-other/consts.inc", "      INTEGER K\n      PARAMETER (K = 3)\n");
  profile::ProfileOptions options;
  options.includeDirs = {std::filesystem::path(other).parent_path().string()};
  const auto run = profile::runProfile(source, options);
  ASSERT_TRUE(run.counts) << run.error;
  ASSERT_NE(run.counts->at(5), nullptr);
  EXPECT_EQ(run.counts->at(5)->count, 1); // S = 0
  ASSERT_NE(run.counts->at(7), nullptr);  // S = S + K: N = 7 times (gcov adds the loop's back edge to it)
  EXPECT_GE(run.counts->at(7)->count, 7);
  EXPECT_NE(profileError(source).find("consts.inc"), std::string::npos); // without the folder: named
}

TEST(ProfileRun, BottomTestedLoopsCountTheirIterations)
{
  // gfortran tests a DO with a step of 2 and bounds known only at run time
  // at the bottom: the head's arc counts the entries that iterate (10 and 7
  // here), and the statement was given that count, not its 35 and 16
  // executions. Red-black: J = 1..10, I = 1 + MOD(J,2) .. 7 step 2 is 3
  // iterations for odd J and 4 for even J, 5*3 + 5*4 = 35; I = J .. 7 step 2
  // is 4, 3, 3, 2, 2, 1, 1 for J = 1..7 and none after, 16.
  const auto run = [](const char* name, const char* start, const char* last = "") {
    const std::string text = std::string("      PROGRAM P\n      REAL X(8,10)\n      INTEGER I, J\n") +
                             "      DO 20 J = 1, 10\n         DO 20 I = " + start + ", 7, 2\n" +
                             "            X(I,J) = 1.0\n" + last + "   20 CONTINUE\n      PRINT *, X(1,1)\n      END\n";
    auto p = test::build(text);
    profile::applyCounts(p.model, measured(writeTemp(name, text.c_str())));
    for (const auto& st : p.unit().statements)
      if (st.line == 6)
        return st.executions.value_or(-1);
    return std::int64_t{-2};
  };
  EXPECT_EQ(run("redblack.f", "1 + MOD(J,2)"), 35);
  EXPECT_EQ(run("triangle2.f", "J"), 16);
  EXPECT_EQ(run("constant2.f", "1"), 40); // a constant trip count: tested at the top, as before
  // a body ending in an IF: gfortran puts the latch on the head line, as its
  // second branch point (the IF's own arcs are on the last line); 5 before
  const char* lastIf = "            IF (X(I,J) .GT. 5.0) X(I,J) = 0.0\n";
  EXPECT_EQ(run("redblackif.f", "1 + MOD(J,2)", lastIf), 35);
  EXPECT_EQ(run("triangleif.f", "J", lastIf), 16);
}
