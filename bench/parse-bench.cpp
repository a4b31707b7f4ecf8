// Parse throughput over the parser corpus (tests/corpus/: 1990s-style F77,
// F90, cpp and HPF programs): lines per second for the front end alone
// (prescanner + parser) and with the model builder, as `partscope-cli parse`
// runs them, in wall-clock time. The files are read once; each iteration
// parses all of them, with the corpus's include folder. The files that need
// the C preprocessor are measured apart: cpp is an external process (about
// 10 ms a file), which would swamp the parser's own speed.
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

const fs::path kCorpus = fs::path(PS_SOURCE_DIR) / "tests" / "corpus";

/// The corpus files that go through cpp (`.F`, `.F90`), or all the others.
std::vector<Source> corpus(bool preprocessed)
{
  std::vector<Source> out;
  for (const auto& entry : fs::directory_iterator(kCorpus)) {
    const auto ext = entry.path().extension().string();
    if (ext != ".f" && ext != ".F" && ext != ".f90" && ext != ".F90" && ext != ".hpf")
      continue;
    if ((ext == ".F" || ext == ".F90") != preprocessed)
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

ps::fortran::ParseOptions options()
{
  ps::fortran::ParseOptions o;
  o.includeDirs = {(kCorpus / "include").string()};
  return o;
}

/// The parser proper (prescanner, INCLUDE, parser) over the files without cpp.
void BM_ParseCorpus(benchmark::State& state)
{
  const auto files = corpus(false);
  for (auto _ : state)
    for (const auto& f : files)
      benchmark::DoNotOptimize(ps::fortran::parseSource(f.path, f.text, options()));
  setCounters(state, files);
}
BENCHMARK(BM_ParseCorpus)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ParseAndModelCorpus(benchmark::State& state)
{
  const auto files = corpus(false);
  for (auto _ : state)
    for (const auto& f : files) {
      const auto parsed = ps::fortran::parseSource(f.path, f.text, options());
      benchmark::DoNotOptimize(ps::program::buildModel(parsed));
    }
  setCounters(state, files);
}
BENCHMARK(BM_ParseAndModelCorpus)->Unit(benchmark::kMillisecond)->UseRealTime();

/// The `.F`/`.F90` files, cpp run included.
void BM_PreprocessAndParseCorpus(benchmark::State& state)
{
  const auto files = corpus(true);
  for (auto _ : state)
    for (const auto& f : files)
      benchmark::DoNotOptimize(ps::fortran::parseSource(f.path, f.text, options()));
  setCounters(state, files);
}
BENCHMARK(BM_PreprocessAndParseCorpus)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
