#pragma once
// A file of analytic time models (JSON), e.g. sampleprograms/
// tridiagonal-models.json:
//   {"title": "...", "source": "...", "work": "(5*n - 3)*n1 + 3*n - 4",
//    "constants": {"n1": 1024, "tc": 1e-8},
//    "initial": {"p": 2, "n": 12800},            (optional)
//    "models": [{"name": "PDD", "time": "(9*n/p + 1)*n1*tc + ...",
//                "work": "...", "constants": {...}}]}   (work/constants optional per model)
// Errors name the JSON path ("models[1].time") and, for formulas, the column.

#include "scaling/analytic-model.h"

#include <optional>
#include <string>
#include <vector>

namespace ps::scaling {

struct ModelFile {
  std::string title, source;
  std::vector<AnalyticModelSpec> models; // each with its work and merged constants
  std::optional<double> initialP, initialN;
};

/// Parses the text of a model file; nullopt with one sentence in `error`.
std::optional<ModelFile> parseModelFile(const std::string& text, std::string* error);

/// Writes `file` back in the same format (the IDE stores models with the document).
std::string modelFileJson(const ModelFile& file);

} // namespace ps::scaling
