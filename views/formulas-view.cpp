#include "views/formulas-view.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextDocument>
#include <QPushButton>
#include <QTextStream>
#include <QVBoxLayout>

namespace ps::views {

FormulasView::FormulasView(QWidget* parent) : QWidget(parent)
{
  setObjectName("formulasView");
  m_text = new QPlainTextEdit(this);
  m_text->setObjectName("formulasText");
  m_text->setReadOnly(true);
  m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
  m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_text->setPlaceholderText(tr("Estimate a loop nest (Ctrl+E) to see work(k), W(S) and CT(k) as closed forms"));
  m_latex = new QCheckBox(tr("&LaTeX"), this);
  m_latex->setObjectName("formulasLatex");
  auto* copy = new QPushButton(tr("&Copy"), this);
  copy->setObjectName("formulasCopy");
  auto* save = new QPushButton(tr("E&xport…"), this);
  save->setObjectName("formulasExport");
  connect(m_latex, &QCheckBox::toggled, this, &FormulasView::refresh);
  connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(shownText()); });
  connect(save, &QPushButton::clicked, this, &FormulasView::exportToFile);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_latex);
  buttons->addStretch();
  buttons->addWidget(copy);
  buttons->addWidget(save);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(m_text);
  layout->addLayout(buttons);
}

void FormulasView::setFormulas(const QString& text, const QString& latex)
{
  m_plain = text;
  m_tex = latex;
  refresh();
}

QString FormulasView::shownText() const
{
  return m_latex->isChecked() ? m_tex : m_plain;
}

bool FormulasView::scrollToLineWith(const QString& text)
{
  const auto block = m_text->document()->find(text).block();
  if (!block.isValid())
    return false;
  m_text->verticalScrollBar()->setValue(block.blockNumber()); // a plain text edit scrolls by lines
  return true;
}

void FormulasView::refresh()
{
  m_text->setPlainText(shownText());
}

void FormulasView::exportToFile()
{
  const bool tex = m_latex->isChecked();
  const auto path = QFileDialog::getSaveFileName(this, tr("Export Formulas"), tex ? "formulas.tex" : "formulas.txt",
                                                 tex ? tr("LaTeX (*.tex)") : tr("Text (*.txt)"));
  if (path.isEmpty())
    return;
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Text | QIODevice::Truncate)) {
    QMessageBox::warning(this, tr("Export Formulas"), tr("Cannot write '%1': %2").arg(path, file.errorString()));
    return;
  }
  QTextStream(&file) << shownText();
}

} // namespace ps::views
