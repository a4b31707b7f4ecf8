#include "peak-allocation.h"

#include <atomic>
#include <cstdlib>
#include <malloc.h>
#include <new>

namespace {

std::atomic<std::int64_t> g_live{0}, g_peak{0}, g_base{0};

void* counted(std::size_t size)
{
  void* p = std::malloc(size == 0 ? 1 : size);
  if (!p)
    throw std::bad_alloc();
  const auto now = g_live.fetch_add(static_cast<std::int64_t>(malloc_usable_size(p))) +
                   static_cast<std::int64_t>(malloc_usable_size(p));
  for (auto peak = g_peak.load(); now > peak && !g_peak.compare_exchange_weak(peak, now);) {
  }
  return p;
}

void uncounted(void* p) noexcept
{
  if (!p)
    return;
  g_live.fetch_sub(static_cast<std::int64_t>(malloc_usable_size(p)));
  std::free(p);
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
