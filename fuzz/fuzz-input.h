#pragma once
// Shared by the fuzz targets: the input cap and the parse-and-build step.

#include "fortran/parser.h"
#include "program/model.h"
#include "program/outline.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace ps::fuzz {

/// Inputs beyond this many bytes are skipped: the parser is linear, so larger
/// inputs only slow the fuzzer down, and very deep nesting (a known stack
/// overflow in the recursive expression parser, fixed separately) needs length.
inline constexpr std::size_t kMaxInputBytes = 64 * 1024;

/// Parses `text` in `form` and builds the program model over it, as
/// `partscope-cli parse` does. Crashes, sanitizer reports and CHECK failures
/// are what the fuzzer looks for; diagnostics are expected and ignored.
inline void parseAndBuild(std::string text, fortran::SourceForm form)
{
  fortran::ParseOptions options;
  options.form = form;
  options.preprocess = false; // cpp is an external program, and a process per input would starve the fuzzer
  const auto parsed = fortran::parseSource("fuzz-input", std::move(text), options);
  const auto model = program::buildModel(parsed);
  (void)program::allDiagnostics(parsed, model);
}

} // namespace ps::fuzz
