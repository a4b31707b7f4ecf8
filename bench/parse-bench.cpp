// Parse throughput over the parser corpus (tests/corpus/: 1990s-style F77,
// F90, cpp and HPF programs): lines per second for the front end alone
// (prescanner + parser) and with the model builder, as `partscope-cli parse`
// runs them. The files are read once; each iteration parses all of them.
// The floor: 137,000 lines/s for the parser. Run:
//   ./build/bench/ps_parse_bench --benchmark_counters_tabular=true
#include "fortran/parser.h"
#include "program/model.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct Source {
  std::string path;
  std::string text;
};

std::vector<Source> corpus()
{
  std::vector<Source> out;
  const fs::path dir = fs::path(PS_SOURCE_DIR) / "tests" / "corpus";
  for (const auto& entry : fs::directory_iterator(dir)) {
    const auto ext = entry.path().extension().string();
    if (ext != ".f" && ext != ".F" && ext != ".f90" && ext != ".F90" && ext != ".hpf")
      continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    out.push_back({entry.path().string(), text.str()});
  }
  return out;
}

std::int64_t lineCount(const std::vector<Source>& files)
{
  std::int64_t lines = 0;
  for (const auto& f : files)
    lines += std::count(f.text.begin(), f.text.end(), '\n');
  return lines;
}

void setCounters(benchmark::State& state, const std::vector<Source>& files)
{
  const auto lines = static_cast<double>(lineCount(files));
  state.counters["files"] = static_cast<double>(files.size());
  state.counters["lines"] = lines;
  state.counters["lines_per_s"] = benchmark::Counter(lines, benchmark::Counter::kIsIterationInvariantRate);
  std::int64_t bytes = 0;
  for (const auto& f : files)
    bytes += static_cast<std::int64_t>(f.text.size());
  state.counters["bytes_per_s"] = benchmark::Counter(static_cast<double>(bytes), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_ParseCorpus(benchmark::State& state)
{
  const auto files = corpus();
  for (auto _ : state)
    for (const auto& f : files)
      benchmark::DoNotOptimize(ps::fortran::parseSource(f.path, f.text));
  setCounters(state, files);
}
BENCHMARK(BM_ParseCorpus)->Unit(benchmark::kMillisecond);

void BM_ParseAndModelCorpus(benchmark::State& state)
{
  const auto files = corpus();
  for (auto _ : state)
    for (const auto& f : files) {
      const auto parsed = ps::fortran::parseSource(f.path, f.text);
      benchmark::DoNotOptimize(ps::program::buildModel(parsed));
    }
  setCounters(state, files);
}
BENCHMARK(BM_ParseAndModelCorpus)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
