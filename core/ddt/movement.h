#pragma once
// Data movement of reference patterns and remappings under a mapping: the
// pattern's subscripts in each distributed template axis are matched with
// DDT's movement routines and the block of elements each moves is priced.
// Source: DDT (Ayguade et al. 1997), Sec. 3.4, Table 3 (routine per
// pattern), Table 4 (S per routine), the block size
// B = S * prod_{i != p} (dim_i / N_i) * pos(N_p - 1), and Sec. 4.3
// (a remapping priced as a dummy self-reference pattern).

#include "ddt/local-mapping.h"
#include "ddt/reference-pattern.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ps::ddt {

/// Declared size and element size of an array, the unknowns bound.
struct ArrayShape {
  std::vector<std::int64_t> extents; // elements per dimension
  int elementBytes = 8;
};
using ArrayShapes = std::map<std::string, ArrayShape>;

enum class Routine { Local, Copy, Shift, OneToAll, AllToOne, AllToAll };
const char* routineName(Routine r); // "Shift", "All_to_All", ... as in Table 3

/// The routine moving one pattern's data along one template axis.
struct MovementTerm {
  Routine routine = Routine::Local;
  int axis = 0;
  double elements = 0; // B
  double bytes = 0;    // B * element size of the rhs array
};

/// The movement of `pattern` under `mapping`, one term per distributed axis
/// on which the pattern is not local (a pattern moving data along several
/// axes is decomposed, Sec. 3.4). Arrays missing from the mapping are
/// replicated and never move.
std::vector<MovementTerm> patternMovement(const ReferencePattern& pattern, const LocalMapping& mapping,
                                          const ArrayShapes& shapes);

/// Elements moved to change an array from layout `from` to `to` (0 when the
/// placement is the same): the remapping is the self-reference pattern
/// A(i) <- A(i) matched as All_to_All in the first dimension distributed
/// by `to` that changed, so a transpose of a 256x256 array over 16
/// processors moves 256/16 * 256 = 4096 elements (DDT Sec. 2.1).
double remapElements(const ArrayLayout& from, const ArrayLayout& to, const ArrayShape& shape);

} // namespace ps::ddt
