#include "scaling/time-model.h"

#include "scaling/root-finding.h"
#include "support/text.h"

#include <algorithm>
#include <utility>
#include <cmath>

namespace ps::scaling {

namespace {

// T and W at one point, or the first failure.
std::optional<std::pair<double, double>> timeAndWork(const TimeModel& m, double p, double n, std::string* error)
{
  auto t = m.time(p, n);
  auto w = t ? m.work(n) : t;
  if (!w) {
    *error = w.error;
    return std::nullopt;
  }
  return std::make_pair(*t, *w);
}

} // namespace

ModelValue TimeModel::overhead(double p, double n) const
{
  const auto d = delta();
  if (!d)
    return ModelValue::failure("Model '" + name() + "' has no computing capacity Delta, so its overhead is unknown");
  std::string error;
  const auto tw = timeAndWork(*this, p, n, &error);
  return tw ? ModelValue::of(tw->first - tw->second * *d / p) : ModelValue::failure(error);
}

ModelValue TimeModel::averageSpeed(double p, double n) const
{
  std::string error;
  const auto tw = timeAndWork(*this, p, n, &error);
  if (!tw)
    return ModelValue::failure(error);
  const auto [t, w] = *tw;
  if (!(t > 0))
    return ModelValue::failure("Model '" + name() + "' predicts a time that is not positive at p = " +
                               formatNumber(p) + ", n = " + formatNumber(n));
  if (!(w > 0)) // a speed of 0 work/s makes every psi 0/0
    return ModelValue::failure("The work of model '" + name() + "' is " + formatNumber(w) + " at n = " + formatNumber(n) +
                               ": it must be positive");
  return ModelValue::of(w / (p * t));
}

ModelValue TimeModel::sizeForWork(double w, double hint) const
{
  std::string why;
  const RealFunction f = [&](double n) {
    auto wn = work(n);
    if (!wn) {
      why = wn.error;
      return std::nan("");
    }
    return *wn - w;
  };
  auto bracket = bracketRoot(f, std::min(std::max(hint, minSize()), maxSize()), minSize(), maxSize());
  if (!bracket)
    return ModelValue::failure(why.empty() ? "No problem size of model '" + name() + "' has work " + std::to_string(w)
                                           : why);
  if (bracket->lo == bracket->hi)
    return ModelValue::of(bracket->lo);
  auto n = brentRoot(f, bracket->lo, bracket->hi);
  if (!n)
    return ModelValue::failure(why.empty() ? "The work of model '" + name() + "' could not be inverted" : why);
  return ModelValue::of(*n);
}

} // namespace ps::scaling
