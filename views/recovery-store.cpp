#include "views/recovery-store.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

namespace ps::views {

RecoveryStore::RecoveryStore(QString folder) : m_folder(std::move(folder))
{
  if (m_folder.isEmpty())
    m_folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/recovery";
}

QString RecoveryStore::fileFor(const QString& path) const
{
  const auto key = path.isEmpty() ? QByteArray("untitled") : path.toUtf8();
  return m_folder + "/" + QCryptographicHash::hash(key, QCryptographicHash::Sha1).toHex().left(16) + ".json";
}

bool RecoveryStore::save(const QString& path, const QString& text) const
{
  if (!QDir().mkpath(m_folder))
    return false;
  QSaveFile file(fileFor(path));
  if (!file.open(QIODevice::WriteOnly))
    return false;
  const QJsonObject o{{"path", path}, {"text", text}, {"saved_at", QDateTime::currentDateTime().toString(Qt::ISODate)}};
  file.write(QJsonDocument(o).toJson());
  return file.commit();
}

void RecoveryStore::discard(const QString& path) const { QFile::remove(fileFor(path)); }

std::optional<RecoveredText> RecoveryStore::leftBehind() const
{
  const auto files = QDir(m_folder).entryInfoList({"*.json"}, QDir::Files, QDir::Time);
  for (const auto& info : files) {
    QFile f(info.absoluteFilePath());
    if (!f.open(QIODevice::ReadOnly))
      continue;
    const auto o = QJsonDocument::fromJson(f.readAll()).object();
    if (o.contains("text"))
      return RecoveredText{o["path"].toString(), o["text"].toString(), o["saved_at"].toString(), info.absoluteFilePath()};
  }
  return std::nullopt;
}

} // namespace ps::views
