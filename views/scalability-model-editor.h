#pragma once
// The analytic model editor of the Scalability tab: one row per model
// (name, time formula T(p, n), work formula W(n)), the constants shared by
// all models ("n1=1024, tc=1.46e-8"), load and save as a model file (JSON,
// scaling/model-file.h). A wrong formula turns its cell red with the column
// and the sentence in the tooltip.

#include "scaling/model-file.h"
#include "views/scale-job.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QTableWidget;

namespace ps::views {

class ScalabilityModelEditor : public QWidget {
  Q_OBJECT
public:
  enum Column { NameColumn, TimeColumn, WorkColumn };

  explicit ScalabilityModelEditor(QWidget* parent = nullptr);

  void setModelFile(const scaling::ModelFile& file);
  scaling::ModelFile modelFile() const;
  /// The models to compare; nullopt with `error` set when the constants do not parse.
  std::optional<std::vector<scaling::AnalyticModelSpec>> specs(QString* error) const;

  bool loadFile(const QString& path, QString* error);
  bool saveFile(const QString& path, QString* error) const;

  /// Marks the cells of `errors` (and clears the others).
  void setErrors(const std::vector<ScaleModelError>& errors);
  QTableWidget* table() const { return m_table; }
  QLineEdit* constantsEdit() const { return m_constants; }
  /// The first error as the user sees it, empty when none.
  QString errorText() const;

signals:
  void modelsChanged();

private:
  void addRow(const scaling::AnalyticModelSpec& spec);
  void loadWithDialog();
  void saveWithDialog();

  QTableWidget* m_table;
  QLineEdit* m_constants;
  QLabel* m_error;
  scaling::ModelFile m_file; // title, source, initial state of the loaded file
  bool m_filling = false;
};

/// "n1=1024, tc=1.46e-8" -> {n1: 1024, tc: 1.46e-8}; nullopt with `error` on a bad item.
std::optional<std::map<std::string, double>> parseConstants(const QString& text, QString* error);

} // namespace ps::views
