#pragma once
// Which instances of an exchange inside loops an estimate does when it
// cannot afford them all: consecutive blocks of s instances, each done as
// the instance in its middle and counted s times (the midpoint rule: exact
// where the exchange grows linearly over a block, as the shrinking steps
// of a triangular factorization nearly do). The stride s may grow between
// blocks as the instances done so far predict the cost of the rest.

#include <algorithm>
#include <cstdint>

namespace ps::estimate {

class InstanceSample {
public:
  /// `instances` instances (>= 0), blocks of `stride` (>= 1) at first.
  InstanceSample(std::int64_t instances, std::int64_t stride)
    : m_instances(instances), m_stride(std::max<std::int64_t>(stride, 1)),
      m_size(std::min(m_stride, std::max<std::int64_t>(instances, 0)))
  {
  }

  /// The instance to do next (its block's middle), or INT64_MAX when the
  /// blocks cover every instance.
  std::int64_t next() const { return m_size == 0 ? INT64_MAX : m_block + m_size / 2; }

  /// How many times the instance next() counts (its block's size); the next
  /// block starts, with the stride of that time.
  std::int64_t take()
  {
    const auto repeat = m_size;
    m_largest = std::max(m_largest, repeat);
    m_block += m_size;
    m_size = std::min(m_stride, m_instances - m_block);
    return repeat;
  }

  /// Makes the blocks from the next one on at least `stride` long.
  void atLeast(std::int64_t stride)
  {
    m_stride = std::max(m_stride, stride);
    m_size = std::min(m_stride, m_instances - m_block);
  }

  std::int64_t stride() const { return m_stride; }
  /// The largest block taken so far (1 when none was).
  std::int64_t largest() const { return m_largest; }
  /// The instances the blocks so far stand for.
  std::int64_t covered() const { return m_block; }

private:
  std::int64_t m_instances, m_stride, m_size, m_block = 0, m_largest = 1;
};

} // namespace ps::estimate
