// pathing: fast grid path-finding. MIT licensed.
//
// Counts calls of the global operator new, to prove that warm queries allocate nothing. Linking
// the `pathing_alloc_counter` object library into a program replaces its global operator
// new/delete (every form) with counting versions that forward to malloc/free; the tests, the
// benchmarks and the CLI (`pathing scen`'s "allocations" figure) share it. Not part of the
// library: a program that links it gives up its own replacements of operator new.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace pathing::counting {

namespace detail {
/// The counters behind `allocation_count` / `allocated_bytes` (defined with the replaced
/// operator new), visible so that reading them is one inline load: the benchmarks read them
/// around every pass over their queries.
extern std::atomic<std::uint64_t> g_count;
extern std::atomic<std::uint64_t> g_bytes;
}  // namespace detail

/// Number of global operator new calls (all forms) since the program started, on every thread.
inline std::uint64_t allocation_count() noexcept {
  return detail::g_count.load(std::memory_order_relaxed);
}
/// Bytes requested from the global operator new since the program started.
inline std::uint64_t allocated_bytes() noexcept {
  return detail::g_bytes.load(std::memory_order_relaxed);
}

/// Counts the allocations made while it is alive: `count()` = operator new calls since
/// construction, `bytes()` = bytes they asked for, on every thread. Thread-safe (relaxed atomics).
class AllocationScope {
 public:
  AllocationScope() noexcept : start_(allocation_count()), start_bytes_(allocated_bytes()) {}
  [[nodiscard]] std::uint64_t count() const noexcept { return allocation_count() - start_; }
  [[nodiscard]] std::uint64_t bytes() const noexcept { return allocated_bytes() - start_bytes_; }

 private:
  std::uint64_t start_;
  std::uint64_t start_bytes_;
};

}  // namespace pathing::counting
