// pathing: fast grid path-finding. MIT licensed.
//
// Replaces the global operator new/delete with counting versions that forward to malloc/free.
#include "alloc_counter/alloc_counter.hpp"

#include <atomic>
#include <cstdlib>
#include <new>
#if defined(_WIN32)
#include <malloc.h>  // _aligned_malloc / _aligned_free: Windows has no std::aligned_alloc
#endif

// Out of memory: throw std::bad_alloc, or (built with -fno-exceptions) abort as the standard
// library's own operator new then does. This is the test tool's allocator, never the library's.
#if defined(__cpp_exceptions) || defined(_CPPUNWIND)
#define PATHING_COUNTER_FAIL() throw std::bad_alloc()
#else
#define PATHING_COUNTER_FAIL() std::abort()
#endif

#if defined(_WIN32)
#define PATHING_COUNTER_ALIGNED_ALLOC(a, n) _aligned_malloc(n, a)
#define PATHING_COUNTER_ALIGNED_FREE(p) _aligned_free(p)
#else
#define PATHING_COUNTER_ALIGNED_ALLOC(a, n) std::aligned_alloc(a, n)
#define PATHING_COUNTER_ALIGNED_FREE(p) std::free(p)
#endif

namespace pathing::counting::detail {
std::atomic<std::uint64_t> g_count{0};
std::atomic<std::uint64_t> g_bytes{0};
}  // namespace pathing::counting::detail

namespace {
using pathing::counting::detail::g_bytes;
using pathing::counting::detail::g_count;

void* counted_alloc(std::size_t n) {
  g_count.fetch_add(1, std::memory_order_relaxed);
  g_bytes.fetch_add(n, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  PATHING_COUNTER_FAIL();
}

void* counted_aligned_alloc(std::size_t n, std::align_val_t al) {
  g_count.fetch_add(1, std::memory_order_relaxed);
  g_bytes.fetch_add(n, std::memory_order_relaxed);
  const auto a = static_cast<std::size_t>(al);
  const std::size_t size = (n + a - 1) / a * a;
  if (void* p = PATHING_COUNTER_ALIGNED_ALLOC(a, size == 0 ? a : size)) return p;
  PATHING_COUNTER_FAIL();
}
void* counted_alloc_or_null(std::size_t n) noexcept {
  g_count.fetch_add(1, std::memory_order_relaxed);
  g_bytes.fetch_add(n, std::memory_order_relaxed);
  return std::malloc(n == 0 ? 1 : n);
}
}  // namespace

void* operator new(std::size_t n) {
  return counted_alloc(n);
}
void* operator new[](std::size_t n) {
  return counted_alloc(n);
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  return counted_alloc_or_null(n);
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  return counted_alloc_or_null(n);
}
void* operator new(std::size_t n, std::align_val_t al) {
  return counted_aligned_alloc(n, al);
}
void* operator new[](std::size_t n, std::align_val_t al) {
  return counted_aligned_alloc(n, al);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
  PATHING_COUNTER_ALIGNED_FREE(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
  PATHING_COUNTER_ALIGNED_FREE(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  PATHING_COUNTER_ALIGNED_FREE(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  PATHING_COUNTER_ALIGNED_FREE(p);
}
