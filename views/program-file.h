#pragma once
// Reading and writing the program text the editor shows. The editor
// (QScintilla) keeps text only up to a NUL byte, so a binary file would open
// as its first few bytes and saving would truncate it: non-text files are
// refused. Text that is not UTF-8 is read as Latin-1 (old Fortran sources
// with accented comments) and written back in the same encoding.

#include <QByteArray>
#include <QString>

#include <optional>

namespace ps::views {

struct ProgramText {
  QString text;
  bool latin1 = false; // the file is not UTF-8: write it back as Latin-1
};

/// The text of `path`; nullopt with `error` (one sentence, no final
/// period) when it cannot be read or is no text file (a NUL byte, as in
/// executables, archives and images).
std::optional<ProgramText> readProgramFile(const QString& path, QString* error);

/// `text` in the file's encoding. Latin-1 text with a character Latin-1
/// cannot hold is written as UTF-8 and `changed` says so.
QByteArray encodeProgramText(const QString& text, bool latin1, bool* changed);

} // namespace ps::views
