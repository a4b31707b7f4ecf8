#pragma once
// Helpers shared by the test suites: parse a snippet, build its model.

#include "fortran/parser.h"
#include "program/model.h"

#include <memory>
#include <string>

namespace ps::test {

struct Program {
  std::unique_ptr<fortran::ParsedFile> parsed;
  program::ProgramModel model;

  const program::Unit& unit(std::size_t i = 0) const { return model.units.at(i); }
};

inline Program build(const std::string& text, const std::string& path = "test.f90")
{
  Program p;
  p.parsed = std::make_unique<fortran::ParsedFile>(fortran::parseSource(path, text));
  p.model = program::buildModel(*p.parsed);
  return p;
}

/// "line:column: message" of every parser diagnostic, for compact asserts.
inline std::vector<std::string> messages(const fortran::ParsedFile& parsed)
{
  std::vector<std::string> out;
  for (const auto& d : parsed.diagnostics) {
    const auto lc = parsed.file->lineColumn(d.range().begin);
    out.push_back(std::to_string(lc.line) + ":" + std::to_string(lc.column) + ": " + d.message());
  }
  return out;
}

} // namespace ps::test
