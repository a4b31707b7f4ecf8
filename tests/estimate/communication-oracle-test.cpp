// The run-based communication and work counts against brute force: every
// iteration of a 2-D nest is visited, owners are computed with HPF's
// formulas written out here, and the distinct (source, destination, element)
// transfers give NT and TD of one hoisted exchange.
#include "estimate/run-estimate.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace ps;

namespace {

struct LoopRange {
  std::int64_t first, last, step;
};

/// do j = J; do i = I; a(i, j) = b(ci*i + di, cj*j + dj).
struct CommRow {
  LoopRange j, i;
  std::int64_t ci, di, cj, dj;
  const char* formats; // "BLOCK,CYCLIC(3)"
  std::int64_t p0, p1; // processors arrangement p0 x p1
};

constexpr std::int64_t kN = 20;

/// HPF ownership of 1..kN; indices outside belong to the nearest bound's owner.
std::int64_t hpfOwner(std::string format, std::int64_t i, std::int64_t procs)
{
  i = std::clamp<std::int64_t>(i, 1, kN);
  if (format == "*")
    return 0;
  if (format == "BLOCK")
    return (i - 1) / ((kN + procs - 1) / procs);
  if (format.rfind("BLOCK(", 0) == 0) // too small blocks: the last processor keeps the rest
    return std::min<std::int64_t>((i - 1) / std::stoll(format.substr(6)), procs - 1);
  const auto k = format == "CYCLIC" ? 1 : std::stoll(format.substr(7));
  return ((i - 1) / k) % procs;
}

std::string fortranOf(const CommRow& r)
{
  auto header = [](const char* v, const LoopRange& l) {
    return std::string("  do ") + v + " = " + std::to_string(l.first) + ", " + std::to_string(l.last) + ", " +
           std::to_string(l.step) + "\n";
  };
  auto sub = [](std::int64_t c, const char* v, std::int64_t d) {
    return std::to_string(c) + " * " + v + " + (" + std::to_string(d) + ")";
  };
  return "program comm\n  integer :: i, j\n  double precision :: a(20, 20), b(20, 20)\n" + header("j", r.j) +
         header("i", r.i) + "      a(i, j) = b(" + sub(r.ci, "i", r.di) + ", " + sub(r.cj, "j", r.dj) +
         ")\n    end do\n  end do\nend program comm\n";
}

void PrintTo(const CommRow& r, std::ostream* os)
{
  *os << "b(" << r.ci << "*i+" << r.di << ", " << r.cj << "*j+" << r.dj << ") under (" << r.formats << ") on "
      << r.p0 << "x" << r.p1;
}

std::vector<std::int64_t> values(const LoopRange& l)
{
  std::vector<std::int64_t> out;
  for (auto v = l.first; l.step > 0 ? v <= l.last : v >= l.last; v += l.step)
    out.push_back(v);
  return out;
}

} // namespace

class CommunicationOracle : public testing::TestWithParam<CommRow> {};

TEST_P(CommunicationOracle, RunsEqualBruteForce)
{
  const auto r = GetParam();
  const auto comma = std::string(r.formats).find(',');
  const std::string f0 = std::string(r.formats).substr(0, comma), f1 = std::string(r.formats).substr(comma + 1);
  const bool both = f0 != "*" && f1 != "*";
  const auto procs0 = f0 == "*" ? 1 : r.p0, procs1 = f1 == "*" ? 1 : (both ? r.p1 : r.p0);
  auto processor = [&](std::int64_t x, std::int64_t y) {
    const auto c0 = hpfOwner(f0, x, procs0), c1 = hpfOwner(f1, y, procs1);
    return c0 + c1 * procs0; // column-major processor numbers
  };
  std::set<std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>> transfers;
  std::vector<double> work(static_cast<std::size_t>(procs0 * procs1), 0.0);
  for (auto j : values(r.j)) {
    for (auto i : values(r.i)) {
      const auto to = processor(i, j);
      const auto x = r.ci * i + r.di, y = r.cj * j + r.dj;
      const auto from = processor(x, y);
      work[to] += 1;
      if (from != to)
        transfers.insert({from, to, x, y});
    }
  }
  std::set<std::pair<std::int64_t, std::int64_t>> messages;
  for (const auto& [from, to, x, y] : transfers)
    messages.insert({from, to});

  auto p = test::build(fortranOf(r));
  const auto arrangement = both ? std::to_string(r.p0) + "x" + std::to_string(r.p1) : std::to_string(r.p0);
  auto e = test::run(p, 4, std::string("a,b=(") + r.formats + ")", arrangement, {});
  EXPECT_EQ(e.workPerProc, work);
  EXPECT_EQ(e.nt, static_cast<std::int64_t>(messages.size()));
  EXPECT_EQ(e.tdBytes, static_cast<std::int64_t>(transfers.size()) * 8);
}

INSTANTIATE_TEST_SUITE_P(
  Rows, CommunicationOracle,
  testing::Values(CommRow{{1, 20, 1}, {2, 19, 1}, 1, -1, 1, 0, "BLOCK,*", 4, 1},       // shift up
                  CommRow{{1, 20, 1}, {1, 17, 1}, 1, 3, 1, 0, "BLOCK,*", 4, 1},        // shift by 3
                  CommRow{{1, 20, 1}, {19, 2, -1}, 1, 1, 1, 0, "CYCLIC,*", 4, 1},      // reversed loop
                  CommRow{{1, 20, 1}, {1, 20, 3}, 1, 0, 1, 0, "CYCLIC(3),*", 3, 1},    // strided, local
                  CommRow{{1, 20, 1}, {1, 10, 1}, 2, 0, 1, 0, "BLOCK,*", 4, 1},        // stride-2 read
                  CommRow{{1, 20, 1}, {1, 20, 1}, -1, 21, 1, 0, "CYCLIC(2),*", 4, 1},  // reversal
                  CommRow{{2, 19, 1}, {2, 19, 1}, 1, 1, 1, -1, "BLOCK,BLOCK", 2, 2},   // diagonal shift
                  CommRow{{1, 20, 2}, {1, 20, 1}, 1, 0, 1, 1, "*,CYCLIC(3)", 4, 1},    // column shift
                  CommRow{{1, 20, 1}, {1, 20, 1}, 1, 0, 0, 5, "BLOCK,CYCLIC", 2, 3},   // broadcast column
                  CommRow{{1, 20, 1}, {1, 20, 1}, 0, 7, 0, 7, "CYCLIC,BLOCK(10)", 3, 2}, // one element
                  CommRow{{1, 20, 1}, {2, 19, 1}, 1, -1, 1, 0, "BLOCK,*", 1, 1},      // one processor
                  // CYCLIC rows are counted one period at a time: periods cut by the template's end
                  CommRow{{1, 20, 1}, {1, 20, 1}, 1, 2, 1, 0, "CYCLIC,*", 3, 1},      // past the upper bound
                  CommRow{{1, 20, 1}, {1, 9, 1}, 2, 1, 1, 0, "CYCLIC(3),*", 4, 1},    // stride 2, period 6
                  CommRow{{2, 19, 1}, {1, 20, 1}, 1, -3, 1, -1, "CYCLIC(3),CYCLIC", 2, 2}, // below lb, 2-D
                  CommRow{{1, 20, 1}, {20, 1, -1}, -1, 20, 1, 0, "CYCLIC(2),*", 3, 1}));   // reversed both
