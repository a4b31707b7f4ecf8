#pragma once
// How the IDE reads programs: the include folders (gfortran's -I) and the C
// preprocessor macros (-D) of the CLI's --include-dir and -D, stored in
// QSettings under "source/includeDirs" and "source/defines", and the small
// dialog that edits them (Analysis > Include Folders and Macros…).

#include "fortran/parser.h"

#include <QDialog>

class QPlainTextEdit;

namespace ps::views {

/// The parser options from the settings (read on the GUI thread; jobs get a copy).
fortran::ParseOptions sourceSettings();

/// Edits the settings: one folder or one NAME[=VALUE] per line. Accepting
/// stores them.
class SourceSettingsDialog : public QDialog {
  Q_OBJECT
public:
  explicit SourceSettingsDialog(QWidget* parent = nullptr);
  void accept() override;

private:
  QPlainTextEdit* m_includeDirs;
  QPlainTextEdit* m_defines;
};

} // namespace ps::views
