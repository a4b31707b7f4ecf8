#include "views/source-editor.h"

#include <Qsci/qscilexerfortran.h>
#include <Qsci/qscilexerfortran77.h>

#include <QFontDatabase>
#include <QToolTip>

namespace ps::views {
namespace {

enum Marker { kErrorMarker = 1, kWarningMarker = 2, kNestMarker = 3 };
enum Indicator { kErrorIndicator = 8, kWarningIndicator = 9 };
constexpr int kSymbolMargin = 1;

QFont editorFont()
{
  auto font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  font.setPointSize(10);
  return font;
}

} // namespace

SourceEditor::SourceEditor(QWidget* parent) : QsciScintilla(parent)
{
  setObjectName("sourceEditor");
  setUtf8(true);
  setFont(editorFont());
  setMarginType(0, NumberMargin);
  setMarginLineNumbers(0, true);
  setMarginWidth(0, QStringLiteral("00000"));
  setMarginType(kSymbolMargin, SymbolMargin);
  setMarginWidth(kSymbolMargin, 16);
  setMarginMarkerMask(kSymbolMargin, (1 << kErrorMarker) | (1 << kWarningMarker));
  setFolding(BoxedTreeFoldStyle);
  setCaretLineVisible(true);
  setCaretLineBackgroundColor(QColor(0xf2, 0xf6, 0xfc));
  setAutoIndent(true);
  setIndentationsUseTabs(false);
  setTabWidth(2);
  setBraceMatching(SloppyBraceMatch);

  markerDefine(Circle, kErrorMarker);
  setMarkerBackgroundColor(QColor(0xd0, 0x30, 0x30), kErrorMarker);
  setMarkerForegroundColor(QColor(0x90, 0x10, 0x10), kErrorMarker);
  markerDefine(RightTriangle, kWarningMarker);
  setMarkerBackgroundColor(QColor(0xe8, 0xa0, 0x20), kWarningMarker);
  markerDefine(Background, kNestMarker);
  setMarkerBackgroundColor(QColor(0xdc, 0xea, 0xfb), kNestMarker);
  indicatorDefine(SquiggleIndicator, kErrorIndicator);
  setIndicatorForegroundColor(QColor(0xd0, 0x30, 0x30), kErrorIndicator);
  indicatorDefine(SquiggleIndicator, kWarningIndicator);
  setIndicatorForegroundColor(QColor(0xe8, 0xa0, 0x20), kWarningIndicator);

  // small, muted text on a pale band: readable in the light theme without
  // competing with the code
  auto small = editorFont();
  small.setPointSize(small.pointSize() - 1);
  m_annotationStyle = QsciStyle(-1, QStringLiteral("Estimate annotation"), QColor(0x2b, 0x4c, 0x7e),
                                QColor(0xee, 0xf3, 0xfa), small);
  setAnnotationDisplay(AnnotationIndented);

  SendScintilla(SCI_SETMOUSEDWELLTIME, 400);
  connect(this, &QsciScintilla::SCN_DWELLSTART, this, &SourceEditor::showDiagnosticTip);
  connect(this, &QsciScintilla::SCN_DWELLEND, this, [] { QToolTip::hideText(); });
  setFixedForm(false);
}

void SourceEditor::setFixedForm(bool fixed)
{
  m_fixed = fixed;
  QsciLexer* lexer = fixed ? static_cast<QsciLexer*>(new QsciLexerFortran77(this))
                           : static_cast<QsciLexer*>(new QsciLexerFortran(this));
  lexer->setDefaultFont(editorFont());
  lexer->setFont(editorFont());
  auto* old = this->lexer();
  setLexer(lexer);
  delete old;
  setEdgeMode(fixed ? EdgeLine : EdgeNone);
  setEdgeColumn(72);
}

void SourceEditor::setDiagnostics(const std::vector<DiagnosticInfo>& diagnostics)
{
  m_diagnostics = diagnostics;
  markerDeleteAll(kErrorMarker);
  markerDeleteAll(kWarningMarker);
  const int last = lines() - 1;
  clearIndicatorRange(0, 0, last, lineLength(last), kErrorIndicator);
  clearIndicatorRange(0, 0, last, lineLength(last), kWarningIndicator);
  for (const auto& d : diagnostics) {
    const bool error = d.severity == "error";
    if (!error && d.severity != "warning")
      continue;
    markerAdd(d.line - 1, error ? kErrorMarker : kWarningMarker);
    const int endLine = std::max(d.endLine, d.line);
    int endColumn = d.endLine > d.line || d.endColumn > d.column ? d.endColumn : d.column + 1;
    if (endLine == d.line && endColumn <= d.column)
      endColumn = lineLength(d.line - 1);
    fillIndicatorRange(d.line - 1, d.column - 1, endLine - 1, endColumn - 1,
                       error ? kErrorIndicator : kWarningIndicator);
  }
}

void SourceEditor::setSelectedNest(int first, int last)
{
  markerDeleteAll(kNestMarker);
  for (int line = first; first > 0 && line <= last; ++line)
    markerAdd(line - 1, kNestMarker);
}

void SourceEditor::setAnnotations(const std::map<int, QString>& byLine)
{
  m_annotations = byLine;
  QsciScintilla::clearAnnotations(-1);
  if (!m_annotationsShown)
    return;
  for (const auto& [line, text] : m_annotations)
    if (line >= 1 && line <= lines())
      annotate(statementEnd(line) - 1, text, m_annotationStyle);
}

/// The last line (1-based) of the statement that starts on `line`: its
/// continuation lines follow (fixed form: a character other than blank or
/// 0 in column 6, or a tab and a digit 1-9; free form: a line ending in &),
/// so that an annotation does not split the statement.
int SourceEditor::statementEnd(int line) const
{
  const auto continues = [this](int next) { // 0-based index of a line that may continue the one before
    const auto t = text(next);
    if (m_fixed) {
      if (t.startsWith('\t'))
        return t.size() > 1 && t[1] >= '1' && t[1] <= '9';
      const bool comment = !t.isEmpty() && QStringLiteral("cC*!").contains(t[0]);
      return !comment && t.size() > 5 && t.left(5).trimmed().isEmpty() && t[5] != ' ' && t[5] != '0';
    }
    auto before = text(next - 1);
    if (const auto bang = before.indexOf('!'); bang >= 0 && before.left(bang).count('\'') % 2 == 0 &&
                                               before.left(bang).count('"') % 2 == 0)
      before = before.left(bang); // a trailing comment, not a ! inside a string
    return before.trimmed().endsWith('&');
  };
  int end = line;
  while (end < lines() && continues(end)) // text(end) is line end + 1
    ++end;
  return end;
}

void SourceEditor::clearStatementAnnotations()
{
  m_annotations.clear();
  QsciScintilla::clearAnnotations(-1);
}

QString SourceEditor::annotationOn(int line) const
{
  const auto it = m_annotations.find(line);
  return it == m_annotations.end() ? QString() : it->second;
}

void SourceEditor::setAnnotationsShown(bool shown)
{
  m_annotationsShown = shown;
  setAnnotations(std::map<int, QString>(m_annotations));
}

int SourceEditor::cursorLine() const
{
  int line = 0, index = 0;
  getCursorPosition(&line, &index);
  return line + 1;
}

void SourceEditor::goTo(int line, int column)
{
  setCursorPosition(line - 1, std::max(column - 1, 0));
  ensureLineVisible(line - 1);
  setFocus();
}

bool SourceEditor::hasDiagnosticMarker(int line) const
{
  return (markersAtLine(line - 1) & ((1 << kErrorMarker) | (1 << kWarningMarker))) != 0;
}

QString SourceEditor::diagnosticsOn(int line) const
{
  QStringList messages;
  for (const auto& d : m_diagnostics)
    if (d.line == line)
      messages << QString::fromStdString(d.severity + ": " + d.message);
  return messages.join('\n');
}

void SourceEditor::showDiagnosticTip(int position, int x, int y)
{
  int line = 0, index = 0;
  if (position < 0) // over a margin: the line under the pointer
    line = static_cast<int>(SendScintilla(SCI_LINEFROMPOSITION, SendScintilla(SCI_POSITIONFROMPOINT, 100, y)));
  else
    lineIndexFromPosition(position, &line, &index);
  const auto text = diagnosticsOn(line + 1);
  if (!text.isEmpty())
    QToolTip::showText(mapToGlobal(QPoint(x, y)), text, this);
}

} // namespace ps::views
