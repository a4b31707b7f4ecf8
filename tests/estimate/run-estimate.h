#pragma once
// Helpers of the estimator tests: a machine with round numbers and one
// estimate of a snippet's loop under a --dist style spec.

#include "estimate/estimator.h"
#include "machine/machine-profile.h"
#include "mapping/mapping-builder.h"
#include "test-support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace ps::test {

/// 1 s per message, 10 ms per byte, 1 s per operation: times count events.
inline machine::MachineProfile unitMachine()
{
  machine::MachineProfile m;
  m.name = "unit";
  m.startup = 1.0;
  m.byteTime = 0.01;
  m.ops = {1, 1, 1, 1, 1, 1, 1};
  return m;
}

/// Estimates the loop on `loopLine` of `p` under `spec` on `procs` ("4", "2x2").
inline estimate::Estimate run(const Program& p, int loopLine, const std::string& spec, const std::string& procs,
                              const symbolic::Bindings& values, const machine::MachineProfile& m = unitMachine())
{
  std::string error;
  auto s = mapping::parseDistSpec(spec, &error);
  EXPECT_TRUE(s) << error;
  auto mapped = mapping::mappingFromSpec(*s, p.unit(), values, *mapping::parseArrangement(procs));
  EXPECT_TRUE(mapped.mapping) << (mapped.errors.empty() ? "" : mapped.errors[0]);
  const auto* loop = p.unit().loopAtLine(loopLine);
  EXPECT_NE(loop, nullptr);
  auto e = estimate::estimateNest(p.unit(), *loop, *mapped.mapping, m, values);
  EXPECT_TRUE(e.estimate) << (e.errors.empty() ? "" : e.errors[0]);
  return e.estimate ? *e.estimate : estimate::Estimate{};
}

/// Whether some note of `e` contains `part`.
inline bool hasNote(const estimate::Estimate& e, const std::string& part)
{
  return std::any_of(e.notes.begin(), e.notes.end(), [&](const auto& n) { return n.find(part) != std::string::npos; });
}

/// The work per processor of the statement on `line` in `e` (empty, and a
/// failure, when it has none).
inline std::vector<double> workOfLine(const estimate::Estimate& e, int line)
{
  const auto it = std::find_if(e.statements.begin(), e.statements.end(), [&](const auto& w) { return w.line == line; });
  EXPECT_NE(it, e.statements.end()) << line;
  return it == e.statements.end() ? std::vector<double>{} : it->work;
}

/// The nest on `loopLine` under the unit's own directives (their
/// arrangement) and the round-numbers machine.
inline estimate::Estimate underDirectives(const Program& p, int loopLine, const symbolic::Bindings& values)
{
  const auto& unit = p.unit();
  auto m = mapping::mappingFromDirectives(unit, values, std::nullopt, loopLine);
  EXPECT_TRUE(m.mapping) << (m.errors.empty() ? "" : m.errors[0]);
  if (!m.mapping)
    return {};
  auto e = estimate::estimateNest(unit, *unit.loopAtLine(loopLine), *m.mapping, unitMachine(), values);
  EXPECT_TRUE(e.estimate) << (e.errors.empty() ? "" : e.errors[0]);
  return e.estimate.value_or(estimate::Estimate{});
}

} // namespace ps::test
