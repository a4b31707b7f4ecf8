// partscope-cli scale on a program variant, on analytic models and on
// measured times, checked against independent arithmetic and the estimate
// command; bad formulas and CSV give errors with line and column.
#include "cli/cli-run.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <map>

using nlohmann::json;
using ps::test::cli;
using ps::test::sample;
using ps::test::writeTemp;

namespace {

json cliJson(const std::string& args)
{
  const auto r = cli(args + " --json");
  EXPECT_EQ(r.status, 0) << r.out;
  return r.status == 0 ? json::parse(r.out) : json();
}

double averageSpeedByEstimate(const std::string& dist, int p, long n, double work)
{
  const auto j = cliJson("estimate " + sample("jacobi.hpf") + " --loop 28 --dist '" + dist + "' --procs " +
                         std::to_string(p) + " --set n=" + std::to_string(n) + " --machine paragon");
  return work / (p * j["variants"][0]["points"][0]["time_s"].get<double>());
}

} // namespace

TEST(ScaleCli, JacobiVariantsAgreeWithTheEstimator)
{
  const auto j = cliJson("scale " + sample("jacobi.hpf") +
                         " --loop 28 --dist 'a,b=(BLOCK,BLOCK)' --dist 'a,b=(*,BLOCK)' --p 4 --n 20 --to 8,16 --machine paragon");
  EXPECT_EQ(j["initial"]["p"], 4);
  EXPECT_EQ(j["initial"]["n"], 20);
  ASSERT_EQ(j["variants"].size(), 2u);
  const char* dists[] = {"a,b=(BLOCK,BLOCK)", "a,b=(*,BLOCK)"};
  for (int v = 0; v < 2; ++v) {
    const auto& variant = j["variants"][v];
    EXPECT_EQ(variant["work"], 4 * 18 * 18);
    ASSERT_EQ(variant["psi"].size(), 6u); // upper triangle over 4, 8, 16
    const double a0 = variant["avg_speed"];
    EXPECT_NEAR(a0, averageSpeedByEstimate(dists[v], 4, 20, 4 * 18 * 18), 1e-6 * a0);
    for (const auto& cell : variant["psi"]) {
      if (cell["p"] != 4 || cell["p_prime"] == 4)
        continue;
      // The isospeed size lies between two whole sizes whose speeds bracket a0.
      const long n = cell["n_prime"];
      const double w = 4.0 * (n - 2) * (n - 2), w1 = 4.0 * (n - 1) * (n - 1);
      const int pp = cell["p_prime"];
      EXPECT_LE(averageSpeedByEstimate(dists[v], pp, n, w), a0 * (1 + 1e-9)) << variant["name"] << " p'=" << pp;
      EXPECT_GE(averageSpeedByEstimate(dists[v], pp, n + 1, w1), a0 * (1 - 1e-9)) << variant["name"] << " p'=" << pp;
      EXPECT_NEAR(cell["time_s"].get<double>(), variant["time_s"].get<double>() / cell["psi"].get<double>(), 1e-12);
      EXPECT_TRUE(cell["iterations"].is_number()) << cell; // both methods ran
      EXPECT_NEAR(cell["w_prime_iterative"].get<double>() / cell["w_prime"].get<double>(), 1, 1e-3);
    }
  }
  const auto& c = j["comparison"];
  EXPECT_EQ(c["slower"], "A"); // (BLOCK,BLOCK) on 2x2 exchanges more messages at n = 20
  EXPECT_EQ(c["ratios"].size(), 2u);
  EXPECT_NEAR(c["alpha"].get<double>(), j["variants"][0]["time_s"].get<double>() / j["variants"][1]["time_s"].get<double>(), 1e-12);
  EXPECT_FALSE(c["decision"].get<std::string>().empty());
  EXPECT_EQ(j["variants"][0]["mapping"], "a,b=(BLOCK,BLOCK) onto 2x2");
}

TEST(ScaleCli, TridiagonalModelsFromTheSampleFile)
{
  const auto j = cliJson("scale --models " + sample("tridiagonal-models.json") + " --machine sp2 --p 2 --n 12800 --to 4,8,16");
  ASSERT_EQ(j["variants"].size(), 3u);
  // PDD at p = 2 by hand: (9*6400 + 1)*1024*tc + 2*(45 us + 8*1024/35e6 s).
  const double tc = 1.46e-8, beta = 2.857142857e-8;
  EXPECT_NEAR(j["variants"][0]["time_s"].get<double>(), 57601.0 * 1024 * tc + 2 * (45e-6 + 8 * 1024 * beta), 1e-12);
  EXPECT_EQ(j["variants"][0]["work"], (5.0 * 12800 - 3) * 1024 + 3 * 12800 - 4);
  ASSERT_EQ(j["comparisons"].size(), 3u); // PDD/PPT, PDD/RPDD, PPT/RPDD
  // The equal-size crossing over p at n = 12800: both formulas equal there.
  const auto& cross = j["comparisons"][0]["equal_size_p"];
  ASSERT_EQ(cross.size(), 1u);
  const double p = cross[0]["p_cross"], n = 12800;
  const double pdd = (9 * n / p + 1) * 1024 * tc + 2 * (45e-6 + 8 * 1024 * beta);
  const double ppt = (9 * n / p + 10 * p - 11) * 1024 * tc + (2 * 45e-6 + 8 * p * 1024 * beta) * (std::sqrt(p) - 1);
  EXPECT_NEAR(pdd, ppt, 1e-12);
  EXPECT_EQ(j["comparisons"][2]["decision"], "RPDD is faster at p = 2 and at least as scalable: it stays superior");
}

TEST(ScaleCli, MeasuredTimesGiveAverageSpeeds)
{
  const auto j = cliJson("scale --measured " + std::string(PS_SOURCE_DIR) +
                         "/tests/scaling/data/sun2002-sp2.csv --work '(5*n - 3)*1024 + 3*n - 4' --p 2 --n 12800 --to 4");
  ASSERT_EQ(j["variants"].size(), 3u);
  const auto& pdd = j["variants"][0];
  EXPECT_EQ(pdd["name"], "PDD");
  ASSERT_EQ(pdd["measured"].size(), 5u);
  EXPECT_NEAR(pdd["measured"][0]["avg_speed"].get<double>() / 1e6, 38.292, 38.292e-3);
  // psi needs times at other sizes at p' = 4, where only n = 25600 was measured.
  EXPECT_EQ(pdd["psi"][1]["error"], "'PDD' is not extrapolated to n = 12800 (measured n at p = 4: 25600 to 25600)");
}

TEST(ScaleCli, SeveralMachinesSideBySide)
{
  const auto j = cliJson("scale --models " + sample("tridiagonal-models.json") + " --machine paragon,sp2 --p 2 --n 3200 --to 4");
  ASSERT_EQ(j["machines"].size(), 2u);
  EXPECT_EQ(j["machines"][0]["machine"], "paragon");
  EXPECT_EQ(j["machines"][1]["machine"], "sp2");
  EXPECT_NE(j["machines"][0]["variants"][0]["time_s"], j["machines"][1]["variants"][0]["time_s"]);
}

TEST(ScaleCli, BadInputIsNamedWithItsColumnOrLine)
{
  auto r = cli("scale --model 'PDD=(9*n/p + 1*n1' --work 'n' --const n1=1024");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli: model 'PDD', time formula, column 1: This parenthesis is not closed\n"
                   "    (9*n/p + 1*n1\n    ^\n");
  r = cli("scale --model 'PDD=n/p + n1*tc' --work 'n'");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli: model 'PDD', time formula, column 7: Constant 'n1' has no value; give it with "
                   "--const n1=VALUE\n    n/p + n1*tc\n          ^\n");
  r = cli("scale --model 'A=n/p' --work 'n*p'");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("work formula, column 3: The work W(n) cannot depend on the processor count 'p'"), std::string::npos);
  r = cli("scale --model 'A=n/p'");
  EXPECT_EQ(r.out, "partscope-cli: --model A needs --work FORMULA (the work W(n) of the problem)\n");
  const auto csv = writeTemp("bad.csv", "p,n,seconds\n4,64,1e-3\n8,x,2e-3\n");
  r = cli("scale --measured " + csv + " --work n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli: " + csv + ":3:3: Expected a number for the problem size n, found 'x'\n");
  r = cli("scale --model 'A=n/p + 1' --work n --p 4 --to 2"); // a bad option value: exit 2 before any table
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli: --to expects counts above --p = 4 in ascending order, got '2'\n");
  r = cli("scale --model 'A=n/p + 1' --work n --p 1 --to 4,2");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli: --to expects counts above --p = 1 in ascending order, got '4,2'\n");
  r = cli("scale --model 'A=n/p + 1' --work n --limit -8");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli: --limit expects the largest p' (0: the default), got -8\n");
  r = cli("scale --model 'A=n/p + 1' --work n --p 4 --limit 2");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("error: No scaled processor count p' above p = 4: give --to or a larger --limit"), std::string::npos)
      << r.out;
  r = cli("scale --model 'A=n/p + 1' --work n --step 0.5");
  EXPECT_EQ(r.out, "partscope-cli: --step expects a step of at least 1 (0 doubles p'), got 0.5\n");
  r = cli("scale --model 'A=n/p + 1' --model 'A=n/p' --work n");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("error: Two models are named 'A'; give each its own name"), std::string::npos) << r.out;
  r = cli("scale " + sample("jacobi.hpf") + " --loop 28 --n 2000000000 --to 8");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("error: Variant A needs n from 2 to 1073741824, not 2e+09"), std::string::npos) << r.out;
  r = cli("scale --models " + std::string(PS_SOURCE_DIR) + "/sampleprograms");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("sampleprograms': it is a directory"), std::string::npos) << r.out;
  r = cli("scale --model 'A=n/p + 1' --work n --n 1e300 --to 8");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("error: The initial size n = 1e+300 is above the largest size a study handles (1e+15)"),
            std::string::npos)
      << r.out;
  r = cli("scale --model 'A=n/p + 1' --work n --step 1 --limit 100000");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("error: 99996 scaled processor counts are too many"), std::string::npos) << r.out;
  r = cli("scale");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("Nothing to compare"), std::string::npos);
}

TEST(ScaleCli, JacobiAgainstRedblackFromTwoFiles)
{
  const auto j = cliJson("scale --program 'Jacobi=" + sample("jacobi.hpf") + ":28' --program 'Redblack=" +
                         sample("redblack.f90") + ":18:u=(*,BLOCK)' --set nsweep=1 --p 4 --n 64 --to 8,16 --machine paragon");
  ASSERT_EQ(j["variants"].size(), 2u);
  EXPECT_EQ(j["variants"][0]["name"], "Jacobi");
  EXPECT_EQ(j["variants"][0]["mapping"], "a,b=(BLOCK,BLOCK) via template t onto 2x2");
  EXPECT_EQ(j["variants"][1]["mapping"], "u=(*,BLOCK) onto 4");
  for (const auto& v : j["variants"]) {
    // Rows after the first start from its isospeed states: the table multiplies.
    std::map<std::pair<double, double>, double> psi;
    for (const auto& c : v["psi"])
      psi[{c["p"].get<double>(), c["p_prime"].get<double>()}] = c["psi"].get<double>();
    const double p8to16 = psi[{8, 16}], p4to16 = psi[{4, 16}], p4to8 = psi[{4, 8}];
    EXPECT_NEAR(p8to16, p4to16 / p4to8, 1e-12) << v["name"];
  }
  EXPECT_EQ(j["comparison"]["slower"], "Redblack");
  const auto bad = cli("scale --program 'R=" + sample("redblack.f90") + "'");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("--program expects NAME=FILE:LINE[:SPEC]"), std::string::npos) << bad.out;
}
