#include "views/machines-view.h"

#include "views/chart-basics.h"
#include "views/chart-export.h"
#include "views/machine-curves-chart.h"
#include "views/statement-annotations.h"
#include "views/time-units.h"

#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QXYSeries>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <set>

namespace ps::views {
namespace {

/// Seconds per byte as ns/B or µs/B.
QString perByteText(double secondsPerByte)
{
  if (secondsPerByte != 0 && std::abs(secondsPerByte) < 1e-6)
    return QString::number(secondsPerByte * 1e9, 'g', 4) + QObject::tr(" ns/B");
  return formatSecondsSignificant(secondsPerByte) + QObject::tr("/B");
}

/// Whole bytes: a fit's segment bounds and packet size are exact sizes (the
/// step between 1024 B and 1025 B), which shortBytes would round to "1.0 KB".
QString exactBytes(double bytes) { return QString::number(bytes, 'f', 0) + QObject::tr(" B"); }

using Row = std::pair<QString, QString>;

std::vector<Row> parameterRows(const machine::MachineProfile& m)
{
  const auto& o = m.ops;
  std::vector<Row> rows{
    {QObject::tr("Title"), QString::fromStdString(m.title)},
    {QObject::tr("Source"), QString::fromStdString(m.source)},
    {QObject::tr("Startup time ρ"), formatSecondsSignificant(m.startup)},
    {QObject::tr("Time per byte β"), perByteText(m.byteTime)},
    {QObject::tr("Time per hop γ"), formatSecondsSignificant(m.hopTime)},
    {QObject::tr("Topology"), QString::fromStdString(m.topology)},
    {QObject::tr("Default processors"), m.defaultProcessors > 0 ? QString::number(m.defaultProcessors) : QObject::tr("—")},
    {QObject::tr("Cache line"), shortBytes(static_cast<double>(m.cacheLineBytes))},
    {QObject::tr("Cache size"), shortBytes(static_cast<double>(m.cacheBytes))},
    {QObject::tr("Add/subtract"), formatSecondsSignificant(o.addSub)},
    {QObject::tr("Multiply"), formatSecondsSignificant(o.mul)},
    {QObject::tr("Divide"), formatSecondsSignificant(o.div)},
    {QObject::tr("Power"), formatSecondsSignificant(o.pow)},
    {QObject::tr("Intrinsic"), formatSecondsSignificant(o.intrinsic)},
    {QObject::tr("Load"), formatSecondsSignificant(o.load)},
    {QObject::tr("Store"), formatSecondsSignificant(o.store)},
    {QObject::tr("Fitted curves"), QString::number(m.curves.size())},
  };
  QStringList assumptions;
  for (const auto& a : m.assumptions)
    assumptions << QString::fromStdString(a);
  rows.emplace_back(QObject::tr("Assumptions"), assumptions.isEmpty() ? QObject::tr("—") : assumptions.join("\n"));
  return rows;
}

/// How a stored profile came to be, from the title calibrate gives it
/// (calibrated-profile.cpp): "calibrated", "simulated", or "stored" for an
/// imported file.
QString storedKind(const machine::MachineProfile& p)
{
  if (p.title.rfind("Calibrated on ", 0) == 0)
    return QObject::tr("calibrated");
  if (p.title.rfind("Simulated from ", 0) == 0)
    return QObject::tr("simulated");
  return QObject::tr("stored");
}

QList<QStandardItem*> fitRow(const QString& profile, const QStringList& cells)
{
  QList<QStandardItem*> row{new QStandardItem(profile)};
  for (const auto& c : cells)
    row << new QStandardItem(c);
  for (auto* item : row)
    item->setEditable(false);
  return row;
}

/// One row per segment; the curve's packet size and fit quality on its first row.
void addCurveRows(QStandardItemModel& model, const QString& profile, const machine::CommCurve& c)
{
  const auto label = curveLabel(c.pattern, c.ranks, c.strideElements);
  for (std::size_t i = 0; i < c.segments.size(); ++i) {
    const auto& s = c.segments[i];
    const bool first = i == 0;
    model.appendRow(fitRow(profile, {first ? label : QString(),
                                     QObject::tr("%1 – %2").arg(exactBytes(s.fromBytes), exactBytes(s.toBytes)),
                                     formatSecondsSignificant(s.a), perByteText(s.b),
                                     first ? (c.packetBytes > 0 ? exactBytes(c.packetBytes) : QObject::tr("no steps"))
                                           : QString(),
                                     first ? QString::number(c.chiSquarePerDof, 'g', 3) : QString(),
                                     first ? QString::number(c.maxRelativeError * 100, 'f', 1) + " %" : QString()}));
  }
}

} // namespace

MachinesView::MachinesView(QWidget* parent) : QWidget(parent)
{
  setObjectName("machinesView");
  m_list = new QListWidget(this);
  m_list->setObjectName("machinesList");
  m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
  m_list->setToolTip(tr("Select one profile to see it, Ctrl+click a second one to compare them"));
  m_hint = new QLabel(this);
  m_hint->setObjectName("machinesHint");
  m_hint->setWordWrap(true);
  auto* calibrate = new QPushButton(tr("&Calibrate…"), this);
  calibrate->setObjectName("machinesCalibrate");
  auto* exportChart = new QPushButton(tr("E&xport Chart…"), this);
  exportChart->setObjectName("machinesExportChart");
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addWidget(m_list, 1);
  leftLayout->addWidget(m_hint);
  leftLayout->addWidget(calibrate);
  leftLayout->addWidget(exportChart);

  m_parameters = new QStandardItemModel(this);
  m_parametersView = new QTableView(this);
  m_parametersView->setObjectName("machineParameters");
  m_parametersView->setModel(m_parameters);
  m_parametersView->setWordWrap(false); // long texts elide; the notes below hold them whole
  m_parametersView->setTextElideMode(Qt::ElideRight);
  m_parametersView->verticalHeader()->hide();
  m_parametersView->horizontalHeader()->setStretchLastSection(true);
  m_fits = new QStandardItemModel(this);
  m_fitsView = new QTableView(this);
  m_fitsView->setObjectName("machineFitTable");
  m_fitsView->setModel(m_fits);
  m_fitsView->verticalHeader()->hide();
  m_fitsView->horizontalHeader()->setStretchLastSection(true);
  m_notes = new QTextBrowser(this);
  m_notes->setObjectName("machineNotes");
  auto* parametersAndNotes = new QSplitter(Qt::Vertical, this);
  parametersAndNotes->setMinimumWidth(300); // ρ's and β's values readable beside their names
  parametersAndNotes->addWidget(m_parametersView);
  parametersAndNotes->addWidget(m_notes);
  parametersAndNotes->setStretchFactor(0, 3);
  parametersAndNotes->setStretchFactor(1, 2);
  m_chart = makeChartView("machineCurvesChart", tr("Communication curves"));
  m_chart->setMinimumSize(420, 300);

  auto* chartPane = new QWidget(this);
  auto* chartLayout = new QVBoxLayout(chartPane);
  chartLayout->setContentsMargins(0, 0, 0, 0);
  chartLayout->addWidget(makeFilterRow());
  chartLayout->addWidget(m_chart, 1);
  auto* chartAndFits = new QSplitter(Qt::Vertical, this);
  chartAndFits->addWidget(chartPane);
  m_chart->setMinimumHeight(300); // a calibrated profile's dozen legend entries
  chartAndFits->addWidget(m_fitsView);
  chartAndFits->setStretchFactor(0, 3);
  chartAndFits->setStretchFactor(1, 1);
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->setObjectName("machinesSplitter");
  split->addWidget(left);
  split->addWidget(parametersAndNotes);
  split->addWidget(chartAndFits);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 2);
  split->setStretchFactor(2, 4);
  // The panes keep their readable minimum (880x400) inside a scroll area: the dock tabbed with Results
  // must not hold the window wider than a 1024x768 screen.
  auto* scroll = new QScrollArea(this);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(split);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(scroll);

  connect(m_list, &QListWidget::itemSelectionChanged, this, &MachinesView::showSelection);
  connect(calibrate, &QPushButton::clicked, this, &MachinesView::calibrateRequested);
  connect(exportChart, &QPushButton::clicked, this,
          [this] { exportChartWithDialog(this, m_chart, chartCsv(), "partscope-machine-curves.png"); });
  reload();
}

/// Pattern, ranks and stride choices of the curves chart.
QWidget* MachinesView::makeFilterRow()
{
  auto* row = new QWidget(this);
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(4, 0, 4, 0);
  m_patternFilter = new QComboBox(row);
  m_patternFilter->setObjectName("machinesPatternFilter");
  m_patternFilter->addItem(tr("every pattern"), QString());
  for (const char* p : machine::kTrainingPatterns)
    m_patternFilter->addItem(QString::fromLatin1(p), QString::fromLatin1(p));
  m_ranksFilter = new QComboBox(row);
  m_ranksFilter->setObjectName("machinesRanksFilter");
  m_stridedFilter = new QCheckBox(tr("&Strided too"), row);
  m_stridedFilter->setObjectName("machinesStridedFilter");
  m_stridedFilter->setToolTip(tr("Also the curves of non-contiguous messages (MPI vector datatypes)"));
  auto* patternLabel = new QLabel(tr("Pa&ttern:"), row);
  patternLabel->setBuddy(m_patternFilter);
  auto* ranksLabel = new QLabel(tr("Ran&ks:"), row);
  ranksLabel->setBuddy(m_ranksFilter);
  layout->addWidget(patternLabel);
  layout->addWidget(m_patternFilter);
  layout->addWidget(ranksLabel);
  layout->addWidget(m_ranksFilter);
  layout->addWidget(m_stridedFilter);
  layout->addStretch(1);
  fillRanksChoices({});
  connect(m_patternFilter, &QComboBox::currentIndexChanged, this, &MachinesView::showSelection);
  connect(m_ranksFilter, &QComboBox::activated, this, &MachinesView::showSelection);
  connect(m_stridedFilter, &QCheckBox::toggled, this, &MachinesView::showSelection);
  return row;
}

/// "most measured", "every count" and the rank counts of the shown curves;
/// the current choice stays when the new profiles have it.
void MachinesView::fillRanksChoices(const std::vector<const machine::MachineProfile*>& shown)
{
  const int current = m_ranksFilter->count() ? m_ranksFilter->currentData().toInt() : 0;
  std::set<int> counts;
  for (const auto* p : shown)
    for (const auto& c : p->curves)
      counts.insert(c.ranks);
  const QSignalBlocker quiet(m_ranksFilter);
  m_ranksFilter->clear();
  m_ranksFilter->addItem(tr("the most measured"), 0);
  m_ranksFilter->addItem(tr("every count"), -1);
  for (int n : counts)
    m_ranksFilter->addItem(QString::number(n), n);
  const int at = m_ranksFilter->findData(current);
  m_ranksFilter->setCurrentIndex(at >= 0 ? at : 0);
  m_ranksFilter->setEnabled(!counts.empty());
  m_patternFilter->setEnabled(!counts.empty());
  m_stridedFilter->setEnabled(!counts.empty());
}

void MachinesView::setCurveFilter(const CurveFilter& filter)
{
  const QSignalBlocker a(m_patternFilter), b(m_stridedFilter);
  m_patternFilter->setCurrentIndex(std::max(0, m_patternFilter->findData(QString::fromStdString(filter.pattern))));
  m_stridedFilter->setChecked(filter.strided);
  if (m_ranksFilter->findData(filter.ranks) < 0)
    m_ranksFilter->addItem(QString::number(filter.ranks), filter.ranks);
  m_ranksFilter->setCurrentIndex(m_ranksFilter->findData(filter.ranks));
  showSelection();
}

CurveFilter MachinesView::curveFilter() const
{
  return {m_patternFilter->currentData().toString().toStdString(), m_ranksFilter->currentData().toInt(),
          m_stridedFilter->isChecked()};
}

void MachinesView::setProviders(ProfilesProvider profiles, PointsProvider points)
{
  m_profilesProvider = std::move(profiles);
  m_pointsProvider = std::move(points);
  reload();
}

void MachinesView::reload()
{
  const auto selected = selectedProfiles();
  m_profiles = machine::builtinProfiles();
  m_builtinCount = static_cast<int>(m_profiles.size());
  if (m_profilesProvider)
    for (auto& p : m_profilesProvider())
      if (!profile(QString::fromStdString(p.name))) // a built-in's name stays the built-in
        m_profiles.push_back(std::move(p));
  const QSignalBlocker block(m_list);
  m_list->clear();
  for (int i = 0; i < static_cast<int>(m_profiles.size()); ++i) {
    const auto& p = m_profiles[i];
    const bool calibrated = i >= m_builtinCount;
    const auto name = QString::fromStdString(p.name);
    auto* item = new QListWidgetItem(calibrated ? tr("%1 (%2)").arg(name, storedKind(p)) : name, m_list);
    item->setData(NameRole, name);
    item->setData(CalibratedRole, calibrated);
    item->setToolTip(QString::fromStdString(p.title + "\n" + p.source));
    item->setSelected(selected.contains(name));
  }
  if (m_list->selectedItems().isEmpty() && m_list->count() > 0)
    m_list->item(0)->setSelected(true);
  // every name whole: "mybox (calibrated)" was cut to "mybox (calibrate" in a narrow dock
  m_list->setMinimumWidth(std::min(m_list->sizeHintForColumn(0) + 2 * m_list->frameWidth() + 12, 320));
  showSelection();
  emit profilesReloaded(calibratedNames());
}

bool MachinesView::selectProfile(const QString& name) { return compareProfiles(name, name); }

bool MachinesView::compareProfiles(const QString& a, const QString& b)
{
  if (!profile(a) || !profile(b))
    return false;
  {
    const QSignalBlocker block(m_list);
    for (int i = 0; i < m_list->count(); ++i) {
      const auto name = m_list->item(i)->data(NameRole).toString();
      m_list->item(i)->setSelected(name == a || name == b);
    }
  }
  showSelection();
  return true;
}

QStringList MachinesView::selectedProfiles() const
{
  QStringList names;
  for (int i = 0; i < m_list->count(); ++i)
    if (m_list->item(i)->isSelected())
      names << m_list->item(i)->data(NameRole).toString();
  return names;
}

QStringList MachinesView::profileNames() const
{
  QStringList names;
  for (const auto& p : m_profiles)
    names << QString::fromStdString(p.name);
  return names;
}

QStringList MachinesView::calibratedNames() const { return profileNames().mid(m_builtinCount); }

const machine::MachineProfile* MachinesView::profile(const QString& name) const
{
  for (const auto& p : m_profiles)
    if (QString::fromStdString(p.name) == name)
      return &p;
  return nullptr;
}

QChart* MachinesView::curvesChart() const { return m_chart->chart(); }

QString MachinesView::chartCsv() const
{
  QString out = "series,bytes,time_s\n";
  for (auto* s : curvesChart()->series())
    if (auto* xy = qobject_cast<QXYSeries*>(s))
      for (const auto& p : xy->points())
        out += QStringLiteral("\"%1\",%2,%3\n").arg(xy->name()).arg(p.x(), 0, 'g', 12).arg(p.y() / m_timeFactor, 0, 'g', 12);
  return out;
}

void MachinesView::showSelection()
{
  auto names = selectedProfiles();
  m_hint->setText(names.size() > 2 ? tr("Comparing the first two of %1 selected").arg(names.size())
                  : names.size() == 2 ? tr("Comparing two profiles")
                                      : tr("Ctrl+click a second profile to compare"));
  names = names.mid(0, 2);
  std::vector<const machine::MachineProfile*> shown;
  std::vector<ProfileCurves> curves;
  for (const auto& n : names) {
    const auto* p = profile(n);
    shown.push_back(p);
    const bool calibrated = profileNames().indexOf(n) >= m_builtinCount;
    curves.push_back({*p, calibrated && m_pointsProvider ? m_pointsProvider(p->name)
                                                         : std::vector<machine::TrainingPoint>{}});
  }
  fillParameters(shown);
  fillFits(shown);
  fillRanksChoices(shown);
  for (auto& pc : curves)
    pc = filterCurves(pc, curveFilter());
  m_timeFactor = fillCurvesChart(curvesChart(), curves);
  emit selectionShown(names);
}

void MachinesView::fillParameters(const std::vector<const machine::MachineProfile*>& shown)
{
  m_parameters->clear();
  QStringList header{tr("Parameter")};
  for (const auto* p : shown)
    header << QString::fromStdString(p->name);
  m_parameters->setHorizontalHeaderLabels(header);
  for (int c = 0; c < static_cast<int>(shown.size()); ++c) {
    const auto rows = parameterRows(*shown[c]);
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
      if (c == 0)
        m_parameters->setItem(r, 0, new QStandardItem(rows[r].first));
      auto* value = new QStandardItem(rows[r].second);
      value->setToolTip(rows[r].second);
      m_parameters->setItem(r, c + 1, value);
    }
  }
  for (int r = 0; r < m_parameters->rowCount(); ++r)
    for (int c = 0; c < m_parameters->columnCount(); ++c)
      if (auto* item = m_parameters->item(r, c))
        item->setEditable(false);
  // the names whole; the profiles' columns share the rest and elide with "…"
  // (at their default width the second profile's column was off-screen)
  auto* columns = m_parametersView->horizontalHeader();
  columns->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  for (int c = 1; c < m_parameters->columnCount(); ++c)
    columns->setSectionResizeMode(c, QHeaderView::Stretch);
  fillNotes(shown);
}

/// Title, source and assumptions of each shown profile, whole (the table elides them).
void MachinesView::fillNotes(const std::vector<const machine::MachineProfile*>& shown)
{
  QString html;
  for (const auto* p : shown) {
    html += QStringLiteral("<p><b>%1</b>: %2<br><i>%3</i></p>")
              .arg(QString::fromStdString(p->name).toHtmlEscaped(), QString::fromStdString(p->title).toHtmlEscaped(),
                   QString::fromStdString(p->source).toHtmlEscaped());
    if (p->assumptions.empty())
      continue;
    html += "<ul style=\"margin-top:0\">";
    for (const auto& a : p->assumptions)
      html += "<li>" + QString::fromStdString(a).toHtmlEscaped() + "</li>";
    html += "</ul>";
  }
  m_notes->setHtml(html);
}

void MachinesView::fillFits(const std::vector<const machine::MachineProfile*>& shown)
{
  m_fits->clear();
  m_fits->setHorizontalHeaderLabels({tr("Profile"), tr("Curve"), tr("Bytes"), tr("a"), tr("b"), tr("Packet"),
                                     tr("χ²/dof"), tr("Max error")});
  for (const auto* p : shown) {
    const auto name = QString::fromStdString(p->name);
    for (const auto& c : p->curves)
      addCurveRows(*m_fits, name, c);
    if (p->curves.empty())
      m_fits->appendRow(fitRow(name, {tr("ρ + βx (linear model)"), tr("all"), formatSecondsSignificant(p->startup),
                                      perByteText(p->byteTime), tr("—"), tr("—"), tr("—")}));
  }
  m_fitsView->resizeColumnsToContents();
}

} // namespace ps::views
