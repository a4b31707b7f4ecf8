#pragma once
// The dimension alignment graph of one phase (the paper's "DAG"): one
// column per array, one node per dimension ("x1", "x2"), affinity edges
// labelled with their weights (1 for a non-competing reference, ε for a
// competing one, sums as "2+ε"), parallelization edges thick and red, and
// the alignment the engine chose: each node filled with its template
// axis's colour and the text "x: (1,2) a: (1,2)". A layered layout drawn
// with QGraphicsScene (no Graphviz). Source: DDT (Ayguade et al. 1997),
// Secs. 3.1-3.3, Fig. 3.

#include "ddt/plan.h"

#include <QGraphicsView>

namespace ps::views {

class AlignmentGraphView : public QGraphicsView {
  Q_OBJECT
public:
  /// Scene items carry ItemKindKey: "node", "edge", "label"; nodes their
  /// name ("x1") under ItemNameKey; edges their weight (double) under
  /// ItemWeightKey and whether they are parallelization edges (bool) under
  /// ItemParallelKey.
  enum DataKey { ItemKindKey = 0, ItemNameKey, ItemWeightKey, ItemParallelKey };

  explicit AlignmentGraphView(QWidget* parent = nullptr);

  /// Draws the graph and alignment of `phase`.
  void setPhase(const ddt::PhasePlan& phase);
  void clear();

  int phaseId() const { return m_phaseId; }
  int nodeCount() const;
  int edgeCount() const;
  int parallelEdgeCount() const;
  /// "x: (1,2)  a: (1,2)  b: (1,2)": the template axis of each dimension.
  QString alignmentText() const { return m_alignmentText; }

  /// "1", "ε", "2+ε", "3ε", "10⁶" (parallelization weights in units of 10⁶).
  static QString weightText(double weight, bool parallelization);

protected:
  void resizeEvent(QResizeEvent* event) override;

private:
  void fitScene();
  int countItems(const QString& kind, bool parallelOnly) const;

  int m_phaseId = 0;
  QString m_alignmentText;
};

} // namespace ps::views
