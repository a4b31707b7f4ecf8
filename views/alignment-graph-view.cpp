#include "views/alignment-graph-view.h"

#include <QGraphicsEllipseItem>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QFontMetricsF>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

namespace ps::views {
namespace {

constexpr double kColumnGap = 150, kRowGap = 76, kNodeW = 62, kNodeH = 36;
const QColor kParallelColor(0xc0, 0x20, 0x20);
constexpr std::array<QRgb, 6> kAxisColors{0x6baed6, 0xfd8d3c, 0x74c476, 0x9e9ac8, 0xfdd0a2, 0xbdbdbd};

QColor axisColor(int axis)
{
  return axis < 0 ? QColor(Qt::lightGray) : QColor(kAxisColors[static_cast<std::size_t>(axis) % kAxisColors.size()]);
}

/// Builds the scene of one phase: columns, nodes, edges, caption.
class GraphSceneBuilder {
public:
  GraphSceneBuilder(QGraphicsScene& scene, const ddt::PhasePlan& phase, const QFont& font)
    : m_scene(scene), m_phase(phase), m_graph(phase.analysis.graph), m_alignment(phase.analysis.alignment),
      m_font(font)
  {
  }

  QString build()
  {
    orderColumns();
    addNodes();
    addEdges();
    addTitle(); // above the highest curve
    return addCaption();
  }

private:
  void orderColumns()
  {
    auto add = [this](const std::string& a) {
      if (m_graph.ranks.count(a) && std::find(m_columns.begin(), m_columns.end(), a) == m_columns.end())
        m_columns.push_back(a);
    };
    add(m_alignment.templateArray);
    for (const auto& a : m_alignment.columnOrder)
      add(a);
    for (const auto& [a, rank] : m_graph.ranks)
      add(a);
    for (const auto& [a, rank] : m_graph.ranks)
      m_maxRank = std::max(m_maxRank, rank);
  }

  QPointF center(const ddt::DimNode& n) const
  {
    const auto col = std::find(m_columns.begin(), m_columns.end(), n.array) - m_columns.begin();
    return {static_cast<double>(col) * kColumnGap, n.dim * kRowGap};
  }

  int column(const ddt::DimNode& n) const
  {
    return static_cast<int>(std::find(m_columns.begin(), m_columns.end(), n.array) - m_columns.begin());
  }

  QGraphicsSimpleTextItem* text(const QString& s, bool bold = false)
  {
    auto* t = m_scene.addSimpleText(s);
    auto f = m_font;
    f.setBold(bold);
    t->setFont(f);
    t->setData(AlignmentGraphView::ItemKindKey, QStringLiteral("label"));
    return t;
  }

  void addTitle()
  {
    auto* t = text(QObject::tr("Phase %1, lines %2–%3: dimension alignment graph")
                     .arg(m_phase.phase.id)
                     .arg(m_phase.phase.firstLine)
                     .arg(m_phase.phase.lastLine),
                   true);
    t->setPos(-kNodeW / 2, m_scene.itemsBoundingRect().top() - t->boundingRect().height() - 10);
  }

  int axisOf(const ddt::DimNode& n) const
  {
    const auto it = m_alignment.axis.find(n.array);
    return it == m_alignment.axis.end() || n.dim >= static_cast<int>(it->second.size()) ? -1 : it->second[n.dim];
  }

  void addNodes()
  {
    for (const auto& array : m_columns) // the node names ("x1") say the array
      for (int d = 0; d < m_graph.ranks.at(array); ++d)
        addNode({array, d});
  }

  void addNode(const ddt::DimNode& n)
  {
    const QPointF c = center(n);
    const int axis = axisOf(n);
    auto* e = m_scene.addEllipse(QRectF(c.x() - kNodeW / 2, c.y() - kNodeH / 2, kNodeW, kNodeH), QPen(Qt::black, 1.2),
                                 axisColor(axis));
    e->setZValue(2);
    e->setData(AlignmentGraphView::ItemKindKey, QStringLiteral("node"));
    e->setData(AlignmentGraphView::ItemNameKey, QString::fromStdString(n.str()));
    const auto offsets = m_alignment.offset.find(n.array);
    const auto offset = offsets == m_alignment.offset.end() || n.dim >= static_cast<int>(offsets->second.size())
                          ? 0
                          : offsets->second[n.dim];
    e->setToolTip(QObject::tr("Dimension %1 of '%2': template axis %3, offset %4")
                    .arg(n.dim + 1)
                    .arg(QString::fromStdString(n.array))
                    .arg(axis + 1)
                    .arg(offset));
    auto* label = text(QString::fromStdString(n.str()), true);
    label->setParentItem(e);
    label->setPos(c.x() - label->boundingRect().width() / 2, c.y() - label->boundingRect().height() / 2);
  }

  void addEdges()
  {
    std::map<std::pair<std::string, std::string>, int> seen; // node pair -> edges drawn so far
    for (const auto& e : m_graph.edges) {
      auto a = e.a.str(), b = e.b.str(); // std::minmax of temporaries would return dangling references
      if (b < a)
        std::swap(a, b);
      addEdge(e, seen[{a, b}]++);
    }
  }

  /// Adjacent columns: a straight line; farther apart, or a second edge
  /// between the same nodes: a curve bowed away from the nodes between.
  QPainterPath edgePath(const ddt::AlignmentEdge& e, int repeat) const
  {
    const QPointF a = center(e.a), b = center(e.b);
    QPainterPath path(a);
    const int span = std::abs(column(e.a) - column(e.b));
    if (span <= 1 && repeat == 0) {
      path.lineTo(b);
      return path;
    }
    const double middleRow = (m_maxRank - 1) / 2.0;
    const double sign = (e.a.dim + e.b.dim) / 2.0 <= middleRow ? -1 : 1;
    const double bow = 34.0 * std::max(0, span - 1) + 30.0 * repeat + (span > 1 ? 26 : 0);
    path.quadTo((a + b) / 2 + QPointF(0, sign * 2 * bow), b); // a quadratic's apex is half its control offset
    return path;
  }

  void addEdge(const ddt::AlignmentEdge& e, int repeat)
  {
    const auto path = edgePath(e, repeat);
    const QPen pen = e.parallelization ? QPen(kParallelColor, 5, Qt::SolidLine, Qt::RoundCap)
                                       : QPen(QColor(0x40, 0x40, 0x40), 1.6,
                                              e.weight < 1 ? Qt::DashLine : Qt::SolidLine);
    auto* item = m_scene.addPath(path, pen);
    item->setZValue(0);
    item->setData(AlignmentGraphView::ItemKindKey, QStringLiteral("edge"));
    item->setData(AlignmentGraphView::ItemWeightKey, e.weight);
    item->setData(AlignmentGraphView::ItemParallelKey, e.parallelization);
    item->setToolTip(QObject::tr("%1 edge %2 – %3, weight %4")
                       .arg(e.parallelization ? QObject::tr("Parallelization") : QObject::tr("Affinity"))
                       .arg(QString::fromStdString(e.a.str()), QString::fromStdString(e.b.str()))
                       .arg(e.weight, 0, 'g', 9));
    addWeightLabel(AlignmentGraphView::weightText(e.weight, e.parallelization), path.pointAtPercent(0.5),
                   e.parallelization);
  }

  void addWeightLabel(const QString& s, const QPointF& at, bool parallelization)
  {
    auto* t = text(s, parallelization);
    const QRectF r = t->boundingRect();
    auto* back = m_scene.addRect(QRectF(at.x() - r.width() / 2 - 3, at.y() - r.height() / 2 - 1, r.width() + 6,
                                        r.height() + 2),
                                 QPen(parallelization ? kParallelColor : QColor(0x90, 0x90, 0x90), 1),
                                 QBrush(Qt::white));
    back->setZValue(1);
    back->setData(AlignmentGraphView::ItemKindKey, QStringLiteral("label"));
    t->setParentItem(back);
    t->setPos(at.x() - r.width() / 2, at.y() - r.height() / 2);
    if (parallelization)
      t->setBrush(kParallelColor);
  }

  QString alignmentText() const
  {
    QStringList parts;
    for (const auto& array : m_columns) {
      const auto it = m_alignment.axis.find(array);
      if (it == m_alignment.axis.end())
        continue;
      QStringList axes;
      const auto offsets = m_alignment.offset.find(array);
      for (std::size_t d = 0; d < it->second.size(); ++d) {
        auto s = QString::number(it->second[d] + 1);
        const auto o = offsets == m_alignment.offset.end() || d >= offsets->second.size() ? 0 : offsets->second[d];
        if (o != 0)
          s += (o > 0 ? QStringLiteral("+") : QString()) + QString::number(o);
        axes << s;
      }
      parts << QStringLiteral("%1: (%2)").arg(QString::fromStdString(array), axes.join(','));
    }
    return parts.join(QStringLiteral("  "));
  }

  QString addCaption()
  {
    double y = m_scene.itemsBoundingRect().bottom() + 14;
    const double x = -kNodeW / 2;
    const auto aligned = alignmentText();
    auto line = [&](const QString& s, bool bold = false) { // wrapped to the graph's width
      auto* t = m_scene.addText(s, m_font);
      auto f = m_font;
      f.setBold(bold);
      t->setFont(f);
      t->setTextWidth(captionWidth());
      t->setData(AlignmentGraphView::ItemKindKey, QStringLiteral("label"));
      t->setPos(x - 4, y); // a text item's document has a 4 px margin
      y += t->boundingRect().height();
      return t;
    };
    line(QObject::tr("Chosen alignment:  %1").arg(aligned), true);
    line(QObject::tr("(template axis of each dimension; node colour = axis) Template %1; columns aligned in the "
                     "order %2; affinity weight left unaligned: %3")
           .arg(QString::fromStdString(m_alignment.templateArray))
           .arg(columnOrderText())
           .arg(AlignmentGraphView::weightText(m_alignment.unalignedWeight, false)));
    addLegend(x, y + 4);
    return aligned;
  }

  /// The graph's width, or a readable minimum for a graph of one or two columns.
  double captionWidth() const
  {
    return std::max(420.0, static_cast<double>(m_columns.size() - 1) * kColumnGap + kNodeW);
  }

  QString columnOrderText() const
  {
    QStringList names;
    for (const auto& a : m_alignment.columnOrder)
      names << QString::fromStdString(a);
    return names.isEmpty() ? QObject::tr("(none)") : names.join(", ");
  }

  /// Legend entries left to right, wrapping at the caption's width.
  void addLegend(double x, double y)
  {
    const double left = x, right = x + captionWidth(), step = QFontMetricsF(m_font).height() + 6;
    auto place = [&](double width) {
      if (x > left && x + width > right) {
        x = left;
        y += step;
      }
    };
    auto swatch = [&](const QColor& c, const QString& s) {
      auto* t = text(s);
      place(20 + t->boundingRect().width());
      auto* r = m_scene.addRect(QRectF(x, y + 2, 14, 14), QPen(Qt::black, 1), c);
      r->setData(AlignmentGraphView::ItemKindKey, QStringLiteral("label"));
      t->setPos(x + 20, y);
      x += 20 + t->boundingRect().width() + 18;
    };
    int axes = 0;
    for (const auto& [a, v] : m_alignment.axis)
      for (int axis : v)
        axes = std::max(axes, axis + 1);
    for (int a = 0; a < axes; ++a)
      swatch(axisColor(a), QObject::tr("template axis %1").arg(a + 1));
    auto line = [&](const QPen& pen, const QString& s) {
      auto* t = text(s);
      place(32 + t->boundingRect().width());
      auto* l = m_scene.addLine(x, y + 9, x + 26, y + 9, pen);
      l->setData(AlignmentGraphView::ItemKindKey, QStringLiteral("label"));
      t->setPos(x + 32, y);
      x += 32 + t->boundingRect().width() + 18;
    };
    line(QPen(kParallelColor, 5), QObject::tr("parallelization edge"));
    line(QPen(QColor(0x40, 0x40, 0x40), 1.6), QObject::tr("affinity (1 each)"));
    line(QPen(QColor(0x40, 0x40, 0x40), 1.6, Qt::DashLine), QObject::tr("competing only (ε)"));
  }

  QGraphicsScene& m_scene;
  const ddt::PhasePlan& m_phase;
  const ddt::AlignmentGraph& m_graph;
  const ddt::Alignment& m_alignment;
  QFont m_font;
  std::vector<std::string> m_columns;
  int m_maxRank = 1;
};

} // namespace

AlignmentGraphView::AlignmentGraphView(QWidget* parent) : QGraphicsView(parent)
{
  setObjectName("alignmentGraph");
  setScene(new QGraphicsScene(this));
  setRenderHint(QPainter::Antialiasing);
  setRenderHint(QPainter::TextAntialiasing);
  setBackgroundBrush(Qt::white);
  setMinimumSize(320, 220);
}

void AlignmentGraphView::clear()
{
  scene()->clear();
  m_phaseId = 0;
  m_alignmentText.clear();
  auto* t = scene()->addSimpleText(tr("Click a phase in the timeline or the candidate table\n"
                                      "to see its dimension alignment graph."));
  t->setData(ItemKindKey, QStringLiteral("label"));
  fitScene();
}

void AlignmentGraphView::setPhase(const ddt::PhasePlan& phase)
{
  scene()->clear();
  m_phaseId = phase.phase.id;
  m_alignmentText = GraphSceneBuilder(*scene(), phase, font()).build();
  fitScene();
}

int AlignmentGraphView::countItems(const QString& kind, bool parallelOnly) const
{
  int n = 0;
  for (const auto* item : scene()->items())
    if (item->data(ItemKindKey).toString() == kind && (!parallelOnly || item->data(ItemParallelKey).toBool()))
      ++n;
  return n;
}

int AlignmentGraphView::nodeCount() const { return countItems(QStringLiteral("node"), false); }
int AlignmentGraphView::edgeCount() const { return countItems(QStringLiteral("edge"), false); }
int AlignmentGraphView::parallelEdgeCount() const { return countItems(QStringLiteral("edge"), true); }

QString AlignmentGraphView::weightText(double weight, bool parallelization)
{
  if (parallelization) {
    const double units = weight / ddt::AlignmentGraph::kParallelWeight;
    return std::fabs(units - 1) < 1e-9 ? QStringLiteral("10⁶") : QStringLiteral("%1·10⁶").arg(units, 0, 'g', 4);
  }
  const auto total = std::llround(weight / ddt::AlignmentGraph::kEpsilon);
  if (std::fabs(static_cast<double>(total) * ddt::AlignmentGraph::kEpsilon - weight) > 1e-9)
    return QString::number(weight, 'g', 4);
  const auto whole = total / 1000, eps = total % 1000;
  QString epsText = eps == 0 ? QString() : eps == 1 ? QStringLiteral("ε") : QStringLiteral("%1ε").arg(eps);
  if (whole == 0)
    return epsText.isEmpty() ? QStringLiteral("0") : epsText;
  return QString::number(whole) + (epsText.isEmpty() ? QString() : QStringLiteral("+") + epsText);
}

void AlignmentGraphView::fitScene()
{
  const QRectF bounds = scene()->itemsBoundingRect().adjusted(-16, -16, 16, 16);
  scene()->setSceneRect(bounds);
  resetTransform();
  const QSizeF room = viewport()->size();
  if (bounds.width() > room.width() || bounds.height() > room.height())
    fitInView(bounds, Qt::KeepAspectRatio);
  centerOn(bounds.center());
}

void AlignmentGraphView::resizeEvent(QResizeEvent* event)
{
  QGraphicsView::resizeEvent(event);
  fitScene();
}

} // namespace ps::views
