#include "views/distribution-panel.h"

#include "machine/machine-profile.h"
#include "views/machine-combo.h"
#include "mapping/dist-spec.h"
#include "mapping/processors.h"
#include "support/text.h"

#include <QCheckBox>
#include <QRegularExpression>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <set>
#include <cmath>

namespace ps::views {
namespace {

constexpr int kRankRole = Qt::UserRole + 1; // on vertical header items: array rank, 0 = processors row

/// The odd variants (B, D, ...) start from the twin of a format: BLOCK
/// becomes CYCLIC, and a format without BLOCK (a program distributed
/// CYCLIC or CYCLIC(k)) gets BLOCK, so that the twin is never a copy.
QString twinIf(QString format, bool twin)
{
  if (!twin)
    return format;
  if (format.contains("BLOCK"))
    return format.replace("BLOCK", "CYCLIC");
  return format.replace(QRegularExpression("CYCLIC(\\(\\s*\\d+\\s*\\))?"), "BLOCK");
}

/// Every combination of BLOCK, CYCLIC and * for `rank` dimensions (the
/// all-* one excluded); CYCLIC(k) and BLOCK(m) are typed.
QStringList formatChoices(int rank)
{
  const QStringList one{"BLOCK", "CYCLIC", "CYCLIC(4)", "*"};
  QStringList out{""};
  for (int d = 0; d < rank; ++d) {
    QStringList next;
    for (const auto& prefix : out)
      for (const auto& f : one)
        next << (prefix.isEmpty() ? f : prefix + "," + f);
    out = next;
  }
  QStringList choices;
  for (const auto& c : out)
    if (c.count('*') < rank)
      choices << "(" + c + ")";
  choices << "replicated";
  return choices;
}

class FormatDelegate : public QStyledItemDelegate {
public:
  using QStyledItemDelegate::QStyledItemDelegate;

  QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex& index) const override
  {
    const int rank = index.model()->headerData(index.row(), Qt::Vertical, kRankRole).toInt();
    auto* combo = new QComboBox(parent);
    combo->setEditable(true);
    combo->addItems(rank == 0 ? QStringList{"1", "2", "4", "8", "16", "32", "64", "2x2", "4x4", "8x8"}
                              : formatChoices(rank));
    return combo;
  }
  void setEditorData(QWidget* editor, const QModelIndex& index) const override
  {
    static_cast<QComboBox*>(editor)->setCurrentText(index.data().toString());
  }
  void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override
  {
    model->setData(index, static_cast<QComboBox*>(editor)->currentText().trimmed());
  }
};

} // namespace

DistributionPanel::DistributionPanel(QWidget* parent) : QWidget(parent)
{
  setObjectName("distributionPanel");
  m_loopLabel = new QLabel(tr("Put the cursor in a DO loop nest to select it."), this);
  m_loopLabel->setObjectName("selectedLoop");
  m_loopLabel->setWordWrap(true);

  m_table = new QTableWidget(this);
  m_table->setObjectName("variantsTable");
  m_table->setItemDelegate(new FormatDelegate(m_table));
  // each variant as wide as its longest format ("(CYCLIC(4),BLOCK)" is not
  // elided); a scroll bar where they do not fit
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->setToolTip(tr("Distribution format per array dimension: BLOCK, BLOCK(m), CYCLIC, CYCLIC(k) or * "
                         "(collapsed). Last row: processors, a count (16) or a grid (4x4)."));
  connect(m_table, &QTableWidget::cellChanged, this, &DistributionPanel::cellEdited);
  connect(m_table->horizontalHeader(), &QHeaderView::sectionDoubleClicked, this, [this](int column) {
    bool ok = false;
    const auto name = QInputDialog::getText(this, tr("Rename variant"), tr("Name:"), QLineEdit::Normal,
                                            variantName(column), &ok);
    if (ok && !name.trimmed().isEmpty())
      renameVariant(column, name.trimmed());
  });

  auto* add = new QPushButton(tr("Add variant"), this);
  add->setObjectName("addVariant");
  auto* remove = new QPushButton(tr("Remove"), this);
  remove->setObjectName("removeVariant");
  auto* copy = new QPushButton(tr("Copy to next"), this);
  copy->setObjectName("copyVariant");
  copy->setToolTip(tr("Copy the current variant's formats and processors into the next variant (A to B)"));
  connect(add, &QPushButton::clicked, this, &DistributionPanel::addVariant);
  connect(remove, &QPushButton::clicked, this, [this] { removeVariant(std::max(m_table->currentColumn(), 0)); });
  connect(copy, &QPushButton::clicked, this, [this] {
    const int from = std::max(m_table->currentColumn(), 0);
    copyVariant(from, (from + 1) % std::max(variantCount(), 1));
  });
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(add);
  buttons->addWidget(remove);
  buttons->addWidget(copy);

  auto* values = new QGroupBox(tr("Values"), this);
  m_valuesForm = new QFormLayout(values);
  m_sweepVariable = new QComboBox(this);
  m_sweepVariable->setObjectName("sweepVariable");
  m_sweepVariable->setToolTip(tr("The unknown the 'Time vs N' chart varies (from a quarter to four times its value)"));
  connect(m_sweepVariable, &QComboBox::currentTextChanged, this, &DistributionPanel::settingsChanged);

  m_machine = new QComboBox(this);
  m_machine->setObjectName("machine");
  for (const auto& m : machine::builtinProfiles()) {
    m_machine->addItem(QString::fromStdString(m.name));
    m_machine->setItemData(m_machine->count() - 1, QString::fromStdString(m.title + "\n" + m.source), Qt::ToolTipRole);
  }
  m_machine->setCurrentText("paragon");
  connect(m_machine, &QComboBox::currentTextChanged, this, &DistributionPanel::settingsChanged);
  connect(m_machine, &QComboBox::activated, this, &DistributionPanel::machineChosen);
  auto* machineRow = new QFormLayout;
  machineRow->addRow(tr("Machine:"), m_machine);
  machineRow->addRow(tr("Vary in chart:"), m_sweepVariable);
  m_fetchOnce = new QCheckBox(tr("Fetch identical reads once"), this);
  m_fetchOnce->setObjectName("fetchOnce");
  m_fetchOnce->setToolTip(tr("An element that several statements of the nest read is sent once, not once per "
                             "statement (DDT's phase costs count each statement's read)"));
  connect(m_fetchOnce, &QCheckBox::toggled, this, &DistributionPanel::settingsChanged);
  machineRow->addRow(QString(), m_fetchOnce);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_loopLabel);
  layout->addWidget(m_table, 1);
  layout->addLayout(buttons);
  layout->addWidget(values);
  layout->addLayout(machineRow);

  m_variants = {{"A", {}, "4"}, {"B", {}, "4"}};
  rebuildTable();
}

void DistributionPanel::setSelection(const UnitInfo& unit, const LoopInfo& loop)
{
  m_loopLine = loop.line;
  setLoopLabel(unit, loop);
  m_arrays.clear();
  m_extents.clear();
  for (const auto& a : loop.arrays) {
    if (!unit.extents.count(a))
      continue; // a function or scalar
    m_arrays << QString::fromStdString(a);
    m_extents[QString::fromStdString(a)] = QString::fromStdString(unit.extents.at(a));
  }
  const auto previous = m_directives;
  m_directives.clear();
  for (const auto& [a, f] : loop.directiveFormats.empty() ? unit.directiveFormats : loop.directiveFormats)
    m_directives[QString::fromStdString(a)] = QString::fromStdString(f);
  m_directiveProcessors = QString::fromStdString(unit.directiveProcessors);
  if (!m_prefilled && !m_directiveProcessors.isEmpty())
    for (auto& v : m_variants)
      v.arrangement = m_directiveProcessors.toStdString();
  m_prefilled = true;
  for (std::size_t v = 0; v < m_variants.size(); ++v) {
    for (const auto& a : m_arrays) {
      const auto it = m_variants[v].formats.find(a.toStdString());
      // a format taken from the directives follows a REDISTRIBUTE or REALIGN between the loops
      const auto old = previous.find(a);
      const bool fromDirectives = it != m_variants[v].formats.end() && old != previous.end() &&
                                  it->second == twinIf(old->second, v % 2 == 1).toStdString();
      if (m_variants[v].fromSpec && it == m_variants[v].formats.end())
        m_variants[v].formats[a.toStdString()] = "replicated"; // as partscope-cli reads a spec that omits it
      else if (!m_variants[v].fromSpec && (it == m_variants[v].formats.end() || fromDirectives))
        m_variants[v].formats[a.toStdString()] = defaultFormat(a, v % 2 == 1).toStdString();
    }
  }
  rebuildTable();
  rebuildValues(unit, loop);
  emit settingsChanged();
}

QString DistributionPanel::defaultFormat(const QString& array, bool cyclic) const
{
  QString f;
  if (m_directives.count(array) && m_directives.at(array).startsWith('(')) {
    f = m_directives.at(array);
  } else if (!m_directives.count(array) &&
             std::any_of(m_directives.begin(), m_directives.end(), [](const auto& d) { return d.second.startsWith('('); })) {
    return "replicated"; // readable directives leave it out: replicated by HPF's rules, as the CLI reads them
  } else {
    const int rank = rankOf(array);
    QStringList dims;
    for (int d = 0; d < rank; ++d)
      dims << (d == rank - 1 ? "BLOCK" : "*"); // columns: the last dimension
    f = "(" + dims.join(',') + ")";
  }
  return twinIf(f, cyclic);
}

void DistributionPanel::setLoopLabel(const UnitInfo& unit, const LoopInfo& loop)
{
  m_loopLabel->setText(tr("<b>%1</b> (lines %2–%3) in '%4'")
                         .arg(QString::fromStdString(loop.header).toHtmlEscaped())
                         .arg(loop.line)
                         .arg(loop.endLine)
                         .arg(QString::fromStdString(unit.name)));
}

void DistributionPanel::showSizes(const UnitInfo& unit, const LoopInfo& loop)
{
  setLoopLabel(unit, loop);
  for (int r = 0; r < m_arrays.size(); ++r) {
    const auto it = unit.extents.find(m_arrays[r].toStdString());
    if (it == unit.extents.end())
      continue;
    m_extents[m_arrays[r]] = QString::fromStdString(it->second);
    showArrayHeader(r);
  }
}

/// "a(1001,1001)"; too wide for a narrow dock, the extents are elided in
/// the middle first ("a(100000…,1000000)"), then the name, also in the
/// middle ("velo…ty_x(…)": velocity_x and velocity_y must not read alike);
/// whole in the tool tip, so that the formats keep their room.
void DistributionPanel::showArrayHeader(int row)
{
  auto* header = m_table->verticalHeaderItem(row);
  if (!header)
    return;
  const auto& name = m_arrays[row];
  const auto& extents = m_extents[name];
  const auto full = QStringLiteral("%1(%2)").arg(name, extents);
  const auto metrics = m_table->verticalHeader()->fontMetrics(); // the header's font, not the cells'
  const int room = kArrayHeaderWidth - metrics.horizontalAdvance(QStringLiteral("()"));
  const QString ellipsis(QChar(0x2026));
  QString text = full;
  if (metrics.horizontalAdvance(full) > kArrayHeaderWidth) {
    const int nameWidth = metrics.horizontalAdvance(name);
    text = nameWidth + metrics.horizontalAdvance(ellipsis) <= room
               ? QStringLiteral("%1(%2)").arg(name, metrics.elidedText(extents, Qt::ElideMiddle, room - nameWidth))
               : QStringLiteral("%1(%2)").arg(
                     metrics.elidedText(name, Qt::ElideMiddle, room - metrics.horizontalAdvance(ellipsis)), ellipsis);
  }
  header->setText(text);
  header->setToolTip(full);
}

int DistributionPanel::rankOf(const QString& array) const
{
  const auto it = m_extents.find(array);
  return it == m_extents.end() ? 1 : static_cast<int>(it->second.count(',')) + 1;
}

void DistributionPanel::rebuildTable()
{
  m_updating = true;
  m_table->clear();
  m_table->setRowCount(static_cast<int>(m_arrays.size()) + 1);
  m_table->setColumnCount(variantCount());
  for (int r = 0; r < m_arrays.size(); ++r) {
    auto* header = new QTableWidgetItem;
    header->setData(kRankRole, rankOf(m_arrays[r]));
    m_table->setVerticalHeaderItem(r, header);
    showArrayHeader(r);
  }
  auto* procs = new QTableWidgetItem(tr("processors"));
  procs->setData(kRankRole, 0);
  m_table->setVerticalHeaderItem(static_cast<int>(m_arrays.size()), procs);
  for (int c = 0; c < variantCount(); ++c) {
    const auto& v = m_variants[c];
    m_table->setHorizontalHeaderItem(c, new QTableWidgetItem(QString::fromStdString(v.name)));
    for (int r = 0; r < m_arrays.size(); ++r) {
      const auto it = v.formats.find(m_arrays[r].toStdString());
      m_table->setItem(r, c, new QTableWidgetItem(it == v.formats.end() ? "" : QString::fromStdString(it->second)));
      validateCell(r, c);
    }
    m_table->setItem(static_cast<int>(m_arrays.size()), c, new QTableWidgetItem(QString::fromStdString(v.arrangement)));
    validateCell(static_cast<int>(m_arrays.size()), c);
  }
  m_updating = false;
}

void DistributionPanel::validateCell(int row, int column)
{
  auto* item = m_table->item(row, column);
  if (!item)
    return;
  const auto text = item->text().trimmed();
  QString problem;
  if (row == m_arrays.size()) {
    if (!mapping::parseArrangement(text.toStdString()))
      problem = tr("'%1' is not a processor count (16, at most 1048576) or a grid (4x4)").arg(text);
  } else if (!text.isEmpty() && text != "replicated") {
    std::string error;
    auto spec = mapping::parseDistSpec("x=" + text.toStdString(), &error);
    if (!spec)
      problem = QString::fromStdString(error);
    else if (static_cast<int>(spec->groups[0].formats.size()) != rankOf(m_arrays[row]))
      problem = tr("'%1' has rank %2: give one format per dimension").arg(m_arrays[row]).arg(rankOf(m_arrays[row]));
  }
  item->setBackground(problem.isEmpty() ? QBrush() : QBrush(QColor(0xfb, 0xd5, 0xd5)));
  item->setToolTip(problem);
}

void DistributionPanel::cellEdited(int row, int column)
{
  if (m_updating || column >= variantCount())
    return;
  const auto text = m_table->item(row, column)->text().trimmed().toStdString();
  if (row == m_arrays.size())
    m_variants[column].arrangement = text;
  else
    m_variants[column].formats[m_arrays[row].toStdString()] = text;
  m_updating = true;
  validateCell(row, column);
  m_updating = false;
  emit settingsChanged();
}

/// A row per unknown the selected nest needs (not every unknown of the
/// unit: NITER of an enclosing time loop is no "? (needed)" for the nest
/// inside it; an estimate that needs more adds rows through setMissing) and
/// per integer PARAMETER.
namespace {

/// The value the Time-vs-N chart varies by default: a size of the arrays
/// the nest references (NX of U(NX,NY,NZ): named in an extent, or a
/// PARAMETER whose value is one, as the outline folds them), else n, else
/// the first. The first value was NSTEP in a 3-D heat code: a flat curve.
int defaultSweepIndex(const QComboBox& names, const UnitInfo& unit, const LoopInfo& loop)
{
  std::set<std::string> sizes;
  for (const auto& array : loop.arrays)
    if (const auto it = unit.extents.find(array); it != unit.extents.end())
      for (const auto& part : QString::fromStdString(it->second).split(',')) {
        sizes.merge(namesIn(part.toStdString()));
        for (const auto& [name, value] : unit.parameters)
          if (part.trimmed() == QString::number(value))
            sizes.insert(name);
      }
  for (const auto& in : {sizes, std::set<std::string>{"n"}})
    for (int i = 0; i < names.count(); ++i)
      if (in.count(names.itemText(i).toStdString()))
        return i;
  return 0;
}

} // namespace

void DistributionPanel::rebuildValues(const UnitInfo& unit, const LoopInfo& loop)
{
  const auto previous = m_sweepVariable->currentText();
  while (m_valuesForm->rowCount() > 0)
    m_valuesForm->removeRow(0);
  m_valueBoxes.clear();
  m_sweepVariable->blockSignals(true);
  m_sweepVariable->clear();
  for (const auto& u : loop.unknowns)
    addValueRow(QString::fromStdString(u), 0, false);
  for (const auto& [name, value] : unit.parameters)
    addValueRow(QString::fromStdString(name), value, false);
  const int keep = m_sweepVariable->findText(previous);
  m_sweepVariable->setCurrentIndex(keep >= 0 ? keep : defaultSweepIndex(*m_sweepVariable, unit, loop));
  m_sweepVariable->blockSignals(false);
}

void DistributionPanel::addValueRow(const QString& name, qint64 value, bool missing)
{
  if (m_valueBoxes.count(name))
    return;
  auto* box = new QSpinBox(this);
  box->setObjectName("value-" + name);
  box->setRange(0, 1'000'000'000);
  box->setSpecialValueText(tr("? (needed)"));
  box->setAccelerated(true);
  const auto remembered = m_userValues.find(name);
  box->setValue(static_cast<int>(remembered != m_userValues.end() ? remembered->second : value));
  if (missing)
    box->setStyleSheet("QSpinBox { background: #fbd5d5; }");
  connect(box, &QSpinBox::valueChanged, this, [this, name, box](int v) {
    m_userValues[name] = v;
    box->setStyleSheet({});
    emit settingsChanged();
  });
  m_valuesForm->addRow(name.toUpper() + ":", box);
  m_valueBoxes[name] = box;
  m_sweepVariable->addItem(name);
}

void DistributionPanel::setMissing(const std::vector<std::string>& names,
                                   const std::map<std::string, std::string>& reasons)
{
  for (const auto& n : names) {
    const auto name = QString::fromStdString(n);
    if (!m_valueBoxes.count(name))
      addValueRow(name, 0, true);
    else if (m_valueBoxes[name]->value() == 0)
      m_valueBoxes[name]->setStyleSheet("QSpinBox { background: #fbd5d5; }");
    if (auto it = reasons.find(n); it != reasons.end())
      m_valueBoxes[name]->setToolTip(tr("The estimate needs '%1', which is %2").arg(name, QString::fromStdString(it->second)));
  }
}

EstimateSettings DistributionPanel::settings() const
{
  EstimateSettings s;
  s.loopLine = m_loopLine;
  for (const auto& v : m_variants) {
    VariantSetting only = v; // only the arrays of this nest
    only.formats.clear();
    for (const auto& a : m_arrays)
      if (auto it = v.formats.find(a.toStdString()); it != v.formats.end())
        only.formats.insert(*it);
    s.variants.push_back(only);
  }
  for (const auto& [name, box] : m_valueBoxes)
    if (box->value() > 0)
      s.values[name.toStdString()] = box->value();
  s.machine = machine().toStdString();
  s.fetchIdenticalReadsOnce = m_fetchOnce->isChecked();
  s.sweepVariable = m_sweepVariable->currentText().toStdString();
  if (auto it = s.values.find(s.sweepVariable); it != s.values.end()) {
    for (int k = -4; k <= 4; ++k) // a quarter to four times the current value
      s.sweepValues.push_back(std::max<std::int64_t>(1, std::llround(static_cast<double>(it->second) * std::pow(2.0, k / 2.0))));
  } else {
    s.sweepVariable.clear();
  }
  return s;
}

QString DistributionPanel::variantName(int variant) const
{
  return variant < variantCount() ? QString::fromStdString(m_variants[variant].name) : QString();
}

void DistributionPanel::setFormat(int variant, const QString& array, const QString& format)
{
  const int row = static_cast<int>(m_arrays.indexOf(array));
  if (row >= 0 && variant < variantCount())
    m_table->item(row, variant)->setText(format); // through cellEdited
}

QString DistributionPanel::format(int variant, const QString& array) const
{
  const auto& f = m_variants.at(variant).formats;
  const auto it = f.find(array.toStdString());
  return it == f.end() ? QString() : QString::fromStdString(it->second);
}

void DistributionPanel::setArrangement(int variant, const QString& arrangement)
{
  if (variant < variantCount())
    m_table->item(static_cast<int>(m_arrays.size()), variant)->setText(arrangement);
}

void DistributionPanel::setValue(const QString& name, qint64 value)
{
  if (!m_valueBoxes.count(name))
    addValueRow(name, value, false);
  m_valueBoxes[name]->setValue(static_cast<int>(value));
}

qint64 DistributionPanel::value(const QString& name) const
{
  const auto it = m_valueBoxes.find(name);
  return it == m_valueBoxes.end() ? 0 : it->second->value();
}

bool DistributionPanel::setMachine(const QString& name)
{
  if (m_machine->findText(name) < 0)
    return false;
  m_machine->setCurrentText(name);
  return true;
}

QString DistributionPanel::machine() const { return m_machine->currentText(); }

void DistributionPanel::setCalibratedMachines(const QStringList& names) { setCalibratedMachineItems(m_machine, names); }

void DistributionPanel::addVariant()
{
  VariantSetting v = m_variants.empty() ? VariantSetting{} : m_variants.back();
  v.name = letterName(static_cast<std::size_t>(variantCount()));
  m_variants.push_back(v);
  rebuildTable();
  emit settingsChanged();
}

int DistributionPanel::addSpecVariant(const QString& name, const QString& spec, const QString& arrangement,
                                      QString* error)
{
  std::string problem;
  const auto parsed = mapping::parseDistSpec(spec.toStdString(), &problem);
  if (!parsed || !mapping::parseArrangement(arrangement.toStdString())) {
    *error = parsed ? tr("'%1' is not a processor count (16, at most 1048576) or a grid (4x4)").arg(arrangement)
                    : QString::fromStdString(problem);
    return -1;
  }
  VariantSetting v{name.toStdString(), {}, arrangement.toStdString(), true};
  for (const auto& group : parsed->groups) {
    QStringList formats;
    for (const auto& f : group.formats)
      formats << QString::fromStdString(f.str());
    for (const auto& a : group.arrays)
      v.formats[a] = ("(" + formats.join(',') + ")").toStdString();
  }
  for (const auto& a : m_arrays) // the nest's arrays the spec omits, shown as what they are
    v.formats.try_emplace(a.toStdString(), "replicated");
  auto it = std::find_if(m_variants.begin(), m_variants.end(), [&](const VariantSetting& w) { return w.name == v.name; });
  const int index = it == m_variants.end() ? variantCount() : static_cast<int>(it - m_variants.begin());
  if (it == m_variants.end())
    m_variants.push_back(v);
  else
    *it = v;
  rebuildTable();
  emit settingsChanged();
  return index;
}

void DistributionPanel::removeVariant(int variant)
{
  if (variantCount() <= 1 || variant >= variantCount())
    return;
  m_variants.erase(m_variants.begin() + variant);
  rebuildTable();
  emit settingsChanged();
}

void DistributionPanel::renameVariant(int variant, const QString& name)
{
  if (variant >= variantCount())
    return;
  m_variants[variant].name = name.toStdString();
  rebuildTable();
  emit settingsChanged();
}

void DistributionPanel::copyVariant(int from, int to)
{
  if (from >= variantCount() || to >= variantCount() || from == to)
    return;
  const auto name = m_variants[to].name;
  m_variants[to] = m_variants[from];
  m_variants[to].name = name;
  rebuildTable();
  emit settingsChanged();
}

} // namespace ps::views
