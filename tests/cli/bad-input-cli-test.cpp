// Bad input to the real partscope-cli, as a new user would try it: each case
// is one clear message and a non-zero exit status (or, for defaults, a note
// saying what was chosen), never a crash or a silent guess.
#include "cli/cli-run.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <fstream>

using ps::test::cli;
using ps::test::sample;
using ps::test::writeTemp;

namespace {

std::string writeBytes(const std::string& name, const std::string& bytes)
{
  const auto path = testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

/// Runs `args` and expects `status` and `message` in the output.
void expectFailure(const std::string& args, int status, const std::string& message)
{
  const auto r = cli(args);
  EXPECT_EQ(r.status, status) << args << "\n" << r.out;
  EXPECT_NE(r.out.find(message), std::string::npos) << args << "\n" << r.out;
}

const std::string kStencil = "estimate " + sample("stencil1d.f90") + " --loop 14 ";

} // namespace

TEST(BadInputCli, DeepExpressionsAreDiagnosticsNotCrashes)
{
  const auto nest = writeTemp("nest.f90", ("program p\nx = " + std::string(3000, '(') + "1" + std::string(3000, ')') +
                                           "\nend\n").c_str());
  expectFailure("parse " + nest, 1, "nest.f90:2:261: error: Expression nesting deeper than 256 levels");
  std::string terms = "program p\nx = 1";
  for (int i = 0; i < 80000; ++i)
    terms += " + 0";
  const auto chain = writeTemp("chain.f90", (terms + "\nend\n").c_str());
  expectFailure("parse " + chain, 1, "chain.f90:2:16393: error: Expression with more than 4096 operators");
}

TEST(BadInputCli, FilesThatAreNoProgramText)
{
  expectFailure("parse " + testing::TempDir(), 2, "it is a directory");
  expectFailure("parse /dev/zero", 2, "Cannot read '/dev/zero': it is not a regular file");
  const auto nul = writeBytes("nul.f90", std::string("program p\nx = 1\0\nend\n", 21));
  expectFailure("parse " + nul, 2, "nul.f90' is not a text file (NUL byte at offset 15)");
  expectFailure("estimate " + nul + " --loop 1", 2, "is not a text file (NUL byte at offset 15)"); // the same reader
  std::string bytes;
  for (int i = 0; i < 120; ++i)
    bytes += "\x01\x1b[2J\n";
  const auto binary = writeBytes("binary.f90", bytes);
  const auto r = cli("parse " + binary);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << "control bytes must be escaped";
  EXPECT_NE(r.out.find("found '\\x01'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("binary.f90:51:1: error: Too many errors (more than 50); stopping"), std::string::npos) << r.out;
}

TEST(BadInputCli, ValuesThatAreTyposOrOutOfRange)
{
  expectFailure(kStencil + "--set zz=5", 2, "partscope-cli: A value is given for 'zz', which the program does not have");
  // a declared array or REAL is read by no bound, subscript or condition: estimated, with a warning
  // (a new user's --set tol=3 for a REAL PARAMETER was echoed and silently ignored)
  const auto ignored = cli(kStencil + "--set v=5");
  EXPECT_EQ(ignored.status, 0) << ignored.out;
  EXPECT_NE(ignored.out.find("warning: The value given for 'v' is ignored: 'v' is an array, and only integer scalars "
                             "enter bounds, subscripts and conditions"),
            std::string::npos)
      << ignored.out;
  EXPECT_EQ(cli(kStencil + "--set n=40").out.find("warning"), std::string::npos) << "an INTEGER is read";
  // the selected DO's own variable: the estimate counts its iterations (a trial's --set k=3 was silently ignored)
  const auto own = cli(kStencil + "--set i=5");
  EXPECT_EQ(own.status, 0) << own.out;
  EXPECT_NE(own.out.find("warning: The value given for 'i' is ignored: 'i' is the variable of the DO at line 14 in the "
                         "selected nest, whose iterations the estimate counts"),
            std::string::npos)
      << own.out;
  // two DO I in the nest: one warning naming both
  const auto twice = cli("estimate " + sample("cholesky.f90") + " --loop 18 --set n=40 --set i=5");
  EXPECT_NE(twice.out.find("warning: The value given for 'i' is ignored: 'i' is the variable of the DOs at lines "),
            std::string::npos)
      << twice.out;
  expectFailure(kStencil + "--set n=-1", 1, "error: Variant A: 'u' has no elements: dimension 1 is 1:-1");
  expectFailure(kStencil + "--set n=0", 1, "error: Variant A: 'u' has no elements: dimension 1 is 1:0");
  // printed a time of 4.6e14 ms and a TD of "0.09223372036854775808" before
  expectFailure(kStencil + "--set n=9223372036854775807 --procs 4", 1,
                "'u' is too large to estimate: dimension 1 is 1:9223372036854775807");
  // options of the profile run without it were accepted and did nothing
  expectFailure(kStencil + "--set n=64 --timeout 5", 2, "--timeout requires --profile-run");
  expectFailure(kStencil + "--set n=64 --input in.txt", 2, "--input requires --profile-run");
}

/// distribute and scale refuse a name the program does not have, as
/// estimate does (both accepted --set q=5 and --size-var nosuch and went
/// on: a plan without the value, a table of times flat in "n").
TEST(BadInputCli, DistributeAndScaleRefuseNamesTheProgramDoesNotHave)
{
  const auto jacobi = sample("jacobi.hpf");
  expectFailure("distribute " + jacobi + " --procs 4 --set q=5", 2, "A value is given for 'q', which the program does not have");
  expectFailure("scale " + jacobi + " --loop 28 --dist 'a,b=(*,BLOCK)' --size-var nosuch", 2,
                "--size-var 'nosuch' names no unknown or PARAMETER of " + jacobi);
  expectFailure("scale " + jacobi + " --loop 28 --dist 'a,b=(*,BLOCK)' --size-var a", 2, // an array
                "--size-var 'a' names no unknown or PARAMETER of " + jacobi);
  expectFailure("scale " + jacobi + " --loop 28 --dist 'a,b=(*,BLOCK)' --set zz=3", 2,
                "A value is given for 'zz', which no program has");
  // an initial state of no processors is a bad option value (it was exit 1, an estimate's error)
  expectFailure("scale " + jacobi + " --loop 28 --dist 'a,b=(*,BLOCK)' --p 0", 2,
                "--p and --n must be at least 1");
  // a program runs on whole processors (it failed once per variant, exit 1, after the first estimates)
  expectFailure("scale " + jacobi + " --loop 28 --dist 'a,b=(*,BLOCK)' --p 4.5", 2,
                "--p expects a whole processor count from 1 to 1048576 (2^20) for a program, got 4.5");
  expectFailure("scale " + jacobi + " --loop 28 --dist 'a,b=(*,BLOCK)' --to 8,12.5", 2,
                "--to expects whole processor counts from 1 to 1048576 (2^20) for a program, got 12.5");
  expectFailure("scale " + jacobi + " --loop 28 --dist 'a,b=(*,BLOCK)' --to 100000000", 2, // ran past a minute
                "--to expects whole processor counts from 1 to 1048576 (2^20) for a program, got 1e+08");
}

TEST(BadInputCli, DistributionsHpfForbids)
{
  expectFailure(kStencil + "--dist 'u,u=(BLOCK)' --procs 4", 2, "Distribution 'u,u=(BLOCK)' names 'u' twice");
  expectFailure(kStencil + "--dist 'u=(BLOCK(10))' --procs 4", 1,
                "BLOCK(10) of 'u' dimension 1 covers 40 of its 1000 elements on 4 processors");
  expectFailure(kStencil + "--dist 'u=(CYCLIC(0))' --procs 4", 2, "'CYCLIC(0)' in 'u=(CYCLIC(0))' needs k of at least 1");
  expectFailure(kStencil + "--procs 0", 2, "--procs expects processor counts from 1 to 1048576 (2^20) or arrangements");
  expectFailure(kStencil + "--procs 2x0", 2, "got '2x0'");
  expectFailure(kStencil + "--procs ''", 2, "--procs: needs at least one processor count or arrangement"); // was P = 1
  expectFailure(kStencil + "--dist 'u=(CYCLIC(-3))' --procs 4", 2, "needs k of at least 1");
  expectFailure(kStencil + "--dist 'u=(BLOCK,*)' --procs 4", 1, "gives 2 formats for 'u', which has 1 dimension\n");
  const auto ok = cli(kStencil + "--dist 'u=(BLOCK); v=replicated' --procs 4");
  EXPECT_EQ(ok.status, 0) << ok.out;
  EXPECT_NE(ok.out.find("mapping: u=(BLOCK) onto 4\n"), std::string::npos) << ok.out;
}

TEST(BadInputCli, ProcessorsAndBlockSizesBeyondTheLimits)
{
  // a grid past 2^20 processors aborted with bad_alloc, a count of 10^8 took 49 s and 9 GB,
  // CYCLIC(2^62) in a directive divided by zero (k * P wrapped to 0), P(0) ran on one processor
  expectFailure(kStencil + "--procs 65536x65536", 2, "got '65536x65536'");
  expectFailure(kStencil + "--procs 100000000", 2, "from 1 to 1048576 (2^20)");
  const auto directives = [](const std::string& lines) {
    const auto text = "      PROGRAM MAIN\n      REAL A(100)\n" + lines +
                      "      DO 10 I = 2, 99\n         A(I) = A(I-1)\n   10 CONTINUE\n      END\n";
    return writeTemp("limits.f", text.c_str());
  };
  const auto loopOf = [](const std::string& lines) { return std::to_string(3 + std::count(lines.begin(), lines.end(), '\n')); };
  for (const auto& [lines, message] : std::vector<std::pair<std::string, std::string>>{
         {"CHPF$ DISTRIBUTE A(CYCLIC(4611686018427387904))\n", "CYCLIC block size '4611686018427387904': at most 999999999999"},
         {"CHPF$ DISTRIBUTE A(CYCLIC(2.5))\n", "CYCLIC block size '2.5' is not an integer"},
         {"CHPF$ PROCESSORS P(0)\nCHPF$ DISTRIBUTE A(BLOCK) ONTO P\n", "PROCESSORS 'p' has 0 processors in dimension 1"},
         {"CHPF$ PROCESSORS P(65536,65536)\nCHPF$ DISTRIBUTE A(BLOCK) ONTO P\n", "PROCESSORS 'p' declares more than 1048576"}})
    expectFailure("estimate " + directives(lines) + " --loop " + loopOf(lines), 1, message);
  // valid: NP processors numbered from 0, a block size the analyser cannot evaluate (taken as 1, with a note)
  const std::string valid = "CHPF$ PROCESSORS P(0:3)\nCHPF$ DISTRIBUTE A(CYCLIC(MAX(1,100/8))) ONTO P\n";
  const auto ok = cli("estimate " + directives(valid) + " --loop " + loopOf(valid));
  EXPECT_EQ(ok.status, 0) << ok.out;
  EXPECT_NE(ok.out.find("onto 4\n"), std::string::npos) << ok.out; // P(0:3) was taken as P(3), then as an error
  EXPECT_NE(ok.out.find("CYCLIC block size 'max(1,100/8)' could not be evaluated: taken as 1"), std::string::npos) << ok.out;
}

TEST(BadInputCli, ScaleWorkMustBePositive)
{
  // W = 0 printed psi = -nan and T = -nan us; W = -n a negative speed
  expectFailure("scale --model 'X=n/p+1' --work 0 --p 4 --n 20", 1, "The work of model 'X' is 0 at n = 20: it must be positive");
  expectFailure("scale --model 'X=n/p+1' --work '-n' --p 4 --n 20", 1, "is -20 at n = 20: it must be positive");
}

TEST(BadInputCli, CalibrateRawMustBeAFile)
{
  // a folder threw std::ios_failure (exit 134); /dev/full was read back without end until bad_alloc
  expectFailure("calibrate --name x --quick --raw " + testing::TempDir(), 2, "which is not a regular file");
  expectFailure("calibrate --name x --quick --raw /dev/full", 2, "got '/dev/full', which is not a regular file");
}

TEST(BadInputCli, DistWithoutProcsSaysWhichProcessors)
{
  // stencil1d declares PROCESSORS procs(4): estimated on 4, not silently on 1
  const auto declared = cli(kStencil + "--dist 'u,v=(BLOCK)'");
  EXPECT_EQ(declared.status, 0) << declared.out;
  EXPECT_NE(declared.out.find("note: no --procs: using PROCESSORS 'procs' (4) of 'stencil1d'"), std::string::npos)
      << declared.out;
  EXPECT_NE(declared.out.find("shift, 3 messages, 24 bytes"), std::string::npos) << declared.out;
  const auto none = writeTemp("nodir.f90", "program q\n  integer, parameter :: n = 100\n  real :: a(n)\n"
                                           "  integer :: i\n  do i = 1, n\n    a(i) = 1.0\n  end do\nend program q\n");
  const auto swept = cli("estimate " + none + " --loop 5 --dist 'a=(BLOCK)'");
  EXPECT_EQ(swept.status, 0) << swept.out;
  EXPECT_NE(swept.out.find("sweeping P = 1,2,4,8,16,32,64"), std::string::npos) << swept.out;
  EXPECT_NE(swept.out.find("mapping: a=(BLOCK) onto P = 1, 2, 4, 8, 16, 32, 64\n"), std::string::npos) << swept.out;
  // no directives and no --dist: a hint, not an unexplained empty mapping
  const auto bare = cli("estimate " + none + " --loop 5");
  EXPECT_NE(bare.out.find("note: the program has no DISTRIBUTE directive in force here; give a mapping with --dist"),
            std::string::npos)
      << bare.out;
}

TEST(BadInputCli, ArrangementsAreEstimatedOnceEach)
{
  // 16 is arranged 4x4 for a 2-D distribution: one row, not two 4x4 rows
  const auto r = cli("estimate " + sample("jacobi.hpf") + " --loop 26 --procs 4x4,16");
  EXPECT_EQ(r.status, 0) << r.out;
  std::size_t rows = 0;
  for (auto at = r.out.find("\n      4x4 "); at != std::string::npos; at = r.out.find("\n      4x4 ", at + 1))
    ++rows;
  EXPECT_EQ(rows, 1u) << r.out;
  EXPECT_NE(r.out.find("P=4x4 and P=16 are both arranged as 4x4 for this distribution"), std::string::npos) << r.out;
}

TEST(BadInputCli, LargeValuesKeepTheTableColumnsApart)
{
  // "1x1649997400.0026649997400.0026" before: fixed notation ran columns together
  const auto r = cli("estimate " + sample("jacobi.hpf") + " --loop 26 --procs 1,4 --set n=1000000");
  EXPECT_EQ(r.status, 0) << r.out;
  const auto header = r.out.find("        P     time ms");
  ASSERT_NE(header, std::string::npos) << r.out;
  const auto row = r.out.find("\n      1x1  ", header);
  ASSERT_NE(row, std::string::npos) << r.out;
  const auto line = r.out.substr(row + 1, r.out.find('\n', row + 1) - row - 1);
  EXPECT_NE(line.find(" 7.5000e+10 7.5000e+10 "), std::string::npos) << line;
  // every row is as long as the header: the columns stay aligned
  const auto headerLine = r.out.substr(header, r.out.find('\n', header) - header);
  EXPECT_EQ(line.size(), headerLine.size()) << headerLine << "\n" << line;
}

TEST(BadInputCli, MachineFilesAreValidated)
{
  const auto negative = writeTemp("neg.json", R"({"name": "neg", "startup_s": -46e-6, "byte_time_s": 1e-8,
    "op_costs_s": {"add_sub": 1e-7, "mul": 1e-7, "div": 4e-7, "pow": 1e-6, "intrinsic": 1e-6, "load": 1e-7, "store": 1e-7}})");
  expectFailure(kStencil + "--machine " + negative, 2, "neg.json: Machine profile field 'startup_s' must be at least 0");
  const auto broken = writeTemp("broken.json", "{\n  \"name\": \"b\",\n  \"startup_s\": 1e-5\n  \"byte_time_s\": 1e-8\n}\n");
  expectFailure(kStencil + "--machine " + broken, 2, "broken.json: Machine profile is not valid JSON at line 4, column 15");
  const auto missing = writeTemp("missing.json", R"({"name": "m", "startup_s": 1e-5, "byte_time_s": 1e-8})");
  expectFailure(kStencil + "--machine " + missing, 2, "Machine profile is missing the object 'op_costs_s'");
}

TEST(BadInputCli, SourceErrorsMakeTheEstimateFail)
{
  // Under IMPLICIT NONE, 'b' and 'x' have no type: gfortran rejects the
  // program. The estimate is still printed (to explore), but exit 0 told
  // scripts it was sound; a clean program still exits 0.
  const auto untyped = writeTemp("untyped.f90", "program t\n  implicit none\n  integer :: i, n\n  real :: a(100)\n"
                                                "  n = 100\n  do i = 1, n\n    a(i) = b(i) + x\n  end do\nend program t\n");
  const auto r = cli("estimate " + untyped + " --loop 6 --procs 4 --dist 'a=(BLOCK)'");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("untyped.f90:7:12: error: Name 'b' has no type"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Variant A: a=(BLOCK)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("error: the estimate reads the program around the 2 errors above"), std::string::npos) << r.out;
  const auto clean = cli(kStencil + "--procs 4");
  EXPECT_EQ(clean.status, 0) << clean.out;
}

TEST(BadInputCli, EstimateSaysTheWarningsOfWhatItEstimates)
{
  // A backward GO TO round the first nest and a jump out of the second are
  // ignored by the estimate; only `parse` said so. Each message is given
  // once with its other lines; a loop selection gets its own lines and its
  // unit's directives, not another loop's warnings.
  const auto jumps = writeTemp("jumps.f", "      program h\n      integer i, n, it\n      parameter (n = 100)\n"
                                          "      real a(n), b(n)\n!hpf$ distribute a(block) onto nowhere\n"
                                          "      it = 0\n    5 continue\n      do 10 i = 2, n\n        a(i) = b(i-1)\n"
                                          "   10 continue\n      it = it + 1\n      if (it .lt. 10) go to 5\n"
                                          "      do 20 i = 1, n\n        b(i) = 1\n        if (b(i) .gt. 3) go to 99\n"
                                          "   20 continue\n   99 continue\n      end\n");
  const std::string gotoWarning = "warning: GO TO makes the control flow unstructured; estimates ignore the jump";
  const auto program = cli("estimate " + jumps + " --program --procs 4");
  EXPECT_EQ(program.status, 0) << program.out;
  EXPECT_NE(program.out.find("jumps.f:12:23: " + gotoWarning), std::string::npos) << program.out;
  EXPECT_NE(program.out.find("jumps.f: note: the same warning at line 15\n"), std::string::npos) << program.out;
  EXPECT_NE(program.out.find("jumps.f:5:7: warning: DISTRIBUTE ONTO 'nowhere'"), std::string::npos) << program.out;
  const auto loop = cli("estimate " + jumps + " --loop 8 --procs 4");
  EXPECT_NE(loop.out.find("jumps.f:5:7: warning: DISTRIBUTE ONTO 'nowhere'"), std::string::npos) << loop.out;
  EXPECT_EQ(loop.out.find(gotoWarning), std::string::npos) << loop.out;
  const auto second = cli("estimate " + jumps + " --loop 13 --procs 4");
  EXPECT_NE(second.out.find("jumps.f:15:26: " + gotoWarning), std::string::npos) << second.out;
  EXPECT_EQ(second.out.find("the same warning"), std::string::npos) << second.out;
}

TEST(BadInputCli, AColumnReadsInOneFormat)
{
  // Cholesky at n = 10^5 under (*,BLOCK): time reaches 10^9 ms on 1 to 16
  // processors and not on 256, TD 10^9 KB only on 256. A column printed
  // "394917535.2542" under "6.2196e+09"; now each column has one format.
  const auto chol = writeTemp("cholfmt.f", "      program chol\n      integer i, j, k, n\n      double precision a(n, n)\n"
                                           "      do 30 k = 1, n\n        a(k, k) = sqrt(a(k, k))\n"
                                           "        do 10 i = k + 1, n\n          a(i, k) = a(i, k) / a(k, k)\n"
                                           "   10   continue\n        do 25 j = k + 1, n\n          do 20 i = j, n\n"
                                           "            a(i, j) = a(i, j) - a(i, k) * a(j, k)\n   20     continue\n"
                                           "   25   continue\n   30 continue\n      end\n");
  const auto r = cli("estimate " + chol + " --loop 4 --procs 1,256 --set n=100000 --dist 'a=(*,BLOCK)'");
  EXPECT_EQ(r.status, 0) << r.out;
  const auto row = r.out.find("\n      256  ");
  ASSERT_NE(row, std::string::npos) << r.out;
  const auto line = r.out.substr(row + 1, r.out.find('\n', row + 1) - row - 1);
  EXPECT_NE(line.find("      256  3.9492e+08 3.9101e+08 3912169.0334 "), std::string::npos) << line;
  EXPECT_NE(line.find(" 25524480 3.3690e+09 9.7751e+11 4.3574e+09 "), std::string::npos) << line;
  const auto one = r.out.find("\n        1  6.6669e+10 6.6669e+10       0.0000 ");
  EXPECT_NE(one, std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" 0 0.0000e+00 1.6667e+14 ", one), std::string::npos) << r.out;
}

TEST(BadInputCli, AGivenValueOfANonAffineScalarIsUsedInSubscripts)
{
  // K = 2**(L-1) in the stage loop of a butterfly: selecting the J loop
  // with --set k=4 used 4 for the bounds but left xr(i+k) "not affine"
  // (all of xr fetched, pipelined: NT 42, work 20/16). Hand count, n = 16,
  // BLOCK on 4 (4 elements each), k = 4: i in 1..4 and 9..12. The owners of
  // xr(i+4), processors 1 and 3, run TR = ... (the temporary goes where
  // line 14 uses it) and XR(I+K) = TR: 8 each; the owners of xr(i), 0 and 2,
  // run XR(I) = ...: 4 each. xr(i) goes 0 -> 1 and 2 -> 3, xr(i+k) 1 -> 0
  // and 3 -> 2: 4 messages of 4 elements, 128 bytes; no pair depends on another.
  const auto bfly = writeTemp("bfly.f", "      PROGRAM BFLY2\n      INTEGER N\n      PARAMETER (N = 16)\n"
                                        "      DOUBLE PRECISION XR(N), TR\n      INTEGER I, J, L, K\n"
                                        "!HPF$ PROCESSORS PR(4)\n!HPF$ DISTRIBUTE XR(BLOCK) ONTO PR\n"
                                        "      DO 40 L = 1, 4\n         K = 2**(L-1)\n         DO 30 J = 1, N, 2*K\n"
                                        "            DO 30 I = J, J+K-1\n               TR = XR(I) - XR(I+K)\n"
                                        "               XR(I) = XR(I) + XR(I+K)\n               XR(I+K) = TR\n"
                                        "   30    CONTINUE\n   40 CONTINUE\n      END\n");
  const auto r = cli("estimate " + bfly + " --loop 10 --procs 4 --set k=4 --json");
  EXPECT_EQ(r.status, 0) << r.out;
  const auto json = nlohmann::json::parse(r.out.substr(r.out.find('{')));
  const auto& p = json["variants"][0]["points"][0];
  EXPECT_EQ(p["nt"], 4) << r.out;
  EXPECT_EQ(p["td_bytes"], 128) << r.out;
  EXPECT_EQ(p["work_per_proc"], nlohmann::json::parse("[4, 8, 4, 8]")) << r.out;
  EXPECT_EQ(p["parallelism"]["kind"], "parallel") << r.out;
  EXPECT_EQ(r.out.find("not affine"), std::string::npos) << r.out;
  // the stage loop itself: k is used for every stage, which a warning says
  const auto whole = cli("estimate " + bfly + " --loop 8 --procs 4 --set k=4");
  EXPECT_NE(whole.out.find("warning: 'k' is assigned at line 9 inside the selected nest: the value given is used for "
                           "all of its iterations"),
            std::string::npos)
      << whole.out;
}

TEST(BadInputCli, AValueForAnAffineScalarOfTheNestIsNotSaidToBeUsed)
{
  // KP1 = K + 1 inside DO K is substituted (k + 1), so --set kp1=3 changes
  // nothing; the warning "the value given is used for all of its iterations"
  // (meant for K = 2**(L-1)) said otherwise
  const auto kp = writeTemp("kp.f", "      PROGRAM KP\n      INTEGER N, I, K, KP1\n      PARAMETER (N = 16)\n"
                                    "      DOUBLE PRECISION A(N,N)\n      DO 20 K = 1, N-1\n         KP1 = K + 1\n"
                                    "         DO 10 I = KP1, N\n            A(I,K) = A(I,K) / A(K,K)\n"
                                    "   10    CONTINUE\n   20 CONTINUE\n      END\n");
  const auto r = cli("estimate " + kp + " --loop 5 --procs 4 --dist 'a=(*,BLOCK)' --set kp1=3");
  EXPECT_EQ(r.out.find("is assigned at line 6 inside the selected nest"), std::string::npos) << r.out;
}

// A Latin-1 byte (an accented letter of a 1990s comment or string, or of a
// file name) reaches diagnostics and outlines; the JSON writer threw on it and
// the CLI aborted (exit 134). Now the byte is U+FFFD and the rest is kept.
TEST(BadInputCli, BytesThatAreNotUtf8InJson)
{
  const auto latin1 = writeBytes("latin1.f", "      PROGRAM P\n      X = 1.0 \xe9\n      END\n");
  const auto r = cli("parse " + latin1 + " --json");
  EXPECT_EQ(r.status, 1) << r.out;
  const auto json = nlohmann::json::parse(r.out.substr(r.out.find('{')), nullptr, false);
  ASSERT_FALSE(json.is_discarded()) << r.out;
  ASSERT_FALSE(json["diagnostics"].empty());
  EXPECT_NE(json["diagnostics"][0]["message"].get<std::string>().find("\xef\xbf\xbd"), std::string::npos) << r.out;
  const auto named = writeBytes("caf\xe9.f", "      PROGRAM P\n      END\n");
  const auto outline = cli("parse " + named + " --json");
  EXPECT_EQ(outline.status, 0) << outline.out;
  EXPECT_NE(outline.out.find("caf\xef\xbf\xbd.f"), std::string::npos) << outline.out;
}
