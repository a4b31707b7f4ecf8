#include "scaling/model-file.h"

#include "support/json-text.h"

#include <nlohmann/json.hpp>

namespace ps::scaling {
namespace {

using nlohmann::json;

bool readConstants(const json& j, const std::string& path, std::map<std::string, double>& into, std::string* error)
{
  if (!j.is_object()) {
    *error = "'" + path + "' must be an object of NAME: NUMBER";
    return false;
  }
  for (const auto& [name, value] : j.items()) {
    if (!value.is_number()) {
      *error = "'" + path + "." + name + "' must be a number";
      return false;
    }
    into[name] = value.get<double>();
  }
  return true;
}

bool readString(const json& j, const char* key, const std::string& path, std::string& into, std::string* error)
{
  if (!j.contains(key))
    return true;
  if (!j[key].is_string()) {
    *error = "'" + path + key + "' must be a string";
    return false;
  }
  into = j[key].get<std::string>();
  return true;
}

bool readModel(const json& m, std::size_t i, const ModelFile& file, const std::string& work,
               const std::map<std::string, double>& constants, AnalyticModelSpec& spec, std::string* error)
{
  const std::string path = "models[" + std::to_string(i) + "].";
  if (!m.is_object()) {
    *error = "'models[" + std::to_string(i) + "]' must be an object";
    return false;
  }
  spec.work = work;
  spec.constants = constants;
  if (!readString(m, "name", path, spec.name, error) || !readString(m, "time", path, spec.time, error) ||
      !readString(m, "work", path, spec.work, error))
    return false;
  if (m.contains("constants") && !readConstants(m["constants"], path + "constants", spec.constants, error))
    return false;
  const char* missing = spec.name.empty() ? "name" : spec.time.empty() ? "time" : spec.work.empty() ? "work" : nullptr;
  if (missing) {
    *error = "'" + path + missing + "' is missing" + (std::string(missing) == "work" ? " (and there is no top-level \"work\")" : "");
    return false;
  }
  for (const auto& other : file.models)
    if (other.name == spec.name) {
      *error = "Two models are named '" + spec.name + "'";
      return false;
    }
  return true;
}

} // namespace

std::optional<ModelFile> parseModelFile(const std::string& text, std::string* error)
{
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    *error = std::string("Not valid JSON: ") + e.what();
    return std::nullopt;
  }
  if (!j.is_object() || !j.contains("models") || !j["models"].is_array() || j["models"].empty()) {
    *error = "A model file is a JSON object with a non-empty array \"models\"";
    return std::nullopt;
  }
  ModelFile file;
  std::string work;
  std::map<std::string, double> constants;
  if (!readString(j, "title", "", file.title, error) || !readString(j, "source", "", file.source, error) ||
      !readString(j, "work", "", work, error) ||
      (j.contains("constants") && !readConstants(j["constants"], "constants", constants, error)))
    return std::nullopt;
  if (j.contains("initial")) {
    const auto& init = j["initial"];
    if (!init.is_object() || !init.value("p", json()).is_number() || !init.value("n", json()).is_number()) {
      *error = "'initial' must be an object with numbers \"p\" and \"n\"";
      return std::nullopt;
    }
    file.initialP = init["p"].get<double>();
    file.initialN = init["n"].get<double>();
  }
  for (std::size_t i = 0; i < j["models"].size(); ++i) {
    AnalyticModelSpec spec;
    if (!readModel(j["models"][i], i, file, work, constants, spec, error))
      return std::nullopt;
    file.models.push_back(std::move(spec));
  }
  return file;
}

std::string modelFileJson(const ModelFile& file)
{
  json j{{"title", file.title}, {"source", file.source}, {"models", json::array()}};
  if (file.initialP && file.initialN)
    j["initial"] = {{"p", *file.initialP}, {"n", *file.initialN}};
  for (const auto& m : file.models)
    j["models"].push_back({{"name", m.name}, {"time", m.time}, {"work", m.work}, {"constants", m.constants}});
  return ps::jsonText(j, 2) + "\n";
}

} // namespace ps::scaling
