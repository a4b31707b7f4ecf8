#include "views/source-settings.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QPlainTextEdit>
#include <QSettings>

namespace ps::views {
namespace {

const char* kIncludeDirs = "source/includeDirs";
const char* kDefines = "source/defines";

std::vector<std::string> stdStrings(const QStringList& list)
{
  std::vector<std::string> out;
  for (const auto& s : list) {
    if (!s.trimmed().isEmpty())
      out.push_back(s.trimmed().toStdString());
  }
  return out;
}

QStringList lines(const QPlainTextEdit* edit)
{
  return edit->toPlainText().split('\n', Qt::SkipEmptyParts);
}

} // namespace

fortran::ParseOptions sourceSettings()
{
  QSettings s;
  fortran::ParseOptions options;
  options.includeDirs = stdStrings(s.value(kIncludeDirs).toStringList());
  options.defines = stdStrings(s.value(kDefines).toStringList());
  return options;
}

SourceSettingsDialog::SourceSettingsDialog(QWidget* parent)
  : QDialog(parent), m_includeDirs(new QPlainTextEdit(this)), m_defines(new QPlainTextEdit(this))
{
  setWindowTitle(tr("Include Folders and Macros"));
  setObjectName("sourceSettingsDialog");
  m_includeDirs->setObjectName("includeDirs");
  m_defines->setObjectName("defines");
  QSettings s;
  m_includeDirs->setPlainText(s.value(kIncludeDirs).toStringList().join('\n'));
  m_defines->setPlainText(s.value(kDefines).toStringList().join('\n'));
  m_includeDirs->setPlaceholderText(tr("One folder per line, searched for INCLUDE and #include files"));
  m_defines->setPlaceholderText(tr("One NAME or NAME=VALUE per line, for .F/.F90 files and '#' lines"));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* form = new QFormLayout(this);
  form->addRow(tr("Include folders:"), m_includeDirs);
  form->addRow(tr("Preprocessor macros:"), m_defines);
  form->addRow(buttons);
}

void SourceSettingsDialog::accept()
{
  QSettings s;
  s.setValue(kIncludeDirs, lines(m_includeDirs));
  s.setValue(kDefines, lines(m_defines));
  QDialog::accept();
}

} // namespace ps::views
