// The cost of the cache-miss model (P3T+ Def. 3.10, estimate/cache-misses.h)
// alone, for Jacobi's five-point sweep under (BLOCK,BLOCK): it must not grow
// with N (lines are counted from local trip counts, never by walking
// iterations) and grows linearly with P (one count per processor).
// Run: ./build/bench/ps_cache_misses_bench
#include "estimate/cache-misses.h"
#include "fortran/parser.h"
#include "mapping/mapping-builder.h"

#include <benchmark/benchmark.h>

namespace {

const char* kSweep = "program sweep\n  integer :: n, i, j\n  double precision :: a(n, n), b(n, n)\n"
                     "  do j = 2, n - 1\n    do i = 2, n - 1\n"
                     "      b(i, j) = 0.25d0 * (a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1))\n"
                     "    end do\n  end do\nend program sweep\n";

void BM_CacheMissesJacobi(benchmark::State& state)
{
  auto parsed = ps::fortran::parseSource("bench.f90", kSweep);
  const auto model = ps::program::buildModel(parsed);
  const auto& unit = model.units.at(0);
  const ps::symbolic::Bindings values{{"n", state.range(0)}};
  std::string error;
  const auto spec = ps::mapping::parseDistSpec("a,b=(BLOCK,BLOCK)", &error);
  const auto side = state.range(1);
  const auto arrangement = ps::mapping::parseArrangement(std::to_string(side) + "x" + std::to_string(side));
  const auto mapped = ps::mapping::mappingFromSpec(*spec, unit, values, *arrangement);
  const auto& st = *unit.statementsIn(unit.loopAtLine(4)->id).front();
  ps::symbolic::EvaluationError failure;
  ps::estimate::CacheStatement c;
  c.statementId = st.id;
  const auto space = *ps::estimate::IterationSpace::build(unit, unit.loopAtLine(4)->id, st, values, &failure);
  c.space = &space;
  for (const auto& ref : st.refs)
    c.refs.push_back(*ps::estimate::planReference(ref, unit, space, *mapped.mapping, values, &failure));
  c.owner = c.refs.front();
  const std::vector<ps::estimate::CacheStatement> statements{c};
  for (auto _ : state)
    benchmark::DoNotOptimize(ps::estimate::countCacheMisses(statements, *mapped.mapping, unit, values, {64, 32768}));
  state.counters["P"] = static_cast<double>(side * side);
}
BENCHMARK(BM_CacheMissesJacobi)
  ->ArgsProduct({{1000, 1000000}, {4, 32}})
  ->ArgNames({"n", "side"})
  ->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
