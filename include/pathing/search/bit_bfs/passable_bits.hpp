// pathing: fast grid path-finding. MIT licensed.
//
// A grid's passable cells, one bit a cell, for the bit-parallel BFS: a fixed-size cache of
// 64 x 64-cell tiles, rows classified when first read, kept in step with the grid's edit log.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/map_sync.hpp"
#include "pathing/search/bit_bfs/nibble_classifier.hpp"

namespace pathing::detail {

/// The passable cells of one grid for one passable set (bit v = cell value v), one bit a cell,
/// read as row windows of up to 64 columns (`read`). `BitBfs` reads a query's box from it: two
/// words and a shift a row, where classifying the row's 32 bytes of packed cells took about 17
/// vector instructions.
///
/// A fixed-size cache: tiles of 64 x 64 cells (tile (tx, ty) holds columns 64 tx .. 64 tx + 63
/// of rows 64 ty .. 64 ty + 63, a word a row), 32 of them, tile (tx, ty) in slot (tx mod 8) +
/// 8 (ty mod 4), so that the at most 2 x 2 tiles of a window (57 x 57 cells) never share a slot.
/// A tile records which of its rows are classified; a row is classified from the grid when a
/// window first needs it, so a query pays what reading its box cost before only the first time
/// (and again once another tile took its slot: maps over 512 x 256 cells keep the last-read
/// tiles).
///
/// In step with the grid (`sync`, O(1) when current): the cache records the grid's
/// `instance_id()`, `version()`, size and the passable set. When only the version moved and the
/// grid's edit log holds every cell written since (at most `Grid::kEditLogCapacity`), those
/// cells' bits are re-read from the grid (O(edits)); otherwise (another grid, another passable
/// set, more edits than the log holds) a new generation starts in O(1) and every tile is read
/// again when next needed. No bit is ever read stale: `read` requires the `sync` of the same grid
/// at its current version first.
///
/// Memory: about 17 KB (32 tiles of 64 words and their tags), allocated by the first `sync`,
/// whatever the grid's size. Not thread-safe.
class PassableBits {
 public:
  using Word = std::uint64_t;
  /// Tiles held (8 x 4 slots).
  static constexpr int kTiles = 32;

  /// Brings the cache in step with `grid` and the passable set `passable` (see the class
  /// comment); `avx2` lets rows be classified with AVX2 instructions (the caller checked the
  /// processor). Allocates only on the first call.
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

  /// True when the cache was started for this very grid object (its `instance_id()` and size)
  /// and this passable set, at whatever version: `sync` then costs O(1) or O(edits). O(1).
  [[nodiscard]] bool holds(const Grid& grid, std::uint16_t passable) const noexcept {
    return started_ && id_ == grid.instance_id() && passable_ == passable && cols_ == grid.cols() &&
           rows_ == grid.rows();
  }

  /// Calls `store(y, bits)` for each row y in [y_begin, y_end) in order, bits = the passability
  /// of columns x0 .. x0 + width - 1 of row y (bit i = column x0 + i; columns past the grid's
  /// are 0). Preconditions: `sync(grid, ...)` at grid's current version, 0 <= x0 < cols,
  /// 1 <= width <= 64, 0 <= y_begin <= y_end <= rows. O(rows), plus the rows classified on
  /// first use (O(1) each).
  template <class Store>
  void read(const Grid& grid, int x0, int width, int y_begin, int y_end, Store&& store) noexcept {
    const auto s = static_cast<unsigned>(x0) & 63u;
    const Word mask = width >= 64 ? ~Word{0} : (Word{1} << width) - 1;
    const int tx = x0 >> 6;
    const bool two = static_cast<int>(s) + width > 64 && 64 * (tx + 1) < cols_;
    for (int y = y_begin; y < y_end;) {
      const int ty = y >> 6;
      const int top = ty * 64;
      const int r_end = std::min(y_end - top, 64);
      const Word need = rows_mask(y - top, r_end);
      const Word* const a = tile(grid, tx, ty, need);
      if (!two) {
        for (int r = y - top; r < r_end; ++r) store(top + r, (a[r] >> s) & mask);
      } else {
        const Word* const b = tile(grid, tx + 1, ty, need);
        // (w << 1) << (63 - s) is w << (64 - s), and 0 at s = 0.
        for (int r = y - top; r < r_end; ++r) {
          store(top + r, ((a[r] >> s) | ((b[r] << 1) << (63u - s))) & mask);
        }
      }
      y = top + r_end;
    }
  }

  /// Bytes of memory held.
  [[nodiscard]] std::size_t bytes() const noexcept { return tiles_.capacity() * sizeof(Tile); }

 private:
  struct Tile {
    std::array<Word, 64> rows;  // row r: bits of row 64 ty + r (when built bit r is set)
    Word built;                 // the rows classified in this generation
    int tx;
    int ty;
    std::uint16_t generation;  // the tile is (tx, ty) of this cache's grid when it is current
  };

  // Bits lo .. hi - 1 (0 <= lo < hi <= 64).
  [[nodiscard]] static Word rows_mask(int lo, int hi) noexcept {
    const Word below_hi = hi >= 64 ? ~Word{0} : (Word{1} << hi) - 1;
    return below_hi & ~((Word{1} << lo) - 1);
  }

  [[nodiscard]] Tile& slot(int tx, int ty) noexcept {
    return tiles_[static_cast<std::size_t>((tx & 7) + 8 * (ty & 3))];
  }

  // The rows of tile (tx, ty), those in `need` classified.
  const Word* tile(const Grid& grid, int tx, int ty, Word need) noexcept {
    Tile& t = slot(tx, ty);
    if (t.generation != generation_ || t.tx != tx || t.ty != ty) [[unlikely]] {
      t.tx = tx;
      t.ty = ty;
      t.generation = generation_;
      t.built = 0;
    }
    const Word missing = need & ~t.built;
    if (missing != 0) [[unlikely]]
      build(grid, t, missing);
    return t.rows.data();
  }

  // A new generation for `grid` and `passable`: every tile stale.
  void restart(const Grid& grid, std::uint16_t passable) {
    started_ = false;  // (until the storage is there)
    if (tiles_.empty()) tiles_.resize(kTiles, Tile{{}, 0, 0, 0, 0});
    if (++generation_ == 0) {  // wrapped: no tile may keep an old generation's number
      for (Tile& t : tiles_) t.generation = 0;
      generation_ = 1;
    }
    classifier_ = NibbleClassifier(passable);
    passable_ = passable;
    id_ = grid.instance_id();
    cols_ = grid.cols();
    rows_ = grid.rows();
    started_ = true;
  }

  // Re-reads cell c's bit where its tile row is classified (other rows are read later).
  void refresh(const Grid& grid, GridCoord c) noexcept {
    Tile& t = slot(c.x >> 6, c.y >> 6);
    const int r = c.y & 63;
    if (t.generation != generation_ || t.tx != (c.x >> 6) || t.ty != (c.y >> 6) ||
        ((t.built >> r) & 1u) == 0) {
      return;
    }
    const Word bit = Word{1} << (static_cast<unsigned>(c.x) & 63u);
    const bool pass =
        ((static_cast<unsigned>(passable_) >> grid.cell_unchecked(c.x, c.y)) & 1u) != 0;
    Word& w = t.rows[static_cast<std::size_t>(r)];
    w = pass ? w | bit : w & ~bit;
  }

  // Classifies the rows `missing` of tile t from the grid: the rest of a `read` in one call.
  PATHING_NOINLINE void build(const Grid& grid, Tile& t, Word missing) noexcept {
#if PATHING_BIT_BFS_AVX2
    if (avx2_) return build_avx2(grid, t, missing);
#endif
    build_with(grid, t, missing, [](const std::uint8_t*, Word&) { return false; });
  }

  // The loop of `build`: `fast(p, w)` may classify a row's 64 cells (32 bytes at p, inside the
  // grid's buffer) into w and return true, else `classify` does.
  template <class Fast>
  PATHING_ALWAYS_INLINE void build_with(const Grid& grid, Tile& t, Word missing,
                                        Fast&& fast) noexcept {
    const std::size_t stride = grid.stride_bytes();
    const std::size_t size = grid.memory_bytes();
    const std::uint8_t* const data = grid.data();
    const int cells = std::clamp(cols_ - 64 * t.tx, 0, 64);
    const Word keep = cells >= 64 ? ~Word{0} : (Word{1} << cells) - 1;
    const std::size_t column = 32 * static_cast<std::size_t>(t.tx);
    t.built |= missing;
    // A run of missing rows at a time (usually the only one).
    for (Word m = missing; m != 0;) {
      const int lo = std::countr_zero(m);
      const int hi = lo + std::countr_one(m >> lo);
      m &= ~rows_mask(lo, hi);
      std::size_t at = static_cast<std::size_t>(64 * t.ty + lo) * stride + column;
      for (int r = lo; r < hi; ++r, at += stride) {
        Word w = 0;
        if (cells > 0 && at + 32 <= size && fast(data + at, w)) {
          w &= keep;
        } else if (cells > 0) {
          w = classify(data + at, cells);
        }
        t.rows[static_cast<std::size_t>(r)] = w;
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
  // As `build`, each row's 64 packed cells (32 bytes) classified by looking each nibble up in
  // the passable set's table (`NibbleClassifier::lookup`, two vpshufb), the low and high
  // nibbles' answers put back in cell order (the 8-byte quarters permuted once so that the
  // unpacks within the 128-bit halves give cells 0-31 and 32-63) and packed by vpmovmskb.
  [[gnu::target("avx2")]] void build_avx2(const Grid& grid, Tile& t,
                                          Word missing) noexcept;  // passable_bits_avx2.hpp
#endif

  std::vector<Tile> tiles_;
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

#if !PATHING_COMPILED
#include "pathing/search/bit_bfs/passable_bits_avx2.hpp"
#endif
