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
#include "pathing/detail/compiler.hpp"
#include "pathing/detail/search_space.hpp"
#include "pathing/moves.hpp"
#include "pathing/result.hpp"

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
/// Per node (row-major index): a 16-byte `NodeRecord` of the shared generation-stamped
/// `NodeTable` (g, open/closed stamp, and in `parent` the node's travel code: the direction of
/// the last move into the node, which JPS prunes with), plus the index of the jump point it was
/// reached from: 20 bytes a cell. Open list as in `AStar`: a binary heap of 128-bit keys (f, then
/// h quantised to 2^-10 of a cell, i.e. larger g first, then node index), and a LIFO "hot" stack
/// for successors whose f equals the current minimum f, expanded next without touching the heap.
/// The same query always gives the same path. A successor reached again with a strictly smaller
/// g is pushed again (the older entry is skipped when popped); with an equal g the first parent
/// is kept.
///
/// Allocation: none once warm. Not thread-safe: one per searcher.
class JumpPointSearch {
 public:
  /// Grows the per-node arrays to `n` cells (never shrinks).
  void ensure(std::size_t n) {
    nodes_.ensure(n);
    if (from_.size() < n) from_.resize(n);
    if (heap_.capacity() < 256) heap_.reserve(256);
    if (hot_.capacity() < 64) hot_.reserve(64);
  }

  /// Bytes held (per-node arrays and open list).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return nodes_.bytes() + from_.capacity() * sizeof(std::uint32_t) +
           heap_.capacity() * sizeof(OpenEntry) + hot_.capacity() * sizeof(std::uint32_t);
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
    space_ = GridSpace(cols);
    const std::uint64_t max_g = cost::from_units(limits.max_cost);  // NaN, < 0: 0; +inf: none
    nodes_.next_generation();
    const std::uint32_t open = nodes_.open_stamp();
    const std::uint32_t closed = nodes_.closed_stamp();
    heap_.clear();
    hot_.clear();
    const auto s = static_cast<std::uint32_t>(space_.index(from.x, from.y));
    const auto goal = static_cast<std::uint32_t>(space_.index(to.x, to.y));
    nodes_[s] = NodeRecord{0, open, kNoParent};
    from_[s] = s;
    hot_.push_back(s);
    std::uint64_t f_cur = octile_distance_fixed(from, to);
    r.stats.generated = 1;
    GridCoord best = from;
    std::uint64_t best_dist = f_cur;
    r.status = SearchStatus::unreachable;
    bool pruned = false;

    while (!hot_.empty() || !heap_.empty()) {
      std::uint32_t node;
      if (!hot_.empty()) {
        node = hot_.back();
        hot_.pop_back();
      } else {
        const OpenEntry top = heap_.pop();
        node = static_cast<std::uint32_t>(top);
        f_cur = static_cast<std::uint64_t>(top >> 64);
      }
      NodeRecord& rec = nodes_[node];
      if (rec.stamp != open) continue;  // closed already: a stale duplicate
      if (node == goal) {
        r.status = SearchStatus::found;
        best = to;
        break;
      }
      if (r.stats.expanded >= limits.max_expansions) {
        r.status = SearchStatus::expansion_limit;
        break;
      }
      rec.stamp = closed;
      ++r.stats.expanded;
      const GridCoord c = space_.coords(node);
      const std::uint64_t g = rec.g;
      if (const std::uint64_t d = f_cur - g; d < best_dist) {  // h: octile distance to `to`
        best_dist = d;
        best = c;
      }
      auto gen = [&](int nx, int ny, std::uint8_t travel) PATHING_ALWAYS_INLINE {
        const auto n = static_cast<std::uint32_t>(space_.index(nx, ny));
        const std::uint64_t ng = g + octile_distance_fixed(c, GridCoord{nx, ny});
        NodeRecord& nr = nodes_[n];
        if (nr.stamp >= open) {
          if (nr.stamp != open || ng >= nr.g) return;  // closed, or no better
        }
        if (ng > max_g) {
          pruned = true;
          return;
        }
        nr = NodeRecord{ng, open, travel};
        from_[n] = node;
        const std::uint64_t h = octile_distance_fixed(GridCoord{nx, ny}, to);
        if (ng + h == f_cur) {
          hot_.push_back(n);  // among the best open nodes, and deeper: expand it next
        } else {
          heap_.push(make_entry(ng + h, h, n));
        }
        ++r.stats.generated;
      };
      expand(c.x, c.y, rec.parent, gen);
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
    for (std::uint32_t n = index(r.finish); from_[n] != n; n = from_[n]) {
      const GridCoord a = space_.coords(from_[n]);
      const GridCoord b = space_.coords(n);
      const int adx = std::abs(b.x - a.x);
      const int ady = std::abs(b.y - a.y);
      steps += static_cast<std::uint64_t>(adx > ady ? adx : ady);
    }
    out.resize(static_cast<std::size_t>(steps) + 1);
    std::size_t pos = static_cast<std::size_t>(steps);
    out[pos] = r.finish;
    std::uint64_t straight = 0;
    std::uint64_t diagonal = 0;
    for (std::uint32_t n = index(r.finish); from_[n] != n; n = from_[n]) {
      const GridCoord a = space_.coords(from_[n]);
      GridCoord c = space_.coords(n);
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
    r.cost_fixed = nodes_[index(r.finish)].g;
  }

  /// The jump points of the last path `run` produced (start, every node on the chain, finish),
  /// into `out` (capacity reused). Empty when no search ran yet. O(jump points).
  void write_jump_points(std::vector<GridCoord>& out) const {
    out.clear();
    if (!has_last_) return;
    std::size_t count = 1;
    for (std::uint32_t n = index(last_finish_); from_[n] != n; n = from_[n]) ++count;
    out.resize(count);
    std::uint32_t n = index(last_finish_);
    for (std::size_t i = count; i-- > 0; n = from_[n]) out[i] = space_.coords(n);
  }

  /// Forgets the last path (e.g. after an `invalid_endpoint` query).
  void forget_last() noexcept { has_last_ = false; }

  /// Testing hook: sets the generation counter, e.g. near 2^32 to force the wrap-around.
  void debug_force_generation(std::uint32_t g) noexcept { nodes_.force_generation(g); }

 private:
  __extension__ using OpenEntry = unsigned __int128;
  struct OpenLess {
    bool operator()(OpenEntry a, OpenEntry b) const noexcept { return a < b; }
  };
  static OpenEntry make_entry(std::uint64_t f, std::uint64_t h, std::uint32_t node) noexcept {
    const std::uint64_t q = h >> 14;  // 2^-10 of a cell
    const auto hq = q > 0xFFFFFFFFu ? 0xFFFFFFFFu : static_cast<std::uint32_t>(q);
    return (static_cast<OpenEntry>(f) << 64) | (static_cast<OpenEntry>(hq) << 32) | node;
  }

  [[nodiscard]] std::uint32_t index(GridCoord c) const noexcept {
    return static_cast<std::uint32_t>(space_.index(c.x, c.y));
  }

  NodeTable nodes_;
  std::vector<std::uint32_t> from_;  // jump point each node was reached from (itself: the start)
  BinaryHeap<OpenEntry, OpenLess> heap_;
  std::vector<std::uint32_t> hot_;  // successors with f equal to the current minimum (LIFO)
  GridSpace space_{1};
  GridCoord last_finish_;
  bool has_last_ = false;
};

}  // namespace pathing::detail
