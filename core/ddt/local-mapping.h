#pragma once
// Mappings as the DDT search handles them: per array dimension, the
// template axis it is aligned to (with an offset) and that axis's
// distribution (BLOCK or CYCLIC over some processors, or collapsed). A
// candidate mapping of a phase covers the arrays of the phase; the global
// mapping of the remapping search covers every array seen so far.
// Source: DDT (Ayguade et al. 1997), Sec. 4.2 (the GM_i / LM_i tables).

#include "mapping/distribution.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ps::ddt {

/// One array dimension: template axis (0-based), offset, and the axis's
/// distribution. `procs` 1 means not distributed (the paper's "2*").
struct DimPlacement {
  int axis = 0;
  std::int64_t offset = 0;
  mapping::FormatKind format = mapping::FormatKind::Collapsed;
  int procs = 1;

  bool distributed() const { return procs > 1; }
  /// Equal data placement: the axis matters only for a distributed dimension.
  bool samePlacement(const DimPlacement& o) const;
};

using ArrayLayout = std::vector<DimPlacement>;

/// True when the two layouts put every element on the same processor.
bool samePlacement(const ArrayLayout& a, const ArrayLayout& b);
/// The distributed dimensions of an array (0-based, ascending).
std::vector<int> distributedDims(const ArrayLayout& layout);
/// "(BLOCK,*)", "(*,CYCLIC)"; a transposed layout on a 2-D grid shows the
/// axis: "(BLOCK@2,BLOCK@1)".
std::string formatsText(const ArrayLayout& layout);

/// A mapping of some arrays onto a grid of template axes.
struct LocalMapping {
  std::vector<int> grid;                        // processors per template axis
  std::map<std::string, ArrayLayout> arrays;    // lower-case array name -> layout

  int processors() const;
  /// Number of axes with more than one processor.
  int distributedAxes() const;
  /// "x,a,b=(BLOCK,*)" grouping arrays with the same layout; "; " between groups.
  std::string str() const;
  /// The processor grid without collapsed axes: "16", "4x4".
  std::string gridText() const;
};

/// The permutation `sigma` (axis -> axis) applied to every array of `m`.
LocalMapping permuted(const LocalMapping& m, const std::vector<int>& sigma);

} // namespace ps::ddt
