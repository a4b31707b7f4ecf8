#pragma once
// The Fortran source editor: QScintilla with the fixed- or free-form Fortran
// lexer, line numbers, folding, the current line highlighted, parser
// diagnostics as margin markers and squiggles (message on hover), the
// selected loop nest shaded, and after an estimate a one-line summary under
// each statement of the nest (QScintilla annotations).

#include "views/outline-snapshot.h"

#include <Qsci/qsciscintilla.h>
#include <Qsci/qscistyle.h>

#include <map>

namespace ps::views {

class SourceEditor : public QsciScintilla {
  Q_OBJECT
public:
  explicit SourceEditor(QWidget* parent = nullptr);

  /// Fixed form (FORTRAN 77 lexer, column 72 edge) or free form.
  void setFixedForm(bool fixed);
  /// The last line (1-based) of the statement starting on `line`, after its
  /// continuation lines: where its annotation goes.
  int statementEnd(int line) const;
  bool fixedForm() const { return m_fixed; }

  /// Replaces the markers with `diagnostics` (1-based lines and columns).
  void setDiagnostics(const std::vector<DiagnosticInfo>& diagnostics);
  /// Shades lines first..last (1-based) as the selected loop nest; 0 clears.
  void setSelectedNest(int first, int last);

  /// Shows `byLine` (1-based line -> text) as annotations under those lines,
  /// replacing earlier ones; hidden, but kept, while annotations are off.
  void setAnnotations(const std::map<int, QString>& byLine);
  void clearStatementAnnotations();
  /// The annotation text of `line` (1-based); empty when there is none.
  QString annotationOn(int line) const;
  /// View ▸ Annotations: shows or hides the annotations without dropping them.
  void setAnnotationsShown(bool shown);
  bool annotationsShown() const { return m_annotationsShown; }

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
  bool m_annotationsShown = true;
  std::vector<DiagnosticInfo> m_diagnostics;
  std::map<int, QString> m_annotations;
  QsciStyle m_annotationStyle;
};

} // namespace ps::views
