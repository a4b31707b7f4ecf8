#include "fortran/diagnostic.h"

#include <algorithm>
#include <cctype>

namespace ps::fortran {

const char* severityName(Severity severity)
{
  switch (severity) {
  case Severity::Error: return "error";
  case Severity::Warning: return "warning";
  case Severity::Note: return "note";
  }
  return "error";
}

namespace {

/// `message` with control bytes spelled \xNN: a binary file's bytes quoted in
/// a message must not reach a terminal or the GUI raw.
std::string escapeControlBytes(std::string message)
{
  if (std::none_of(message.begin(), message.end(), [](char c) { return std::iscntrl(static_cast<unsigned char>(c)); }))
    return message;
  static const char* digits = "0123456789ABCDEF";
  std::string out;
  for (char c : message) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::iscntrl(byte))
      out += std::string("\\x") + digits[byte >> 4] + digits[byte & 15];
    else
      out.push_back(c);
  }
  return out;
}

} // namespace

Diagnostic::Diagnostic(FileRange range, Severity severity, std::string message)
  : m_range(range), m_severity(severity), m_message(escapeControlBytes(std::move(message)))
{
}

Diagnostic Diagnostic::at(const CookedSource& cooked, SourceRange range, Severity severity, std::string message)
{
  const auto begin = cooked.origin(range.begin);
  const auto last = range.end > range.begin ? cooked.origin(range.end - 1) + 1 : begin;
  return Diagnostic({begin, std::max(begin, last)}, severity, std::move(message));
}

void Diagnostic::addNote(FileRange range, std::string message)
{
  m_notes.push_back({range, std::move(message)});
}

std::string format(const Diagnostic& diagnostic, const SourceFile& file)
{
  const auto lc = file.lineColumn(diagnostic.range().begin);
  std::string out = file.path() + ":" + std::to_string(lc.line) + ":" + std::to_string(lc.column) + ": " +
                    severityName(diagnostic.severity()) + ": " + diagnostic.message();
  for (const auto& note : diagnostic.notes()) {
    const auto nlc = file.lineColumn(note.range.begin);
    out += "\n" + file.path() + ":" + std::to_string(nlc.line) + ":" + std::to_string(nlc.column) +
           ": note: " + note.message;
  }
  return out;
}

bool hasErrors(const std::vector<Diagnostic>& diagnostics)
{
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity() == Severity::Error; });
}

} // namespace ps::fortran
