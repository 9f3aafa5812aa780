// pathing: fast grid path-finding. MIT licensed.
//
// The A* skeleton shared by the jump point searches (Jps, JpsPlus): open list, per-node state,
// parents between jump points, and the expansion of a jump-point chain into every cell.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "pathing/coord.hpp"
#include "pathing/detail/binary_heap.hpp"
#include "pathing/detail/search_space.hpp"
#include "pathing/moves.hpp"
#include "pathing/result.hpp"

/// Forces inlining of the small lambdas and helpers of the jump searches' hot loops (GCC and
/// Clang otherwise keep some out of line: ~15% slower JPS+ queries). Internal.
#if defined(__GNUC__) || defined(__clang__)
#define PATHING_DETAIL_ALWAYS_INLINE __attribute__((always_inline))
#else
#define PATHING_DETAIL_ALWAYS_INLINE
#endif

namespace pathing::detail {

/// Travel code of a JPS node that only continues a diagonal jump: `kDiagonalContinuation | d`
/// for the diagonal `Direction8` d (see `jps_directions`).
inline constexpr std::uint8_t kDiagonalContinuation = 0x10;

/// The travel code of a node entered by a move in direction `d`.
[[nodiscard]] constexpr std::uint8_t travel_code(Direction8 d) noexcept {
  return static_cast<std::uint8_t>(d);
}

/// A* over jump points (Harabor & Grastien, "Online Graph Pruning for Pathfinding on Grid Maps",
/// AAAI 2011): nodes are cells, an edge joins a node to a successor its caller's `expand` found
/// by jumping, and costs 8-connected octile distance between them (the segment between two jump
/// points is always diagonal-first: at most min(|dx|, |dy|) diagonal moves, then straight moves,
/// all of them through passable cells, so its length is exactly the octile distance). Every
/// passable cell costs 1: layer costs other than "0 = impassable" are ignored.
///
/// Per node (row-major index): the generation-stamped open/closed state and g in a
/// `NodeWorkspace` (whose `parent` byte holds the node's travel code: the direction of the last
/// move into the node, which JPS prunes with), plus the index of the jump point it was reached
/// from: 17 bytes a cell. The open list is a binary heap ordered by f = g + h (octile), ties toward
/// larger g, then the heap's fixed sift order, so the same query always gives the same path.
/// A successor reached again with a strictly smaller g is re-pushed (lazy deletion); with an
/// equal g the first parent is kept.
///
/// Allocation: none once warm. Not thread-safe: one per searcher.
class JumpPointSearch {
 public:
  /// Grows the per-node arrays to `n` cells (never shrinks).
  void ensure(std::size_t n) {
    ws_.ensure(n);
    if (from_.size() < n) from_.resize(n);
    if (heap_.capacity() < 256) heap_.reserve(256);
  }

  /// Bytes held (per-node arrays and open list).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return ws_.bytes() + from_.size() * sizeof(std::uint32_t) + heap_.capacity() * sizeof(Entry);
  }

  /// Runs A* from `from` to `to` on a grid `cols` wide (both cells on the grid, `ensure` called
  /// for the grid's size). For each expanded node, calls `expand(x, y, travel, gen)`, where
  /// `travel` is the code the node was generated with (`kNoParent` for the start) and
  /// `gen(nx, ny, travel)` generates the successor (nx, ny) with a travel code of the caller's
  /// choosing (the JPS searches use the `Direction8` value of the segment's last move, or a
  /// `kDiagonalContinuation` code). Fills status, finish and stats of `r`; `r.finish` is the goal
  /// or, for a partial result, the expanded node closest to the goal (octile distance, earliest
  /// on ties).
  template <class Expand>
  void run(int cols, GridCoord from, GridCoord to, const SearchLimits& limits, Expand&& expand,
           PathResult& r) {
    cols_ = cols;
    const double max_cost_units = limits.max_cost;
    const std::uint64_t max_g =
        max_cost_units >= 1e18 / static_cast<double>(cost::kStraight)
            ? cost::kInfinite
            : (max_cost_units < 0 ? 0
                                  : static_cast<std::uint64_t>(
                                        max_cost_units * static_cast<double>(cost::kStraight)));
    ws_.stamps.next_generation();
    heap_.clear();
    const std::uint32_t s = index(from.x, from.y);
    ws_.stamps.mark_open(s);
    ws_.g[s] = 0;
    ws_.parent[s] = kNoParent;
    from_[s] = s;
    heap_.push(Entry{octile_distance_fixed(from, to), 0, s, static_cast<std::uint16_t>(from.x),
                     static_cast<std::uint16_t>(from.y)});
    r.stats.generated = 1;
    GridCoord best = from;
    std::uint64_t best_dist = octile_distance_fixed(from, to);
    r.status = SearchStatus::unreachable;
    bool pruned = false;

    while (!heap_.empty()) {
      const Entry e = heap_.pop();
      if (!ws_.stamps.is_open(e.node) || e.g != ws_.g[e.node]) continue;  // stale duplicate
      const int x = e.x;
      const int y = e.y;
      if (x == to.x && y == to.y) {
        r.status = SearchStatus::found;
        best = to;
        break;
      }
      if (r.stats.expanded >= limits.max_expansions) {
        r.status = SearchStatus::expansion_limit;
        break;
      }
      ws_.stamps.mark_closed(e.node);
      ++r.stats.expanded;
      if (const std::uint64_t d = e.f - e.g; d < best_dist) {  // h = octile distance to `to`
        best_dist = d;
        best = GridCoord{x, y};
      }
      auto gen = [&](int nx, int ny, std::uint8_t travel) {
        const std::uint32_t n = index(nx, ny);
        const std::uint64_t ng = e.g + octile_distance_fixed(GridCoord{x, y}, GridCoord{nx, ny});
        if (ng > max_g) {
          pruned = true;
          return;
        }
        if (ws_.stamps.is_seen(n)) {
          if (!ws_.stamps.is_open(n) || ng >= ws_.g[n]) return;  // closed, or no better
        }
        ws_.stamps.mark_open(n);
        ws_.g[n] = ng;
        ws_.parent[n] = travel;
        from_[n] = e.node;
        heap_.push(Entry{ng + octile_distance_fixed(GridCoord{nx, ny}, to), ng, n,
                         static_cast<std::uint16_t>(nx), static_cast<std::uint16_t>(ny)});
        ++r.stats.generated;
      };
      expand(x, y, ws_.parent[e.node], gen);
    }
    if (r.status == SearchStatus::unreachable && pruned) r.status = SearchStatus::cost_limit;
    r.finish = best;
    last_finish_ = best;
    has_last_ = true;
  }

  /// Writes every cell of the path from the start to `r.finish` (both included) into `out`,
  /// reusing its capacity, and sets `r.steps`, `r.cost` (exact, `cost::exact_length`) and
  /// `r.cost_fixed` (g of the finish). Call right after `run`. O(path length).
  void write_path(PathResult& r, std::vector<GridCoord>& out) const {
    std::uint64_t steps = 0;
    for (std::uint32_t n = index(r.finish.x, r.finish.y); from_[n] != n; n = from_[n]) {
      const GridCoord a = coord(from_[n]);
      const GridCoord b = coord(n);
      const int adx = std::abs(b.x - a.x);
      const int ady = std::abs(b.y - a.y);
      steps += static_cast<std::uint64_t>(adx > ady ? adx : ady);
    }
    out.resize(static_cast<std::size_t>(steps) + 1);
    std::size_t pos = static_cast<std::size_t>(steps);
    out[pos] = r.finish;
    std::uint64_t straight = 0;
    std::uint64_t diagonal = 0;
    for (std::uint32_t n = index(r.finish.x, r.finish.y); from_[n] != n; n = from_[n]) {
      const GridCoord a = coord(from_[n]);
      GridCoord c = coord(n);
      const int sx = c.x > a.x ? 1 : (c.x < a.x ? -1 : 0);
      const int sy = c.y > a.y ? 1 : (c.y < a.y ? -1 : 0);
      const int adx = std::abs(c.x - a.x);
      const int ady = std::abs(c.y - a.y);
      // Diagonal-first from a: walking back from c, the straight part comes first.
      const int diag = adx < ady ? adx : ady;
      const int rest = (adx > ady ? adx : ady) - diag;
      const int rx = adx > ady ? sx : 0;
      const int ry = adx > ady ? 0 : sy;
      for (int i = 0; i < rest; ++i) {
        c.x -= rx;
        c.y -= ry;
        out[--pos] = c;
      }
      for (int i = 0; i < diag; ++i) {
        c.x -= sx;
        c.y -= sy;
        out[--pos] = c;
      }
      straight += static_cast<std::uint64_t>(rest);
      diagonal += static_cast<std::uint64_t>(diag);
    }
    r.steps = static_cast<std::uint32_t>(steps);
    r.cost = cost::exact_length(straight, diagonal);
    r.cost_fixed = ws_.g[index(r.finish.x, r.finish.y)];
  }

  /// The jump points of the last path `run` produced (start, every node on the chain, finish),
  /// into `out` (capacity reused). Empty when no search ran yet. O(jump points).
  void write_jump_points(std::vector<GridCoord>& out) const {
    out.clear();
    if (!has_last_) return;
    std::size_t count = 1;
    for (std::uint32_t n = index(last_finish_.x, last_finish_.y); from_[n] != n; n = from_[n]) {
      ++count;
    }
    out.resize(count);
    std::uint32_t n = index(last_finish_.x, last_finish_.y);
    for (std::size_t i = count; i-- > 0; n = from_[n]) out[i] = coord(n);
  }

  /// Forgets the last path (e.g. after an `invalid_endpoint` query).
  void forget_last() noexcept { has_last_ = false; }

  /// Testing hook: sets the generation counter, e.g. near 2^32 to force the wrap-around.
  void debug_force_generation(std::uint32_t g) noexcept { ws_.stamps.force_generation(g); }

 private:
  struct Entry {
    std::uint64_t f;
    std::uint64_t g;
    std::uint32_t node;
    std::uint16_t x;
    std::uint16_t y;
  };
  struct EntryLess {
    bool operator()(const Entry& a, const Entry& b) const noexcept {
      return a.f < b.f || (a.f == b.f && a.g > b.g);
    }
  };

  [[nodiscard]] std::uint32_t index(int x, int y) const noexcept {
    return static_cast<std::uint32_t>(y) * static_cast<std::uint32_t>(cols_) +
           static_cast<std::uint32_t>(x);
  }
  [[nodiscard]] GridCoord coord(std::uint32_t n) const noexcept {
    const auto c = static_cast<std::uint32_t>(cols_);
    return GridCoord{static_cast<int>(n % c), static_cast<int>(n / c)};
  }

  NodeWorkspace ws_;
  std::vector<std::uint32_t> from_;  // jump point each node was reached from (itself: the start)
  BinaryHeap<Entry, EntryLess> heap_;
  int cols_ = 1;
  GridCoord last_finish_;
  bool has_last_ = false;
};

}  // namespace pathing::detail
