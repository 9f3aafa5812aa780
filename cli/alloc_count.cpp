// pathing: fast grid path-finding. MIT licensed.
//
// Global operator new/delete replaced by versions that count calls while counting is on (for the
// "allocations during queries" figure of `pathing scen`). They forward to malloc/free.
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>

#include "commands.hpp"

namespace {
std::atomic<bool> g_counting{false};
std::atomic<std::uint64_t> g_count{0};

void note() noexcept {
  if (g_counting.load(std::memory_order_relaxed)) g_count.fetch_add(1, std::memory_order_relaxed);
}

void* checked_malloc(std::size_t n) {
  note();
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}

void* checked_aligned(std::size_t n, std::align_val_t al) {
  note();
  const auto a = static_cast<std::size_t>(al);
  const std::size_t size = (n + a - 1) / a * a;
  if (void* p = std::aligned_alloc(a, size == 0 ? a : size)) return p;
  throw std::bad_alloc();
}
}  // namespace

namespace pathing::cli::alloc {
void start() noexcept {
  g_count.store(0, std::memory_order_relaxed);
  g_counting.store(true, std::memory_order_relaxed);
}
std::uint64_t stop() noexcept {
  g_counting.store(false, std::memory_order_relaxed);
  return g_count.load(std::memory_order_relaxed);
}
void resume() noexcept {
  g_counting.store(true, std::memory_order_relaxed);
}
}  // namespace pathing::cli::alloc

void* operator new(std::size_t n) {
  return checked_malloc(n);
}
void* operator new[](std::size_t n) {
  return checked_malloc(n);
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  note();
  return std::malloc(n == 0 ? 1 : n);
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  note();
  return std::malloc(n == 0 ? 1 : n);
}
void* operator new(std::size_t n, std::align_val_t al) {
  return checked_aligned(n, al);
}
void* operator new[](std::size_t n, std::align_val_t al) {
  return checked_aligned(n, al);
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
  std::free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}
