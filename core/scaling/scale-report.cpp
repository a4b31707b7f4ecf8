#include "scaling/scale-report.h"

#include "support/text.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace ps::scaling {
namespace {

using nlohmann::json;

json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

json cellJson(const PsiCell& c)
{
  json j{{"p", c.p}, {"p_prime", c.pPrime}, {"n", c.n}};
  if (!c.root.ok()) {
    j["error"] = c.root.error;
    return j;
  }
  j.update({{"psi", c.root.psi}, {"w_prime", c.root.wPrime}, {"n_prime", c.root.nPrimeFloor},
            {"n_prime_real", c.root.nPrime}, {"time_s", c.root.time}});
  if (c.iterative.ok())
    j.update({{"iterations", c.iterative.iterations}, {"w_prime_iterative", c.iterative.wPrime}});
  else
    j.update({{"iterations", nullptr}, {"iterative_error", c.iterative.error}});
  return j;
}

json variantJson(const VariantScaling& v)
{
  json j{{"name", v.name}};
  if (!v.mapping.empty())
    j["mapping"] = v.mapping;
  if (!v.error.empty()) {
    j["error"] = v.error;
    return j;
  }
  j.update({{"time_s", v.time}, {"work", v.work}, {"avg_speed", v.averageSpeed},
            {"delta_s", v.delta ? json(*v.delta) : json(nullptr)}, {"psi", json::array()}});
  for (const auto& c : v.psi)
    j["psi"].push_back(cellJson(c));
  j["measured"] = json::array();
  for (const auto& m : v.measured)
    j["measured"].push_back({{"p", m.p}, {"n", m.n}, {"time_s", m.seconds}, {"work", m.work}, {"avg_speed", m.averageSpeed}});
  j["measured_psi"] = json::array();
  for (const auto& m : v.measuredPsi)
    j["measured_psi"].push_back({{"p_prime", m.pPrime}, {"n_prime", m.nPrime}, {"predicted", m.predicted},
                                 {"measured", m.measured}, {"diff_percent", m.differencePercent}});
  return j;
}

json crossingJson(const char* fixedKey, double fixed, const Crossing& c, const char* key, const char* prevKey)
{
  return {{fixedKey, fixed},
          {key, c.at},
          {prevKey, c.previous},
          {"faster_below", c.fasterBefore},
          {"faster_above", c.fasterAfter}};
}

json pairJson(const PairScaling& pair, const ScaleRequest& request)
{
  const auto& c = pair.comparison;
  json j{{"a", pair.a},          {"b", pair.b},         {"alpha", c.alpha},       {"slower", c.slower},
         {"faster", c.faster},   {"ratios", json::array()}, {"decision", c.decision}, {"theorem", c.theorem},
         {"scaled_crossing_point", c.scaledCrossingPoint ? json(*c.scaledCrossingPoint) : json(nullptr)}};
  for (const auto& r : c.ratios)
    j["ratios"].push_back({{"p_prime", r.pPrime}, {"ratio", number(r.ratio)}, {"crossing", r.crossing}});
  j["superior_ranges"] = json::array();
  for (const auto& r : c.superiorRanges)
    j["superior_ranges"].push_back({{"variant", r.name}, {"from", r.from}, {"to", r.to}});
  const auto& et = pair.executionTime;
  json points = json::array();
  for (std::size_t i = 0; i < et.pPrimes.size(); ++i)
    points.push_back({{"p_prime", et.pPrimes[i]},
                      {"slower_at_own_s", number(et.slowerAtOwn[i])},
                      {"faster_at_slower_work_s", number(et.fasterAtSlowerWork[i])},
                      {"slower_at_faster_work_s", number(et.slowerAtFasterWork[i])},
                      {"faster_at_own_s", number(et.fasterAtOwn[i])}});
  const auto optional = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
  j["execution_time_test"] = {{"scaled_crossing_point", optional(et.scaledCrossingPoint)},
                              {"equal_work_crossing_point", optional(et.equalWorkCrossingPoint)},
                              {"points", points}};
  j["equal_size"] = json::array();
  j["equal_size_scans"] = json::array();
  const double lo = request.nLo > 0 ? request.nLo : request.n / 4;
  const double hi = request.nHi > 0 ? request.nHi : request.n * 4;
  for (const auto& s : pair.overSize) {
    json scan{{"p", s.p}, {"n_from", lo}, {"n_to", hi}, {"crossings", json::array()}};
    for (const auto& x : s.scan.crossings) {
      scan["crossings"].push_back(x.at);
      j["equal_size"].push_back(crossingJson("p", s.p, x, "n_cross", "n_before"));
    }
    if (s.scan.crossings.empty())
      scan["note"] = s.scan.error.empty() ? "no crossing in range" : s.scan.error;
    j["equal_size_scans"].push_back(scan);
  }
  j["equal_size_p"] = json::array();
  for (const auto& x : pair.overProcessors.crossings)
    j["equal_size_p"].push_back(crossingJson("n", request.n, x, "p_cross", "p_before"));
  if (!pair.equalSizeScanned)
    j["equal_size_p_note"] = "not scanned";
  else if (pair.overProcessors.crossings.empty())
    j["equal_size_p_note"] = pair.overProcessors.error.empty() ? "no crossing in range" : pair.overProcessors.error;
  return j;
}

} // namespace

json toJson(const ScaleResult& result, const std::string& machine)
{
  const auto& r = result.request;
  json j{{"machine", machine}, {"initial", {{"p", r.p}, {"n", r.n}}}, {"variants", json::array()},
         {"comparisons", json::array()}, {"errors", result.errors}};
  for (const auto& v : result.variants)
    j["variants"].push_back(variantJson(v));
  for (const auto& p : result.pairs)
    j["comparisons"].push_back(pairJson(p, r));
  if (!j["comparisons"].empty()) {
    j["comparison"] = j["comparisons"].front();
    j["equal_size"] = j["comparison"]["equal_size"];
  } else {
    j["comparison"] = nullptr;
    j["equal_size"] = json::array();
  }
  return j;
}

namespace {

std::string timeText(double seconds)
{
  char b[32];
  if (seconds >= 1)
    std::snprintf(b, sizeof b, "%.4g s", seconds);
  else if (seconds >= 1e-3)
    std::snprintf(b, sizeof b, "%.4g ms", seconds * 1e3);
  else
    std::snprintf(b, sizeof b, "%.4g us", seconds * 1e6);
  return b;
}

std::string pad(const std::string& s, std::size_t width) { return s.size() >= width ? s + " " : s + std::string(width - s.size(), ' '); }

// The upper-triangular psi table: psi, then n' and the predicted time.
void psiTableText(const VariantScaling& v, const ScaleRequest& r, std::ostringstream& out)
{
  std::vector<double> ps{r.p};
  ps.insert(ps.end(), r.pPrimes.begin(), r.pPrimes.end());
  constexpr std::size_t w = 16;
  out << "  " << pad("psi(p,p')", 9);
  for (double pp : ps)
    out << pad("p'=" + formatNumber(pp), w);
  out << "\n";
  for (double p : ps) {
    std::string line1 = "  " + pad("p=" + formatNumber(p), 9), line2 = "  " + pad("", 9), line3 = line2;
    for (double pp : ps) {
      const PsiCell* cell = nullptr;
      for (const auto& c : v.psi)
        if (c.p == p && c.pPrime == pp)
          cell = &c;
      char b[32];
      std::snprintf(b, sizeof b, "%.3f", cell && cell->root.ok() ? cell->root.psi : 0.0);
      line1 += pad(!cell ? "" : cell->root.ok() ? b : "-", w);
      line2 += pad(cell && cell->root.ok() ? "n'=" + std::to_string(cell->root.nPrimeFloor) : "", w);
      line3 += pad(cell && cell->root.ok() ? "T=" + timeText(cell->root.time) : "", w);
    }
    out << line1 << "\n" << line2 << "\n" << line3 << "\n";
  }
  for (const auto& c : v.psi)
    if (!c.root.ok()) {
      out << "  psi(" << formatNumber(c.p) << "," << formatNumber(c.pPrime) << "): " << c.root.error << "\n";
      break;
    }
}

void variantText(const VariantScaling& v, const ScaleRequest& r, std::ostringstream& out)
{
  out << "Variant " << v.name << (v.mapping.empty() ? "" : "  " + v.mapping) << "\n";
  if (!v.error.empty()) {
    out << "  error: " << v.error << "\n\n";
    return;
  }
  out << "  T(p,W) = " << timeText(v.time) << ", W = " << formatNumber(v.work)
      << ", average speed a = " << formatNumber(v.averageSpeed) << " work/s\n";
  psiTableText(v, r, out);
  if (!v.measured.empty()) {
    out << "  measured:  p      n            T            a (work/s)\n";
    for (const auto& m : v.measured) {
      char b[128];
      std::snprintf(b, sizeof b, "             %-6lld %-12s %-12s %.6g\n", static_cast<long long>(m.p),
                    formatNumber(m.n).c_str(), timeText(m.seconds).c_str(), m.averageSpeed);
      out << b;
    }
  }
  for (const auto& m : v.measuredPsi) {
    char b[128];
    std::snprintf(b, sizeof b, "  psi(%s,%s) predicted %.3f, measured %.3f at n'=%lld (diff %.1f%%)\n",
                  formatNumber(r.p).c_str(), formatNumber(m.pPrime).c_str(), m.predicted, m.measured,
                  static_cast<long long>(m.nPrime), m.differencePercent);
    out << b;
  }
  out << "\n";
}

void pairText(const PairScaling& pair, const ScaleRequest& r, std::ostringstream& out)
{
  const auto& c = pair.comparison;
  char b[160];
  std::snprintf(b, sizeof b, "Range comparison %s vs %s: alpha = %.4f (%s initially slower)\n", pair.a.c_str(),
                pair.b.c_str(), c.alpha, c.slower.c_str());
  out << b << "  p'        Phi/Psi   crossing\n";
  for (const auto& x : c.ratios) {
    if (std::isnan(x.ratio)) // a psi without a value in that column
      std::snprintf(b, sizeof b, "  %-9s %-9s %s\n", formatNumber(x.pPrime).c_str(), "-", "-");
    else
      std::snprintf(b, sizeof b, "  %-9s %-9.4f %s\n", formatNumber(x.pPrime).c_str(), x.ratio, x.crossing ? "yes" : "no");
    out << b;
  }
  out << "  " << c.decision << "\n  (" << c.theorem << ")\n";
  const auto& et = pair.executionTime;
  if (et.equalWorkCrossingPoint != c.scaledCrossingPoint)
    out << "  note: at equal work W' (Sun 2002 Fig. 2 as printed) the slower one catches up "
        << (et.equalWorkCrossingPoint ? "at p' = " + formatNumber(*et.equalWorkCrossingPoint) : std::string("nowhere in range"))
        << "\n";
  out << "  Equal-size crossing points:\n";
  for (const auto& s : pair.overSize) {
    out << "    p = " << formatNumber(s.p) << ": ";
    if (s.scan.crossings.empty())
      out << (s.scan.error.empty() ? "no crossing in range" : s.scan.error) << "\n";
    for (const auto& x : s.scan.crossings)
      out << "n = " << formatNumber(x.at) << " (" << x.fasterBefore << " faster below, " << x.fasterAfter
          << " above)  ";
    if (!s.scan.crossings.empty())
      out << "\n";
  }
  out << "    n = " << formatNumber(r.n) << ": ";
  if (pair.overProcessors.crossings.empty())
    out << (pair.overProcessors.error.empty() ? "no crossing in range" : pair.overProcessors.error);
  for (const auto& x : pair.overProcessors.crossings)
    out << "p = " << formatNumber(x.at) << " (" << x.fasterBefore << " faster below, " << x.fasterAfter << " above)  ";
  out << "\n\n";
}

} // namespace

std::string toText(const ScaleResult& result, const std::string& machine)
{
  std::ostringstream out;
  const auto& r = result.request;
  out << "Isospeed scalability on " << machine << ", initial state p = " << formatNumber(r.p)
      << ", n = " << formatNumber(r.n) << "\n\n";
  for (const auto& e : result.errors)
    out << "error: " << e << "\n";
  for (const auto& v : result.variants)
    variantText(v, r, out);
  for (const auto& p : result.pairs)
    pairText(p, r, out);
  return out.str();
}

} // namespace ps::scaling
