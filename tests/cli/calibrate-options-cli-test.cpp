// `partscope-cli calibrate` refuses options the training set would refuse
// only after mpirun had launched every rank: an unknown pattern, an empty
// pattern list, and a largest size below one double (a fit needs the sizes
// 0 and 8). Refused while parsing: exit 2, one sentence, no store created.
#include "cli-run.h"

#include "../machine/store-test-support.h"

#include <gtest/gtest.h>

#include <filesystem>

using ps::test::cli;

TEST(CalibrateOptionsCli, BadPatternsAndSizesAreRefusedBeforeTheRun)
{
  const auto db = ps::test::freshStorePath("calibrate-options");
  const std::string base = "calibrate --name lab --quick --db " + db;

  auto r = cli(base + " --patterns vSR,FOO");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("--patterns: Unknown pattern 'FOO' (known: iSR, vSR, EXCH, BCAST, COMBN, pingpong)"),
            std::string::npos)
      << r.out;

  r = cli(base + " --patterns ,");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("--patterns: needs at least one pattern, got an empty list"), std::string::npos) << r.out;

  r = cli(base + " --max-bytes 4");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("--max-bytes: Value 4 not in range 8 to 1073741824"), std::string::npos) << r.out;

  EXPECT_FALSE(std::filesystem::exists(db)); // nothing ran, nothing was stored
}
