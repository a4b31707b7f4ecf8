#include "views/plan-timeline.h"

#include "views/mapping-colors.h"
#include "views/plan-choice.h"
#include "views/time-units.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace ps::views {
namespace {

constexpr int kMargin = 8;
constexpr int kLabelStrip = 20; // per nesting level, above the boxes
constexpr int kFrameInset = 7;  // per nesting level, around the boxes
constexpr int kBoxHeight = 46;
constexpr int kGap = 12;
constexpr int kLegendHeight = 22;
constexpr int kMinBox = 64, kMaxBox = 120;
const QColor kRemapColor(0xc0, 0x20, 0x20);

int regionDepth(const ddt::Plan& plan, int r)
{
  int depth = 0;
  for (int p = plan.regions[r].parent; p >= 0; p = plan.regions[p].parent)
    ++depth;
  return depth;
}

QString remapText(const ddt::PlannedRemap& r)
{
  QStringList arrays;
  for (const auto& a : r.arrays)
    arrays << QString::fromStdString(a);
  return QObject::tr("%1 %2 → %3, ×%4, %5 (%6)")
    .arg(arrays.join(','), QString::fromStdString(r.from), QString::fromStdString(r.to))
    .arg(r.count, 0, 'g', 6)
    .arg(formatSeconds(r.cost), r.realign ? QObject::tr("realignment") : QObject::tr("redistribution"));
}

} // namespace

PlanTimeline::PlanTimeline(QWidget* parent) : QWidget(parent)
{
  setObjectName("planTimeline");
  setMouseTracking(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void PlanTimeline::clear()
{
  m_boxes.clear();
  m_frames.clear();
  m_legend.clear();
  m_hasRemaps = false;
  m_selected = -1;
  updateGeometry();
  update();
}

void PlanTimeline::setPlan(const ddt::Plan& plan, MappingColors& colors)
{
  clear();
  const auto& seq = shownSequence(plan);
  for (int k = 0; k < static_cast<int>(plan.phases.size()); ++k) {
    const auto& pp = plan.phases[k];
    const auto mapping = chosenMapping(plan, k);
    Box b;
    b.id = pp.phase.id;
    b.firstLine = pp.phase.firstLine;
    b.lastLine = pp.phase.lastLine;
    b.color = colors.colorOf(mapping);
    b.tooltip = tr("Phase %1, lines %2–%3, frequency %4 (executions per run of the unit)\nMapping: %5 on %6")
                  .arg(b.id)
                  .arg(b.firstLine)
                  .arg(b.lastLine)
                  .arg(pp.frequency, 0, 'g', 6)
                  .arg(QString::fromStdString(mapping.str()), QString::fromStdString(mapping.gridText()));
    if (seq.dynamicChosen)
      for (const auto& r : seq.dynamic.remaps)
        if (r.beforePhase == b.id)
          b.remapBefore += (b.remapBefore.isEmpty() ? QString() : QStringLiteral("\n")) + remapText(r);
    m_hasRemaps = m_hasRemaps || !b.remapBefore.isEmpty();
    m_boxes.push_back(b);
  }
  for (int r = 0; r < static_cast<int>(plan.regions.size()); ++r) {
    Frame f{-1, -1, regionDepth(plan, r), {}, {}};
    for (int k = 0; k < static_cast<int>(plan.phases.size()); ++k) {
      const auto& regions = plan.phases[k].phase.regions;
      if (std::find(regions.begin(), regions.end(), r) == regions.end())
        continue;
      f.first = f.first < 0 ? k : f.first;
      f.last = k;
    }
    const auto& region = plan.regions[r];
    f.label =
      tr("×%1  iterative loop, lines %2–%3").arg(region.iterations).arg(region.firstLine).arg(region.lastLine);
    if (f.first >= 0)
      m_frames.push_back(f);
  }
  for (const auto& [key, color] : colors.legend())
    m_legend.emplace_back(QString::fromStdString(key), color);
  layoutBoxes();
  updateGeometry();
  update();
}

QString PlanTimeline::regionLabel(int region) const
{
  return region >= 0 && region < static_cast<int>(m_frames.size()) ? m_frames[region].label : QString();
}

int PlanTimeline::depthCount() const
{
  int d = 0;
  for (const auto& f : m_frames)
    d = std::max(d, f.depth + 1);
  return d;
}

int PlanTimeline::boxTop() const { return kMargin + depthCount() * kLabelStrip + 4; }

/// Boxes share the width, between a readable minimum and a maximum.
int PlanTimeline::boxWidth() const
{
  const int n = std::max(1, phaseCount());
  const int fixed = 2 * kMargin + (n - 1) * kGap + 2 * static_cast<int>(m_frames.size()) * kFrameInset * 2;
  const int text = textWidth();
  return std::clamp((width() - fixed) / n, std::max(kMinBox, text), std::max(kMaxBox, text));
}

/// The widest label of a box, with a little padding.
int PlanTimeline::textWidth() const
{
  int w = 0;
  for (const auto& b : m_boxes)
    w = std::max(w, fontMetrics().horizontalAdvance(tr("lines %1–%2").arg(b.firstLine).arg(b.lastLine)));
  return w + 14;
}

void PlanTimeline::layoutBoxes()
{
  const int w = boxWidth(), top = boxTop(), depths = depthCount();
  int x = kMargin;
  for (int k = 0; k < phaseCount(); ++k) {
    for (const auto& f : m_frames)
      if (f.first == k)
        x += (depths - f.depth) * kFrameInset;
    m_boxes[k].rect = QRect(x, top, w, kBoxHeight);
    x += w;
    for (const auto& f : m_frames)
      if (f.last == k)
        x += (depths - f.depth) * kFrameInset;
    x += kGap;
  }
  for (auto& f : m_frames) {
    const int inset = (depths - f.depth) * kFrameInset;
    const QRect first = m_boxes[f.first].rect, last = m_boxes[f.last].rect;
    f.rect = QRect(QPoint(first.left() - inset, kMargin + f.depth * kLabelStrip),
                   QPoint(last.right() + inset, first.bottom() + inset));
  }
}

QSize PlanTimeline::minimumSizeHint() const
{
  const int n = std::max(1, phaseCount());
  const int text = textWidth();
  const int width = 2 * kMargin + n * std::max(kMinBox, text) + (n - 1) * kGap +
                    2 * static_cast<int>(m_frames.size()) * kFrameInset * 2;
  const int height = boxTop() + kBoxHeight + depthCount() * kFrameInset + 8 + kLegendHeight + kMargin;
  return {width, height};
}

QSize PlanTimeline::sizeHint() const { return minimumSizeHint(); }

QRect PlanTimeline::phaseRect(int index) const
{
  return index >= 0 && index < phaseCount() ? m_boxes[index].rect : QRect();
}

int PlanTimeline::phaseAt(const QPoint& pos) const
{
  for (int k = 0; k < phaseCount(); ++k)
    if (m_boxes[k].rect.contains(pos))
      return k;
  return -1;
}

void PlanTimeline::setSelectedPhase(int index)
{
  m_selected = index >= 0 && index < phaseCount() ? index : -1;
  update();
}

void PlanTimeline::resizeEvent(QResizeEvent* event)
{
  QWidget::resizeEvent(event);
  if (!m_boxes.empty())
    layoutBoxes();
}

void PlanTimeline::mousePressEvent(QMouseEvent* event)
{
  const int k = phaseAt(event->position().toPoint());
  if (k < 0)
    return QWidget::mousePressEvent(event);
  setSelectedPhase(k);
  emit phaseClicked(k);
}

bool PlanTimeline::event(QEvent* event)
{
  if (event->type() != QEvent::ToolTip)
    return QWidget::event(event);
  const auto* help = static_cast<QHelpEvent*>(event);
  const int k = phaseAt(help->pos());
  QString text;
  if (k >= 0)
    text = m_boxes[k].tooltip;
  for (int j = 0; j < phaseCount() && text.isEmpty(); ++j) // the remap bar in the gap before a box
    if (!m_boxes[j].remapBefore.isEmpty() &&
        QRect(m_boxes[j].rect.left() - kGap, m_boxes[j].rect.top(), kGap, kBoxHeight).contains(help->pos()))
      text = tr("Remapping before phase %1:\n%2").arg(m_boxes[j].id).arg(m_boxes[j].remapBefore);
  if (text.isEmpty())
    QToolTip::hideText();
  else
    QToolTip::showText(help->globalPos(), text, this);
  return true;
}

void PlanTimeline::paintEvent(QPaintEvent*)
{
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  if (m_boxes.empty()) {
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(rect(), Qt::AlignCenter, tr("Suggest Distribution (Ctrl+D) shows the phases here."));
    return;
  }
  for (const auto& f : m_frames)
    paintFrame(p, f);
  for (int k = 0; k < phaseCount(); ++k)
    paintBox(p, m_boxes[k], k == m_selected);
  paintLegend(p);
}

void PlanTimeline::paintFrame(QPainter& p, const Frame& f) const
{
  p.setPen(QPen(palette().color(QPalette::Mid), 1.5));
  p.setBrush(Qt::NoBrush);
  p.drawRoundedRect(f.rect, 6, 6);
  auto font = p.font();
  font.setBold(true);
  p.setFont(font);
  p.setPen(palette().color(QPalette::WindowText));
  p.drawText(f.rect.adjusted(8, 2, -4, 0), Qt::AlignLeft | Qt::AlignTop, f.label);
  p.setFont(this->font());
}

void PlanTimeline::paintBox(QPainter& p, const Box& b, bool selected) const
{
  if (!b.remapBefore.isEmpty()) {
    const int x = b.rect.left() - kGap / 2;
    p.setPen(QPen(kRemapColor, 4, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(x, b.rect.top() - 2, x, b.rect.bottom() + 2);
  }
  p.setPen(selected ? QPen(Qt::black, 3) : QPen(b.color.darker(160), 1));
  p.setBrush(b.color);
  p.drawRoundedRect(b.rect, 4, 4);
  p.setPen(Qt::black);
  auto font = p.font();
  font.setBold(true);
  p.setFont(font);
  const QRect top(b.rect.left(), b.rect.top() + 4, b.rect.width(), b.rect.height() / 2 - 4);
  p.drawText(top, Qt::AlignCenter, tr("Phase %1").arg(b.id));
  p.setFont(this->font());
  const QRect bottom(b.rect.left(), b.rect.center().y(), b.rect.width(), b.rect.height() / 2 - 2);
  p.drawText(bottom, Qt::AlignCenter, tr("lines %1–%2").arg(b.firstLine).arg(b.lastLine));
}

void PlanTimeline::paintLegend(QPainter& p) const
{
  int x = kMargin;
  const int y = boxTop() + kBoxHeight + depthCount() * kFrameInset + 8;
  const int h = fontMetrics().height();
  auto entry = [&](const QString& text, auto drawSwatch) {
    drawSwatch(QRect(x, y + (kLegendHeight - 12) / 2, 12, 12));
    x += 16;
    p.setPen(palette().color(QPalette::WindowText));
    const int w = fontMetrics().horizontalAdvance(text);
    p.drawText(QRect(x, y + (kLegendHeight - h) / 2, w + 2, h), Qt::AlignLeft | Qt::AlignVCenter, text);
    x += w + 18;
  };
  for (const auto& [key, color] : m_legend)
    entry(key, [&, c = color](const QRect& r) {
      p.setPen(c.darker(160));
      p.setBrush(c);
      p.drawRect(r);
    });
  if (m_hasRemaps)
    entry(tr("remapping before the phase"), [&](const QRect& r) {
      p.setPen(QPen(kRemapColor, 4, Qt::SolidLine, Qt::RoundCap));
      p.drawLine(r.center().x(), r.top(), r.center().x(), r.bottom());
    });
}

} // namespace ps::views
