// pathing: fast grid path-finding. MIT licensed.
//
// The AVX2 row classifier of `detail::PassableBits`, apart from the class so that a file which
// only holds a searcher (the compiled library's headers, `PATHING_COMPILED`) does not parse the
// intrinsics.
#pragma once

#include <cstdint>

#include "pathing/detail/compiler.hpp"
#include "pathing/search/bit_bfs/passable_bits.hpp"

#if PATHING_BIT_BFS_AVX2
#include <immintrin.h>

namespace pathing::detail {

// As `build`, each row's 64 packed cells (32 bytes) classified by looking each nibble up in
// the passable set's table (`NibbleClassifier::lookup`, two vpshufb), the low and high
// nibbles' answers put back in cell order (the 8-byte quarters permuted once so that the
// unpacks within the 128-bit halves give cells 0-31 and 32-63) and packed by vpmovmskb.
[[gnu::target("avx2")]] inline void PassableBits::build_avx2(const Grid& grid, Tile& t,
                                                             Word missing) noexcept {
  const __m256i table = _mm256_broadcastsi128_si256(
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(classifier_.lookup())));
  const __m256i low4 = _mm256_set1_epi8(0x0F);
  build_with(
      grid, t, missing, [&](const std::uint8_t* p, Word& w) __attribute__((target("avx2"))) {
        // Byte j holds cells 2j (low nibble) and 2j + 1; quarters 0, 2, 1, 3.
        const __m256i b =
            _mm256_permute4x64_epi64(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), 0xD8);
        const __m256i even = _mm256_shuffle_epi8(table, _mm256_and_si256(b, low4));
        const __m256i odd =
            _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(b, 4), low4));
        const auto lo =
            static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_unpacklo_epi8(even, odd)));
        const auto hi =
            static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_unpackhi_epi8(even, odd)));
        w = Word{lo} | (Word{hi} << 32);
        return true;
      });
}

}  // namespace pathing::detail
#endif
