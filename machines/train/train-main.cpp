// partscope-train: the MPI training set. Run under mpirun; world rank 0 writes
// the raw measurements as JSON lines (contract 1 of issue 11) to stdout or
// --output and progress lines ("progress DONE/TOTAL TEXT") to stderr.
// Source: Balasundaram, Fox, Kennedy, Kremer 1991, Sec. 5 (the training set);
// P3T+ Secs. 3.3.1-3.3.2 (the kernel library of basic operations).
// Compiled with PS_TRAIN_SIMULATED (partscope-train-smpi, SimGrid's smpicxx)
// it measures the communication patterns only: simulated time charges no
// computation, so the kernels would measure nothing. The header then says
// "simulated": true and no "operation" lines follow.

#include "curve-sweep.h"
#include "json-lines.h"
#ifndef PS_TRAIN_SIMULATED
#include "operation-costs.h"
#endif
#include "pattern-calls.h"
#include "size-grid.h"

// smpicxx force-includes SimGrid's helpers, whose exit(x) macro would
// rename CLI::App::exit; the header is read without it.
#pragma push_macro("exit")
#undef exit
#include <CLI/CLI.hpp>
#pragma pop_macro("exit")
#include <mpi.h>

#include <ctime>
#include <memory>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace {

#ifdef PS_TRAIN_SIMULATED
constexpr bool kSimulated = true;
#else
constexpr bool kSimulated = false;
#endif

struct Options {
  bool quick = false, oversubscribed = false;
  std::int64_t maxBytes = 0; // 0: the mode's default
  std::string patterns = "iSR,vSR,EXCH,BCAST,COMBN,pingpong";
  std::string output;
};

/// The sweep of each mode. Quick: the CI budget (a whole 2-rank run well
/// under 60 s on a loaded 2-core machine).
ps::train::SweepOptions sweepOptions(const Options& o)
{
  ps::train::SweepOptions s;
  std::stringstream list(o.patterns);
  for (std::string p; std::getline(list, p, ',');)
    if (!p.empty()) // "vSR,,BCAST" names two, as partscope-cli calibrate reads it
      s.patterns.push_back(p);
  if (o.quick) {
    s.maxBytes = 1 << 20;
    s.maxElementShiftBytes = 8 << 10;
    s.gridRatio = 4;
    s.fineGrid = false;
    s.refineRounds = 1;
    s.refineLimit = 3;
    s.timing = {2, 15, 0.002, 1024};
  }
  if (o.maxBytes > 0)
    s.maxBytes = o.maxBytes;
  if (kSimulated) // simulated time is deterministic: every repetition times the same; fewer keep SimGrid quick
    s.timing.repetitions = 3;
  return s;
}

/// A barrier that sleeps instead of spinning, so that waiting ranks leave the
/// cores to the ranks measuring (OpenMPI's MPI_Barrier polls).
void politeBarrier(MPI_Comm comm)
{
  MPI_Request request;
  MPI_Ibarrier(comm, &request);
  for (int done = 0; !done;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (!done)
      usleep(200);
  }
}

std::string utcNow()
{
  const std::time_t now = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return text;
}

std::string mpiLibrary()
{
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int length = 0;
  MPI_Get_library_version(text, &length);
  const std::string all(text, std::size_t(length));
  return all.substr(0, all.find_first_of(std::string("\r\n\0", 3)));
}

/// True when some node runs more ranks than it has cores (never in a
/// simulation: every rank has a simulated host of its own).
bool detectOversubscription()
{
  if (kSimulated)
    return false;
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int local = 0;
  MPI_Comm_size(node, &local);
  MPI_Comm_free(&node);
  int over = local > int(std::thread::hardware_concurrency()) ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &over, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return over != 0;
}

nlohmann::json header(const Options& o, int worldSize, bool oversubscribed)
{
  char host[MPI_MAX_PROCESSOR_NAME];
  int length = 0;
  MPI_Get_processor_name(host, &length);
  return {{"kind", "header"}, {"host", std::string(host, std::size_t(length))}, {"mpi_library", mpiLibrary()},
          {"started_at", utcNow()}, {"ranks", worldSize}, {"oversubscribed", oversubscribed}, {"quick", o.quick},
          {"simulated", kSimulated}};
}

/// The kernel library's costs (world rank 0 alone); nothing in a simulation.
void measureOperations(const Options& o, int rank, ps::train::JsonLines* out, ps::train::Progress& progress)
{
#ifdef PS_TRAIN_SIMULATED
  (void)o, (void)rank, (void)out, (void)progress;
#else
  if (rank == 0) {
    const auto costs = o.quick ? ps::train::measureOperationCosts(1 << 19, 3)
                               : ps::train::measureOperationCosts(1 << 21, 5);
    for (const auto& c : costs)
      out->write({{"kind", "operation"}, {"operation", c.operation}, {"seconds", c.seconds}});
    progress.step("basic operations");
  }
  politeBarrier(MPI_COMM_WORLD);
#endif
}

void measureCurves(const ps::train::SweepOptions& s, int rank, int worldSize, ps::train::JsonLines* out,
                   ps::train::Progress& progress)
{
  for (const auto& curve : ps::train::plannedCurves(s, worldSize)) {
    MPI_Comm comm;
    MPI_Comm_split(MPI_COMM_WORLD, rank < curve.ranks ? 0 : MPI_UNDEFINED, rank, &comm);
    if (comm != MPI_COMM_NULL) {
      ps::train::measureCurve(curve, comm, s, progress, out);
      MPI_Comm_free(&comm);
    }
    politeBarrier(MPI_COMM_WORLD);
  }
}

int plannedPoints(const ps::train::SweepOptions& s, int worldSize)
{
  int total = kSimulated ? 0 : 1; // the basic operations
  for (const auto& c : ps::train::plannedCurves(s, worldSize))
    total += int(ps::train::logGrid(c.maxBytes, s.gridRatio, s.fineGrid).size());
  return total;
}

/// The options' problems, checked the same on every rank; empty when fine.
std::string checkOptions(const ps::train::SweepOptions& s, int worldSize)
{
  if (worldSize < 2)
    return "The training set needs at least 2 ranks (run it under mpirun -n 2 or more)";
  if (s.patterns.empty())
    return "No pattern given to --patterns";
  for (const auto& p : s.patterns)
    if (!ps::train::isPattern(p))
      return "Unknown pattern '" + p + "' (known: iSR, vSR, EXCH, BCAST, COMBN, pingpong)";
  return {};
}

int train(const Options& o, int rank, int worldSize)
{
  const auto s = sweepOptions(o);
  if (const auto problem = checkOptions(s, worldSize); !problem.empty()) {
    if (rank == 0)
      std::fprintf(stderr, "partscope-train: %s\n", problem.c_str());
    return 2;
  }
  const bool oversubscribed = detectOversubscription() || o.oversubscribed;
  std::unique_ptr<ps::train::JsonLines> out;
  int opened = 1;
  if (rank == 0) {
    out = std::make_unique<ps::train::JsonLines>(o.output);
    opened = out->ok() ? 1 : 0;
  }
  MPI_Bcast(&opened, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (!opened) {
    if (rank == 0)
      std::fprintf(stderr, "partscope-train: Cannot write '%s'\n", o.output.c_str());
    return 1;
  }
  ps::train::Progress progress{0, plannedPoints(s, worldSize), rank == 0};
  if (out)
    out->write(header(o, worldSize, oversubscribed));
  measureOperations(o, rank, out.get(), progress);
  measureCurves(s, rank, worldSize, out.get(), progress);
  if (out)
    out->write({{"kind", "end"}});
  return 0;
}

} // namespace

int main(int argc, char** argv)
{
  CLI::App app{"partscope-train: the MPI training set of PartScope (run it under mpirun)"};
  Options o;
  app.add_flag("--quick", o.quick, "Quick mode: fewer sizes and repetitions, messages up to 1 MiB (CI)");
  app.add_option("--max-bytes", o.maxBytes,
                 "Largest message in bytes (default 8 MiB, quick 1 MiB; at least 8, at most 1 GiB)")
      ->check(CLI::Range(std::int64_t{8}, std::int64_t{1} << 30)); // ps::machine::kMinCalibrationBytes
  app.add_option("--patterns", o.patterns, "Comma-separated patterns (default: all six)");
  app.add_option("--output", o.output, "Write the JSON lines to this file instead of stdout");
  app.add_flag("--oversubscribed", o.oversubscribed, "Record the run as oversubscribed (set by partscope-cli)");
  MPI_Init(&argc, &argv);
  int rank = 0, worldSize = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &worldSize);
  int status = 0;
  try {
    app.parse(argc, argv);
    status = train(o, rank, worldSize);
  } catch (const CLI::ParseError& e) {
    status = rank == 0 ? (app.exit)(e) : 0; // parenthesized: not SimGrid's exit(x) macro
    status = status == 0 ? 0 : 2;
  }
  MPI_Finalize();
  return status;
}
