#pragma once
// Private to the profile store (profile-store.cpp): the schema of the SQLite
// file, its forward migrations, and the checks that decide whether an
// existing file is ours to open. SQLiteCpp types stay behind this header.

#include <SQLiteCpp/Database.h>

#include <cstdint>
#include <optional>
#include <string>

namespace ps::machine::store {

/// PRAGMA application_id of a PartScope profile store: "PSCP" in ASCII.
inline constexpr std::int32_t kApplicationId = 0x50534350;
/// PRAGMA user_version written by this build; older files are migrated up to it.
inline constexpr int kSchemaVersion = 2;

/// Decides, without writing a byte, whether the existing file at `path` may
/// be opened as a profile store: an SQLite header, application_id ours (or an
/// empty SQLite database with none), `PRAGMA integrity_check` "ok" and a
/// schema version no newer than kSchemaVersion. False with a one-sentence
/// `error` naming the path otherwise. An empty (0-byte) file passes: SQLite
/// makes a new database of it and nothing is lost.
bool checkExistingFile(const std::string& path, std::string* error);

/// Brings `db` (opened read-write) to kSchemaVersion: a new database gets its
/// application_id and schema version 1 first, then every migration runs in
/// turn, each in its own transaction with the user_version it reaches. May
/// throw SQLite::Exception (the store catches it at its boundary).
void migrate(SQLite::Database& db);

} // namespace ps::machine::store
