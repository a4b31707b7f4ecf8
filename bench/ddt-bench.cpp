// Speed of Suggest Distribution (issue: the full search for ADI at P = 16
// under 100 ms; a 20-phase synthetic program with 4 arrays under 2 s, with
// the node count reported). The whole distribute() call is timed: phases,
// alignment, candidates, static solutions, the remapping search, and the
// search again for each iterative loop.
#include "ddt/plan.h"
#include "fortran/parser.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <memory>
#include <sstream>

using namespace ps;

namespace {

struct Loaded {
  std::unique_ptr<fortran::ParsedFile> parsed;
  program::ProgramModel model;
};

Loaded load(const std::string& path, const std::string& text)
{
  Loaded l;
  l.parsed = std::make_unique<fortran::ParsedFile>(fortran::parseSource(path, text));
  l.model = program::buildModel(*l.parsed);
  return l;
}

std::string readFile(const std::string& path)
{
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// A time loop around `phases` sweeps over four 2-D arrays: forward and
/// backward recurrences along either dimension and point-wise updates,
/// each reading a different pair of arrays (free form).
std::string syntheticProgram(int phases)
{
  std::ostringstream f;
  f << "program synth\n  integer, parameter :: n = 128\n  real(8) :: a(n,n), b(n,n), c(n,n), d(n,n)\n"
    << "  integer :: i, j, it\n  do it = 1, 20\n";
  const char* arrays[] = {"a", "b", "c", "d"};
  for (int k = 0; k < phases; ++k) {
    const char* w = arrays[k % 4];
    const char* r = arrays[(k + 1 + k / 4) % 4];
    const char* s = arrays[(k + 3) % 4];
    switch (k % 3) {
    case 0: // recurrence along j: rows are parallel
      f << "    do j = 2, n\n      do i = 1, n\n        " << w << "(i,j) = " << w << "(i,j-1) + " << r
        << "(i,j) * " << s << "(i,j-1)\n      end do\n    end do\n";
      break;
    case 1: // recurrence along i: columns are parallel
      f << "    do j = 1, n\n      do i = 2, n\n        " << w << "(i,j) = " << w << "(i-1,j) * " << r
        << "(i,j) + " << s << "(i-1,j)\n      end do\n    end do\n";
      break;
    default: // point-wise with a transposed read
      f << "    do j = 1, n\n      do i = 1, n\n        " << w << "(i,j) = " << r << "(j,i) + " << s
        << "(i,j)\n      end do\n    end do\n";
    }
  }
  f << "  end do\n  print *, a(1,1)\nend program synth\n";
  return f.str();
}

void run(benchmark::State& state, const program::Unit& unit, const ddt::DistributeOptions& options,
         double byteTime = 1e-6)
{
  std::string error;
  auto machine = *machine::findProfile("ddt", &error);
  machine.byteTime = byteTime;
  ddt::SearchStats stats;
  for (auto _ : state) {
    auto r = ddt::distribute(unit, machine, {}, options);
    if (!r.plan) {
      state.SkipWithError(r.errors.empty() ? "no plan" : r.errors.front().c_str());
      return;
    }
    stats = r.plan->whole.dynamic.stats;
    benchmark::DoNotOptimize(r);
  }
  state.counters["nodes"] = static_cast<double>(stats.nodes);
  state.counters["pruned"] = static_cast<double>(stats.pruned);
}

// Argument: 1 = the paper's phase times given, 0 = every phase estimated on the profile.
void adi(benchmark::State& state)
{
  static const auto program = load("adi.f", readFile(std::string(PS_SOURCE_DIR) + "/sampleprograms/adi.f"));
  ddt::DistributeOptions o;
  o.processors = 16;
  if (state.range(0))
    o.phaseTimes = {{35, 0.352925}, {40, 0.003391}, {43, 0.177513}, {48, 0.324565}, {53, 0.002261}, {56, 0.177513}};
  run(state, program.model.units.at(0), o);
}
BENCHMARK(adi)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

// Arguments: number of phases in the time loop (4 arrays, 2-D grids of
// 16); remote access time in ns per byte (1000 = DDT's 1 us, where static
// wins; 10 makes remapping pay, so the search has work to do).
void synthetic(benchmark::State& state)
{
  const auto program = load("synth.f90", syntheticProgram(static_cast<int>(state.range(0))));
  ddt::DistributeOptions o;
  o.processors = 16;
  run(state, program.model.units.at(0), o, static_cast<double>(state.range(1)) * 1e-9);
}
BENCHMARK(synthetic)->ArgsProduct({{5, 10, 20}, {1000, 10}})->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
