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
