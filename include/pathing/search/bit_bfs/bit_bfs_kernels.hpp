// pathing: fast grid path-finding. MIT licensed.
//
// The vector loops of the bit-parallel BFS (`detail::BitBfs`): the layers at each vector level
// (the compiler's 128-bit vectors, AVX2, AVX-512) and the bit counts. Kept apart from the class so
// that a file which only holds a searcher (the compiled library's headers, `PATHING_COMPILED`)
// does not parse the intrinsics.
#pragma once

#include <cstdint>
#include <cstring>

#include "pathing/detail/compiler.hpp"
#include "pathing/search/bit_bfs/bit_bfs.hpp"

#if PATHING_BIT_BFS_AVX2
#include <immintrin.h>
#endif

namespace pathing::detail {

/// The loops of `BitBfs::run_layers` and `BitBfs::count_bits` (static: they read only their
/// arguments). Not part of the API.
struct BitBfsKernels {
  using Word = BitBfs::Word;
  using Layers = BitBfs::Layers;
  static constexpr int kStride = BitBfs::kStride;

  // The vertical neighbours of the rows of block `cur`, from registers rather than reloaded from
  // the layer just stored (a load straddling two vector stores cannot be forwarded from them and
  // waits for both to reach the cache): lane j of `above` is the row before lane j (lane j - 1, or
  // the last lane of the block before), lane j of `below` the row after it (lane j + 1, or the
  // first lane of `next`). `edge` carries the one cross-block shuffle from block to block: on
  // entry the rows around the boundary with the block before, on return those of the boundary
  // with `next` (4 lanes: its last two rows and next's first two; 2 lanes: its last row and
  // next's first; 1 lane: the block itself). Three shuffles a block with 4 lanes (one crossing
  // the 128-bit halves), one with 2.
  template <class V>
#if defined(__GNUC__)
  [[gnu::always_inline]]
#endif
  static inline void
  neighbour_rows(V& above, V& below, V& edge, const V& cur, const V& next) noexcept {
    constexpr int kLanes = sizeof(V) / sizeof(Word);
    if constexpr (kLanes == 1) {
      above = edge;
      below = next;
      edge = cur;
#if defined(__GNUC__)
    } else if constexpr (kLanes == 2) {
      above = edge;                                     // [prev 1, cur 0]
      edge = __builtin_shufflevector(cur, next, 1, 2);  // [cur 1, next 0]
      below = edge;
    } else {
      static_assert(kLanes == 4);
      above = __builtin_shufflevector(edge, cur, 1, 4, 3, 6);  // [prev 3, cur 0, cur 1, cur 2]
      edge = __builtin_shufflevector(cur, next, 2, 3, 4, 5);   // [cur 2, cur 3, next 0, next 1]
      below = __builtin_shufflevector(cur, edge, 1, 4, 3, 6);  // [cur 1, cur 2, cur 3, next 0]
#endif
    }
  }

  // Sets `edge` for the first block `cur` of a layer (no block before it: zero rows). (Out
  // parameters: a 32-byte vector returned by value would change the ABI without AVX.)
  template <class V>
#if defined(__GNUC__)
  [[gnu::always_inline]]
#endif
  static inline void
  first_edge(V& edge, const V& cur) noexcept {
    constexpr int kLanes = sizeof(V) / sizeof(Word);
    const V zero = cur & 0;
    if constexpr (kLanes == 1) {
      edge = zero;
#if defined(__GNUC__)
    } else if constexpr (kLanes == 2) {
      edge = __builtin_shufflevector(zero, cur, 1, 2);
    } else {
      edge = __builtin_shufflevector(zero, cur, 2, 3, 4, 5);
#endif
    }
  }

  // One layer with vectors of type V (1, 2 or 4 words): from the stored layer `cur` into
  // `next`, the words [0, end) and the zero block after them. `with_self` (layer 1 only) keeps
  // the cells of `cur` too: the start has no neighbour in layer 0.
  template <class V>
#if defined(__GNUC__)
  [[gnu::always_inline]]
#endif
  static inline void
  layer_with(const Word* cur, Word* next, const Word* pass, int end, bool with_self) noexcept {
    constexpr int kLanes = sizeof(V) / sizeof(Word);
    V c;
    std::memcpy(&c, cur, sizeof(V));
    V edge;
    first_edge(edge, c);
    const V zero = c & 0;
    std::memcpy(next + end, &zero, sizeof(V));  // the zero block after the last one
    for (int i = 0; i < end; i += kLanes) {
      V after;
      std::memcpy(&after, cur + i + kLanes, sizeof(V));
      V above;
      V below;
      neighbour_rows(above, below, edge, c, after);
      V p;
      std::memcpy(&p, pass + i, sizeof(V));
      const V n = ((c << 1) | (c >> 1) | above | below | (with_self ? c : zero)) & p;
      std::memcpy(next + i, &n, sizeof(V));
      c = after;
    }
  }

  // The layers with vectors of type V (1, 2 or 4 words), rows in order, each layer computed from
  // the one stored before it. The job's fields are copied: the stores could alias them, which
  // would make every block reread them.
  template <class V>
#if defined(__GNUC__)
  [[gnu::always_inline]]
#endif
  static inline int
  run_layers_with(const Layers& job) noexcept {
    const int end = job.end;
    const int max_layer = job.max_layer;
    const int goal_row = job.goal_row;
    const unsigned goal_col = static_cast<unsigned>(job.goal_col);
    const Word* const pass = job.pass;
    Word* cur = job.layers;
    layer_with<V>(cur, cur + kStride, pass, end, true);
    int found = -1;
    for (int k = 1;; ++k) {
      Word* const next = cur + kStride;
      if (((next[goal_row] >> goal_col) & 1u) != 0) {
        found = k;
        break;
      }
      // A layer that stops growing (the goal cut off) is not tested for: the loop ends at
      // max_layer, at most 56 layers; the test (comparing the vectors with the layer before)
      // cost more on the found queries than it saved on the others.
      if (k == max_layer) break;
      cur = next;
      layer_with<V>(cur, cur + kStride, pass, end, false);
    }
    return found;
  }
#if defined(__GNUC__)
  static int run_layers_generic(const Layers& job) noexcept {
    return run_layers_with<Word __attribute__((vector_size(16)))>(job);
  }
#else
  static int run_layers_generic(const Layers& job) noexcept {
    return run_layers_with<Word>(job);
  }
#endif
#if PATHING_BIT_BFS_AVX2
  // AVX2: boxes of at most 12 vectors of 4 rows (48 rows) keep the current layer in registers,
  // the rows interleaved (`run_layers_avx2_interleaved`); taller ones (`job.blocks` 0) keep the
  // rows in order and use the loop over the stored layer.
  [[gnu::target("avx2")]] static int run_layers_avx2(const Layers& job) noexcept {
    switch (job.blocks) {
      case 1:
        return run_layers_avx2_blocks<1>(job);
      case 2:
        return run_layers_avx2_blocks<2>(job);
      case 3:
        return run_layers_avx2_blocks<3>(job);
      case 4:
        return run_layers_avx2_blocks<4>(job);
      case 5:
        return run_layers_avx2_blocks<5>(job);
      case 6:
        return run_layers_avx2_blocks<6>(job);
      case 7:
        return run_layers_avx2_blocks<7>(job);
      case 8:
        return run_layers_avx2_blocks<8>(job);
      case 9:
        return run_layers_avx2_blocks<9>(job);
      case 10:
        return run_layers_avx2_blocks<10>(job);
      case 11:
        return run_layers_avx2_blocks<11>(job);
      case 12:
        return run_layers_avx2_blocks<12>(job);
      default:
        break;
    }
    return run_layers_with<Word __attribute__((vector_size(32)))>(job);
  }
  // B vectors: the loop without the blend when the box leaves a spare row slot.
  template <int B>
  [[gnu::target("avx2")]] static int run_layers_avx2_blocks(const Layers& job) noexcept {
    return job.spare_row ? run_layers_avx2_interleaved<B, true>(job)
                         : run_layers_avx2_interleaved<B, false>(job);
  }
  // The layers of a box of B vectors of 4 rows interleaved (`slot`: lane j of vector v is row
  // j x B + v): the rows above and below vector v's are vectors v - 1 and v + 1 as they are, so a
  // vector's new rows take two shifts, three ORs and an AND with the passable rows, with no
  // shuffle; only the first vector's rows above (the last vector's lanes moved up one, a zero
  // row first) and the last vector's rows below (the first vector's lanes moved down one) take a
  // lane shift each, two shuffles a layer instead of three a vector. With `Spare` (the box's
  // last row slot, 4B - 1, is outside the box: its passable word and so every layer's are 0) each
  // lane shift is a single rotation: the word it brings round (row 4B - 1 above row 0; row 0
  // below row 4B - 1, where the AND clears it) is 0 or cleared, so the blend that zeroes it is
  // left out. The move to the left (bit x to x + 1) is c + c, not c << 1: the same bits, and an
  // addition can issue on more of the processor's vector ports than a shift (four against two on
  // AMD Zen 3 and 4, llvm-mca's model). The current layer stays in B registers, the passable rows
  // in memory, and each layer is stored for the walk back. The layers alternate between two
  // arrays (no copy), and no vector's address is taken (stores go through a local copy): a copy
  // or a taken address lets the compiler keep the arrays on the stack, a load and a store more a
  // vector.
  template <int B, bool Spare>
  [[gnu::target("avx2")]] static int run_layers_avx2_interleaved(const Layers& job) noexcept {
    using V = Word __attribute__((vector_size(32)));
    const int max_layer = job.max_layer;
    const int goal_row = job.goal_row;
    const unsigned goal_col = static_cast<unsigned>(job.goal_col);
    const Word* const pass = job.pass;
    const V zero = {0, 0, 0, 0};
    // Layer 0 (the start alone) in registers and stored.
    const int start_block = job.start_row / 4;
    const int lane = job.start_row % 4;
    const Word bit = job.start_bit;
    const V start = {lane == 0 ? bit : 0, lane == 1 ? bit : 0, lane == 2 ? bit : 0,
                     lane == 3 ? bit : 0};
    V cur[static_cast<std::size_t>(B)];
    for (int b = 0; b < B; ++b) {
      const V v = b == start_block ? start : zero;
      cur[b] = v;
      std::memcpy(job.layers + 4 * b, &v, sizeof(V));
    }
    Word* out = job.layers;
    // One layer: its new rows from cur (rows above vector 0's: [row -1 (zero), rows B - 1,
    // 2B - 1, 3B - 1]; rows below vector B - 1's: [rows B, 2B, 3B, row 4B (zero)]), stored.
    // `with_self` (layer 1) keeps the start.
    const auto layer = [&](V(&from)[static_cast<std::size_t>(B)],
                           V(&to)[static_cast<std::size_t>(B)], bool with_self)
        __attribute__((always_inline, target("avx2"))) {
      out += kStride;
      const V top = Spare ? __builtin_shufflevector(from[B - 1], from[B - 1], 3, 0, 1, 2)
                          : __builtin_shufflevector(zero, from[B - 1], 0, 4, 5, 6);
      const V bottom = Spare ? __builtin_shufflevector(from[0], from[0], 1, 2, 3, 0)
                             : __builtin_shufflevector(from[0], zero, 1, 2, 3, 4);
#pragma GCC unroll 16
      for (int b = 0; b < B; ++b) {
        const V c = from[b];
        const V above = b == 0 ? top : from[b - 1];
        const V below = b + 1 == B ? bottom : from[b + 1];
        V p;
        std::memcpy(&p, pass + 4 * b, sizeof(V));
        const V v = ((c + c) | (c >> 1) | above | below | (with_self ? c : zero)) & p;
        to[b] = v;
        std::memcpy(out + 4 * b, &v, sizeof(V));
      }
    };
    V n[static_cast<std::size_t>(B)];
    // Every path from the start to the goal has the parity of max_layer (the grid is
    // bipartite), so the goal first appears in a layer of that parity: after layer 1 (and layer
    // 2 when max_layer is even) the layers come in pairs, the goal tested after the second.
    int found = -1;
    layer(cur, n, true);
    int k = 1;
    if ((max_layer & 1) == 0) {
      layer(n, cur, false);
      k = 2;
    } else {
#pragma GCC unroll 16
      for (int b = 0; b < B; ++b) cur[b] = n[b];
    }
    if (((out[goal_row] >> goal_col) & 1u) != 0) found = k;
    while (found < 0 && k < max_layer) {
      layer(cur, n, false);
      layer(n, cur, false);
      k += 2;
      if (((out[goal_row] >> goal_col) & 1u) != 0) found = k;
    }
    return found;
  }
  // AVX-512: the box's at most 57 rows are at most 8 vectors of 8, always interleaved (`slot`),
  // so the current layer and the passable rows stay in registers for the whole search; each
  // layer costs one store a vector (kept for the walk back) and no load.
  [[gnu::target("avx512f")]] static int run_layers_avx512(const Layers& job) noexcept {
    switch (job.blocks) {
      case 1:
        return run_layers_avx512_interleaved<1>(job);
      case 2:
        return run_layers_avx512_interleaved<2>(job);
      case 3:
        return run_layers_avx512_interleaved<3>(job);
      case 4:
        return run_layers_avx512_interleaved<4>(job);
      case 5:
        return run_layers_avx512_interleaved<5>(job);
      case 6:
        return run_layers_avx512_interleaved<6>(job);
      case 7:
        return run_layers_avx512_interleaved<7>(job);
      default:
        return run_layers_avx512_interleaved<8>(job);
    }
  }
  // The AVX-512 layers with the rows interleaved over B vectors of 8 (`slot`): the current layer
  // and the passable rows in 2B registers, each vector's rows above and below its neighbour
  // vectors as they are, so a vector takes two shifts and two ternary-logic operations (no
  // valignq but the two lane shifts of vectors 0 and B - 1 a layer), plus the layer's store.
  // Layer 0 is set here; the goal is tested on the layers of its parity (see the AVX2 loop).
  // The zero-masked forms with an all-lanes mask compile to the plain instructions; the plain
  // intrinsics start from an "undefined" vector that GCC 12 at -O3 reports as uninitialised (GCC
  // bug 105593), an error under -Werror in the user's code.
  template <int B>
  [[gnu::target("avx512f")]] static int run_layers_avx512_interleaved(const Layers& job) noexcept {
    constexpr __mmask8 kAll = 0xFF;
    const __m512i zero = _mm512_setzero_si512();
    const auto start = _mm512_maskz_set1_epi64(static_cast<__mmask8>(1u << (job.start_row % 8)),
                                               static_cast<long long>(job.start_bit));
    const int start_block = job.start_row / 8;
    __m512i cur[static_cast<std::size_t>(B)];
    __m512i pass[static_cast<std::size_t>(B)];
    for (int b = 0; b < B; ++b) {
      cur[b] = b == start_block ? start : zero;
      pass[b] = _mm512_loadu_si512(job.pass + 8 * b);
      _mm512_storeu_si512(job.layers + 8 * b, cur[b]);
    }
    Word* out = job.layers;
    const int max_layer = job.max_layer;
    const int goal_row = job.goal_row;
    const unsigned goal_col = static_cast<unsigned>(job.goal_col);
    const auto layer = [&](bool with_self) __attribute__((always_inline, target("avx512f"))) {
      out += kStride;
      // Rows above vector 0's: [row -1 (zero), rows B - 1, ..., 7B - 1]; below vector B - 1's:
      // [rows B, ..., 7B, row 8B (zero)].
      const __m512i top = _mm512_maskz_alignr_epi64(kAll, cur[B - 1], zero, 7);
      const __m512i bottom = _mm512_maskz_alignr_epi64(kAll, zero, cur[0], 1);
      __m512i n[static_cast<std::size_t>(B)];
#pragma GCC unroll 8
      for (int b = 0; b < B; ++b) {
        const __m512i c = cur[b];
        const __m512i above = b == 0 ? top : cur[b - 1];
        const __m512i below = b + 1 == B ? bottom : cur[b + 1];
        const __m512i sides = _mm512_ternarylogic_epi64(
            _mm512_maskz_slli_epi64(kAll, c, 1), _mm512_maskz_srli_epi64(kAll, c, 1), above, 0xFE);
        const __m512i around = with_self ? _mm512_maskz_or_epi64(kAll, below, c) : below;
        n[b] = _mm512_ternarylogic_epi64(sides, around, pass[b], 0xA8);  // (sides | around) & pass
        _mm512_storeu_si512(out + 8 * b, n[b]);
      }
#pragma GCC unroll 8
      for (int b = 0; b < B; ++b) cur[b] = n[b];
    };
    int found = -1;
    layer(true);
    int k = 1;
    if ((max_layer & 1) == 0) {
      layer(false);
      k = 2;
    }
    if (((out[goal_row] >> goal_col) & 1u) != 0) found = k;
    while (found < 0 && k < max_layer) {
      layer(false);
      layer(false);
      k += 2;
      if (((out[goal_row] >> goal_col) & 1u) != 0) found = k;
    }
    return found;
  }
  // Four running sums: with one, every word waited for the previous word's addition.
  [[gnu::target("popcnt")]] static std::uint64_t count_bits_popcnt(const Word* w, int n) noexcept {
    std::uint64_t sum[4] = {0, 0, 0, 0};
    int i = 0;
    for (; i + 4 <= n; i += 4) {
      for (int j = 0; j < 4; ++j) {
        sum[j] += static_cast<std::uint64_t>(__builtin_popcountll(w[i + j]));
      }
    }
    for (; i < n; ++i) sum[0] += static_cast<std::uint64_t>(__builtin_popcountll(w[i]));
    return (sum[0] + sum[1]) + (sum[2] + sum[3]);
  }
  // Four words a vector counted by nibble lookups (vpshufb) into byte sums, added up once at the
  // end (vpsadbw): at most 8 a byte a vector and n <= kStride words (18 vectors), so a byte
  // holds at most 144. Two arrays in one pass (docs/benchmarks.md has its instruction counts).
  // (W. Mula, N. Kurz, D. Lemire, "Faster population counts using
  // AVX2 instructions", 2016.)
  [[gnu::target("avx2,popcnt")]] static void count_bits_of_two_avx2(const Word* a, const Word* b,
                                                                    int n, std::uint64_t& in_a,
                                                                    std::uint64_t& in_b) noexcept {
    const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1,
                                           2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const auto bits = [&](__m256i w) __attribute__((always_inline, target("avx2"))) {
      const __m256i lo = _mm256_and_si256(w, low4);
      const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(w, 4), low4);
      return _mm256_add_epi8(_mm256_shuffle_epi8(table, lo), _mm256_shuffle_epi8(table, hi));
    };
    __m256i sum_a = _mm256_setzero_si256();
    __m256i sum_b = _mm256_setzero_si256();
    int i = 0;
    for (; i + 4 <= n; i += 4) {
      sum_a =
          _mm256_add_epi8(sum_a, bits(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i))));
      sum_b =
          _mm256_add_epi8(sum_b, bits(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i))));
    }
    const auto total = [](__m256i bytes) __attribute__((always_inline, target("avx2"))) {
      const __m256i q = _mm256_sad_epu8(bytes, _mm256_setzero_si256());
      const __m128i h = _mm_add_epi64(_mm256_castsi256_si128(q), _mm256_extracti128_si256(q, 1));
      return static_cast<std::uint64_t>(_mm_cvtsi128_si64(h)) +
             static_cast<std::uint64_t>(_mm_extract_epi64(h, 1));
    };
    in_a = total(sum_a);
    in_b = total(sum_b);
    for (; i < n; ++i) {
      in_a += static_cast<std::uint64_t>(__builtin_popcountll(a[i]));
      in_b += static_cast<std::uint64_t>(__builtin_popcountll(b[i]));
    }
  }
#endif
};

inline int BitBfs::run_layers(const Layers& job) noexcept {
#if PATHING_BIT_BFS_AVX2
  if (simd_ == Simd::avx512) return BitBfsKernels::run_layers_avx512(job);
  if (simd_ == Simd::avx2) return BitBfsKernels::run_layers_avx2(job);
#endif
  return BitBfsKernels::run_layers_generic(job);
}

inline void BitBfs::count_bits_of_two(const Word* a, const Word* b, int n, std::uint64_t& in_a,
                                      std::uint64_t& in_b) const noexcept {
#if PATHING_BIT_BFS_AVX2
  if (simd_ != Simd::none) return BitBfsKernels::count_bits_of_two_avx2(a, b, n, in_a, in_b);
#endif
  in_a = count_bits(a, n);
  in_b = count_bits(b, n);
}

inline std::uint64_t BitBfs::count_bits(const Word* w, int n) const noexcept {
#if PATHING_BIT_BFS_AVX2
  if (simd_ != Simd::none) return BitBfsKernels::count_bits_popcnt(w, n);
#endif
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i) total += popcount64(w[i]);
  return total;
}

}  // namespace pathing::detail
