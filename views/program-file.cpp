#include "views/program-file.h"

#include <QFile>
#include <QStringDecoder>
#include <QStringEncoder>

namespace ps::views {

std::optional<ProgramText> readProgramFile(const QString& path, QString* error)
{
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
    *error = QObject::tr("Cannot open '%1': %2").arg(path, f.errorString());
    return std::nullopt;
  }
  const QByteArray bytes = f.readAll();
  if (f.error() != QFileDevice::NoError) {
    *error = QObject::tr("Cannot read '%1': %2").arg(path, f.errorString());
    return std::nullopt;
  }
  if (const auto nul = bytes.indexOf('\0'); nul >= 0) {
    *error = QObject::tr("Cannot open '%1': it is not a text file (NUL byte at offset %2)").arg(path).arg(nul);
    return std::nullopt;
  }
  // A UTF-8 byte-order mark is no program text (gfortran skips it too), and
  // the parser, which reads the file itself, drops it as well.
  const QByteArray body = bytes.startsWith("\xEF\xBB\xBF") ? bytes.mid(3) : bytes;
  QStringDecoder utf8(QStringDecoder::Utf8);
  ProgramText out{utf8.decode(body), false};
  if (utf8.hasError())
    out = {QString::fromLatin1(body), true};
  return out;
}

QByteArray encodeProgramText(const QString& text, bool latin1, bool* changed)
{
  *changed = false;
  if (!latin1)
    return text.toUtf8();
  QStringEncoder encoder(QStringEncoder::Latin1);
  QByteArray bytes = encoder.encode(text);
  if (!encoder.hasError())
    return bytes;
  *changed = true;
  return text.toUtf8();
}

} // namespace ps::views
