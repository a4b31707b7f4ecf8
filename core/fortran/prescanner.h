#pragma once
// The prescanner: fixed and free source form, continuation lines, comments,
// HPF directive lines and ';' separators become one statement per cooked line.
// Source: Fortran 90 standard, section 3.3 (source form); HPF 2.0, section 3.

#include "fortran/diagnostic.h"
#include "fortran/source.h"

#include <optional>
#include <string_view>
#include <vector>

namespace ps::fortran {

enum class SourceForm { Fixed, Free };

/// The form implied by a file name: .f .F .for .f77 (and .ftn) are fixed form;
/// .f90 .F90 .f95 .hpf are free form; anything else has no implied form.
std::optional<SourceForm> formFromPath(std::string_view path);

/// "fixed" or "free".
const char* formName(SourceForm form);

/// One logical statement in the cooked text. Directive statements hold the
/// text after the sentinel (`!HPF$`, `CHPF$`, `*HPF$`).
struct LogicalStatement {
  SourceRange range;
  bool isDirective = false;
  /// Fixed form: non-blank text after column 72 that was cut off (a syntax
  /// error in the statement then says so).
  std::optional<FileRange> truncated;
};

struct PrescanResult {
  CookedSource cooked;
  std::vector<LogicalStatement> statements;
  std::vector<Diagnostic> diagnostics;
};

/// Prescans `file` in `form`. Never fails: odd lines become diagnostics.
PrescanResult prescan(const SourceFile& file, SourceForm form);
/// Prescans `lines` (the file after INCLUDE expansion and cpp; provenance in
/// `file` and its included files) in `form`.
PrescanResult prescan(const SourceFile& file, const std::vector<SourceLine>& lines, SourceForm form);

} // namespace ps::fortran
