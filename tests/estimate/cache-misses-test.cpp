// Cache misses (P3T+ Defs. 3.10-3.11, the model of cache-misses.h): hand-checked
// line counts, an LRU simulation of a fully associative cache as the oracle
// of the capacity test, brute-force line counting of progressions, and
// counting every processor as the oracle of the translation classes.
#include "estimate/cache-misses.h"
#include "estimate/random-nest.h"
#include "estimate/run-estimate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <list>
#include <optional>
#include <random>
#include <set>
#include <tuple>
#include <unordered_map>

using namespace ps;
using test::run;

namespace {

/// The unit machine with a cache of `capacity` bytes and 64-byte lines.
machine::MachineProfile cacheMachine(std::int64_t capacity = 32768, std::int64_t line = 64)
{
  auto m = test::unitMachine();
  m.cacheLineBytes = line;
  m.cacheBytes = capacity;
  return m;
}

/// Misses of a fully associative LRU cache of `lines` lines over a trace of
/// byte addresses (8-byte elements never straddle 64-byte lines here).
std::int64_t lruMisses(const std::vector<std::int64_t>& addresses, std::int64_t lineBytes, std::size_t lines)
{
  std::list<std::int64_t> order; // most recent first
  std::unordered_map<std::int64_t, std::list<std::int64_t>::iterator> where;
  std::int64_t misses = 0;
  for (auto a : addresses) {
    const auto line = a / lineBytes;
    if (auto it = where.find(line); it != where.end()) {
      order.erase(it->second);
    } else {
      ++misses;
      if (order.size() == lines) {
        where.erase(order.back());
        order.pop_back();
      }
    }
    order.push_front(line);
    where[line] = order.begin();
  }
  return misses;
}

const char* kOneD = "program one\n"
                    "  integer :: n, i\n"
                    "  double precision :: a(n)\n"
                    "  do i = 1, n\n"
                    "    a(i) = 2.0d0 * a(i)\n"
                    "  end do\n"
                    "end program one\n";

/// Jacobi's 5-point stencil over the interior of n x n.
const char* kFivePoint = "program st\n"
                         "  integer :: n, i, j\n"
                         "  double precision :: a(n,n), b(n,n)\n"
                         "  do j = 2, n - 1\n"
                         "    do i = 2, n - 1\n"
                         "      b(i,j) = a(i-1,j) + a(i+1,j) + a(i,j-1) + a(i,j+1)\n"
                         "    end do\n"
                         "  end do\n"
                         "end program st\n";

} // namespace

TEST(CacheMisses, UnitStrideLoopMissesOncePerLineOfEachBlock)
{
  auto p = test::build(kOneD);
  // n = 100 doubles on 3 processors: blocks of 34, 34, 32 elements = 272, 272,
  // 256 bytes = ceil(/64) = 5, 5, 4 lines; a(i) read and written is one class
  auto e = run(p, 4, "a=(BLOCK)", "3", {{"n", 100}}, cacheMachine());
  EXPECT_EQ(e.cmPerProc, (std::vector<double>{5, 5, 4}));
  EXPECT_DOUBLE_EQ(e.cm, 14.0 / 3); // Def. 3.10: the mean over processors, freq(L) = 1
  EXPECT_DOUBLE_EQ(e.cmMax, 5);
  // one processor: 800 bytes = 12.5 lines -> 13
  EXPECT_EQ(run(p, 4, "a=(BLOCK)", "1", {{"n", 100}}, cacheMachine()).cmPerProc, (std::vector<double>{13}));
  // n = 10^6 on 16 processors: 62500 elements each = 7812.5 lines -> 7813, counted, not walked
  auto big = run(p, 4, "a=(BLOCK)", "16", {{"n", 1000000}}, cacheMachine());
  EXPECT_EQ(big.cmPerProc, std::vector<double>(16, 7813));
}

TEST(CacheMisses, TheNcubeProfileWithoutACacheLoadsEveryElement)
{
  // machines/ncube.json: no data cache, modelled as one 8-byte line; 34, 34
  // and 32 elements of a on 3 processors are as many loads
  std::string error;
  auto ncube = machine::findProfile("ncube", &error);
  ASSERT_TRUE(ncube) << error;
  auto e = run(test::build(kOneD), 4, "a=(BLOCK)", "3", {{"n", 100}}, *ncube);
  EXPECT_EQ(e.cmPerProc, (std::vector<double>{34, 34, 32}));
}

TEST(CacheMisses, WithoutReuseAStencilLoadsItsFivePointsNotTheirBox)
{
  // a cache of one 8-byte line keeps nothing between iterations: each of the
  // 8 x 8 interior iterations loads a(i-1,j), a(i+1,j), a(i,j-1), a(i,j+1)
  // and b(i,j), 5 lines (an LRU cache of one line agrees), not the nine of
  // the 3x3 box around the four a's plus b's one
  auto p = test::build(kFivePoint);
  auto e = run(p, 4, "a,b=(BLOCK,*)", "1", {{"n", 10}}, cacheMachine(8, 8));
  std::vector<std::int64_t> trace;
  for (std::int64_t j = 2; j <= 9; ++j)
    for (std::int64_t i = 2; i <= 9; ++i)
      for (auto [ai, aj, array] : {std::tuple{i - 1, j, 0}, {i + 1, j, 0}, {i, j - 1, 0}, {i, j + 1, 0}, {i, j, 1}})
        trace.push_back(array * 800 + ((aj - 1) * 10 + ai - 1) * 8);
  EXPECT_EQ(lruMisses(trace, 8, 1), 320);
  EXPECT_EQ(e.cmPerProc, (std::vector<double>{320}));
}

TEST(CacheMisses, CacheMissesDoNotChangeTheComputationTime)
{
  auto p = test::build(kOneD);
  auto small = run(p, 4, "a=(BLOCK)", "4", {{"n", 4096}}, cacheMachine(256));
  auto large = run(p, 4, "a=(BLOCK)", "4", {{"n", 4096}}, cacheMachine(1 << 20, 128));
  EXPECT_NE(small.cm, large.cm); // 64- vs 128-byte lines: 128 vs 64 lines per block
  EXPECT_DOUBLE_EQ(small.cm, 128);
  EXPECT_DOUBLE_EQ(large.cm, 64);
  EXPECT_DOUBLE_EQ(small.ct, large.ct);
  EXPECT_DOUBLE_EQ(small.time, large.time);
}

struct InterchangeRow {
  const char* name;
  bool rowWise;           // j innermost: stride n through a(i,j)
  std::int64_t capacity;  // bytes
  double expected;        // hand-checked
};

class LoopInterchange : public testing::TestWithParam<InterchangeRow> {};

TEST_P(LoopInterchange, ColumnWiseOncePerLineRowWiseOncePerElementWhenARowDoesNotFit)
{
  // a(64,64) doubles, 64-byte lines (8 elements): column-wise 64*64/8 = 512
  // lines. Row-wise one iteration of i touches 64 columns = 64 lines: with 32
  // lines of cache each of the 4096 accesses misses, with 1024 lines it is
  // 512 again (the lines of a row stay until the next row uses them)
  const auto row = GetParam();
  const std::string nest = row.rowWise ? "  do i = 1, n\n    do j = 1, n\n" : "  do j = 1, n\n    do i = 1, n\n";
  auto p = test::build("program swap\n"
                       "  integer, parameter :: n = 64\n"
                       "  double precision :: a(n, n)\n"
                       "  integer :: i, j\n" +
                       nest +
                       "      a(i, j) = a(i, j) + 1.0d0\n"
                       "    end do\n"
                       "  end do\n"
                       "end program swap\n");
  auto e = run(p, 5, "a=(*,*)", "1", {}, cacheMachine(row.capacity));
  ASSERT_EQ(e.cmPerProc.size(), 1u);
  EXPECT_DOUBLE_EQ(e.cmPerProc[0], row.expected);
  std::vector<std::int64_t> trace; // the oracle: LRU over the real address trace
  for (int outer = 0; outer < 64; ++outer)
    for (int inner = 0; inner < 64; ++inner) {
      const int i = row.rowWise ? outer : inner, j = row.rowWise ? inner : outer;
      trace.push_back((i + 64 * j) * 8);
      trace.push_back((i + 64 * j) * 8); // the read and the write
    }
  EXPECT_EQ(lruMisses(trace, 64, static_cast<std::size_t>(row.capacity / 64)), row.expected);
}

INSTANTIATE_TEST_SUITE_P(Rows, LoopInterchange,
                         testing::Values(InterchangeRow{"columnSmallCache", false, 2048, 512},
                                         InterchangeRow{"rowSmallCache", true, 2048, 4096},
                                         InterchangeRow{"rowLargeCache", true, 65536, 512}),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(CacheMisses, NeighbouringReferencesAreOneClass)
{
  // a(i) and a(i+1) for i = 1..64 touch a(1..65): 520 bytes = 9 lines, counted
  // once (group reuse), not 8 + 9; b(i) adds 8
  auto p = test::build("program pair\n"
                       "  integer, parameter :: n = 64\n"
                       "  double precision :: a(n + 1), b(n)\n"
                       "  integer :: i\n"
                       "  do i = 1, n\n"
                       "    b(i) = a(i) + a(i + 1)\n"
                       "  end do\n"
                       "end program pair\n");
  auto e = run(p, 5, "a,b=(*)", "1", {}, cacheMachine());
  EXPECT_EQ(e.cmPerProc, (std::vector<double>{17}));
  ASSERT_EQ(e.statements.size(), 1u);
  EXPECT_DOUBLE_EQ(e.statements[0].cm, 17); // the statement leads both classes
}

TEST(CacheMisses, FarApartReferencesAreSeparateClasses)
{
  // a(i) and a(i+32) for i = 1..32: 32 elements apart is more than a line,
  // two classes of 4 lines each
  auto p = test::build("program apart\n"
                       "  double precision :: a(64), s\n"
                       "  integer :: i\n"
                       "  do i = 1, 32\n"
                       "    s = a(i) + a(i + 32)\n"
                       "  end do\n"
                       "end program apart\n");
  EXPECT_EQ(run(p, 4, "a=(*)", "1", {}, cacheMachine()).cmPerProc, (std::vector<double>{8}));
}

TEST(CacheMisses, BlockAndCyclicPerProcessor)
{
  // a(64) on 4 processors, i = 1..32. BLOCK: blocks of 16, processors 0 and 1
  // run 16 iterations = 128 bytes = 2 lines, 2 and 3 none. CYCLIC: 8 each,
  // consecutive in the local domain = 1 line each
  auto p = test::build("program half\n"
                       "  double precision :: a(64)\n"
                       "  integer :: i\n"
                       "  do i = 1, 32\n"
                       "    a(i) = a(i) + 1.0d0\n"
                       "  end do\n"
                       "end program half\n");
  auto block = run(p, 4, "a=(BLOCK)", "4", {}, cacheMachine());
  auto cyclic = run(p, 4, "a=(CYCLIC)", "4", {}, cacheMachine());
  EXPECT_EQ(block.cmPerProc, (std::vector<double>{2, 2, 0, 0}));
  EXPECT_EQ(cyclic.cmPerProc, (std::vector<double>{1, 1, 1, 1}));
  EXPECT_DOUBLE_EQ(block.cm, 1);
  EXPECT_DOUBLE_EQ(cyclic.cm, 1);
  EXPECT_DOUBLE_EQ(block.cmMax, 2);
  EXPECT_DOUBLE_EQ(cyclic.cmMax, 1);
}

TEST(CacheMisses, TwoDimensionalBlocksCountTheirOwnColumns)
{
  // a(64,64) (BLOCK,BLOCK) on 2x2: each processor owns 32x32 elements stored as
  // a 32x32 local array: 32 columns of 256 bytes = 4 lines = 128 lines
  auto p = test::build("program grid\n"
                       "  integer, parameter :: n = 64\n"
                       "  double precision :: a(n, n)\n"
                       "  integer :: i, j\n"
                       "  do j = 1, n\n"
                       "    do i = 1, n\n"
                       "      a(i, j) = 1.0d0\n"
                       "    end do\n"
                       "  end do\n"
                       "end program grid\n");
  EXPECT_EQ(run(p, 5, "a=(BLOCK,BLOCK)", "2x2", {}, cacheMachine()).cmPerProc, std::vector<double>(4, 128));
  // (BLOCK,*) on 16: local arrays of 4 x 64, 32-byte columns, two per line: 32 lines
  EXPECT_EQ(run(p, 5, "a=(BLOCK,*)", "16", {}, cacheMachine()).cmPerProc, std::vector<double>(16, 32));
  // (*,CYCLIC) on 16: 4 whole columns each, 512-byte columns = 8 lines each: 32 lines
  EXPECT_EQ(run(p, 5, "a=(*,CYCLIC)", "16", {}, cacheMachine()).cmPerProc, std::vector<double>(16, 32));
}

TEST(CacheMisses, ProgressionLinesEqualBruteForce)
{
  std::mt19937 rng(7);
  std::uniform_int_distribution<std::int64_t> count(1, 9), stride(1, 40), base(-100, 100);
  for (int trial = 0; trial < 3000; ++trial) {
    const std::int64_t element = 8, line = trial % 2 ? 64 : 32;
    const auto n1 = count(rng), n2 = count(rng), s1 = stride(rng) * element / 4 * 4;
    const auto b = base(rng) * element;
    const auto stepInner = std::max<std::int64_t>(s1 - s1 % element, element);
    const auto s2 = (n1 - 1) * stepInner + element + stride(rng) * element; // columns do not interleave
    std::set<std::int64_t> lines;
    for (std::int64_t c = 0; c < n2; ++c)
      for (std::int64_t e = 0; e < n1; ++e) {
        const auto a = b + c * s2 + e * stepInner;
        for (auto x = a; x < a + element; ++x)
          lines.insert(x >= 0 ? x / line : (x - line + 1) / line);
      }
    ASSERT_EQ(estimate::progressionLines(b, {{n1, stepInner}, {n2, s2}}, element, line),
              static_cast<double>(lines.size()))
      << "base " << b << " inner " << n1 << "x" << stepInner << " outer " << n2 << "x" << s2 << " line " << line;
  }
}

namespace {

/// countCacheMisses of the nest's last statement (its write as the owner,
/// every subscripted reference counted), by translation classes or by
/// counting every processor; the arrays' bounds from `declared` when given.
std::vector<double> perProcessorLines(const test::Program& p, const mapping::Mapping& m, const symbolic::Bindings& values,
                                      estimate::CacheGeometry geometry, bool everyProcessor,
                                      const estimate::DeclaredBounds* declared = nullptr)
{
  const auto& unit = p.unit();
  const auto& st = unit.statements.back();
  symbolic::EvaluationError error;
  auto space = estimate::IterationSpace::build(unit, unit.loops.front().id, st, values, &error);
  EXPECT_TRUE(space) << error.message;
  if (!space)
    return {};
  estimate::CacheStatement cs{st.id, &*space, {}, {}};
  cs.owner = estimate::planReference(*st.write(), unit, *space, m, values, &error);
  for (const auto& ref : st.refs)
    if (auto plan = estimate::planReference(ref, unit, *space, m, values, &error))
      cs.refs.push_back(*plan);
  estimate::AccessClassGroups groups;
  groups.declared = declared;
  return estimate::countCacheMisses({cs}, m, unit, values, geometry, nullptr, &groups, everyProcessor).perProc;
}

/// `spec` (a valid distribution spec) mapped onto `procs`, at no values;
/// nullopt when the arrays do not map onto it.
std::optional<mapping::Mapping> mapArrays(const test::Program& p, const std::string& spec, const std::string& procs)
{
  std::string error;
  auto parsed = mapping::parseDistSpec(spec, &error);
  EXPECT_TRUE(parsed) << error;
  if (!parsed)
    return std::nullopt;
  return mapping::mappingFromSpec(*parsed, p.unit(), {}, *mapping::parseArrangement(procs)).mapping;
}

} // namespace

TEST(CacheMisses, CompiledDeclaredBoundsEqualTheDeclarations)
{
  // Declarations in the unknowns (products, quotients, lower bounds other
  // than 1) at random values, missing and huge ones included: the layouts
  // from DeclaredBounds give the lines the declarations give.
  std::mt19937 rng(7);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const char* bounds[] = {"n", "0:n - 1", "n * m", "(n + 1) / 2 + 8", "-m:m", "n ** 2", "2:m + 3", "24"};
  const std::int64_t big[] = {3037000500LL, 4611686018427387904LL, -9223372036854775807LL};
  int differentLayouts = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const std::string text = std::string("program nest\n  integer :: n, m, i, j\n  double precision :: a(") +
                             bounds[pick(0, 7)] + ", " + bounds[pick(0, 7)] + "), b(" + bounds[pick(0, 7)] + ", " +
                             bounds[pick(0, 7)] + ")\n  do j = 1, 12\n    do i = 2, 20\n      a(i, j) = b(i - 1, j)" +
                             " + b(i + 1, j)\n    end do\n  end do\nend program nest\n";
    auto p = test::build(text);
    symbolic::Bindings values;
    for (const char* name : {"n", "m"})
      if (const int kind = pick(0, 7); kind > 0)
        values[name] = kind == 1 ? big[pick(0, 2)] : pick(1, 40);
    std::string error;
    auto spec = mapping::parseDistSpec(pick(0, 1) ? "a,b=(*,BLOCK)" : "a=(BLOCK,*)", &error);
    ASSERT_TRUE(spec) << error;
    auto mapped = mapping::mappingFromSpec(*spec, p.unit(), values, *mapping::parseArrangement("3"));
    if (!mapped.mapping)
      continue;
    const estimate::DeclaredBounds declared(p.unit(), {"a", "b"});
    const estimate::CacheGeometry geometry{64, 32768};
    const auto want = perProcessorLines(p, *mapped.mapping, values, geometry, false);
    ASSERT_EQ(perProcessorLines(p, *mapped.mapping, values, geometry, false, &declared), want) << text;
    differentLayouts += want != perProcessorLines(p, *mapped.mapping, {}, geometry, false) ? 1 : 0;
  }
  EXPECT_GT(differentLayouts, 20); // the values do move the layouts
}

TEST(CacheMisses, TranslationClassesEqualCountingEveryProcessor)
{
  // Interior BLOCK processors are counted once (translationKey); the oracle
  // counts each one. Random affine nests with a read, BLOCK / BLOCK(m) / *
  // / CYCLIC formats, 1-D and 2-D arrangements up to 6 along a dimension,
  // line sizes that do and do not divide a block's bytes.
  test::RandomNest random(23);
  int compared = 0, blockOnly = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const auto text = random.program(true);
    auto p = test::build(text);
    const bool grid = random.pick(0, 1) == 1;
    const auto procs = grid ? std::to_string(random.pick(2, 4)) + "x" + std::to_string(random.pick(3, 5))
                            : std::to_string(random.pick(3, 6));
    auto format = [&] { return random.pick(0, 4) == 0 ? random.format() : std::string("BLOCK"); };
    std::string f0 = format(), f1 = format();
    if (grid && (f0 == "*" || f1 == "*"))
      f0 = f1 = "BLOCK";
    if (!grid && f0 != "*" && f1 != "*")
      f1 = "*";
    const auto mapped = mapArrays(p, "a,b=(" + f0 + "," + f1 + ")", procs);
    if (!mapped)
      continue;
    const estimate::CacheGeometry geometry{random.pick(0, 1) ? 64 : 48, random.pick(0, 1) ? 32768 : 256};
    const auto fast = perProcessorLines(p, *mapped, {}, geometry, false);
    ASSERT_EQ(fast, perProcessorLines(p, *mapped, {}, geometry, true))
      << text << "(" << f0 << "," << f1 << ") onto " << procs << ", lines of " << geometry.lineBytes;
    blockOnly += f0.find("CYCLIC") == std::string::npos && f1.find("CYCLIC") == std::string::npos;
    ++compared;
  }
  EXPECT_GE(compared, 500);
  EXPECT_GE(blockOnly, 300);
}

TEST(CacheMisses, CoordinateClassesEqualCountingEveryProcessor)
{
  // On a 2-D arrangement, when every level's run and every class
  // dimension's least element follow one processors dimension, the
  // coordinates along each are numbered by their part of the key and a
  // processor counts as its numbers' first (CoordinateClasses); a transposed
  // read follows two and is keyed per processor. Random stencils and
  // transposes under BLOCK, BLOCK(m) and CYCLIC(k) per dimension, line sizes
  // that do and do not divide an element's bytes and capacities small
  // enough that working sets overflow; the oracle counts every processor.
  test::RandomNest random(41);
  int compared = 0, unequal = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const auto text = random.separableProgram();
    auto p = test::build(text);
    const auto procs = std::to_string(random.pick(2, 4)) + "x" + std::to_string(random.pick(2, 5));
    auto format = [&] {
      switch (random.pick(0, 3)) {
      case 0: return std::string("BLOCK(") + std::to_string(random.pick(36, 44)) + ")"; // 2 of them hold 72
      case 1: return std::string("CYCLIC(") + std::to_string(random.pick(1, 4)) + ")";
      default: return std::string("BLOCK");
      }
    };
    const std::string dist = "(" + format() + "," + format() + ")";
    const auto mapped = mapArrays(p, "a,b=" + dist, procs);
    if (!mapped)
      continue;
    const estimate::CacheGeometry geometry{random.pick(0, 1) ? 32 : 24, random.pick(0, 1) ? 4096 : 512};
    const auto fast = perProcessorLines(p, *mapped, {}, geometry, false);
    ASSERT_EQ(fast, perProcessorLines(p, *mapped, {}, geometry, true))
      << text << dist << " onto " << procs << ", lines of " << geometry.lineBytes;
    unequal += std::adjacent_find(fast.begin(), fast.end(), std::not_equal_to<>{}) != fast.end();
    ++compared;
  }
  EXPECT_EQ(compared, 400); // every mapping is valid: BLOCK(m) holds the 72 elements
  EXPECT_GE(unequal, 300);  // processors do count differently: edges, CYCLIC remainders
}

TEST(CacheMisses, TranslationClassesOfAJacobiGrid)
{
  // The 5-point stencil on 4x4, 3x5 and 8x8 processors at sizes that do and
  // do not divide evenly: the edge, corner and interior processors differ.
  auto p = test::build(kFivePoint);
  for (const char* procs : {"4x4", "3x5", "8x8"})
    for (std::int64_t n : {64, 67, 250}) {
      const symbolic::Bindings values{{"n", n}};
      std::string error;
      auto spec = mapping::parseDistSpec("a,b=(BLOCK,BLOCK)", &error);
      auto mapped = mapping::mappingFromSpec(*spec, p.unit(), values, *mapping::parseArrangement(procs));
      ASSERT_TRUE(mapped.mapping);
      for (std::int64_t capacity : {std::int64_t{1} << 20, std::int64_t{2048}}) {
        const auto fast = perProcessorLines(p, *mapped.mapping, values, {64, capacity}, false);
        ASSERT_EQ(fast, perProcessorLines(p, *mapped.mapping, values, {64, capacity}, true)) << procs << " n " << n;
        ASSERT_GT(*std::max_element(fast.begin(), fast.end()), 0);
      }
    }
}

TEST(CacheMisses, TranslationClassesOfCyclicLayouts)
{
  // CYCLIC processors that own as many iterations count the same lines when
  // their boxes start at the same local indices: translationKey holds each
  // box's least local index in a CYCLIC dimension (a reversed or strided
  // subscript starts its box elsewhere), and a class whose members differ in
  // a CYCLIC dimension (b(i-1), b(i+1)) is counted per processor. The
  // oracle counts every processor.
  const char* nests[] = {
    "do i = 2, n - 1\n      a(i) = b(i-1) + b(i+1)\n    end do",
    "do i = 1, n\n      a(i) = b(n+1-i) + a(i)\n    end do",
    "do i = 1, n / 2\n      a(2*i) = b(2*i-1) + b(n+1-2*i)\n    end do",
    "do k = 1, 4\n      do i = 1, n\n        a(i) = a(i) + b(n+1-i) * c(k)\n      end do\n    end do",
  };
  int shared = 0;
  for (const char* nest : nests) {
    auto p = test::build(std::string("program cy\n  integer :: n, i, k\n  double precision :: a(n), b(n), c(n)\n  ") +
                         nest + "\nend program cy\n");
    for (const char* format : {"CYCLIC", "CYCLIC(2)", "CYCLIC(3)"})
      for (const char* procs : {"3", "4", "5"})
        for (std::int64_t n : {37, 64, 100}) {
          const symbolic::Bindings values{{"n", n}};
          std::string error;
          auto spec = mapping::parseDistSpec(std::string("a,b,c=(") + format + ")", &error);
          auto mapped = mapping::mappingFromSpec(*spec, p.unit(), values, *mapping::parseArrangement(procs));
          ASSERT_TRUE(mapped.mapping);
          for (const estimate::CacheGeometry geometry :
               {estimate::CacheGeometry{64, 1 << 20}, {48, 256}, {16, 1 << 20}, {8, 64}}) {
            const auto fast = perProcessorLines(p, *mapped.mapping, values, geometry, false);
            ASSERT_EQ(fast, perProcessorLines(p, *mapped.mapping, values, geometry, true))
              << nest << " " << format << " on " << procs << " n " << n << " lines of " << geometry.lineBytes;
            shared += std::adjacent_find(fast.begin(), fast.end()) != fast.end();
          }
        }
  }
  EXPECT_GT(shared, 100); // processors with equal counts are common: the test is not all-distinct
}
