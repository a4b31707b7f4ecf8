// partscope-replay: performs the message list of an estimate
// (core/estimate/message-list.h, `partscope-cli validate`) with MPI and
// prints the time it took as JSON on rank 0:
//   {"measured_tt_s":T,"ranks":P,"messages":M,"bytes":B}
// T is the wall time of the whole list, MPI_Wtime from a common barrier to
// each rank's last completed step, the maximum over ranks. The same source
// is built with mpicxx (a real run under mpirun) and with smpicxx (SimGrid's
// SMPI, under smpirun, where MPI_Wtime is simulated time).
//
// What is measured is the estimator's TT (P3T+ Def. 3.5: per exchange the
// slowest processor, summed over the exchanges): exchanges run in sequence
// and, inside one, its steps run in sequence on each rank, every step an
// Irecv/Isend/Waitall with the step's partners (a rank sends and receives at
// most one message per step). Sends are synchronous (MPI_Issend): a sender
// is busy until its message has arrived, as the estimator charges the whole
// rho + beta * bytes to the sender too; with buffered sends a rank that only
// sends would run ahead into the next exchange and overlap the two (Jacobi
// on 2x2 then took 10% less than predicted). There is no barrier between
// exchanges, since a barrier costs messages the estimator does not charge:
// the total equals the summed per-exchange maxima when the exchanges chain
// through their processors (a stencil's, Jacobi's) and is less when
// consecutive exchanges involve disjoint processors, which then overlap.
// No computation is replayed (CT).
// One untimed warm-up pass of every distinct exchange comes first, so a real
// run does not time the connection set-up of its first messages.
//
// With --global-clock (SimGrid, whose MPI_Wtime is one simulated clock) T is
// the last rank's end minus the last rank's start: the barrier releases the
// ranks one after another (every release message costs SMPI's rho), and that
// skew, about (P - 2) * rho, is not a transfer the estimator charges; a
// single pass of Jacobi on 4x4 measured 1.8 ms against 0.41 ms predicted.
//
// Usage: partscope-replay LIST.json [--global-clock]   (exit 2 on a bad list or rank count)
#include <mpi.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// What one rank does in one step of an exchange (-1: nothing).
struct RankStep {
  int sendTo = -1, recvFrom = -1;
  int sendBytes = 0, recvBytes = 0;
};

/// One exchange seen from one rank: its steps that involve the rank.
struct RankExchange {
  long long repeat = 0;
  std::vector<RankStep> steps;
};

struct RankProgram {
  std::vector<RankExchange> exchanges;
  long long messages = 0, bytes = 0; // sent by this rank, repeats counted
  int largest = 0;                   // bytes of the largest message
};

bool fail(int rank, const std::string& message)
{
  if (rank == 0)
    std::cerr << "partscope-replay: " << message << "\n";
  return false;
}

/// Adds the rank's part of one step; false when a message is too large.
bool addStep(const nlohmann::json& step, int rank, long long repeat, RankProgram& program, RankStep& mine)
{
  for (const auto& m : step) {
    const long long from = m.at(0), to = m.at(1), bytes = m.at(2);
    if (bytes > INT_MAX || bytes < 0)
      return fail(rank, "A message of " + std::to_string(bytes) + " bytes does not fit in one MPI count");
    if (from == rank) {
      mine.sendTo = static_cast<int>(to);
      mine.sendBytes = static_cast<int>(bytes);
      program.messages += repeat;
      program.bytes += bytes * repeat;
    }
    if (to == rank) {
      mine.recvFrom = static_cast<int>(from);
      mine.recvBytes = static_cast<int>(bytes);
    }
    program.largest = std::max(program.largest, static_cast<int>(bytes));
  }
  return true;
}

bool load(const std::string& path, int rank, int size, RankProgram& program)
{
  std::ifstream in(path);
  if (!in)
    return fail(rank, "Cannot read the message list '" + path + "'");
  nlohmann::json list;
  try {
    list = nlohmann::json::parse(in);
    if (list.at("processors").get<long long>() != size)
      return fail(rank, "The message list is for " + std::to_string(list.at("processors").get<long long>()) +
                            " processors, but " + std::to_string(size) + " ranks run it");
    for (const auto& record : list.at("records"))
      for (const auto& exchange : record.at("exchanges")) {
        RankExchange mine{exchange.at("repeat").get<long long>(), {}};
        for (const auto& step : exchange.at("steps")) {
          RankStep s;
          if (!addStep(step, rank, mine.repeat, program, s))
            return false;
          if (s.sendTo >= 0 || s.recvFrom >= 0)
            mine.steps.push_back(s);
        }
        program.exchanges.push_back(std::move(mine));
      }
  } catch (const nlohmann::json::exception& e) {
    return fail(rank, std::string("The message list is not valid: ") + e.what());
  }
  return true;
}

void perform(const RankExchange& exchange, std::vector<char>& sendBuffer, std::vector<char>& recvBuffer)
{
  for (const auto& s : exchange.steps) {
    MPI_Request requests[2];
    int n = 0;
    if (s.recvFrom >= 0)
      MPI_Irecv(recvBuffer.data(), s.recvBytes, MPI_BYTE, s.recvFrom, 0, MPI_COMM_WORLD, &requests[n++]);
    if (s.sendTo >= 0)
      MPI_Issend(sendBuffer.data(), s.sendBytes, MPI_BYTE, s.sendTo, 0, MPI_COMM_WORLD, &requests[n++]);
    MPI_Waitall(n, requests, MPI_STATUSES_IGNORE);
  }
}

} // namespace

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  RankProgram program;
  const bool globalClock = argc == 3 && std::string(argv[2]) == "--global-clock";
  int ok = argc == 2 || globalClock ? load(argv[1], rank, size, program)
                                    : fail(rank, "Usage: partscope-replay LIST.json [--global-clock]");
  MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (!ok) {
    MPI_Finalize();
    return 2;
  }
  std::vector<char> sendBuffer(static_cast<std::size_t>(program.largest) + 1, 'p'), recvBuffer(sendBuffer.size());
  for (const auto& e : program.exchanges) // warm-up: connections and buffers, untimed
    perform(e, sendBuffer, recvBuffer);
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  for (const auto& e : program.exchanges)
    for (long long r = 0; r < e.repeat; ++r)
      perform(e, sendBuffer, recvBuffer);
  const double end = MPI_Wtime();
  double mine[3] = {end - start, start, end}, last[3] = {0, 0, 0}; // the maxima over the ranks
  long long counts[2] = {program.messages, program.bytes}, totals[2] = {0, 0};
  MPI_Reduce(mine, last, 3, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  const double slowest = globalClock ? last[2] - last[1] : last[0];
  MPI_Reduce(counts, totals, 2, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    std::ostringstream out; // one line, full precision
    out.precision(17);
    out << "{\"measured_tt_s\":" << slowest << ",\"ranks\":" << size << ",\"messages\":" << totals[0]
        << ",\"bytes\":" << totals[1] << "}\n";
    std::cout << out.str() << std::flush;
  }
  MPI_Finalize();
  return 0;
}
