#include "views/chart-export.h"

#include <QtCharts/QChart>
#include <QtCharts/QChartView>

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace ps::views {
namespace {

bool writeText(const QString& path, const QString& text)
{
  QFile f(path);
  return f.open(QIODevice::WriteOnly | QIODevice::Text) && f.write(text.toUtf8()) >= 0;
}

bool writeSvg(QChartView* view, const QString& path)
{
  QSvgGenerator svg;
  svg.setFileName(path);
  svg.setSize(view->size());
  svg.setViewBox(view->rect());
  svg.setTitle(view->chart()->title());
  QPainter painter(&svg);
  view->render(&painter);
  return painter.end() && QFileInfo::exists(path);
}

bool writePdf(QChartView* view, const QString& path)
{
  QPdfWriter pdf(path);
  pdf.setPageSize(QPageSize(view->size(), QPageSize::Point));
  pdf.setPageMargins({});
  pdf.setResolution(72);
  QPainter painter(&pdf);
  view->render(&painter);
  return painter.end();
}

} // namespace

bool exportChartView(QChartView* view, const QString& path, const QString& csv, QString* error)
{
  const auto suffix = QFileInfo(path).suffix().toLower();
  bool ok = false;
  if (suffix == "csv")
    ok = writeText(path, csv);
  else if (suffix == "svg")
    ok = writeSvg(view, path);
  else if (suffix == "pdf")
    ok = writePdf(view, path);
  else
    ok = view->grab().save(path, suffix.isEmpty() ? "PNG" : nullptr);
  if (!ok && error)
    *error = QObject::tr("Cannot write '%1'").arg(path);
  return ok;
}

void exportChartWithDialog(QWidget* parent, QChartView* view, const QString& csv, const QString& suggestedName)
{
  const auto path = QFileDialog::getSaveFileName(
    parent, QObject::tr("Export chart"), suggestedName,
    QObject::tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV data (*.csv)"));
  QString error;
  if (!path.isEmpty() && !exportChartView(view, path, csv, &error))
    QMessageBox::warning(parent, QObject::tr("Export chart"), error);
}

} // namespace ps::views
