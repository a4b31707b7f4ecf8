#pragma once
// Writing a chart view to a file: PNG, SVG or PDF by the suffix, or the
// caller's CSV text for ".csv". Shared by the chart panel and the
// Scalability tab.

#include <QString>

class QChartView;
class QWidget;

namespace ps::views {

/// False with `error` set when the file cannot be written.
bool exportChartView(QChartView* view, const QString& path, const QString& csv, QString* error);

/// Asks for a file name and exports; a message box on failure.
void exportChartWithDialog(QWidget* parent, QChartView* view, const QString& csv, const QString& suggestedName);

} // namespace ps::views
