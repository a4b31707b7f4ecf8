// Drives the real partscope-cli binary: the ADI command with --json,
// and clear failures on bad input.
#include "cli/cli-run.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

using ps::test::cli;
using ps::test::sample;
using ps::test::writeTemp;

TEST(Cli, AdiBlockRowsVersusColumnsAsJson)
{
  auto r = cli("estimate " + sample("adi.f") +
               " --loop 35 --dist 'x,a,b=(BLOCK,*)' --dist 'x,a,b=(*,BLOCK)' --procs 1,2,4,8,16 --machine paragon --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["loop"]["line"], 35);
  EXPECT_EQ(j["loop"]["variables"], (std::vector<std::string>{"j", "i"}));
  EXPECT_EQ(j["machine"], "paragon");
  ASSERT_EQ(j["variants"].size(), 2u);
  for (const auto& v : j["variants"]) {
    ASSERT_EQ(v["points"].size(), 5u);
    for (const auto& p : v["points"]) {
      for (const char* key : {"P", "params", "work_per_proc", "work_max", "wd", "nt", "td_bytes", "tt_s", "ct_s",
                              "time_s", "comm", "notes"})
        EXPECT_TRUE(p.contains(key)) << key;
      EXPECT_EQ(p["work_per_proc"].size(), p["P"].get<std::size_t>());
      EXPECT_DOUBLE_EQ(p["time_s"].get<double>(), p["ct_s"].get<double>() + p["tt_s"].get<double>());
    }
  }
  // rows (BLOCK,*): the i loop is parallel, the j recurrence is local: no messages
  const auto& rows16 = j["variants"][0]["points"][4];
  EXPECT_EQ(rows16["nt"], 0);
  EXPECT_EQ(rows16["work_max"], 255 * 16 * 2);
  // columns (*,BLOCK): three shifts (x(i,j-1), b(i,j-1) twice) of one 256-element
  // column across each of the 15 block boundaries, as DDT's phase 4 analysis says
  const auto& cols16 = j["variants"][1]["points"][4];
  EXPECT_EQ(cols16["nt"], 45);
  EXPECT_EQ(cols16["td_bytes"], 45 * 256 * 8);
  ASSERT_EQ(cols16["comm"].size(), 3u);
  EXPECT_EQ(cols16["comm"][0]["pattern"], "shift");
  EXPECT_EQ(cols16["comm"][0]["bytes"], 15 * 2048);
  EXPECT_LT(rows16["time_s"].get<double>(), cols16["time_s"].get<double>());
  // the j recurrence crosses the column blocks: serialized (DDT Table 1), about the sequential time
  EXPECT_EQ(rows16["parallelism"], nlohmann::json({{"kind", "parallel"}}));
  EXPECT_EQ(cols16["parallelism"]["kind"], "serialized");
  EXPECT_EQ(cols16["parallelism"]["loop_line"], 35);
  EXPECT_EQ(cols16["parallelism"]["variable"], "j");
  EXPECT_EQ(cols16["parallelism"]["array"], "x");
  EXPECT_DOUBLE_EQ(cols16["ct_s"].get<double>(), j["variants"][1]["points"][0]["ct_s"].get<double>());
}

TEST(Cli, TableAndDirectiveMapping)
{
  auto r = cli("estimate " + sample("jacobi.hpf") + " --loop 26 --procs 4,16");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Variant A: HPF directives"), std::string::npos) << r.out;
  // a sweep names every arrangement, not only its last
  EXPECT_NE(r.out.find("a,b=(BLOCK,BLOCK) via template t onto P = 2x2, 4x4\n"), std::string::npos) << r.out;
  // the inner loop alone leaves the outer j unknown: named, not guessed
  auto inner = cli("estimate " + sample("jacobi.hpf") + " --loop 29 --procs 16");
  EXPECT_EQ(inner.status, 1);
  EXPECT_NE(inner.out.find("error: The value of 'j' is needed for"), std::string::npos) << inner.out;
}

TEST(Cli, BadInputGivesNonZeroStatusAndAMessage)
{
  auto missing = cli("estimate /nonexistent.f --loop 3");
  EXPECT_NE(missing.status, 0);
  EXPECT_NE(missing.out.find("Cannot read '/nonexistent.f'"), std::string::npos) << missing.out;
  // a directory reads as empty and /dev/zero never ends: both refused by name
  auto directory = cli("parse " + std::string(PS_SOURCE_DIR) + "/sampleprograms");
  EXPECT_EQ(directory.status, 2);
  EXPECT_NE(directory.out.find("sampleprograms': it is a directory"), std::string::npos) << directory.out;
  auto device = cli("parse /dev/zero");
  EXPECT_EQ(device.status, 2);
  EXPECT_EQ(device.out, "partscope-cli: Cannot read '/dev/zero': it is not a regular file\n");
  auto noLoop = cli("estimate " + sample("adi.f") + " --loop 2 --procs 4");
  EXPECT_EQ(noLoop.status, 1);
  EXPECT_NE(noLoop.out.find("No DO statement on line 2"), std::string::npos) << noLoop.out;
  auto badDist = cli("estimate " + sample("adi.f") + " --loop 35 --dist 'x=(BLOK,*)'");
  EXPECT_NE(badDist.status, 0);
  EXPECT_NE(badDist.out.find("Unknown distribution format 'BLOK'"), std::string::npos) << badDist.out;
  auto badMachine = cli("estimate " + sample("adi.f") + " --loop 35 --machine cray");
  EXPECT_NE(badMachine.status, 0);
  EXPECT_NE(badMachine.out.find("Unknown machine 'cray'"), std::string::npos);
}

TEST(Cli, InnerLoopSelectedAloneNamesItsEnclosingLoop)
{
  // DO I inside DO K needs K: the hint points at the K loop, not only at --set
  const auto path = writeTemp("inner.f90", "program t\n  integer :: i, k\n  real :: a(50)\n  do k = 1, 10\n"
                                           "    do i = k, 50\n      a(i) = a(i) + 1\n    end do\n  end do\nend\n");
  auto r = cli("estimate " + path + " --loop 5 --procs 4");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("inner.f90:5: note: 'k' is the variable of the enclosing loop at line 4: estimate that loop "
                       "(--loop 4) for all its values, or fix one with --set k=VALUE"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("note: give 'k'"), std::string::npos) << r.out; // said once
  EXPECT_EQ(r.out.find("around the selected loop"), std::string::npos) << r.out; // the model's words for it were a second note
}

TEST(Cli, MissingUnknownsAreNamedWithAHint)
{
  const auto path =
      writeTemp("unknown.f90", "program u\n  integer :: n, i\n  real :: a(n)\n  do i = 1, n\n    a(i) = 0\n  end do\nend\n");
  auto missing = cli("estimate " + path + " --loop 4 --dist 'a=(BLOCK)' --procs 4");
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.out.find("error: Variant A: The value of 'n' is needed for the extent of 'a'"), std::string::npos)
      << missing.out;
  EXPECT_NE(missing.out.find("note: give 'n' a value with --set n=VALUE"), std::string::npos) << missing.out;
  auto json = cli("estimate " + path + " --loop 4 --dist 'a=(BLOCK)' --procs 4 --json 2>/dev/null");
  EXPECT_EQ(nlohmann::json::parse(json.out.substr(0, json.out.rfind('}') + 1))["missing_values"],
            std::vector<std::string>{"n"});
  auto given = cli("estimate " + path + " --loop 4 --dist 'a=(BLOCK)' --procs 4 --set N=10 --json");
  ASSERT_EQ(given.status, 0) << given.out;
  EXPECT_EQ(nlohmann::json::parse(given.out)["variants"][0]["points"][0]["work_per_proc"],
            (std::vector<double>{3, 3, 3, 1}));
}

TEST(Cli, ParseReportsDiagnosticsWithFileLineColumn)
{
  const auto path = writeTemp("broken.f90",
                              "program b\n  real :: a(10)\n  integer :: i\n  a(1) = = 2\n  do i = 1, 10\n    a(i) = 0\n  end do\nend\n");
  auto r = cli("parse " + path);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find(path + ":4:10: error: Expected an expression but found '='"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("line 5: DO i = 1, 10"), std::string::npos) << r.out;
}

TEST(Cli, SetGivesAParameterANewValue)
{
  // Jacobi by columns on 16: two column shifts across 15 boundaries per
  // iteration, 100 iterations, each message one interior column of n-2 reals
  for (const int n : {128, 256}) {
    auto r = cli("estimate " + sample("jacobi.hpf") + " --loop 26 --dist 'a,b=(*,BLOCK)' --procs 16 --json --set n=" +
                 std::to_string(n));
    ASSERT_EQ(r.status, 0) << r.out;
    const auto point = nlohmann::json::parse(r.out)["variants"][0]["points"][0];
    EXPECT_EQ(point["nt"], 2 * 15 * 100);
    EXPECT_EQ(point["td_bytes"], 2 * 15 * 100 * (n - 2) * 8);
  }
  auto outline = cli("parse " + sample("jacobi.hpf") + " --json");
  const auto unit = nlohmann::json::parse(outline.out)["units"][0];
  EXPECT_EQ(unit["parameters"][0], (nlohmann::json{{"name", "n"}, {"value", 256}}));
  EXPECT_EQ(unit["loops"][3]["arrays"], (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(unit["loops"][3]["header"], "DO iter = 1, 100");
}

// A user typed `--set num=128,nrs=128,...` for the TRFD sample's five sizes
// and got "expects NAME=INTEGER": commas separate values as repeating does.
TEST(Cli, SetTakesCommaSeparatedValues)
{
  const std::string base = "estimate " + sample("trfd.f") + " --loop 39 --json ";
  const auto commas = cli(base + "--set num=64,nrs=128,morb=32 --set nocc=16,norb=40");
  const auto repeated = cli(base + "--set num=64 --set nrs=128 --set morb=32 --set nocc=16 --set norb=40");
  ASSERT_EQ(commas.status, 0) << commas.out;
  EXPECT_EQ(commas.out, repeated.out);
  // (nrs / 4) * norb (norb + 1) (norb + 2) / 6 statement instances per processor
  const auto point = nlohmann::json::parse(commas.out)["variants"][0]["points"][0];
  EXPECT_EQ(point["work_max"], 32.0 * 40 * 41 * 42 / 6);
  const auto bad = cli(base + "--set num=64,zz");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("--set expects NAME=INTEGER, got 'zz'"), std::string::npos) << bad.out;
}
