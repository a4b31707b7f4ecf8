#pragma once
// A mapping: the processors arrangement, distributed templates and how each
// array is aligned to a template. Numeric: built for given values of the
// program unknowns and a given arrangement. Source: HPF 2.0, sections 3.3-3.4
// (alignment as stride*i + offset, '*' replication, constants).

#include "mapping/distribution.h"
#include "mapping/processors.h"

#include <map>
#include <string>
#include <vector>

namespace ps::mapping {

/// What one template dimension holds of an array: an array dimension
/// (index = stride * i + offset), a constant index, or every index ('*').
struct TemplateAxis {
  enum class Kind { ArrayDim, Constant, Replicated };
  Kind kind = Kind::Replicated;
  int arrayDim = 0;
  std::int64_t stride = 1;
  std::int64_t offset = 0; // ArrayDim: offset; Constant: the index
};

struct ArrayMapping {
  std::string array;
  int templateIndex = -1;         // -1: not distributed (a copy on every processor)
  std::vector<TemplateAxis> axes; // one per template dimension
};

struct TemplateDistribution {
  std::string name;
  std::vector<DimensionDistribution> dims;
  std::vector<int> procDim; // processors dimension of each template dimension, -1 if collapsed

  /// The template dimension distributed along processors dimension `pd`,
  /// -1 when none is.
  int dimOn(int pd) const
  {
    for (std::size_t d = 0; d < procDim.size(); ++d)
      if (procDim[d] == pd)
        return static_cast<int>(d);
    return -1;
  }
};

class Mapping {
public:
  ProcessorsArrangement procs;
  std::vector<TemplateDistribution> templates;
  std::map<std::string, ArrayMapping> arrays;
  std::vector<std::string> notes; // assumptions made while building it
  /// Built from a distribution spec: the arrays the unit's ALIGN and
  /// DISTRIBUTE directives map but the spec does not name (replicated here);
  /// an estimate notes those its nest references.
  std::vector<std::string> leftOut;
  std::string spec; // that spec's text

  /// The mapping of `array`, or nullptr when it is not distributed.
  const ArrayMapping* array(const std::string& name) const;
  /// Owner coordinates of element `index` (one value per array dimension):
  /// coords[d] for each processors dimension, -1 meaning "every coordinate".
  void ownerCoords(const ArrayMapping& a, const std::int64_t* index, std::int64_t* coords) const;
  /// "(BLOCK,*)" for a distributed array, "replicated" otherwise.
  std::string describe(const std::string& array) const;
  /// The formats of `array`'s own `rank` dimensions, "(BLOCK)" for a vector
  /// aligned with a matrix's distributed columns (ALIGN X(J) WITH AB(*,J)
  /// under AB(*,BLOCK)): each dimension the format of the template
  /// dimension it is aligned with, "*" where none is; "replicated" when
  /// not distributed. Offsets, strides and constant alignments are dropped.
  std::string formatsOf(const std::string& array, int rank) const;
  /// A one-line summary: "x,a,b=(BLOCK,*) onto 16"; "all arrays replicated
  /// onto 4" when no array is distributed.
  std::string str() const;
};

} // namespace ps::mapping
