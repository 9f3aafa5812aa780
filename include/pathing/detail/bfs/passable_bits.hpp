// pathing: fast grid path-finding. MIT licensed.
//
// A grid's passable cells, one bit a cell, for the bit-parallel BFS: classified 64 cells at a
// time when first read and kept in step with the grid's edit log.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "pathing/coord.hpp"
#include "pathing/detail/bfs/nibble_classifier.hpp"
#include "pathing/detail/compiler.hpp"
#include "pathing/grid.hpp"
#include "pathing/map_sync.hpp"

#if PATHING_BIT_BFS_AVX2
#include <immintrin.h>
#endif

namespace pathing::detail {

/// The passable cells of one grid for one passable set (bit v = cell value v), one bit a cell,
/// read as row windows of up to 64 columns (`read`). `BitBfs` reads a query's box from it: a
/// shift of two words a row, where classifying the row's 32 bytes of packed cells took about
/// 17 vector instructions.
///
/// Lazy: the bits live in chunks of 64 cells of a row (row y, columns 64 c .. 64 c + 63), each
/// with a stamp; a chunk is classified from the grid when a window first needs it in the
/// current generation, so a query costs what reading its box did before only the first time.
///
/// In step with the grid (`sync`, O(1) when current): the cache records the grid's
/// `instance_id()`, `version()`, size and the passable set. When only the version moved and the
/// grid's edit log holds every cell written since (at most `Grid::kEditLogCapacity`), those
/// cells' bits are re-read from the grid (O(edits)); otherwise (another grid, another passable
/// set, more edits than the log holds) a new generation starts in O(1) and every chunk is
/// classified again when next read. No bit is ever read stale: `read` requires the `sync` of
/// the same grid at its current version first.
///
/// Memory: 10 bytes (a word and a 16-bit stamp) a chunk, (cols + 63) / 64 + 1 chunks a row (the
/// last one zero, so that a window never reads past its row): about 1.25 bits a cell of the
/// largest grid synced, allocated by the `sync` that first meets a larger grid. Not thread-safe.
class PassableBits {
 public:
  using Word = std::uint64_t;

  /// Brings the cache in step with `grid` and the passable set `passable` (see the class
  /// comment); `avx2` lets chunks be classified with AVX2 instructions (the caller checked the
  /// processor). Allocates only for a grid with more chunks than any before.
  void sync(const Grid& grid, std::uint16_t passable, bool avx2) {
    avx2_ = avx2;
    const bool same = holds(grid, passable);
    if (same && version_ == grid.version()) return;
    replay_edits_or_rebuild(
        grid, same, version_,
        [&](std::span<const GridCoord> cells) {
          for (const GridCoord c : cells) refresh(grid, c);
        },
        [&] { restart(grid, passable); });
    version_ = grid.version();
  }

  /// Calls `store(y, bits)` for each row y in [y_begin, y_end), bits = the passability of
  /// columns x0 .. x0 + width - 1 of row y (bit i = column x0 + i; columns past the grid's
  /// are 0). Preconditions: `sync(grid, ...)` at grid's current version, 0 <= x0 < cols,
  /// 1 <= width <= 64, 0 <= y_begin <= y_end <= rows. O(rows), plus 64-cell chunks classified
  /// on first use.
  template <class Store>
  void read(const Grid& grid, int x0, int width, int y_begin, int y_end, Store&& store) noexcept {
    const std::size_t wpr = words_per_row_;
    const auto s = static_cast<unsigned>(x0) & 63u;
    const Word mask = width >= 64 ? ~Word{0} : (Word{1} << width) - 1;
    const int c = x0 >> 6;
    std::size_t i = static_cast<std::size_t>(y_begin) * wpr + static_cast<std::size_t>(c);
    if (static_cast<int>(s) + width <= 64) {  // one chunk a row
      for (int y = y_begin; y < y_end; ++y, i += wpr) {
        if (stamps_[i] != generation_) [[unlikely]]
          build(grid, y, y_end, c, 1);
        store(y, (bits_[i] >> s) & mask);
      }
    } else {
      for (int y = y_begin; y < y_end; ++y, i += wpr) {
        if (((stamps_[i] ^ generation_) | (stamps_[i + 1] ^ generation_)) != 0) [[unlikely]] {
          build(grid, y, y_end, c, 2);
        }
        // (w1 << 1) << (63 - s) is w1 << (64 - s), and 0 at s = 0.
        store(y, ((bits_[i] >> s) | ((bits_[i + 1] << 1) << (63u - s))) & mask);
      }
    }
  }

  /// True when the cache was started for this very grid object (its `instance_id()` and size)
  /// and this passable set, at whatever version: `sync` then costs O(1) or O(edits). O(1).
  [[nodiscard]] bool holds(const Grid& grid, std::uint16_t passable) const noexcept {
    return started_ && id_ == grid.instance_id() && passable_ == passable && cols_ == grid.cols() &&
           rows_ == grid.rows();
  }

  /// Bytes of memory held.
  [[nodiscard]] std::size_t bytes() const noexcept {
    return bits_.capacity() * sizeof(Word) + stamps_.capacity() * sizeof(std::uint16_t);
  }

 private:
  // A new generation for `grid` and `passable`: every chunk stale.
  void restart(const Grid& grid, std::uint16_t passable) {
    started_ = false;  // (until the storage is there)
    words_per_row_ = (static_cast<std::size_t>(grid.cols()) + 63) / 64 + 1;
    const std::size_t chunks = words_per_row_ * static_cast<std::size_t>(grid.rows());
    if (bits_.size() < chunks) {
      bits_.resize(chunks);
      stamps_.resize(chunks, 0);
    }
    if (++generation_ == 0) {  // wrapped: no stamp may keep an old generation's number
      std::fill(stamps_.begin(), stamps_.end(), std::uint16_t{0});
      generation_ = 1;
    }
    classifier_ = NibbleClassifier(passable);
    passable_ = passable;
    id_ = grid.instance_id();
    cols_ = grid.cols();
    rows_ = grid.rows();
    started_ = true;
  }

  // Re-reads cell c's bit when its chunk is current (a stale chunk is classified whole later).
  void refresh(const Grid& grid, GridCoord c) noexcept {
    const std::size_t i =
        static_cast<std::size_t>(c.y) * words_per_row_ + (static_cast<std::size_t>(c.x) >> 6);
    if (stamps_[i] != generation_) return;
    const Word bit = Word{1} << (static_cast<unsigned>(c.x) & 63u);
    const bool pass =
        ((static_cast<unsigned>(passable_) >> grid.cell_unchecked(c.x, c.y)) & 1u) != 0;
    bits_[i] = pass ? bits_[i] | bit : bits_[i] & ~bit;
  }

  // Classifies the stale chunks among chunks c_begin .. c_begin + n - 1 of rows y_begin ..
  // y_end - 1 from the grid and stamps them: the rest of a `read` in one call.
  PATHING_NOINLINE void build(const Grid& grid, int y_begin, int y_end, int c_begin,
                              int n) noexcept {
#if PATHING_BIT_BFS_AVX2
    if (avx2_) return build_avx2(grid, y_begin, y_end, c_begin, n);
#endif
    build_with(grid, y_begin, y_end, c_begin, n, [](const std::uint8_t*, Word&) { return false; });
  }

  // The loop of `build`: `fast(p, w)` may classify a whole chunk's 64 cells (32 bytes at p, inside
  // the grid's buffer) into w and return true, else `classify` does. The members are read once
  // into locals: the stores to the chunks could alias them.
  template <class Fast>
  PATHING_ALWAYS_INLINE void build_with(const Grid& grid, int y_begin, int y_end, int c_begin,
                                        int n, Fast&& fast) noexcept {
    Word* const bits = bits_.data();
    std::uint16_t* const stamps = stamps_.data();
    const std::uint16_t generation = generation_;
    const std::size_t wpr = words_per_row_;
    const std::size_t stride = grid.stride_bytes();
    const std::size_t size = grid.memory_bytes();
    const std::uint8_t* const data = grid.data();
    std::size_t first = static_cast<std::size_t>(y_begin) * wpr + static_cast<std::size_t>(c_begin);
    std::size_t first_at =
        static_cast<std::size_t>(y_begin) * stride + 32 * static_cast<std::size_t>(c_begin);
    for (int y = y_begin; y < y_end; ++y, first += wpr, first_at += stride) {
      for (int j = 0; j < n; ++j) {
        const std::size_t i = first + static_cast<std::size_t>(j);
        if (stamps[i] == generation) continue;
        const std::size_t at = first_at + 32 * static_cast<std::size_t>(j);
        const int cells = std::clamp(cols_ - 64 * (c_begin + j), 0, 64);
        Word w = 0;
        if (cells > 0 && at + 32 <= size && fast(data + at, w)) {
          if (cells < 64) w &= (Word{1} << cells) - 1;
        } else if (cells > 0) {
          w = classify(data + at, cells);
        }
        bits[i] = w;
        stamps[i] = generation;
      }
    }
  }

  // The passability bits of the `cells` (1..64) packed cells at p, 16 at a time
  // (`NibbleClassifier`); bits past them are 0.
  Word classify(const std::uint8_t* p, int cells) const noexcept {
    Word words[4] = {0, 0, 0, 0};
    std::memcpy(words, p, (static_cast<std::size_t>(cells) + 1) / 2);
    Word w = 0;
    for (int i = 0; i < 4; ++i) w |= Word{classifier_(words[i])} << (16 * i);
    return cells < 64 ? w & ((Word{1} << cells) - 1) : w;
  }

#if PATHING_BIT_BFS_AVX2
  // As `build`, each chunk's 64 packed cells (32 bytes) classified by looking each nibble up in
  // the passable set's table (`NibbleClassifier::lookup`, two vpshufb), the low and high
  // nibbles' answers put back in cell order (the 8-byte quarters permuted once so that the
  // unpacks within the 128-bit halves give cells 0-31 and 32-63) and packed by vpmovmskb.
  [[gnu::target("avx2")]] void build_avx2(const Grid& grid, int y_begin, int y_end, int c_begin,
                                          int n) noexcept {
    const __m256i table = _mm256_broadcastsi128_si256(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(classifier_.lookup())));
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    build_with(
        grid, y_begin, y_end, c_begin,
        n, [&](const std::uint8_t* p, Word& w) __attribute__((target("avx2"))) {
          // Byte j holds cells 2j (low nibble) and 2j + 1; quarters 0, 2, 1, 3.
          const __m256i b = _mm256_permute4x64_epi64(
              _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), 0xD8);
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
#endif

  std::vector<Word> bits_;
  std::vector<std::uint16_t> stamps_;
  std::size_t words_per_row_ = 0;
  std::uint16_t generation_ = 0;
  std::uint16_t passable_ = 0;
  bool started_ = false;
  bool avx2_ = false;
  NibbleClassifier classifier_{0};
  std::uint64_t id_ = 0;
  std::uint64_t version_ = 0;
  int cols_ = 0;
  int rows_ = 0;
};

}  // namespace pathing::detail
