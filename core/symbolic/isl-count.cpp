#include "symbolic/isl-count.h"

#include <isl/constraint.h>
#include <isl/ctx.h>
#include <isl/local_space.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <memory>

namespace ps::symbolic {
namespace {

struct CtxFree {
  void operator()(isl_ctx* c) const { isl_ctx_free(c); }
};

/// sum(coef * x) + constant >= 0 as an isl basic set over `n` variables.
isl_basic_set* basicSetOf(isl_ctx* ctx, const IntegerSystem& system)
{
  const auto n = static_cast<unsigned>(system.variables);
  isl_space* space = isl_space_set_alloc(ctx, 0, n);
  isl_basic_set* set = isl_basic_set_universe(isl_space_copy(space));
  isl_local_space* ls = isl_local_space_from_space(space);
  for (const auto& row : system.constraints) {
    isl_constraint* c = isl_constraint_alloc_inequality(isl_local_space_copy(ls));
    for (unsigned k = 0; k < n && k < row.coef.size(); ++k)
      c = isl_constraint_set_coefficient_si(c, isl_dim_set, static_cast<int>(k), static_cast<int>(row.coef[k]));
    c = isl_constraint_set_constant_val(c, isl_val_int_from_si(ctx, row.constant));
    set = isl_basic_set_add_constraint(set, c);
  }
  isl_local_space_free(ls);
  return set;
}

} // namespace

std::optional<std::int64_t> countWithIsl(const IntegerSystem& system)
{
  for (const auto& row : system.constraints)
    for (auto c : row.coef)
      if (c > INT32_MAX || c < INT32_MIN)
        return std::nullopt; // isl_constraint_set_coefficient_si takes an int
  std::unique_ptr<isl_ctx, CtxFree> ctx(isl_ctx_alloc());
  isl_options_set_on_error(ctx.get(), ISL_ON_ERROR_CONTINUE);
  isl_set* set = isl_set_from_basic_set(basicSetOf(ctx.get(), system));
  isl_val* v = set ? isl_set_count_val(set) : nullptr;
  isl_set_free(set);
  std::optional<std::int64_t> out;
  if (v && isl_val_is_int(v) && isl_val_is_nonneg(v) && isl_val_cmp_si(v, INT64_MAX) < 0)
    out = isl_val_get_num_si(v);
  isl_val_free(v);
  return out;
}

} // namespace ps::symbolic
