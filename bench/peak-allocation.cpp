#include "peak-allocation.h"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace {

std::atomic<std::int64_t> g_live{0}, g_peak{0}, g_base{0};

// Each block carries its size in front, so that counting costs an addition,
// not a malloc_usable_size per new and delete: the instrument stays out of
// the times the benchmarks report.
constexpr std::size_t kHeader = alignof(std::max_align_t);

void* counted(std::size_t size)
{
  auto* block = static_cast<unsigned char*>(std::malloc(size + kHeader));
  if (!block)
    throw std::bad_alloc();
  *reinterpret_cast<std::size_t*>(block) = size;
  const auto now = g_live.fetch_add(static_cast<std::int64_t>(size), std::memory_order_relaxed) +
                   static_cast<std::int64_t>(size);
  for (auto peak = g_peak.load(std::memory_order_relaxed); now > peak && !g_peak.compare_exchange_weak(peak, now);) {
  }
  return block + kHeader;
}

void uncounted(void* p) noexcept
{
  if (!p)
    return;
  auto* block = static_cast<unsigned char*>(p) - kHeader;
  g_live.fetch_sub(static_cast<std::int64_t>(*reinterpret_cast<std::size_t*>(block)), std::memory_order_relaxed);
  std::free(block);
}

} // namespace

void* operator new(std::size_t size) { return counted(size); }
void* operator new[](std::size_t size) { return counted(size); }
void operator delete(void* p) noexcept { uncounted(p); }
void operator delete[](void* p) noexcept { uncounted(p); }
void operator delete(void* p, std::size_t) noexcept { uncounted(p); }
void operator delete[](void* p, std::size_t) noexcept { uncounted(p); }

namespace ps::bench {

std::int64_t liveBytes() { return g_live.load(); }

void resetPeak()
{
  g_base = g_live.load();
  g_peak = g_base.load();
}

std::int64_t peakBytesSinceReset() { return g_peak.load() - g_base.load(); }

} // namespace ps::bench
