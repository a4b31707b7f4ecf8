#include "scaling/time-model.h"

#include "scaling/root-finding.h"

#include <algorithm>
#include <cmath>

namespace ps::scaling {

ModelValue TimeModel::overhead(double p, double n) const
{
  const auto d = delta();
  if (!d)
    return ModelValue::failure("Model '" + name() + "' has no computing capacity Delta, so its overhead is unknown");
  auto t = time(p, n);
  auto w = work(n);
  if (!t)
    return t;
  if (!w)
    return w;
  return ModelValue::of(*t - *w * *d / p);
}

ModelValue TimeModel::averageSpeed(double p, double n) const
{
  auto t = time(p, n);
  auto w = work(n);
  if (!t)
    return t;
  if (!w)
    return w;
  if (!(*t > 0))
    return ModelValue::failure("Model '" + name() + "' predicts a time that is not positive at p = " +
                               std::to_string(p) + ", n = " + std::to_string(n));
  return ModelValue::of(*w / (p * *t));
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
