#pragma once
// The Formulas view: the closed forms behind the last estimate (work(k) and
// W(S) per statement in the unknowns and each processor's LB/UB, CT(k)),
// as plain text or LaTeX, with Copy and Export. The text comes from
// estimate::formulasText on the estimate worker; this widget only shows it.

#include <QWidget>

class QCheckBox;
class QPlainTextEdit;

namespace ps::views {

class FormulasView : public QWidget {
  Q_OBJECT
public:
  explicit FormulasView(QWidget* parent = nullptr);

  /// The formulas of every variant, plain and LaTeX.
  void setFormulas(const QString& text, const QString& latex);
  /// What is shown now (plain or LaTeX, as the check box says).
  QString shownText() const;
  /// Scrolls the first line containing `text` to the top; false when no
  /// line has it.
  bool scrollToLineWith(const QString& text);

private:
  void refresh();
  void exportToFile();

  QPlainTextEdit* m_text = nullptr;
  QCheckBox* m_latex = nullptr;
  QString m_plain, m_tex;
};

} // namespace ps::views
