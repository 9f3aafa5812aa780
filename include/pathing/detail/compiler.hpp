// pathing: fast grid path-finding. MIT licensed.
//
// Everything compiler-specific lives here: inlining hints, builtins, 128-bit arithmetic, the
// exception switch and a guard against fused multiply-adds. Each has a portable fallback, so any
// C++20 compiler (MSVC included) has a path; GCC and Clang keep the fast path (the bit-parallel
// BFS's x86 vector code is guarded by PATHING_BIT_BFS_AVX2, below).
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

/// 1 when C++ exceptions are enabled (`__cpp_exceptions`, or MSVC's `_CPPUNWIND`), else 0. A user
/// may force 0 by defining `PATHING_NO_EXCEPTIONS` before including any pathing header (then the
/// throwing forms fall back to their documented inert states; see docs/errors.md).
#if !defined(PATHING_HAS_EXCEPTIONS)
#if !defined(PATHING_NO_EXCEPTIONS) && (defined(__cpp_exceptions) || defined(_CPPUNWIND))
#define PATHING_HAS_EXCEPTIONS 1
#else
#define PATHING_HAS_EXCEPTIONS 0
#endif
#endif

/// `PATHING_THROW(x)` throws `x` when exceptions are enabled; without them it is an empty
/// statement (the expression is not evaluated) and the caller continues into its documented
/// fallback. Every `throw` of the pathing headers goes through it.
///
/// Overridable like {fmt}'s `FMT_THROW`: define `PATHING_THROW(x)` before the first pathing
/// header (the same definition in every translation unit of the program) to route the library's
/// errors elsewhere, e.g. to throw your own exception type, or to log `x.what()` and abort.
/// `x` is a `std::invalid_argument`, `std::out_of_range` or `std::length_error` whose message
/// names the offending value. If the override returns, the caller continues into the fallback
/// documented for builds without exceptions (nothing changed, or the `try_` form's `false`).
#if !defined(PATHING_THROW)
#if PATHING_HAS_EXCEPTIONS
#define PATHING_THROW(x) throw x
#else
#define PATHING_THROW(x) static_cast<void>(0)
#endif
#endif

/// 1 when the program uses the compiled library (CMake target `pathing::compiled`, which defines
/// it for itself and for every target that links it; define it by hand in every file of a program
/// that links `pathing_compiled` otherwise), else 0 (header-only, the default). With it the search
/// headers declare what the library defines (`AStar`, `GreedyBestFirst` and the bit-parallel BFS
/// they share) and do not parse or compile the search loops: a file that includes
/// `<pathing/search/astar.hpp>` and calls `find_path` compiles in a fraction of the time. The
/// same results either way; the library is built with the same headers.
#if !defined(PATHING_COMPILED)
#define PATHING_COMPILED 0
#endif

/// The linkage of a function the compiled library defines (`PATHING_COMPILED`): `inline` in
/// header-only builds (the definitions are in the headers), nothing in the compiled library (one
/// definition, in its source file).
#if PATHING_COMPILED
#define PATHING_FUNC
#else
#define PATHING_FUNC inline
#endif

/// 1 when the compiler has GCC's `__atomic` built-ins (GCC, Clang), which spare a header that
/// only needs one atomic counter the parse of `<atomic>`; else 0 (`std::atomic`).
#if !defined(PATHING_HAS_ATOMIC_BUILTINS)
#if defined(__GNUC__) || defined(__clang__)
#define PATHING_HAS_ATOMIC_BUILTINS 1
#else
#define PATHING_HAS_ATOMIC_BUILTINS 0
#endif
#endif

/// 1 when the compiler has `unsigned __int128` (GCC and Clang on 64-bit targets), else 0. Define
/// `PATHING_NO_INT128` in every file of a program to force the portable code (as the tests do).
#if !defined(PATHING_HAS_INT128)
#if !defined(PATHING_NO_INT128) && defined(__SIZEOF_INT128__) && \
    (defined(__GNUC__) || defined(__clang__))
#define PATHING_HAS_INT128 1
#else
#define PATHING_HAS_INT128 0
#endif
#endif

/// 1 where the bit-parallel BFS (`detail/bfs/`) may use x86-64 AVX2 and AVX-512 code chosen at
/// run time (GCC or Clang on x86-64: `target` attributes, `<immintrin.h>`, vector extensions),
/// else 0: its portable code only. Define it as 0 to force the portable code.
#if !defined(PATHING_BIT_BFS_AVX2)
#if defined(__GNUC__) && defined(__x86_64__)
#define PATHING_BIT_BFS_AVX2 1
#else
#define PATHING_BIT_BFS_AVX2 0
#endif
#endif

#include <bit>
#include <cstddef>
#include <cstdint>

namespace pathing::detail {

/// Prefetches each cache line (64 bytes) of [p, p + bytes) for reading: hints, through
/// `PATHING_PREFETCH`; nothing is read. O(bytes / 64).
PATHING_ALWAYS_INLINE inline void prefetch_bytes(const void* p, std::size_t bytes) noexcept {
  const auto* b = static_cast<const unsigned char*>(p);
  for (std::size_t o = 0; o < bytes; o += 64) PATHING_PREFETCH(b + o);
  if (bytes > 0) PATHING_PREFETCH(b + bytes - 1);
}

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

/// Index of the highest set bit of `x`. Precondition: x != 0 (then equal to 63 -
/// std::countl_zero). Like `lowest_bit`, one instruction without a branch for zero on GCC/Clang.
/// O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE inline unsigned highest_bit(std::uint64_t x) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return 63u ^ static_cast<unsigned>(__builtin_clzll(x));
#else
  return 63u - static_cast<unsigned>(std::countl_zero(x));
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

/// `x`, rounded to double, as a value the compiler cannot fuse with the operation it feeds: a
/// product passed through here and then added is rounded twice on every platform, never once as a
/// fused multiply-add. Compilers contract `a * b + c` into an FMA by default where the target has
/// one (GCC: -ffp-contract=fast, even across statements; Clang: within one expression): on AArch64
/// always, on x86-64 with -mfma or -march=haswell and later. Path costs, promised bit for bit on
/// every platform, go through it. A volatile copy (standard C++, any compiler): one store and one
/// load. O(1).
[[nodiscard]] inline double unfused(double x) noexcept {
  volatile double v = x;
  return v;
}

/// The high 64 bits of the 128-bit product a * b from four 32 x 32-bit products: the portable
/// path of `mul_high64`, always compiled (the tests compare it with the builtin one). O(1).
[[nodiscard]] constexpr std::uint64_t portable_mul_high64(std::uint64_t a,
                                                          std::uint64_t b) noexcept {
  const std::uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32;
  const std::uint64_t b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
  const std::uint64_t lo_lo = a_lo * b_lo;
  const std::uint64_t hi_lo = a_hi * b_lo;
  const std::uint64_t lo_hi = a_lo * b_hi;
  const std::uint64_t hi_hi = a_hi * b_hi;
  const std::uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + lo_hi;
  return hi_hi + (hi_lo >> 32) + (cross >> 32);
}

/// The high 64 bits of the 128-bit product a * b. O(1); one MUL on GCC/Clang x86-64.
[[nodiscard]] PATHING_ALWAYS_INLINE inline std::uint64_t mul_high64(std::uint64_t a,
                                                                    std::uint64_t b) noexcept {
#if PATHING_HAS_INT128
  __extension__ using U128 = unsigned __int128;
  return static_cast<std::uint64_t>((static_cast<U128>(a) * b) >> 64);
#else
  return portable_mul_high64(a, b);
#endif
}

/// A 128-bit key as two words, `hi` the more significant, ordered as one unsigned 128-bit number:
/// the portable path of `Key128`, always compiled (the tests compare it with the builtin one).
struct PortableKey128 {
  std::uint64_t hi;  ///< The more significant word.
  std::uint64_t lo;  ///< The less significant word.
  /// Ordered by `hi`, then `lo`.
  friend constexpr bool operator<(const PortableKey128& a, const PortableKey128& b) noexcept {
    return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
  }
  /// Both words equal.
  friend constexpr bool operator==(const PortableKey128&, const PortableKey128&) = default;
};
/// The more significant word of `k`.
[[nodiscard]] constexpr std::uint64_t key128_hi(PortableKey128 k) noexcept {
  return k.hi;
}
/// The less significant word of `k`.
[[nodiscard]] constexpr std::uint64_t key128_lo(PortableKey128 k) noexcept {
  return k.lo;
}

/// A 128-bit priority key: one `unsigned __int128` where the compiler has it (PATHING_HAS_INT128),
/// else `PortableKey128`, with the same ordering. make_key128 / key128_hi / key128_lo and `<` are
/// the only operations the queues use.
#if PATHING_HAS_INT128
__extension__ using Key128 = unsigned __int128;
/// The key `hi`:`lo` as one 128-bit integer.
[[nodiscard]] constexpr Key128 make_key128(std::uint64_t hi, std::uint64_t lo) noexcept {
  return (static_cast<Key128>(hi) << 64) | lo;
}
/// The more significant word of `k`.
[[nodiscard]] constexpr std::uint64_t key128_hi(Key128 k) noexcept {
  return static_cast<std::uint64_t>(k >> 64);
}
/// The less significant word of `k`.
[[nodiscard]] constexpr std::uint64_t key128_lo(Key128 k) noexcept {
  return static_cast<std::uint64_t>(k);
}
#else
using Key128 = PortableKey128;
/// The key `hi`:`lo`.
[[nodiscard]] constexpr Key128 make_key128(std::uint64_t hi, std::uint64_t lo) noexcept {
  return PortableKey128{hi, lo};
}
#endif

}  // namespace pathing::detail
