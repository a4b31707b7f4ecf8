#pragma once
// The phase timeline of a distribution plan: one box per phase in program
// order (phase number and lines), filled with the colour of the mapping the
// chosen solution runs it under, each iterative loop drawn around its phases
// with its trip count ("×10"), a red bar before each phase that remaps, and
// a legend. Clicking a box selects the phase.

#include "ddt/plan.h"

#include <QColor>
#include <QWidget>

#include <vector>

namespace ps::views {

class MappingColors;

class PlanTimeline : public QWidget {
  Q_OBJECT
public:
  explicit PlanTimeline(QWidget* parent = nullptr);

  void setPlan(const ddt::Plan& plan, MappingColors& colors);
  void clear();

  int phaseCount() const { return static_cast<int>(m_boxes.size()); }
  /// The box of phase `index` (into Plan::phases), in widget coordinates.
  QRect phaseRect(int index) const;
  /// The phase whose box contains `pos`, or -1.
  int phaseAt(const QPoint& pos) const;
  void setSelectedPhase(int index);
  int selectedPhase() const { return m_selected; }
  /// The text drawn for iterative loop `region` ("×10 iterative loop, lines 33–60").
  QString regionLabel(int region) const;
  /// The legend entries: mapping key and colour.
  const std::vector<std::pair<QString, QColor>>& legend() const { return m_legend; }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

signals:
  void phaseClicked(int index);

protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  bool event(QEvent* event) override;

private:
  struct Box {
    int id = 0, firstLine = 0, lastLine = 0;
    QColor color;
    QString tooltip;
    QString remapBefore; // "" when the phase does not remap
    QRect rect;
  };
  struct Frame {
    int first = 0, last = 0; // box indices
    int depth = 0;
    QString label;
    QRect rect;
  };
  void layoutBoxes();
  int boxWidth() const;
  int textWidth() const;
  int depthCount() const;
  int boxTop() const;
  void paintFrame(QPainter& p, const Frame& f) const;
  void paintBox(QPainter& p, const Box& b, bool selected) const;
  void paintLegend(QPainter& p) const;

  std::vector<Box> m_boxes;
  std::vector<Frame> m_frames;
  std::vector<std::pair<QString, QColor>> m_legend;
  bool m_hasRemaps = false;
  int m_selected = -1;
};

} // namespace ps::views
