#include "views/scalability-model-editor.h"

#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ps::views {
namespace {

QString constantsText(const std::map<std::string, double>& constants)
{
  QStringList items;
  for (const auto& [name, value] : constants)
    items << QStringLiteral("%1=%2").arg(QString::fromStdString(name)).arg(value, 0, 'g', 10);
  return items.join(", ");
}

std::string cellText(const QTableWidget* table, int row, int column)
{
  const auto* item = table->item(row, column);
  return item ? item->text().trimmed().toStdString() : std::string();
}

QPushButton* button(const QString& text, const char* name, QWidget* parent)
{
  auto* b = new QPushButton(text, parent);
  b->setObjectName(name);
  return b;
}

} // namespace

std::optional<std::map<std::string, double>> parseConstants(const QString& text, QString* error)
{
  std::map<std::string, double> out;
  for (const auto& item : text.split(QRegularExpression("[,;]"), Qt::SkipEmptyParts)) {
    const auto eq = item.indexOf('=');
    bool ok = false;
    const double value = eq > 0 ? item.mid(eq + 1).trimmed().toDouble(&ok) : 0;
    if (!ok) {
      *error = QObject::tr("Constant '%1' needs NAME=NUMBER").arg(item.trimmed());
      return std::nullopt;
    }
    out[item.left(eq).trimmed().toStdString()] = value;
  }
  return out;
}

ScalabilityModelEditor::ScalabilityModelEditor(QWidget* parent) : QWidget(parent)
{
  setObjectName("modelEditor");
  m_table = new QTableWidget(0, 3, this);
  m_table->setObjectName("modelTable");
  m_table->setHorizontalHeaderLabels({tr("Name"), tr("Time T(p, n) [s]"), tr("Work W(n)")});
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_table->verticalHeader()->hide();
  m_constants = new QLineEdit(this);
  m_constants->setObjectName("modelConstants");
  m_constants->setPlaceholderText("n1=1024, tc=1.46e-8");
  m_constants->setToolTip(tr("Constants of every model; rho, beta and gamma come from the machine profile"));
  m_error = new QLabel(this);
  m_error->setObjectName("modelError");
  m_error->setStyleSheet("color: #b02020;");
  m_error->setWordWrap(true);
  auto policy = m_error->sizePolicy();
  policy.setHeightForWidth(false); // as the panel's labels (scalability-panel.cpp)
  m_error->setSizePolicy(policy);
  auto* add = button(tr("Add"), "addModel", this);
  auto* remove = button(tr("Remove"), "removeModel", this);
  auto* load = button(tr("Load…"), "loadModels", this);
  auto* save = button(tr("Save…"), "saveModels", this);
  auto* constantsRow = new QHBoxLayout;
  constantsRow->addWidget(new QLabel(tr("Constants:"), this));
  constantsRow->addWidget(m_constants, 1);
  auto* bar = new QHBoxLayout;
  for (auto* b : {add, remove, load, save})
    bar->addWidget(b);
  bar->addStretch();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_table, 1);
  layout->addLayout(constantsRow);
  layout->addLayout(bar);
  layout->addWidget(m_error);
  connect(m_table, &QTableWidget::itemChanged, this, [this] {
    if (!m_filling)
      emit modelsChanged();
  });
  connect(m_constants, &QLineEdit::textEdited, this, &ScalabilityModelEditor::modelsChanged);
  connect(add, &QPushButton::clicked, this, [this] { addRow({"M" + std::to_string(m_table->rowCount() + 1), "", "", {}}); });
  connect(remove, &QPushButton::clicked, this, [this] {
    if (m_table->currentRow() >= 0) {
      m_table->removeRow(m_table->currentRow());
      emit modelsChanged();
    }
  });
  connect(load, &QPushButton::clicked, this, &ScalabilityModelEditor::loadWithDialog);
  connect(save, &QPushButton::clicked, this, &ScalabilityModelEditor::saveWithDialog);
}

void ScalabilityModelEditor::addRow(const scaling::AnalyticModelSpec& spec)
{
  m_filling = true;
  const int row = m_table->rowCount();
  m_table->insertRow(row);
  m_table->setItem(row, NameColumn, new QTableWidgetItem(QString::fromStdString(spec.name)));
  m_table->setItem(row, TimeColumn, new QTableWidgetItem(QString::fromStdString(spec.time)));
  m_table->setItem(row, WorkColumn, new QTableWidgetItem(QString::fromStdString(spec.work)));
  m_filling = false;
  emit modelsChanged();
}

void ScalabilityModelEditor::setModelFile(const scaling::ModelFile& file)
{
  m_file = file;
  m_filling = true;
  m_table->setRowCount(0);
  for (const auto& spec : file.models)
    addRow(spec);
  m_filling = true;
  // the editor has one line of constants: the union, the first model's value winning
  std::map<std::string, double> constants;
  for (const auto& spec : file.models)
    constants.insert(spec.constants.begin(), spec.constants.end());
  m_constants->setText(constantsText(constants));
  m_table->resizeColumnToContents(NameColumn);
  m_table->setColumnWidth(TimeColumn, std::max(m_table->columnWidth(TimeColumn), 320));
  m_filling = false;
  emit modelsChanged();
}

std::optional<std::vector<scaling::AnalyticModelSpec>> ScalabilityModelEditor::specs(QString* error) const
{
  const auto constants = parseConstants(m_constants->text(), error);
  if (!constants)
    return std::nullopt;
  std::vector<scaling::AnalyticModelSpec> out;
  for (int row = 0; row < m_table->rowCount(); ++row)
    out.push_back({cellText(m_table, row, NameColumn), cellText(m_table, row, TimeColumn),
                   cellText(m_table, row, WorkColumn), *constants});
  return out;
}

scaling::ModelFile ScalabilityModelEditor::modelFile() const
{
  auto file = m_file;
  QString error;
  file.models = specs(&error).value_or(std::vector<scaling::AnalyticModelSpec>{});
  return file;
}

bool ScalabilityModelEditor::loadFile(const QString& path, QString* error)
{
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
    *error = tr("Cannot open '%1': %2").arg(path, f.errorString());
    return false;
  }
  std::string why;
  const auto file = scaling::parseModelFile(f.readAll().toStdString(), &why);
  if (!file) {
    *error = QString::fromStdString(why);
    return false;
  }
  setModelFile(*file);
  return true;
}

bool ScalabilityModelEditor::saveFile(const QString& path, QString* error) const
{
  QSaveFile f(path);
  if (f.open(QIODevice::WriteOnly | QIODevice::Text) &&
      f.write(QByteArray::fromStdString(scaling::modelFileJson(modelFile()))) >= 0 && f.commit())
    return true;
  *error = tr("Cannot save '%1': %2").arg(path, f.errorString());
  return false;
}

void ScalabilityModelEditor::setErrors(const std::vector<ScaleModelError>& errors)
{
  m_filling = true;
  for (int row = 0; row < m_table->rowCount(); ++row)
    for (int column = 0; column < m_table->columnCount(); ++column)
      if (auto* item = m_table->item(row, column)) {
        item->setBackground(QBrush());
        item->setToolTip({});
      }
  QStringList lines;
  for (const auto& e : errors) {
    const int column = e.error.formula == "work" ? WorkColumn : TimeColumn;
    auto* item = m_table->item(e.row, column);
    const auto text = QString::fromStdString(e.error.str());
    if (item) {
      item->setBackground(QColor(0xff, 0xd0, 0xd0));
      item->setToolTip(text);
    }
    lines << tr("%1: %2").arg(QString::fromStdString(cellText(m_table, e.row, NameColumn)), text);
  }
  m_error->setText(lines.join('\n'));
  m_error->setVisible(!lines.isEmpty());
  m_filling = false;
}

QString ScalabilityModelEditor::errorText() const { return m_error->text(); }

void ScalabilityModelEditor::loadWithDialog()
{
  const auto path = QFileDialog::getOpenFileName(this, tr("Load models"), {}, tr("Model files (*.json)"));
  QString error;
  if (!path.isEmpty() && !loadFile(path, &error))
    QMessageBox::warning(this, tr("Load models"), error);
}

void ScalabilityModelEditor::saveWithDialog()
{
  const auto path = QFileDialog::getSaveFileName(this, tr("Save models"), "models.json", tr("Model files (*.json)"));
  QString error;
  if (!path.isEmpty() && !saveFile(path, &error))
    QMessageBox::warning(this, tr("Save models"), error);
}

} // namespace ps::views
