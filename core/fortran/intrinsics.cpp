#include "fortran/intrinsics.h"

#include <algorithm>
#include <iterator>
#include <vector>

namespace ps::fortran {
namespace {

using T = IntrinsicType;

struct Group {
  IntrinsicType type;
  std::initializer_list<std::string_view> names;
};

// clang-format off
const Group kGroups[] = {
  {T::SameAsArgument, {"abs", "aint", "anint", "sign", "dim", "mod", "max", "min", "sqrt", "exp", "log", "log10",
                       "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "conjg",
                       "sum", "product", "maxval", "minval", "dot_product", "matmul", "transpose", "modulo",
                       "epsilon", "huge", "tiny", "spread", "reshape", "pack", "unpack", "merge", "cshift",
                       "eoshift", "fraction", "nearest", "rrspacing", "scale", "set_exponent", "spacing",
                       "transfer", "null", "iand", "ior", "ieor", "not", "ishft", "ishftc", "ibits", "ibset",
                       "ibclr", "and", "or", "xor", "lshift", "rshift", "hypot", "norm2"}},
  {T::Integer, {"int", "ifix", "idint", "nint", "idnint", "iabs", "isign", "idim", "min0", "max0", "max1", "min1",
                "len", "len_trim", "index", "scan", "verify", "ichar", "iachar", "size", "lbound", "ubound", "shape",
                "count", "maxloc", "minloc", "kind", "digits", "maxexponent", "minexponent", "precision", "radix",
                "range", "exponent", "floor", "ceiling", "selected_int_kind", "selected_real_kind", "bit_size",
                "lnblnk", "iargc", "irand", "time", "getpid", "int2", "int8", "long", "short", "jidint", "iidint",
                "ior", "imag_part_unused"}},
  {T::Real, {"real", "float", "sngl", "amin0", "amax0", "amin1", "amax1", "amod", "alog", "alog10", "aimag",
             "cabs", "rand", "ran", "second", "secnds", "etime", "dtime", "erf", "erfc", "gamma", "alngam"}},
  {T::DoublePrecision, {"dble", "dfloat", "dabs", "dsqrt", "dexp", "dlog", "dlog10", "dsin", "dcos", "dtan",
                        "dasin", "dacos", "datan", "datan2", "dsinh", "dcosh", "dtanh", "dmin1", "dmax1", "dsign",
                        "ddim", "dint", "dnint", "dmod", "dprod", "dreal", "dimag", "zabs", "cdabs", "derf", "derfc",
                        "dgamma", "dlgama", "dtand", "dsind", "dcosd"}},
  {T::Complex, {"cmplx", "csqrt", "cexp", "clog", "csin", "ccos"}},
  {T::DoubleComplex, {"dcmplx", "dconjg", "zsqrt", "zexp", "zlog", "zsin", "zcos", "cdsqrt", "cdexp", "cdlog",
                      "cdsin", "cdcos"}},
  {T::Logical, {"lge", "lgt", "lle", "llt", "all", "any", "btest", "associated", "allocated", "present", "isnan"}},
  {T::Character, {"char", "achar", "trim", "adjustl", "adjustr", "repeat", "fdate", "ctime"}},
  {T::Subroutine, {"date_and_time", "system_clock", "cpu_time", "random_number", "random_seed", "getarg", "exit",
                   "flush", "mvbits", "getenv", "get_command_argument", "srand", "abort", "sleep", "system"}},
};
// clang-format on

std::vector<Intrinsic> sortedTable()
{
  std::vector<Intrinsic> table;
  for (const auto& g : kGroups) {
    for (auto n : g.names) {
      table.push_back({n, g.type});
    }
  }
  // A name in two groups keeps its first (generic) entry.
  std::stable_sort(table.begin(), table.end(), [](const Intrinsic& a, const Intrinsic& b) { return a.name < b.name; });
  table.erase(std::unique(table.begin(), table.end(), [](const Intrinsic& a, const Intrinsic& b) { return a.name == b.name; }),
              table.end());
  return table;
}

// clang-format off
constexpr std::string_view kElemental[] = {
  "abs", "acos", "aimag", "aint", "alog", "alog10", "amax0", "amax1", "amin0", "amin1", "amod", "anint",
  "asin", "atan", "atan2", "btest", "cabs", "ccos", "cdabs", "ceiling", "cexp", "char", "clog", "cmplx",
  "conjg", "cos", "cosh", "csin", "csqrt", "dabs", "dacos", "dasin", "datan", "datan2", "dble", "dcmplx",
  "dconjg", "dcos", "dcosh", "dexp", "dim", "dimag", "dint", "dlog", "dlog10", "dmax1", "dmin1", "dmod",
  "dnint", "dprod", "dsign", "dsin", "dsinh", "dsqrt", "dtan", "dtanh", "exp", "exponent", "float", "floor",
  "fraction", "iabs", "iand", "ichar", "idim", "idint", "idnint", "ieor", "ifix", "int", "ior", "ishft",
  "isign", "log", "log10", "max", "max0", "max1", "merge", "min", "min0", "min1", "mod", "modulo",
  "nearest", "nint", "not", "real", "scale", "sign", "sin", "sinh", "sngl", "spacing", "sqrt", "tan",
  "tanh", "zabs"};
// clang-format on

} // namespace

bool isElemental(std::string_view name)
{
  static_assert(std::is_sorted(std::begin(kElemental), std::end(kElemental)));
  return std::binary_search(std::begin(kElemental), std::end(kElemental), name);
}

const Intrinsic* findIntrinsic(std::string_view name)
{
  static const std::vector<Intrinsic> table = sortedTable();
  auto it = std::lower_bound(table.begin(), table.end(), name,
                             [](const Intrinsic& i, std::string_view n) { return i.name < n; });
  return it != table.end() && it->name == name ? &*it : nullptr;
}

} // namespace ps::fortran
