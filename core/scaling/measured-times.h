#pragma once
// Measured execution times (CSV: p, n, seconds[, variant]) as a time model.
// Values are used where they were measured; between two measured sizes at
// the same p they are interpolated linearly only when the user asks, and
// never extrapolated. Source: Sun 2002, Tables 2, 4 and 6 (measured times,
// average speed a = W/(p*T)).

#include "scaling/analytic-model.h"
#include "scaling/time-model.h"
#include "symbolic/formula.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ps::scaling {

struct Measurement {
  std::int64_t p = 0;
  double n = 0;
  double seconds = 0;
  std::string variant; // empty when the file has no variant column
  int line = 0;        // 1-based line in the file
};

/// A CSV error at line:column (1-based), one sentence.
struct CsvError {
  int line = 0, column = 0;
  std::string message;
};

/// Parses "p,n,seconds[,variant]" rows. A first row of names is skipped, so
/// are blank lines and lines starting with '#'. Errors: wrong column count,
/// a value that is not a number, p < 1, n or seconds not positive, the same
/// (variant, p, n) twice.
std::optional<std::vector<Measurement>> parseMeasurements(const std::string& text, CsvError* error);

/// The measured seconds at exactly (p, n), if the rows have them.
std::optional<double> findMeasurement(const std::vector<Measurement>& rows, double p, double n);

class MeasuredModel final : public TimeModel {
public:
  /// `work` must be a formula over n only (bound already to slot "n").
  MeasuredModel(std::string name, std::vector<Measurement> rows, symbolic::Formula work, bool interpolate);

  const std::string& name() const override { return m_name; }
  ModelValue work(double n) const override;
  ModelValue time(double p, double n) const override;
  std::optional<double> delta() const override { return std::nullopt; }

private:
  std::string m_name;
  std::map<std::int64_t, std::map<double, double>> m_byP; // p -> n -> seconds
  symbolic::Formula m_work;
  bool m_interpolate;
};

} // namespace ps::scaling
