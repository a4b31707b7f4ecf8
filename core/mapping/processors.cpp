#include "mapping/processors.h"

#include <cmath>

namespace ps::mapping {

std::string ProcessorsArrangement::str() const
{
  std::string s;
  for (std::size_t i = 0; i < shape.size(); ++i)
    s += (i ? "x" : "") + std::to_string(shape[i]);
  return s;
}

std::int64_t ProcessorsArrangement::linear(const std::vector<std::int64_t>& coords) const
{
  std::int64_t p = 0;
  for (std::size_t d = shape.size(); d-- > 0;)
    p = p * shape[d] + coords[d];
  return p;
}

std::vector<std::int64_t> ProcessorsArrangement::coordinates(std::int64_t p) const
{
  std::vector<std::int64_t> c(shape.size());
  for (std::size_t d = 0; d < shape.size(); ++d) {
    c[d] = p % shape[d];
    p /= shape[d];
  }
  return c;
}

ProcessorsArrangement ProcessorsArrangement::reshaped(int rank) const
{
  if (rank == this->rank() || rank < 1)
    return *this;
  ProcessorsArrangement out{name, {}};
  auto remaining = count();
  for (int d = rank; d > 1; --d) {
    // the largest factor not above the d-th root keeps the grid square
    auto f = static_cast<std::int64_t>(std::floor(std::pow(static_cast<double>(remaining), 1.0 / d) + 1e-9));
    while (f > 1 && remaining % f != 0)
      --f;
    out.shape.insert(out.shape.begin(), std::max<std::int64_t>(f, 1));
    remaining /= std::max<std::int64_t>(f, 1);
  }
  out.shape.insert(out.shape.begin(), remaining);
  return out;
}

std::optional<ProcessorsArrangement> parseArrangement(const std::string& text)
{
  ProcessorsArrangement a{"procs", {}};
  std::size_t pos = 0;
  while (pos <= text.size()) {
    auto end = text.find_first_of("xX*", pos);
    if (end == std::string::npos)
      end = text.size();
    const auto part = text.substr(pos, end - pos);
    if (part.empty() || part.size() > 9 || part.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    const auto value = std::stoll(part);
    if (value < 1 || value > kMaxProcessors || a.count() * value > kMaxProcessors) // each factor <= 2^20: no overflow
      return std::nullopt;
    a.shape.push_back(value);
    pos = end + 1;
  }
  return a;
}

} // namespace ps::mapping
