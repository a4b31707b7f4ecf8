#include "scaling/measured-times.h"

#include "support/text.h"

#include <cmath>
#include <cstdlib>
#include <set>
#include <sstream>
#include <tuple>
#include <utility>

namespace ps::scaling {
namespace {

struct Cell {
  std::string text;
  int column; // 1-based
};

std::vector<Cell> splitCells(const std::string& line)
{
  std::vector<Cell> cells;
  std::size_t start = 0;
  for (;;) {
    const auto comma = line.find(',', start);
    const auto raw = line.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto lead = raw.find_first_not_of(" \t");
    cells.push_back({trim(raw), static_cast<int>(start + (lead == std::string::npos ? 0 : lead)) + 1});
    if (comma == std::string::npos)
      return cells;
    start = comma + 1;
  }
}

std::optional<double> number(const std::string& text)
{
  if (text.empty())
    return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (*end != '\0' || !std::isfinite(v))
    return std::nullopt;
  return v;
}

bool isHeader(const std::vector<Cell>& cells) { return !cells.empty() && !number(cells[0].text); }

bool parseRow(const std::vector<Cell>& cells, int line, Measurement& row, CsvError* error)
{
  static const char* kWhat[] = {"processor count p", "problem size n", "time in seconds"};
  double v[3];
  for (int i = 0; i < 3; ++i) {
    auto x = number(cells[static_cast<std::size_t>(i)].text);
    if (!x) {
      *error = {line, cells[static_cast<std::size_t>(i)].column,
                std::string("Expected a number for the ") + kWhat[i] + ", found '" + cells[static_cast<std::size_t>(i)].text + "'"};
      return false;
    }
    v[i] = *x;
  }
  if (v[0] < 1 || v[0] != std::floor(v[0]) || v[0] > 1e9) {
    *error = {line, cells[0].column, "The processor count must be a whole number of at least 1"};
    return false;
  }
  for (int i = 1; i < 3; ++i)
    if (!(v[i] > 0)) {
      *error = {line, cells[static_cast<std::size_t>(i)].column, std::string("The ") + kWhat[i] + " must be positive"};
      return false;
    }
  row = {static_cast<std::int64_t>(v[0]), v[1], v[2], cells.size() > 3 ? cells[3].text : std::string(), line};
  return true;
}

} // namespace

std::optional<std::vector<Measurement>> parseMeasurements(const std::string& text, CsvError* error)
{
  std::vector<Measurement> rows;
  std::set<std::tuple<std::string, std::int64_t, double>> seen;
  std::istringstream in(text);
  int lineNo = 0;
  bool firstRow = true; // a header of names is allowed there only
  for (std::string line; std::getline(in, line);) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (trim(line).empty() || trim(line)[0] == '#')
      continue;
    const auto cells = splitCells(line);
    const bool first = std::exchange(firstRow, false);
    if (first && isHeader(cells))
      continue;
    if (cells.size() < 3 || cells.size() > 4) {
      *error = {lineNo, 1, "Expected 3 or 4 columns (p, n, seconds[, variant]), found " + std::to_string(cells.size())};
      return std::nullopt;
    }
    Measurement row;
    if (!parseRow(cells, lineNo, row, error))
      return std::nullopt;
    if (!seen.insert({row.variant, row.p, row.n}).second) {
      *error = {lineNo, 1, "The point p = " + std::to_string(row.p) + ", n = " + formatNumber(row.n) +
                               " is measured twice"};
      return std::nullopt;
    }
    rows.push_back(row);
  }
  if (rows.empty()) {
    *error = {lineNo, 1, "The file has no measurements"};
    return std::nullopt;
  }
  return rows;
}

std::optional<double> findMeasurement(const std::vector<Measurement>& rows, double p, double n)
{
  for (const auto& r : rows)
    if (double(r.p) == p && r.n == n)
      return r.seconds;
  return std::nullopt;
}

MeasuredModel::MeasuredModel(std::string name, std::vector<Measurement> rows, symbolic::Formula work, bool interpolate)
    : m_name(std::move(name)), m_work(std::move(work)), m_interpolate(interpolate)
{
  for (const auto& r : rows)
    m_byP[r.p][r.n] = r.seconds;
}

ModelValue MeasuredModel::work(double n) const { return workFromFormula(m_work, m_name, n); }

ModelValue MeasuredModel::time(double p, double n) const
{
  auto at = m_byP.find(static_cast<std::int64_t>(p));
  if (at == m_byP.end() || static_cast<double>(at->first) != p)
    return ModelValue::failure("'" + m_name + "' has no measurement at p = " + formatNumber(p));
  const auto& sizes = at->second;
  if (auto exact = sizes.find(n); exact != sizes.end())
    return ModelValue::of(exact->second);
  const double lo = sizes.begin()->first, hi = sizes.rbegin()->first;
  const std::string range = "measured n at p = " + formatNumber(p) + ": " + formatNumber(lo) + " to " + formatNumber(hi);
  if (n < lo || n > hi)
    return ModelValue::failure("'" + m_name + "' is not extrapolated to n = " + formatNumber(n) + " (" + range + ")");
  if (!m_interpolate)
    return ModelValue::failure("'" + m_name + "' has no measurement at p = " + formatNumber(p) + ", n = " +
                               formatNumber(n) + " (" + range + "); give --interpolate to interpolate");
  auto upper = sizes.upper_bound(n);
  auto lower = std::prev(upper);
  const double f = (n - lower->first) / (upper->first - lower->first);
  return ModelValue::of(lower->second + f * (upper->second - lower->second));
}

} // namespace ps::scaling
