#pragma once
// The Fortran source editor: QScintilla with the fixed- or free-form Fortran
// lexer, line numbers, folding, the current line highlighted, parser
// diagnostics as margin markers and squiggles (message on hover), and the
// selected loop nest shaded.

#include "views/outline-snapshot.h"

#include <Qsci/qsciscintilla.h>

namespace ps::views {

class SourceEditor : public QsciScintilla {
  Q_OBJECT
public:
  explicit SourceEditor(QWidget* parent = nullptr);

  /// Fixed form (FORTRAN 77 lexer, column 72 edge) or free form.
  void setFixedForm(bool fixed);
  bool fixedForm() const { return m_fixed; }

  /// Replaces the markers with `diagnostics` (1-based lines and columns).
  void setDiagnostics(const std::vector<DiagnosticInfo>& diagnostics);
  /// Shades lines first..last (1-based) as the selected loop nest; 0 clears.
  void setSelectedNest(int first, int last);

  /// 1-based line of the cursor.
  int cursorLine() const;
  /// Moves the cursor to 1-based line and column and shows it.
  void goTo(int line, int column = 1);
  /// True when line (1-based) carries an error or warning marker.
  bool hasDiagnosticMarker(int line) const;
  /// The messages of the diagnostics on `line` (1-based), one per line.
  QString diagnosticsOn(int line) const;

private:
  void showDiagnosticTip(int position, int x, int y);

  bool m_fixed = false;
  std::vector<DiagnosticInfo> m_diagnostics;
};

} // namespace ps::views
