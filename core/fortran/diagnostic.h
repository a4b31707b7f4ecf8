#pragma once
// A diagnostic is data: a range in the original file, a severity, a one-sentence
// message and optional notes. It cannot be built without a range.

#include "fortran/source.h"

#include <string>
#include <vector>

namespace ps::fortran {

enum class Severity { Error, Warning, Note };

/// "error", "warning" or "note".
const char* severityName(Severity severity);

/// A byte range [begin, end) in the *original* file text.
struct FileRange {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
};

struct DiagnosticNote {
  FileRange range;
  std::string message;
};

/// One message about the user's program. Messages follow STYLE.md: one sentence,
/// capital first letter, no final period, keywords in upper case, names quoted.
class Diagnostic {
public:
  Diagnostic(FileRange range, Severity severity, std::string message);
  /// Builds a diagnostic for a range of the cooked text.
  static Diagnostic at(const CookedSource& cooked, SourceRange range, Severity severity, std::string message);

  FileRange range() const { return m_range; }
  Severity severity() const { return m_severity; }
  const std::string& message() const { return m_message; }
  const std::vector<DiagnosticNote>& notes() const { return m_notes; }
  void addNote(FileRange range, std::string message);

private:
  FileRange m_range;
  Severity m_severity;
  std::string m_message;
  std::vector<DiagnosticNote> m_notes;
};

/// "path:line:column: severity: message" (the same text in CLI, GUI and JSON).
std::string format(const Diagnostic& diagnostic, const SourceFile& file);

/// True when any diagnostic is an error.
bool hasErrors(const std::vector<Diagnostic>& diagnostics);

} // namespace ps::fortran
