#include "support/cancellation.h"

namespace ps {
namespace {

thread_local const std::atomic<bool>* t_flag = nullptr;

} // namespace

CancellationScope::CancellationScope(const std::atomic<bool>& flag) : m_previous(t_flag)
{
  t_flag = &flag;
}

CancellationScope::~CancellationScope()
{
  t_flag = m_previous;
}

void throwIfCancelled()
{
  if (t_flag && t_flag->load(std::memory_order_relaxed))
    throw Cancelled{};
}

} // namespace ps
