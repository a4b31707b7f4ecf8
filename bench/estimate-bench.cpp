// Benchmarks of the front end and the first (numeric) estimator on the ADI
// sample. Run: ./build/bench/ps_bench
#include "estimate/comparison.h"
#include "fortran/parser.h"
#include "machine/machine-profile.h"
#include "support/text.h"

#include <benchmark/benchmark.h>

namespace {

const std::string kAdi = std::string(PS_SOURCE_DIR) + "/sampleprograms/adi.f";

void BM_ParseAndModelAdi(benchmark::State& state)
{
  std::string error;
  const auto text = *ps::readTextFile(kAdi, &error);
  for (auto _ : state) {
    auto parsed = ps::fortran::parseSource(kAdi, text);
    benchmark::DoNotOptimize(ps::program::buildModel(parsed));
  }
}
BENCHMARK(BM_ParseAndModelAdi);

void BM_EstimateAdiPhase4(benchmark::State& state)
{
  auto parsed = ps::fortran::parseFile(kAdi);
  const auto model = ps::program::buildModel(*parsed.parsed);
  std::string error;
  ps::estimate::ComparisonRequest request;
  request.loopLine = 35;
  request.variants.push_back({"A", ps::mapping::parseDistSpec(state.range(0) ? "x,a,b=(*,BLOCK)" : "x,a,b=(BLOCK,*)", &error)});
  request.procs.push_back(*ps::mapping::parseArrangement("16"));
  const auto machine = *ps::machine::findProfile("paragon", &error);
  for (auto _ : state)
    benchmark::DoNotOptimize(ps::estimate::compare(model, request, machine));
}
BENCHMARK(BM_EstimateAdiPhase4)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
