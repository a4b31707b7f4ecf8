// Speed of the scalability study (issue: psi tables and range comparison
// for 2 program variants x p' in {8..1024} at N = 1024 under 50 ms; for
// analytic models under 5 ms). Analytic models evaluate compiled formulas;
// program variants call the estimator once per (p, n) visited, so their
// time is that of the estimator (closed forms are issue 9's work).
#include "scaling/analytic-model.h"
#include "scaling/program-time-model.h"
#include "scaling/scale-study.h"

#include <benchmark/benchmark.h>

#include <memory>

using namespace ps;

namespace {

std::unique_ptr<scaling::AnalyticModel> tridiagonal(const std::string& name, const std::string& time)
{
  std::string error;
  auto machine = machine::findProfile("sp2", &error);
  scaling::AnalyticModelError e;
  return scaling::AnalyticModel::create(
      {name, time, "(5*n - 3)*n1 + 3*n - 4", {{"n1", 1024}, {"tc", 1.46e-8}}}, *machine, &e);
}

// Argument: 1 = with the iterative W' as a cross-check, 0 = Brent only.
void analyticStudy(benchmark::State& state)
{
  auto pdd = tridiagonal("PDD", "(9*n/p + 1)*n1*tc + 2*(rho + 8*n1*beta)");
  auto ppt = tridiagonal("PPT", "(9*n/p + 10*p - 11)*n1*tc + (2*rho + 8*p*n1*beta)*(sqrt(p) - 1)");
  scaling::ScaleRequest request;
  request.p = 4;
  request.n = 1024;
  request.pPrimes = scaling::scaledProcessors(4, 1024, 0);
  request.crossCheck = state.range(0) != 0;
  for (auto _ : state) {
    auto result = scaling::runScaleStudy({pdd.get(), ppt.get()}, request);
    benchmark::DoNotOptimize(result);
  }
  state.counters["p_primes"] = double(request.pPrimes.size());
}
BENCHMARK(analyticStudy)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

std::unique_ptr<scaling::ProgramTimeModel> jacobi(const std::string& name, const std::string& dist, std::int64_t n)
{
  auto parsed = fortran::parseFile(PS_SOURCE_DIR "/sampleprograms/jacobi.hpf", {});
  std::string error;
  auto spec = mapping::parseDistSpec(dist, &error);
  auto machine = machine::findProfile("paragon", &error);
  return std::make_unique<scaling::ProgramTimeModel>(
      std::make_shared<const fortran::ParsedFile>(std::move(*parsed.parsed)),
      scaling::ProgramVariantSpec{name, 28, {name, spec}, "n", {}, n}, *machine);
}

// Arguments: initial N, the largest p', and 1 to add the equal-size scans to
// the psi tables and range comparison. Each iteration builds fresh models so
// that no estimate is reused from the previous one.
void programStudy(benchmark::State& state)
{
  const auto n = state.range(0);
  scaling::ScaleRequest request;
  request.p = 4;
  request.n = double(n);
  request.pPrimes = scaling::scaledProcessors(4, double(state.range(1)), 0);
  request.crossCheck = false; // Brent only: the iterative method is a cross-check
  request.equalSize = state.range(2) != 0;
  for (auto _ : state) {
    auto a = jacobi("A", "a,b=(BLOCK,BLOCK)", n);
    auto b = jacobi("B", "a,b=(*,BLOCK)", n);
    auto result = scaling::runScaleStudy({a.get(), b.get()}, request);
    benchmark::DoNotOptimize(result);
  }
}
BENCHMARK(programStudy)->Args({20, 16, 1})->Args({64, 64, 1})->Args({256, 256, 1})->Args({1024, 1024, 0})
    ->Args({1024, 1024, 1})
    ->Unit(benchmark::kMillisecond)->Iterations(1);

} // namespace

BENCHMARK_MAIN();
