// pathing: fast grid path-finding. MIT licensed.
//
// Bit-parallel breadth-first search for the bounded (56-step, 4-connected) queries.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/path.hpp"
#include "pathing/search/result.hpp"

#include "pathing/detail/compiler.hpp"
#include "pathing/search/bit_bfs/passable_bits.hpp"

namespace pathing::detail {

/// Bit-parallel breadth-first search for bounded queries (at most `GridPath::kMaxSteps` = 56
/// 4-connected steps) on maps where every passable cell costs the same: each row of the search
/// box is one 64-bit word, and one BFS layer is a few word operations a row (shift left and
/// right for horizontal moves, the rows above and below for vertical ones, AND with the
/// passable row), eight, four or two rows a vector instruction
/// (AVX-512 with the whole box in registers; AVX2 with the current layer in registers for boxes
/// of up to 48 rows; or the compiler's 128-bit vectors, NEON on ARM64; chosen from the processor
/// at run time), instead of a queue operation a cell. With AVX-512 and AVX2 the rows are
/// interleaved over the vectors (row j B + v in lane j of vector v, for B vectors), so the rows
/// above and below a vector's rows are the neighbouring vectors themselves and a layer needs
/// two lane shifts instead of a shuffle or two a vector. The idea is the bit-parallel
/// BFS of board-game engines; the 64-cells-a-word rows are those of "Improving Jump Point Search"
/// (Harabor & Grastien 2014).
///
/// Box: every cell of a path of at most L steps from s to t has d(s, c) + d(c, t) <= L
/// (Manhattan), so it lies in the bounding box of s and t widened by (L - d(s, t)) / 2 on each
/// side: at most 57 columns and 57 rows for L = 56, one word a row. Two stages:
/// 1. Monotone sweep: the cells of the bounding box of s and t reachable by moves toward t only,
///    one row after the other (an occluded fill along the row, Kogge-Stone style, then down or up
///    to the next row): O(rows) word operations. If t is reached, a path of d(s, t) steps exists,
///    and it is a shortest one.
/// 2. Otherwise a layered BFS in the 56-step box; the first layer holding t gives the shortest
///    path, rebuilt by walking back through the stored layers. Layer k is stored as the set V_k
///    of the cells at most k steps from s (in the box), computed as the passable neighbours of
///    V_{k-1}: every cell of V_{k-1} but s has a neighbour in it, and s has one when any cell
///    does, so no visited set is kept or subtracted (one AND a row instead of two and the
///    visited rows' update). The walk back needs the cells exactly k - 1 steps away among the
///    neighbours of a cell k steps away; the grid is bipartite, so such a neighbour is k - 1 or
///    k + 1 steps away, and it is k - 1 exactly when it is in V_{k-1}.
///
/// The walk back takes a straight run at a time: one full decision at each turn, then one bit
/// test a cell while the step repeats (a loop whose condition the processor predicts, so the
/// cells' reads overlap), the run's steps written at once into two words (`GridPath::from_packed`),
/// so the walk is not one chain of dependent reads and decisions a cell.
///
/// Ties (deterministic): walking back from the goal, each step repeats the direction of the step
/// after it when that keeps the path shortest (fewer turns), else takes the first of right, down,
/// left, up (the `Direction` order) that does.
///
/// Passable rows: the box's rows are read from a `PassableBits` cache (tiles of 64 x 64 cells, a
/// bit a cell: two words and a shift a row), one for each of the last four (grid object,
/// passable set) pairs queried, brought in step with the grid at every query (O(1); O(edits)
/// from the grid's edit log; or a restart in O(1), after which rows are classified from the
/// packed grid as boxes reach them). A query on unchanged cells read before classifies none; one
/// whose rows are all new classifies them, storing and reading them back (about a fifth more
/// work a query than reading the rows directly).
///
/// Scope: `find` answers only when a path of at most 56 steps exists (the caller's cell-by-cell
/// search handles every other case and its partial results). Memory: about 34 KB (57 layers of
/// 72 words, 64-byte aligned, allocated on first use or by `reserve`; visited and passable rows
/// inside the object), plus about 17 KB for each of the (at most four) caches in use, whatever
/// the grid's size. Complexity per query: O(H) word operations for stage 1 and O(L x H) for
/// stage 2 (a path of L steps, a box of H <= 57 rows), plus O(H) to read the box's rows and
/// O(edits) to follow the grid's changes; nothing scales with the grid's size. Not thread-safe:
/// one per searcher.
class BitBfs {
 public:
  /// Words a layer holds: box rows 0..56 at indices 2..58, zero rows around them (up to 71).
  static constexpr int kStride = 72;
  /// Layers stored: 0 (the start) to 56.
  static constexpr int kLayers = GridPath::kMaxSteps + 1;

  /// Allocates the layer store now (about 33 KB) instead of on the first query.
  void reserve() {
    if (storage_.empty()) storage_.resize(static_cast<std::size_t>(kLayers) * kStride + 8);
  }

  /// The widest vector instruction set in use: 0 = the compiler's portable 128-bit vectors (SSE2
  /// on x86-64), 1 = AVX2, 2 = AVX-512 (chosen from the processor when the searcher is made).
  [[nodiscard]] int simd_level() const noexcept {
#if PATHING_BIT_BFS_AVX2
    return static_cast<int>(simd_);
#else
    return 0;
#endif
  }

  /// Testing hook: uses at most `level` (as `simd_level`) even where the processor has more, so
  /// every code path can be tested on one machine. Returns the level now in use.
  int limit_simd(int level) noexcept {
#if PATHING_BIT_BFS_AVX2
    const Simd best = detect_simd();
    const int use = std::min(level < 0 ? 0 : level, static_cast<int>(best));
    simd_ = static_cast<Simd>(use);
#else
    (void)level;
#endif
    return simd_level();
  }

  /// Bytes of memory held, the passable-cell caches included.
  [[nodiscard]] std::size_t bytes() const noexcept {
    std::size_t n = storage_.capacity() * sizeof(std::uint64_t) + sizeof(pass_) + sizeof(visited_);
    for (const PassableBits& c : caches_) n += c.bytes();
    return n;
  }

  /// Searches for a shortest path of at most 56 steps from `from` to `to` (both on the grid,
  /// distinct) through cells whose value is in `passable` (bit v = value v; the start cell's own
  /// value is ignored). On success writes the steps into `path`, adds the work to `stats`
  /// (`expanded`: cells reached before the goal's layer; `generated`: cells reached, the start
  /// included) and returns the number of steps; returns -1 (leaving `path` unchanged) when no
  /// path of at most 56 steps exists.
  int find(const Grid& grid, GridCoord from, GridCoord to, std::uint16_t passable, GridPath& path,
           SearchStats& stats) {
    const int dist = std::abs(to.x - from.x) + std::abs(to.y - from.y);
    if (dist > GridPath::kMaxSteps) return -1;
    if (!((static_cast<unsigned>(passable) >> grid.cell_unchecked(to.x, to.y)) & 1u)) return -1;
    PassableBits& cache = cache_for(grid, passable);
    cache.sync(grid, passable, simd_level() > 0);
    reserve();
    // The 56-step box; stage 1 reads only the rows between from and to, stage 2 the rest.
    const int slack = (GridPath::kMaxSteps - dist) & ~1;
    const int h = set_box(grid, from, to, slack / 2);
    const int sy = from.y - y0_;
    const int r0 = std::min(sy, ty_);
    const int r1 = std::max(sy, ty_);
    read_rows(grid, cache, r0, r1 + 1);
    pass_[slot(sy)] |= Word{1} << (from.x - x0_);
    if (sweep(from, to, stats)) {
      path = walk_back_monotone(from, to);
      return dist;
    }
    if (slack == 0) return -1;
    read_rows(grid, cache, 0, r0);
    read_rows(grid, cache, r1 + 1, h);
    const int steps = search(from, to, h, slack);
    if (steps < 0) return -1;
    // Stored layer k holds the cells at most k steps away: the goal's layer the cells reached,
    // the one before it those expanded. The box's words: rows 0 .. h - 1 at indices 2 .. h + 1
    // in order; interleaved, the lanes_ x blocks_ words from index 0 (rows h and after are 0).
    // Counted before the walk back, in whole vectors: the walk reads single words of the
    // layers just stored, and straight after the loop of 16-byte vectors (SSE2, NEON) those
    // reads would wait for the stores (store-to-load forwarding fails; docs/benchmarks.md).
    const int first = blocks_ != 0 ? 0 : 2;
    const int words = blocks_ != 0 ? lanes_ * blocks_ : h;
    const Word* const goal_layer = layers() + static_cast<std::size_t>(steps) * kStride + first;
    std::uint64_t before = 0;
    std::uint64_t reached = 0;
    count_bits_of_two(goal_layer - kStride, goal_layer, words, before, reached);
    stats.expanded += before;
    stats.generated += reached;
    path = walk_back(steps);
    return steps;
  }

 private:
  using Word = std::uint64_t;

  // Sets the box to the bounding box of from and to widened by `half` (clipped to the grid),
  // chooses where its rows' words go (`slot`) and zeroes the passable words of the rows around it
  // (rows in order: indices 0, 1 and h + 2 .. h + 10; interleaved: rows h .. lanes_ x blocks_ -
  // 1).
  // Returns the box's rows, h.
  int set_box(const Grid& grid, GridCoord from, GridCoord to, int half) noexcept {
    x0_ = std::max(std::min(from.x, to.x) - half, 0);
    const int x1 = std::min(std::max(from.x, to.x) + half, grid.cols() - 1);
    y0_ = std::max(std::min(from.y, to.y) - half, 0);
    const int y1 = std::min(std::max(from.y, to.y) + half, grid.rows() - 1);
    const int h = y1 - y0_ + 1;
    width_ = x1 - x0_ + 1;
    tx_ = to.x - x0_;
    ty_ = to.y - y0_;
    set_layout(h);
    if (blocks_ == 0) {
      pass_[0] = pass_[1] = 0;
      for (int i = h + 2; i <= h + 10; ++i) pass_[static_cast<std::size_t>(i)] = 0;
    } else {
      for (int r = h; r < lanes_ * blocks_; ++r) pass_[slot(r)] = 0;
    }
    return h;
  }

  // Chooses the layout of a box of h rows (blocks_ vectors of lanes_ words interleaved, see
  // `slot`, or blocks_ = 0 for rows in order) and fills slot_ when it changed. Interleaved where
  // the layer loop keeps the layer in registers: AVX2 up to 12 vectors of 4 rows, AVX-512 always
  // (at most 8 vectors of 8 rows).
  void set_layout(int h) noexcept {
    blocks_ = 0;
    lanes_ = 0;
#if PATHING_BIT_BFS_AVX2
    if (simd_ == Simd::avx512) {
      lanes_ = 8;
      blocks_ = (h + 7) / 8;
    } else if (simd_ == Simd::avx2 && h <= 4 * kMaxInterleavedBlocks) {
      lanes_ = 4;
      blocks_ = (h + 3) / 4;
    }
#endif
    (void)h;
    const int layout = blocks_ * 16 + lanes_;
    if (layout == slot_layout_) return;
    slot_.fill(kZeroSlot);
    if (blocks_ == 0) {
      for (int r = -1; r <= kMaxRow; ++r) {
        slot_[static_cast<std::size_t>(r + 1)] = static_cast<std::uint8_t>(r + 2);
      }
    } else {
      for (int r = 0; r < lanes_ * blocks_; ++r) {
        slot_[static_cast<std::size_t>(r + 1)] =
            static_cast<std::uint8_t>((r % blocks_) * lanes_ + r / blocks_);
      }
    }
    slot_layout_ = layout;
  }

  // The index of box row r (-1 .. h) in pass_ and in each layer. Rows in order: r + 2 (rows -1
  // and h .. h + 8 are zero words). Interleaved over B = blocks_ vectors of W = lanes_ words:
  // row j x B + v is word j of vector v (index W v + j), so the rows above and below every row
  // of vector v are the same lanes of vectors v - 1 and v + 1, and only vectors 0 and B - 1 need
  // a lane shift (see `run_layers_avx2_interleaved`); row -1 (and row W B) is kZeroSlot, a word
  // no layer loop writes.
  [[nodiscard]] std::size_t slot(int r) const noexcept {
    return slot_[static_cast<std::size_t>(r + 1)];
  }

  // Stage 1: monotone reachability in the bounding box of from and to (its rows of visited_,
  // its columns of the box's words); true when `to` is reached. Only the rows swept, from the
  // start's to the first empty one or the goal's, are written and counted (the rows after an
  // empty one would be empty).
  bool sweep(GridCoord from, GridCoord to, SearchStats& stats) noexcept {
    const bool rightward = to.x >= from.x;
    const int sx = from.x - x0_;
    const int sy = from.y - y0_;
    const int step = to.y >= from.y ? 1 : -1;
    const int lo = std::min(sx, tx_);
    const Word columns = ((Word{2} << (std::max(sx, tx_) - lo)) - 1) << lo;
    Word seed = Word{1} << sx;
    int r = sy;
    for (;; r += step) {
      const Word p = pass_[slot(r)] & columns;
      const Word row = rightward ? fill_up(seed & p, p) : fill_down(seed & p, p);
      visited_[static_cast<std::size_t>(r) + 2] = row;
      if (row == 0 || r == ty_) break;
      seed = row;
    }
    const int first = std::min(sy, r);
    const std::uint64_t reached =
        count_bits(visited_.data() + first + 2, std::max(sy, r) - first + 1);
    const bool found = r == ty_ && ((visited_[static_cast<std::size_t>(ty_) + 2] >> tx_) & 1u) != 0;
    stats.expanded += found ? reached - 1 : reached;
    stats.generated += reached;
    return found;
  }

  // Cells reachable from the seeds `g` (a subset of `p`) moving toward higher bits through `p`,
  // with one addition: adding a seed to a run of ones carries through the run's bits above it,
  // clearing them (a second seed in the same run stays set, hence the final OR). Three
  // operations and one carry chain in the adder, instead of a six-round shift-and-mask fill.
  [[nodiscard]] static Word fill_up(Word g, Word p) noexcept {
    return (p & ~(p + g)) | g;
  }
  // Cells reachable from `seed` moving toward lower bits through `p` (occluded fill).
  [[nodiscard]] static Word fill_down(Word g, Word p) noexcept {
    g |= p & (g >> 1);
    p &= p >> 1;
    g |= p & (g >> 2);
    p &= p >> 2;
    g |= p & (g >> 4);
    p &= p >> 4;
    g |= p & (g >> 8);
    p &= p >> 8;
    g |= p & (g >> 16);
    p &= p >> 16;
    g |= p & (g >> 32);
    return g;
  }

  // Stage 2: layered BFS in the box widened by slack / 2 on each side; returns the goal's layer
  // or -1 when the goal is not reached within dist + slack layers.
  int search(GridCoord from, GridCoord to, int h, int slack) noexcept {
    const int max_layer = std::abs(to.x - from.x) + std::abs(to.y - from.y) + slack;
    const int sy = from.y - y0_;
    // Indices 0 .. end - 1 are computed every layer, in whole vectors: box rows (2 .. h + 1) and
    // the zero-passable rows around them, which come out 0.
    const int end = blocks_ != 0 ? lanes_ * blocks_ : (h + 2 + lanes()) / lanes() * lanes();
    Word* layer = layers();
    const Word start = Word{1} << (from.x - x0_);
    if (blocks_ == 0) {  // (the interleaved loops write layer 0 themselves)
      for (int i = 0; i < end + lanes(); ++i) layer[i] = 0;
      layer[slot(sy)] = start;
    }
    const Layers job{layer,
                     pass_.data(),
                     end,
                     max_layer,
                     static_cast<int>(slot(ty_)),
                     tx_,
                     blocks_,
                     static_cast<int>(slot(sy)),
                     start,
                     blocks_ != 0 && h < lanes_ * blocks_};
    return run_layers(job);
  }

  // The layered BFS's inputs: layer 0 at `layers` (kStride words a layer), the passable words
  // (the start's cell included), the words computed ([0, end)), the last layer allowed, the
  // goal's word index (its row's `slot`) and column, the layout (`blocks`: the interleaved
  // vectors, 0 for rows in order), and the start's word index and bit. Rows in order, layer 0
  // (the start only) is written before; interleaved, the loop writes it.
  struct Layers {
    Word* layers;
    const Word* pass;
    int end;
    int max_layer;
    int goal_row;
    int goal_col;
    int blocks;
    int start_row;
    Word start_bit;
    bool spare_row;  // interleaved with the last row (lanes x blocks - 1) outside the box: zero
  };

  // Runs the BFS layers: layer k + 1 row i = the neighbours of layer k's cells (shifts for
  // horizontal moves, rows i - 1 and i + 1 for vertical ones) that are passable, layer k holding
  // every cell at most k steps away (the class comment; layer 1 adds the start itself, which
  // has no neighbour in layer 0). Returns the first layer holding the goal, or -1 when max_layer is
  // passed. Eight, four or two rows a vector operation (AVX-512, AVX2 where the processor has them,
  // checked once per searcher; else the compiler's 128-bit vectors), the whole loop inside one
  // function of each instruction set.
  int run_layers(const Layers& job) noexcept;  // bit_bfs_kernels.hpp

  // Rows one vector holds.
  [[nodiscard]] int lanes() const noexcept {
#if PATHING_BIT_BFS_AVX2
    if (simd_ == Simd::avx512) return 8;
#endif
    return 4;
  }

  // Set bits in words a[0 .. n-1] into in_a, and in b[0 .. n-1] into in_b.
  void count_bits_of_two(const Word* a, const Word* b, int n, std::uint64_t& in_a,
                         std::uint64_t& in_b) const noexcept;  // bit_bfs_kernels.hpp

  // Set bits in words w[0 .. n-1].
  [[nodiscard]] std::uint64_t count_bits(const Word* w,
                                         int n) const noexcept;  // bit_bfs_kernels.hpp

  friend struct BitBfsKernels;  // the loops of `run_layers` and `count_bits` (bit_bfs_kernels.hpp)
#if PATHING_BIT_BFS_AVX2
  enum class Simd : std::uint8_t { none, avx2, avx512 };
  static Simd detect_simd() noexcept {
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt") || !__builtin_cpu_supports("avx2")) return Simd::none;
    const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                        __builtin_cpu_supports("avx512bw");
    return avx512 ? Simd::avx512 : Simd::avx2;
  }
  Simd simd_ = detect_simd();
#endif

  [[nodiscard]] static std::uint64_t popcount64(Word x) noexcept {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (x * 0x0101010101010101ull) >> 56;
  }

  // The cache of `grid` and `passable`: the one started for them, else the least recently used
  // (restarted by its `sync`). O(kCaches).
  PassableBits& cache_for(const Grid& grid, std::uint16_t passable) noexcept {
    int pick = 0;
    for (int i = 0; i < kCaches; ++i) {
      if (caches_[static_cast<std::size_t>(i)].holds(grid, passable)) {
        pick = i;
        break;
      }
      if (cache_used_[static_cast<std::size_t>(i)] < cache_used_[static_cast<std::size_t>(pick)]) {
        pick = i;
      }
    }
    cache_used_[static_cast<std::size_t>(pick)] = ++queries_;
    return caches_[static_cast<std::size_t>(pick)];
  }

  // The passability bits of box rows [begin, end) (grid rows y0_ + r, columns x0_ .. x0_ +
  // width_ - 1) into pass_ at their `slot` (bit i = column x0_ + i), from the cache.
  void read_rows(const Grid& grid, PassableBits& cache, int begin, int end) noexcept {
    const std::uint8_t* const slots = slot_.data() + 1;
    const int y0 = y0_;
    cache.read(grid, x0_, width_, y0 + begin, y0 + end,
               [&](int y, Word bits) PATHING_ALWAYS_INLINE { pass_[slots[y - y0]] = bits; });
  }

  // Walking back from the cell (x, y) (box column, layer index): the moves that reach it from
  // the predecessor rows (bit = Direction value: right from `from_left`'s column x - 1, down from
  // `above`, left from `from_right`'s column x + 1, up from `below`), the one the tie rule takes
  // (`after`, the step taken from (x, y), when it is there, else the first in Direction order),
  // and (x, y) moved back to its predecessor. Branch-free and table-free: the walk is one chain
  // of dependent steps.
  [[nodiscard]] static unsigned back_step(Word above, Word from_left, Word from_right, Word below,
                                          int& x, int& y, unsigned after) noexcept {
    // Every word rotated right by x - 1 (box rows are at most 57 bits wide, so bit 63 is 0 and
    // x == 0 reads a 0 for column -1): bit 0 = column x - 1, bit 1 = x, bit 2 = x + 1.
    const auto r = static_cast<unsigned>(x - 1) & 63u;
    const unsigned m = static_cast<unsigned>((std::rotr(from_left, static_cast<int>(r)) & 1u) |
                                             (std::rotr(above, static_cast<int>(r)) & 2u) |
                                             (std::rotr(from_right, static_cast<int>(r)) & 4u) |
                                             ((std::rotr(below, static_cast<int>(r)) & 2u) << 2));
    // m != 0: every cell of the walk but the start has a predecessor.
    const unsigned d = ((m >> after) & 1u) != 0 ? after : lowest_bit(m);
    x -= static_cast<int>(d == 0) - static_cast<int>(d == 2);
    y -= static_cast<int>(d == 1) - static_cast<int>(d == 3);
    return d;
  }

  // Steps collected two bits each in registers (as GridPath packs them, last step first) while
  // walking back from the goal, a straight run at a time.
  struct PackedSteps {
    std::uint64_t low = 0;
    std::uint64_t high = 0;
    int len = 0;
    // Prepends n (1..56, len + n <= 56) copies of step d: they come before every step collected
    // so far. Selects instead of branches: the run's length varies from query to query.
    void prepend(unsigned d, int n) noexcept {
      const std::uint64_t pattern = 0x5555555555555555ull * d;
      const int bits = 2 * n;  // 2..112
      const int at = 2 * len;  // 0..110
      const std::uint64_t run_low =
          bits >= 64 ? pattern : pattern & ((std::uint64_t{1} << (bits & 63)) - 1);
      const std::uint64_t run_high =
          bits > 64 ? pattern & ((std::uint64_t{1} << ((bits - 64) & 63)) - 1) : 0;
      const unsigned a = static_cast<unsigned>(at) & 63u;
      // run << at over the two words ((run_low >> 1) >> (63 - a) is run_low >> (64 - a), 0 at
      // a = 0).
      low |= at < 64 ? run_low << a : 0;
      high |= at < 64 ? (run_high << a) | ((run_low >> 1) >> (63u - a)) : run_low << a;
      len += n;
    }
  };

  // Column and row change of a walk-back step in direction d (right: column + 1, down: row + 1;
  // none: 0).
  [[nodiscard]] static int step_dx(unsigned d) noexcept {
    return static_cast<int>(d == 0) - static_cast<int>(d == 2);
  }
  [[nodiscard]] static int step_dy(unsigned d) noexcept {
    return static_cast<int>(d == 1) - static_cast<int>(d == 3);
  }

  // Stage 1's path: through the monotone reachable rows in visited_. A full back_step decides
  // each turn; then the step repeats, by the tie rule, while its predecessor cell is reachable:
  // that loop tests one bit a cell (its condition predicted, so the cells' reads overlap) and
  // the run is written at once.
  [[nodiscard]] GridPath walk_back_monotone(GridCoord from, GridCoord to) const noexcept {
    PackedSteps out;
    int x = tx_;
    int y = ty_ + 2;
    const int sx = from.x - x0_;
    const int sy = from.y - y0_ + 2;
    const int step = to.y >= from.y ? 1 : -1;
    const bool rightward = to.x >= from.x;
    unsigned after = 4;  // none yet: (m >> 4) is 0
    while (x != sx || y != sy) {
      // Predecessors: the horizontal neighbour toward the start in the same reachable row, the
      // vertical one in the previous row (none beyond the start's row).
      const Word same = visited_[static_cast<std::size_t>(y)];
      const Word before = y != sy ? visited_[static_cast<std::size_t>(y - step)] : 0;
      after = back_step(step > 0 ? before : 0, rightward ? same : 0, rightward ? 0 : same,
                        step > 0 ? 0 : before, x, y, after);
      // The run: along the row (bits outside the sweep's columns are 0), or back through the
      // rows down to the start's (rows beyond it are not part of the sweep).
      const int dx = step_dx(after);
      const int dy = step_dy(after);
      int rows_left = dy != 0 ? std::abs(y - sy) : kStride;
      int n = 1;
      while (rows_left > 0 && ((visited_[static_cast<std::size_t>(y - dy)] >>
                                (static_cast<unsigned>(x - dx) & 63u)) &
                               1u) != 0) {
        x -= dx;
        y -= dy;
        --rows_left;
        ++n;
      }
      out.prepend(after, n);
    }
    return GridPath::from_packed(out.low, out.high, out.len);
  }

  // Stage 2's path: the goal is in layer `steps`; as walk_back_monotone, the j-th cell of a run
  // being in layer k - j (a neighbour of a cell k steps away is k - 1 steps away exactly when
  // stored layer k - 1 holds it: the class comment). Runs stop by themselves at rows -1 and h (0 in
  // every layer) and at columns past the box (bits 57..63 are 0); the layer count stops them at
  // layer 0. Rows are box rows, found in each layer through `slot`.
  [[nodiscard]] GridPath walk_back(int steps) const noexcept {
    PackedSteps out;
    int x = tx_;
    int y = ty_;
    int k = steps;
    unsigned after = 4;  // none yet
    const Word* base = layers();
    while (k > 0) {
      const Word* prev = base + static_cast<std::size_t>(k - 1) * kStride;
      const Word same = prev[slot(y)];
      after = back_step(prev[slot(y - 1)], same, same, prev[slot(y + 1)], x, y, after);
      --k;
      const int dx = step_dx(after);
      const int dy = step_dy(after);
      // The candidate before (x, y): (x - dx, y - dy) in layer k - 1. Along a row the word is
      // the same row's a layer before each step; across rows each row's `slot` is looked up.
      int n = 1;
      if (dy == 0) {
        const Word* w = base + static_cast<std::ptrdiff_t>(k - 1) * kStride +
                        static_cast<std::ptrdiff_t>(slot(y));
        while (k > 0 && ((*w >> (static_cast<unsigned>(x - dx) & 63u)) & 1u) != 0) {
          x -= dx;
          --k;
          ++n;
          w -= kStride;
        }
      } else {
        while (k > 0 && ((base[static_cast<std::size_t>(k - 1) * kStride + slot(y - dy)] >>
                          (static_cast<unsigned>(x) & 63u)) &
                         1u) != 0) {
          y -= dy;
          --k;
          ++n;
        }
      }
      out.prepend(after, n);
    }
    return GridPath::from_packed(out.low, out.high, out.len);
  }

  // Layer 0 of kLayers layers of kStride words (box row r at index r + 2), 64-byte aligned inside
  // storage_ so that no vector access splits a cache line.
  [[nodiscard]] Word* layers() noexcept {
    const auto misalign = reinterpret_cast<std::uintptr_t>(storage_.data()) % 64;
    return storage_.data() + (misalign == 0 ? 0 : (64 - misalign) / sizeof(Word));
  }
  [[nodiscard]] const Word* layers() const noexcept {
    return const_cast<BitBfs*>(this)->layers();
  }

  // A word of every layer and of pass_ that no loop writes: always 0.
  static constexpr std::uint8_t kZeroSlot = kStride - 1;
  // Interleaved layouts go up to 12 vectors (48 rows): the AVX2 loop's layer in registers.
  static constexpr int kMaxInterleavedBlocks = 12;

  std::vector<Word> storage_;
  alignas(64) std::array<Word, kStride> pass_{};
  // The last row `slot` is asked for: an interleaved AVX-512 layout has 8 x 8 rows (0 .. 63, the
  // box's at most 57 and zero rows after them).
  static constexpr int kMaxRow = 63;
  // slot_[r + 1]: where box row r (-1 .. kMaxRow) is (`slot`), for the layout slot_layout_.
  std::array<std::uint8_t, kMaxRow + 2> slot_{};
  int slot_layout_ = -1;  // none yet
  int blocks_ = 0;        // this query's layout: interleaved vectors, 0 for rows in order
  int lanes_ = 0;         // words a vector of the interleaved layout
  alignas(64) std::array<Word, kStride> visited_{};
  // The passable cells of the last kCaches (grid, passable set) pairs queried, a bit a cell, and
  // when each was last used.
  static constexpr int kCaches = 4;
  std::array<PassableBits, kCaches> caches_{};
  std::array<std::uint64_t, kCaches> cache_used_{};
  std::uint64_t queries_ = 0;
  int x0_ = 0;
  int y0_ = 0;
  int width_ = 0;
  int tx_ = 0;
  int ty_ = 0;
};

}  // namespace pathing::detail

namespace pathing::detail {

/// The layer costs of the cells a bounded path enters from `from`, in cost units (cells off the
/// grid count 0). O(path.len()) <= 56 cell reads.
[[nodiscard]] inline double bounded_path_cost(const Grid& grid, const GridLayer& layer,
                                              GridCoord from, const GridPath& path) noexcept {
  int sum = 0;
  for (int i = 0; i < path.len(); ++i) {
    from = from + step_offset(path.at(i));
    sum += layer.cost_at(grid, from);
  }
  return static_cast<double>(sum);
}

/// Answers a bounded query (`from` on the grid, `from != to`) with `BitBfs` when it applies: the
/// goal on the grid, a path of at most 56 steps, and, for cost-aware searches (`AStar`), every
/// passable cell value of the layer costing the same (then the fewest steps is the cheapest
/// path). Fills `r` (found, the steps, finish = to, cost = the layer costs of the cells entered:
/// steps times the cost on a uniform layer, else summed along the path, the BitBfs work in
/// `stats`) and returns true, or returns false with `r` untouched. O(1) to decide; see `BitBfs`
/// for the search.
inline bool bit_parallel_bounded(BitBfs& bfs, const Grid& grid, GridCoord from, GridCoord to,
                                 const GridLayer& layer, bool cost_aware, BoundedResult& r) {
  if (!grid.in_bounds(to)) return false;
  const int unit = layer.uniform_cost();
  if (cost_aware && unit == 0) return false;
  GridPath path;
  SearchStats stats;
  const int steps = bfs.find(grid, from, to, layer.passable_mask(), path, stats);
  if (steps < 0) return false;
  r.path = path;
  r.finish = to;
  r.moves = static_cast<std::uint32_t>(steps);
  r.cost =
      unit != 0 ? static_cast<double>(steps * unit) : bounded_path_cost(grid, layer, from, path);
  r.status = SearchStatus::found;
  r.stats = stats;
  return true;
}

}  // namespace pathing::detail

#if !PATHING_COMPILED
#include "pathing/search/bit_bfs/bit_bfs_kernels.hpp"
#endif
