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

namespace {

std::string place(const SourceFile& file, std::uint32_t offset)
{
  const auto where = file.locate(offset);
  return *where.path + ":" + std::to_string(where.at.line) + ":" + std::to_string(where.at.column);
}

/// "included from" notes, innermost INCLUDE first (as gfortran prints them).
std::string inclusionNotes(const SourceFile& file, std::uint32_t offset)
{
  std::string out;
  for (const auto& at : file.includedFrom(offset))
    out += "\n" + *at.path + ":" + std::to_string(at.at.line) + ":" + std::to_string(at.at.column) +
           ": note: Included from here";
  return out;
}

} // namespace

std::string format(const Diagnostic& diagnostic, const SourceFile& file)
{
  const auto begin = diagnostic.range().begin;
  std::string out = place(file, begin) + ": " + severityName(diagnostic.severity()) + ": " + diagnostic.message();
  out += inclusionNotes(file, begin);
  for (const auto& note : diagnostic.notes())
    out += "\n" + place(file, note.range.begin) + ": note: " + note.message;
  return out;
}

bool hasErrors(const std::vector<Diagnostic>& diagnostics)
{
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity() == Severity::Error; });
}

} // namespace ps::fortran
