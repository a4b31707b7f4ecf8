#include "operation-costs.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <limits>
#include <map>
#include <numeric>

extern "C" {
void ps_kernel_empty(int n);
double ps_kernel_add(int n, double s0, double c);
double ps_kernel_mul(int n, double s0, double c);
double ps_kernel_div(int n, double s0, double c);
double ps_kernel_pow(int n, double s0, double c);
double ps_kernel_sqrt(int n, double s0);
double ps_kernel_exp(int n, double s0);
int ps_kernel_load(int n, const int* next, int m);
int ps_kernel_index(int n, const int* next, int m, int k, int l);
int ps_kernel_store(int n, const int* next, int m);
double ps_kernel_call(int n, double s0);
}

namespace ps::train {
namespace {

/// Keeps kernel results alive so the calls are not dropped.
volatile double g_keep = 0;

double fastestSeconds(const std::function<double()>& kernel, int repetitions)
{
  double best = std::numeric_limits<double>::max();
  for (int r = 0; r < repetitions; ++r) {
    const auto start = std::chrono::steady_clock::now();
    g_keep = g_keep + kernel();
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    best = std::min(best, took.count());
  }
  return best;
}

/// A cyclic chase through 1024 entries (Fortran indices, 1-based), small
/// enough to stay in the first-level cache: loads, not cache misses.
std::vector<int> chaseTable()
{
  std::vector<int> next(1024);
  for (int i = 0; i < 1024; ++i)
    next[i] = (i * 389 + 1) % 1024 + 1; // 389 is prime: one cycle through every entry
  return next;
}

std::map<std::string, double> kernelTimes(int n, int reps)
{
  const auto next = chaseTable();
  const int m = int(next.size());
  // Values the compiler cannot see: constants near 1 keep every chain finite.
  const double s0 = 1.5 + g_keep * 0, c = 1.0000001 + g_keep * 0;
  std::map<std::string, std::function<double()>> kernels{
      {"empty", [=] { ps_kernel_empty(n); return 0.0; }},
      {"add_sub", [=] { return ps_kernel_add(n, s0, c); }},
      {"mul", [=] { return ps_kernel_mul(n, s0, c); }},
      {"div", [=] { return ps_kernel_div(n, s0, c); }},
      {"pow", [=] { return ps_kernel_pow(n, s0, c); }},
      {"sqrt", [=] { return ps_kernel_sqrt(n, s0); }},
      {"exp", [=] { return ps_kernel_exp(n, s0); }},
      {"call", [=] { return ps_kernel_call(n, s0); }},
      {"load", [&] { return double(ps_kernel_load(n, next.data(), m)); }},
      {"index", [&] { return double(ps_kernel_index(n, next.data(), m, 1, 0)); }},
      {"store", [&] { return double(ps_kernel_store(n, next.data(), m)); }},
  };
  std::map<std::string, double> times;
  for (const auto& [name, kernel] : kernels)
    times[name] = fastestSeconds(kernel, reps) / n;
  return times;
}

} // namespace

std::vector<OperationCost> measureOperationCosts(int iterations, int repetitions)
{
  const auto t = kernelTimes(iterations, repetitions);
  const auto above = [](double kernel, double base) { return std::max(kernel - base, 1e-12); };
  const double empty = t.at("empty");
  std::vector<OperationCost> costs{{"loop", std::max(empty, 1e-12)}};
  for (const char* name : {"add_sub", "mul", "div", "pow", "sqrt", "exp", "call"})
    costs.push_back({name, above(t.at(name), empty)});
  costs.push_back({"load", above(t.at("load"), empty)});
  costs.push_back({"index", above(t.at("index"), t.at("load"))});
  costs.push_back({"store", above(t.at("store"), t.at("load"))});
  const double sqrt = above(t.at("sqrt"), empty), exp = above(t.at("exp"), empty);
  costs.push_back({"intrinsic", (sqrt + exp) / 2});
  return costs;
}

} // namespace ps::train
