// pathing: fast grid path-finding. MIT licensed.
//
// Compiler hints for the hot loops (no effect on results).
#pragma once

/// Placed after a lambda's parameter list (or before a function) to force inlining of small
/// callbacks and fast paths that GCC otherwise leaves as calls inside large loops.
#if defined(__GNUC__) || defined(__clang__)
#define PATHING_ALWAYS_INLINE __attribute__((always_inline))
#else
#define PATHING_ALWAYS_INLINE
#endif

/// Keeps a rarely taken slow path (growing a buffer) out of the caller's hot loop.
#if defined(__GNUC__) || defined(__clang__)
#define PATHING_NOINLINE __attribute__((noinline))
#else
#define PATHING_NOINLINE
#endif

/// Prefetches the cache line holding `addr` for reading (a hint; no effect where unsupported).
#if defined(__GNUC__) || defined(__clang__)
#define PATHING_PREFETCH(addr) __builtin_prefetch(addr)
#else
#define PATHING_PREFETCH(addr) static_cast<void>(addr)
#endif

#include <bit>
#include <cstdint>

namespace pathing::detail {

/// Index of the lowest set bit of `x`. Precondition: x != 0 (then equal to std::countr_zero).
/// Unlike std::countr_zero, compiles to one instruction without a branch for zero on targets
/// without TZCNT (GCC/Clang, generic x86-64). O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE inline unsigned lowest_bit(std::uint64_t x) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return static_cast<unsigned>(__builtin_ctzll(x));
#else
  return static_cast<unsigned>(std::countr_zero(x));
#endif
}

/// std::bit_width(x) (0 for x == 0, else 1 + the index of the highest set bit) without a branch
/// on targets without LZCNT (GCC/Clang, generic x86-64: BSR of x | 1). O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE inline unsigned bit_width_branchless(std::uint64_t x) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return static_cast<unsigned>(x != 0) + (63u ^ static_cast<unsigned>(__builtin_clzll(x | 1u)));
#else
  return static_cast<unsigned>(std::bit_width(x));
#endif
}

}  // namespace pathing::detail
