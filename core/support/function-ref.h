#pragma once
// A non-owning reference to a callable, for callbacks invoked once per item
// in hot loops (a separable exchange visits every message of every point of a
// sweep): std::function would build, type-erase and destroy a wrapper per
// call site; this is a pointer and a trampoline. The callable must outlive
// the reference (pass it to a function that calls it before returning).

#include <memory>
#include <type_traits>
#include <utility>

namespace ps {

template <class Signature>
class FunctionRef;

template <class R, class... Args>
class FunctionRef<R(Args...)> {
public:
  template <class F>
    requires(!std::is_same_v<std::remove_cvref_t<F>, FunctionRef> && std::is_invocable_r_v<R, F&, Args...>)
  FunctionRef(F&& f) noexcept // NOLINT: implicit, as std::function's
    : m_object(const_cast<void*>(static_cast<const void*>(std::addressof(f)))),
      m_call([](void* object, Args... args) -> R {
        return (*static_cast<std::remove_reference_t<F>*>(object))(std::forward<Args>(args)...);
      })
  {
  }

  R operator()(Args... args) const { return m_call(m_object, std::forward<Args>(args)...); }

private:
  void* m_object;
  R (*m_call)(void*, Args...);
};

} // namespace ps
