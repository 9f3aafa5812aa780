// pathing: fast grid path-finding. MIT licensed.
//
// Units that move: the move check with the corner rule, and a path follower that holds one unit's
// path, checks it against the current grid every tick and waits, side-steps or replans by a
// documented policy (docs/follower.md).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "pathing/detail/moves/cell_reader.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/precompute/clearance_map.hpp"
#include "pathing/search/result.hpp"
#include "pathing/search/searcher.hpp"

namespace pathing {

/// The answer of `check_move`: whether a unit may step from a cell to an adjacent one, and what
/// the step costs. A plain value.
struct MoveCheck {
  bool allowed = false;         ///< The step is legal on the grid read through the layer.
  bool diagonal = false;        ///< The step is diagonal (only ever allowed 8-connected).
  std::uint8_t layer_cost = 0;  ///< Layer cost of the cell entered (1..255); 0 when not allowed.
  double cost = 0;              ///< The step's cost in cost units: `layer_cost`, times sqrt(2)
                                ///< for a diagonal (`cost::exact_length`, as `PathResult::cost`
                                ///< computes it); 0 when not allowed.

  /// Same as `allowed`.
  [[nodiscard]] constexpr explicit operator bool() const noexcept { return allowed; }
};

/// The move check of a unit of size 1 (one cell): may it step from `from` to `to`, one of the 8
/// cells around it, under `layer` with `connectivity` moves? Allowed when `from` lies on the
/// grid, `to` is one of its neighbours (not `from` itself), `to` is on the grid and passable
/// (layer cost > 0), and, for a diagonal, the connectivity is `eight` and both orthogonal cells
/// the step passes between are passable (no corner cutting: the rule of every search here,
/// read through the same `detail::CellReader`). `from`'s own cost is not looked at (a unit may
/// stand on any cell, as a search's start). The cost is what the step adds to
/// `PathResult::cost`: the layer cost of `to`, times sqrt(2) for a diagonal.
///
/// Occupancy: units standing on cells are the grid's blocked bit, so a cell taken by a unit
/// whose blocked cost under `layer` is 0 is refused here, and one with a non-zero blocked cost
/// ("soft": walk through a crowd) is allowed at that cost.
///
/// Unit sizes: a unit of k x k cells (k > 1) is checked by the overload taking a `ClearanceMap`
/// (or by this one on the map's unit grid and unit layer, which is what it does).
/// O(1), no allocation, never throws; thread-safe (reads a `const Grid&`).
[[nodiscard]] inline MoveCheck check_move(
    const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
    Connectivity connectivity = Connectivity::eight) noexcept {
  MoveCheck m;
  const int dx = to.x - from.x;
  const int dy = to.y - from.y;
  if (!grid.in_bounds(from) || dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0)) {
    return m;
  }
  const Direction8 dir = direction_between(from, to);
  const bool diagonal = is_diagonal(dir);
  if (diagonal && connectivity == Connectivity::four) return m;
  const detail::CellReader reader(grid, layer);
  std::uint8_t costs[8];
  const unsigned mask = reader.neighbors<Connectivity::eight>(from.x, from.y, costs);
  const auto d = static_cast<unsigned>(dir);
  if (((mask >> d) & 1u) == 0) return m;
  m.allowed = true;
  m.diagonal = diagonal;
  m.layer_cost = costs[d];
  m.cost = diagonal ? cost::exact_length(0, costs[d]) : cost::exact_length(costs[d], 0);
  return m;
}

/// The move check of a unit of `unit_size` x `unit_size` cells whose position is its top-left
/// cell (docs/clearance.md): the check above on `clearance`'s unit grid of that size under its
/// unit layer, i.e. the whole body at `to` passable, and for a diagonal the bodies at both
/// orthogonal neighbours too; the cost is the highest layer cost under the body at `to` (times
/// sqrt(2) diagonally). Not allowed when `clearance` is not current for (grid, layer) (never a
/// step checked against an old map: `sync` it first) or `unit_size` is outside [1,
/// `clearance.max_unit_size()`]. O(1), no allocation, never throws; thread-safe.
[[nodiscard]] inline MoveCheck check_move(
    const Grid& grid, const GridLayer& layer, const ClearanceMap& clearance, int unit_size,
    GridCoord from, GridCoord to, Connectivity connectivity = Connectivity::eight) noexcept {
  const Grid* unit = clearance.unit_grid(unit_size);
  if (unit == nullptr || !clearance.is_current(grid, layer)) return MoveCheck{};
  return check_move(*unit, clearance.unit_layer(), from, to, connectivity);
}

/// What a unit should do this tick (`FollowStep::action`).
enum class FollowAction : std::uint8_t {
  idle = 0,   ///< No goal set (`set_goal` not called, or `clear`ed): stay.
  move,       ///< Step to `FollowStep::cell`, the next cell of the path.
  arrived,    ///< The unit stands on its goal: stay.
  wait,       ///< The next cell is taken by a unit (blocked bit) that may move: stay this tick.
  side_step,  ///< Step to `cell`, a free neighbour off the path that rejoins it within 2 cells
              ///< (the path was rewritten through it).
  replanned,  ///< A new path was searched from the unit's cell; step to `cell`, its first cell.
  blocked,    ///< The path is blocked and the policy allows nothing more (side-steps and
              ///< replanning off, or no side-step found with replanning off): stay.
  failed,     ///< No path: `FollowStep::status` says why (`unreachable`, `cost_limit`, ...);
              ///< stay. The follower plans again every `FollowPolicy::retry_interval_ticks`
              ///< ticks (when `FollowPolicy::replan`).
};

/// Lower-case name of an action ("move", "wait", ...).
[[nodiscard]] constexpr std::string_view to_string(FollowAction a) noexcept {
  switch (a) {
    case FollowAction::idle:
      return "idle";
    case FollowAction::move:
      return "move";
    case FollowAction::arrived:
      return "arrived";
    case FollowAction::wait:
      return "wait";
    case FollowAction::side_step:
      return "side_step";
    case FollowAction::replanned:
      return "replanned";
    case FollowAction::blocked:
      return "blocked";
    case FollowAction::failed:
      return "failed";
  }
  return "unknown";
}

/// The answer of `PathFollower::advance` for one tick. A plain value.
struct FollowStep {
  FollowAction action = FollowAction::idle;  ///< What to do.
  GridCoord cell;  ///< Where to step (`move`, `side_step`, `replanned`); else the unit's cell.
  SearchStatus status = SearchStatus::found;  ///< `found`, or why the search failed (`failed`:
                                              ///< this call's search or, on the ticks between
                                              ///< retries, the last one).
  bool searched = false;  ///< This call planned (one search, two when the first found no way
                          ///< round the units): the cost to budget across units.
};

/// How a `PathFollower` reacts to a path that stops being walkable (docs/follower.md). Each
/// tick `advance` checks the next `look_ahead` steps of the path on the current grid (and the
/// rest of it when the grid was edited, from the grid's edit log). A step fails:
/// - **hard** when it fails even with every blocked bit ignored (a wall: a tile tag the layer
///   cannot enter, or the grid replaced): the path is invalid: replan now (if `replan`); else
///   walk on until the wall is the next step, then side-step (if `side_step`) or `blocked`;
/// - **soft** when it fails only because of blocked bits (a unit standing on the next cell, or on
///   a corner cell of a diagonal next step): only the next step counts (a unit further on may
///   have moved by the time we get there): `wait` up to `max_wait_ticks` ticks, then side-step
///   (if `side_step` and one exists), else replan (if `replan`), else `blocked`.
/// Planning (`set_goal` and every replan) first searches round the units (taken cells are
/// impassable under the layer); when that finds nothing it searches again with blocked bits
/// ignored and follows that path through the units (they may move; it waits for them or
/// side-steps them when it gets there). When that path's first step is taken the unit waits
/// `retry_interval_ticks` ticks before trying anything else, so a unit stuck behind another
/// plans at most once every `retry_interval_ticks` + 1 ticks. Only when both searches fail is
/// the follower `failed`; it then plans again every `retry_interval_ticks` ticks (if `replan`).
/// A goal taken by a unit is reached by waiting next to it.
///
/// Side-step: the shortest detour, in moves, from the unit's cell through at most
/// `PathFollower::kDetourCells` cells the unit may enter (never the blocked cell) to the path
/// cell 2 or 3 steps ahead (rejoining within 2 cells after the blocked one); breadth-first in
/// the 7 x 7 cells around the unit, neighbours in `Direction8` order (right, down, left, up,
/// down-right, down-left, up-left, up-right; 4-connected: the first four); among detours of as
/// few moves, the one rejoining farther, then the first found. Deterministic. O(49 x 8).
///
/// The grid cannot tell a wall marked with the blocked bit from a unit: such walls are soft here
/// (the unit waits before going round them); give walls a tile tag the layer cannot enter to
/// have them seen as hard.
struct FollowPolicy {
  int look_ahead = 4;  ///< Steps of the path checked every tick (>= 1; smaller values act as 1).
  int max_wait_ticks = 4;  ///< Ticks to wait on a soft blocker before side-stepping or replanning
                           ///< (0: never wait).
  bool side_step = true;   ///< Side-step around a blocked next cell.
  bool replan = true;      ///< Replan with the searcher when the path is blocked or invalid
                           ///< (and retry a failed search).
  int retry_interval_ticks = 8;  ///< Ticks between plannings when one failed or found only a
                                 ///< path through a unit next to us (>= 1; smaller acts as 1).
};

/// Follows one unit's path on a changing grid (in the spirit of libtcod's `TCOD_path_walk` with
/// `recalculate_when_needed` and of Detour's `dtPathCorridor`, neither of which is copied): it
/// holds the path, gives the unit its next step each tick, checks the steps ahead against the
/// current grid and, when the path is blocked or invalidated, waits, side-steps or replans by its
/// `FollowPolicy`.
///
/// Use: `set_goal(searcher, grid, layer, from, goal, options)` once, then each tick
/// `FollowStep s = advance(searcher, grid, layer, unit_cell)` and, for `move`, `side_step` and
/// `replanned`, move the unit to `s.cell` (or not: the next `advance` reads where the unit is).
/// A unit found elsewhere than on its path (pushed, or moved by the game) rejoins it: on a path
/// cell ahead (within `look_ahead` + 1 steps), it continues from there; next to one, it steps
/// onto it; else it replans.
///
/// The searcher is passed to each call, not held: one searcher (10+ KB and 16 bytes a grid cell)
/// serves all the followers of a thread, a follower stays a small value that can live in a
/// vector of units, and any `GridSearcher` (`AStar`, `GreedyBestFirst`, `Jps` on uniform layers...)
/// is called directly through a template (no virtual call).
///
/// Occupancy: units standing on cells are the grid's blocked bit (the game sets it on the cell a
/// unit stands on and clears it when the unit leaves; the unit's own cell is never looked at); a
/// cell whose layer cost is 0 because of its blocked bit is "taken", one whose blocked cost is
/// not 0 is walked through at that cost. Replans route round taken cells (see `FollowPolicy`).
///
/// Validity: the follower records the grid's `instance_id()`, `version()` and the layer it last
/// validated the path against. When they changed, the grid's edit log (`Grid::edits_since`)
/// says which cells were written; only an edited cell that is now hard-impassable inside the
/// path's bounding box (grown by one cell) makes the whole remaining path be re-checked (a unit
/// moving, i.e. a blocked bit toggled on passable terrain, never does); a log that does not
/// cover the edits (more than 64 writes since, another grid, another layer) re-checks the whole
/// remaining path. A path that fails is never walked: it is replanned.
///
/// Unit sizes: a follower moves a unit of one cell on the grid it is given. A unit of k x k
/// cells follows on a `ClearanceMap`'s unit grid of size k under its unit layer (pass those as
/// the grid and layer, after `ClearanceMap::sync`): its walls, costs and corner rule are then
/// the body's (docs/clearance.md). But a unit grid folds units into the body's cost (it keeps no
/// blocked bit of its own): with a soft blocked cost the follower walks through other units at
/// that cost, with a blocked cost of 0 it takes them for walls (it replans, never waits). To keep
/// the waits and side-steps, give it a grid whose blocked bit marks the anchors where the body
/// overlaps a unit (`examples/rts_units.cpp` builds one from the unit grids). A unit that marks
/// its own body blocked must take it off the grid while it plans and steps, or its own cells
/// block its next position.
///
/// Complexity per `advance`: O(look_ahead) + O(edits since the last call, at most 64) when the
/// grid did not change under the path; O(remaining path) when it did or the log overflowed;
/// O(49 x 8 + remaining path) for a side-step; plus one search (two when the first finds no
/// way round the units) when replanning, each bounded by the `SearchOptions::limits` given to
/// `set_goal`. `set_goal` is the same planning plus O(path).
///
/// Allocation: the path lives in two vectors owned by the follower (the path, and the buffer
/// a replan searches into, swapped when it finds a path): `reserve` them, or let them grow on
/// the first paths; then no call allocates (given a warm searcher). A side-step can lengthen
/// the path by up to 2 cells: reserve a few cells more than the longest path.
///
/// Determinism: the same calls on the same grids give the same actions and paths.
/// Thread-safety: one follower per unit, used by one thread at a time; any number of followers
/// and searchers (one a thread) may read one `const Grid&` at once. Never throws from queries.
class PathFollower {
 public:
  /// The most cells a side-step detour passes through before rejoining the path (3: going round
  /// one taken cell of a straight 8-connected path without cutting its corners takes 3).
  static constexpr int kDetourCells = 3;

  /// A follower with the default policy, no goal and no memory yet.
  PathFollower() = default;
  /// A follower with `policy`, no goal and no memory yet.
  explicit PathFollower(const FollowPolicy& policy) noexcept : policy_(policy) {}

  /// Reserves room for paths of `cells` cells in both buffers, so that no path of at most that
  /// many cells allocates (a searched path never holds more cells than the grid; side-steps
  /// add up to 2). O(cells) once.
  /// @throws std::bad_alloc as `std::vector::reserve` (the one call that may throw).
  void reserve(std::size_t cells) {
    path_.reserve(cells);
    scratch_.reserve(cells);
  }

  /// The policy.
  [[nodiscard]] const FollowPolicy& policy() const noexcept { return policy_; }
  /// Replaces the policy (takes effect on the next call). O(1).
  void set_policy(const FollowPolicy& policy) noexcept { policy_ = policy; }

  /// Plans a path from `from` to `goal` with `searcher` (`find_path(grid, layer, from, goal,
  /// ..., options)`; round the units, else through them: see `FollowPolicy`) and follows it from
  /// now on; `options` (connectivity, limits, weight) are kept for every move check and replan.
  /// Returns the result of the search whose path is followed (or of the last one). When no
  /// path is found the follower is `failed` (it retries by its policy). O(search + path).
  /// Allocation: none once the buffers and the searcher are warm.
  template <GridSearcher S>
  PathResult set_goal(S& searcher, const Grid& grid, const GridLayer& layer, GridCoord from,
                      GridCoord goal, const SearchOptions& options = {}) {
    goal_ = goal;
    options_ = options;
    has_goal_ = true;
    set_layer(layer);
    const PathResult r = search(searcher, grid, from);
    if (r.found()) {
      adopt(grid);
    } else {
      fail(r.status);
    }
    return r;
  }

  /// Follows `path` instead of planning one: the cells from the unit's cell to the end of a path
  /// found elsewhere (a sliced query's `finish_query`, a `PathBatch`, a path shared by a squad)
  /// toward `goal`. Afterwards as after `set_goal`: `advance` checks, waits, side-steps and
  /// replans (with its searcher and `options`). Returns false, changing nothing, when `path` is
  /// empty or one of its steps is not a legal move on the grid's walls (`check_move` under
  /// `layer` with blocked cells read at their tag's cost, `options.connectivity`): a path through
  /// a wall is never followed; units on it are `advance`'s business. O(path). Allocation: none
  /// when the buffers hold `path.size()` cells (`reserve`).
  bool set_path(const Grid& grid, const GridLayer& layer, GridCoord goal,
                std::span<const GridCoord> path, const SearchOptions& options = {}) {
    if (path.empty()) return false;
    const GridLayer hard = walls_only(layer);
    for (std::size_t k = 0; k + 1 < path.size(); ++k) {
      if (!check_move(grid, hard, path[k], path[k + 1], options.connectivity).allowed) {
        return false;
      }
    }
    goal_ = goal;
    options_ = options;
    has_goal_ = true;
    set_layer(layer);
    scratch_.assign(path.begin(), path.end());
    adopt(grid);
    return true;
  }

  /// Forgets the goal and the path (the follower is idle; buffers keep their capacity). O(1).
  void clear() noexcept {
    has_goal_ = false;
    failed_ = false;
    path_.clear();
    pos_ = 0;
  }

  /// What the unit standing on `current` should do this tick (see the class comment and
  /// `FollowPolicy`): `move` / `side_step` / `replanned` to `cell`, or stay (`arrived`, `wait`,
  /// `blocked`, `failed`, `idle`). Plans at most once (one search, or two when the first finds
  /// no way round the units; with the options of `set_goal`): `FollowStep::searched`.
  /// O(look_ahead) most ticks; see the class comment. No allocation once warm; never throws.
  template <GridSearcher S>
  FollowStep advance(S& searcher, const Grid& grid, const GridLayer& layer, GridCoord current) {
    if (!has_goal_) return stay(FollowAction::idle, current);
    if (current == goal_) {
      failed_ = false;
      return stay(FollowAction::arrived, current);
    }
    if (!(layer == layer_)) set_layer(layer);  // also forces a full validation
    if (failed_) {
      if (!policy_.replan || ++fail_ticks_ < retry_interval()) {
        FollowStep s = stay(FollowAction::failed, current);
        s.status = fail_status_;
        return s;
      }
      return replan(searcher, grid, current);
    }
    if (!locate(grid, current)) {
      if (policy_.replan) return replan(searcher, grid, current);
      return stay(FollowAction::blocked, current);
    }
    if (pos_ + 1 >= path_.size()) {  // on the path's last cell, which is not the goal
      if (policy_.replan) return replan(searcher, grid, current);
      return stay(FollowAction::blocked, current);
    }
    // Walls: the edits since the last validation, then the look-ahead on the current grid. With
    // replanning off the unit walks on until the wall is its next step.
    if (!validate(grid) && policy_.replan) return replan(searcher, grid, current);
    const std::size_t last = path_.size() - 1;
    for (std::size_t k = pos_; k < last && k < pos_ + look_ahead(); ++k) {
      if (hard_ok(grid, path_[k], path_[k + 1])) continue;
      if (policy_.replan) return replan(searcher, grid, current);
      if (k == pos_)
        return policy_.side_step ? side_step(grid, current) : stay(FollowAction::blocked, current);
      break;
    }
    // Units: the next step with the real layer (a unit there makes us wait).
    if (step_ok(grid, path_[pos_], path_[pos_ + 1])) {
      waited_ = 0;
      hold_ = 0;
      FollowStep s;
      s.action = FollowAction::move;
      s.cell = path_[pos_ + 1];
      return s;
    }
    return on_soft(searcher, grid, current);
  }

  /// The goal of the last `set_goal` (meaningless when `idle()`).
  [[nodiscard]] GridCoord goal() const noexcept { return goal_; }
  /// True when no goal is set.
  [[nodiscard]] bool idle() const noexcept { return !has_goal_; }
  /// True after a search that did not reach the goal, until a retry does.
  [[nodiscard]] bool failed() const noexcept { return has_goal_ && failed_; }
  /// The cells of the path from the unit's cell (as of the last call) to the goal; empty when
  /// idle or failed. Valid until the next non-const call.
  [[nodiscard]] std::span<const GridCoord> path() const noexcept {
    if (!has_goal_ || failed_ || pos_ >= path_.size()) return {};
    return std::span<const GridCoord>(path_).subspan(pos_);
  }
  /// Consecutive ticks spent waiting on the current soft blocker.
  [[nodiscard]] int waited_ticks() const noexcept { return waited_; }
  /// The options given to `set_goal` (used by every check and replan).
  [[nodiscard]] const SearchOptions& options() const noexcept { return options_; }
  /// Bytes of heap memory held by the two path buffers.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return (path_.capacity() + scratch_.capacity()) * sizeof(GridCoord);
  }

 private:
  static FollowStep stay(FollowAction a, GridCoord c) noexcept {
    FollowStep s;
    s.action = a;
    s.cell = c;
    return s;
  }

  std::size_t look_ahead() const noexcept {
    return static_cast<std::size_t>(policy_.look_ahead > 1 ? policy_.look_ahead : 1);
  }

  int retry_interval() const noexcept {
    return policy_.retry_interval_ticks > 1 ? policy_.retry_interval_ticks : 1;
  }

  // `layer` with every blocked cost equal to its tag's cost: walls only, units ignored.
  static GridLayer walls_only(const GridLayer& layer) noexcept {
    GridLayer hard = layer;
    for (std::uint8_t t = 0; t < 8; ++t) hard = hard.with_blocked_tag_cost(t, layer.tag_cost(t));
    return hard;
  }

  void set_layer(const GridLayer& layer) noexcept {
    layer_ = layer;
    hard_layer_ = walls_only(layer);
    grid_id_ = 0;  // no grid validated under this layer yet
  }

  // The step a -> b with the real layer (units block) and with blocked bits ignored (walls only).
  bool step_ok(const Grid& grid, GridCoord a, GridCoord b) const noexcept {
    return check_move(grid, layer_, a, b, options_.connectivity).allowed;
  }
  bool hard_ok(const Grid& grid, GridCoord a, GridCoord b) const noexcept {
    return check_move(grid, hard_layer_, a, b, options_.connectivity).allowed;
  }

  // Takes the path found in scratch_ (the unit stands on its first cell).
  void adopt(const Grid& grid) noexcept {
    path_.swap(scratch_);
    pos_ = 0;
    waited_ = 0;
    hold_ = 0;
    failed_ = false;
    lo_ = hi_ = path_.empty() ? GridCoord{} : path_.front();
    for (const GridCoord c : path_) grow_box(c);
    mark_validated(grid);
  }

  void fail(SearchStatus status) noexcept {
    failed_ = true;
    fail_status_ = status;
    fail_ticks_ = 0;
    waited_ = 0;
  }

  void grow_box(GridCoord c) noexcept {
    lo_ = {c.x < lo_.x ? c.x : lo_.x, c.y < lo_.y ? c.y : lo_.y};
    hi_ = {c.x > hi_.x ? c.x : hi_.x, c.y > hi_.y ? c.y : hi_.y};
  }

  void mark_validated(const Grid& grid) noexcept {
    grid_id_ = grid.instance_id();
    version_ = grid.version();
  }

  // Finds the unit on its path: on a cell within look_ahead + 1 steps ahead (pos_ moves there),
  // or next to one (the unit's cell replaces the cell before it). False when neither.
  bool locate(const Grid& grid, GridCoord current) noexcept {
    const std::size_t window = look_ahead() + 1;
    const std::size_t end = pos_ + window < path_.size() ? pos_ + window + 1 : path_.size();
    for (std::size_t j = pos_; j < end; ++j) {
      if (path_[j] == current) {
        if (j != pos_) waited_ = 0;
        pos_ = j;
        return true;
      }
    }
    for (std::size_t j = end; j-- > pos_ + 1;) {  // the farthest path cell we can step onto
      if (hard_ok(grid, current, path_[j])) {
        path_[j - 1] = current;
        pos_ = j - 1;
        grow_box(current);
        waited_ = 0;
        return true;
      }
    }
    return false;
  }

  // Whether the remaining path survives the grid's edits since the last validation (walls only;
  // units are the look-ahead's business). O(edits), O(remaining path) when it must re-check.
  bool validate(const Grid& grid) noexcept {
    if (grid.instance_id() == grid_id_ && grid.version() == version_) return true;
    bool full = true;
    if (grid.instance_id() == grid_id_) {
      std::array<GridCoord, Grid::kEditLogCapacity> edits;
      const std::size_t n = grid.edits_since(version_, edits);
      if (n != Grid::kEditsUnknown) {
        full = false;
        for (std::size_t i = 0; i < n && !full; ++i) {
          const GridCoord e = edits[i];
          const bool near =
              e.x >= lo_.x - 1 && e.x <= hi_.x + 1 && e.y >= lo_.y - 1 && e.y <= hi_.y + 1;
          full = near && hard_layer_.cost_at(grid, e) == 0;
        }
      }
    }
    if (full) {
      for (std::size_t k = pos_; k + 1 < path_.size(); ++k) {
        if (!hard_ok(grid, path_[k], path_[k + 1])) return false;
      }
    }
    mark_validated(grid);
    return true;
  }

  // One planning: a search around the units (the layer), and when that finds nothing, one
  // through them (blocked bits ignored: units may move; the follower waits for them or
  // side-steps them when it gets there). The path lands in scratch_.
  template <GridSearcher S>
  PathResult search(S& searcher, const Grid& grid, GridCoord from) {
    const PathResult r = searcher.find_path(grid, layer_, from, goal_, scratch_, options_);
    if (r.found() || hard_layer_ == layer_) return r;
    return searcher.find_path(grid, hard_layer_, from, goal_, scratch_, options_);
  }

  template <GridSearcher S>
  FollowStep replan(S& searcher, const Grid& grid, GridCoord current) {
    const PathResult r = search(searcher, grid, current);
    FollowStep s;
    s.searched = true;
    s.status = r.status;
    s.cell = current;
    if (!r.found()) {
      fail(r.status);
      s.action = FollowAction::failed;
      return s;
    }
    adopt(grid);
    if (path_.size() < 2) {
      s.action = FollowAction::arrived;
    } else if (!step_ok(grid, path_[0], path_[1])) {  // only a path through a unit next to us
      hold_ = retry_interval();                       // wait that long before trying anything else
      waited_ = policy_.max_wait_ticks;
      s.action = FollowAction::wait;
    } else {
      s.action = FollowAction::replanned;
      s.cell = path_[1];
    }
    return s;
  }

  // A unit on the next step (soft): wait, then side-step, then replan, else blocked.
  template <GridSearcher S>
  FollowStep on_soft(S& searcher, const Grid& grid, GridCoord current) {
    if (hold_ > 0) {
      --hold_;
      return stay(FollowAction::wait, current);
    }
    if (waited_ < policy_.max_wait_ticks) {
      ++waited_;
      return stay(FollowAction::wait, current);
    }
    if (policy_.side_step) {
      if (const auto s = side_step(grid, current); s.action == FollowAction::side_step) return s;
    }
    if (policy_.replan) return replan(searcher, grid, current);
    return stay(FollowAction::blocked, current);
  }

  // The side-step around path_[pos_ + 1] (docs/follower.md): the shortest detour, in moves, from
  // the unit's cell through at most kDetourCells free cells (cells the unit may enter, the
  // blocked one excluded) to path cell pos_ + 2 or pos_ + 3, found by a breadth-first search in
  // the 7 x 7 cells around the unit, neighbours in Direction8 order (right, down, left, up,
  // down-right, down-left, up-left, up-right; 4-connected: the first four); among the detours
  // of fewest moves, the one rejoining farther along, then the first found. The path is rebuilt
  // through it (in the other buffer: O(remaining path)); on none, `stay(blocked)`.
  FollowStep side_step(const Grid& grid, GridCoord current) noexcept {
    constexpr int kRadius = kDetourCells;
    constexpr int kSide = 2 * kRadius + 1;
    constexpr int kCells = kSide * kSide;
    const std::size_t i = pos_;
    const std::size_t last_target = i + 3 < path_.size() ? i + 3 : path_.size() - 1;
    if (last_target < i + 2) return stay(FollowAction::blocked, current);
    const auto index = [&](GridCoord c) {
      return (c.x - current.x + kRadius) + (c.y - current.y + kRadius) * kSide;
    };
    const auto in_window = [&](GridCoord c) {
      const int dx = c.x - current.x;
      const int dy = c.y - current.y;
      return dx >= -kRadius && dx <= kRadius && dy >= -kRadius && dy <= kRadius;
    };
    std::array<std::int8_t, kCells> parent;  // -1: not reached; else the parent's index
    parent.fill(-1);
    std::array<GridCoord, kCells> queue;
    int head = 0;
    int tail = 0;
    queue[static_cast<std::size_t>(tail++)] = current;
    parent[static_cast<std::size_t>(index(current))] = static_cast<std::int8_t>(index(current));
    const int dirs = options_.connectivity == Connectivity::four ? 4 : 8;
    std::size_t best_j = 0;
    GridCoord best_from{};
    for (int depth = 0; depth <= kDetourCells && best_j == 0 && head < tail; ++depth) {
      const int level_end = tail;
      for (; head < level_end; ++head) {
        const GridCoord a = queue[static_cast<std::size_t>(head)];
        for (int d = 0; d < dirs; ++d) {
          const GridCoord b = a + step_offset(static_cast<Direction8>(d));
          if (!in_window(b) || b == path_[i + 1] || !step_ok(grid, a, b)) continue;
          for (std::size_t j = last_target; j > best_j && j >= i + 2; --j) {
            if (b == path_[j]) {
              best_j = j;
              best_from = a;
            }
          }
          const auto k = static_cast<std::size_t>(index(b));
          if (parent[k] >= 0) continue;
          parent[k] = static_cast<std::int8_t>(index(a));
          queue[static_cast<std::size_t>(tail++)] = b;
        }
      }
    }
    if (best_j == 0) return stay(FollowAction::blocked, current);
    // The detour, backwards from best_from to the unit's cell, then the path from best_j.
    std::array<GridCoord, kDetourCells + 1> detour;
    int m = 0;
    for (GridCoord c = best_from;; ++m) {
      detour[static_cast<std::size_t>(m)] = c;
      const int k = index(c);
      const int p = parent[static_cast<std::size_t>(k)];
      if (p == k) break;
      c = {current.x + p % kSide - kRadius, current.y + p / kSide - kRadius};
    }
    scratch_.clear();
    for (int k = m; k >= 0; --k) {
      scratch_.push_back(detour[static_cast<std::size_t>(k)]);
      grow_box(detour[static_cast<std::size_t>(k)]);
    }
    scratch_.insert(scratch_.end(), path_.begin() + static_cast<std::ptrdiff_t>(best_j),
                    path_.end());
    path_.swap(scratch_);
    pos_ = 0;
    waited_ = 0;
    FollowStep s;
    s.action = FollowAction::side_step;
    s.cell = path_[1];
    return s;
  }

  FollowPolicy policy_{};
  SearchOptions options_{};
  GridLayer layer_{};
  GridLayer hard_layer_{};  // layer_ with every blocked cost equal to its tag's cost
  GridCoord goal_{};
  std::vector<GridCoord> path_;     // the path; the unit stands on path_[pos_]
  std::vector<GridCoord> scratch_;  // where replans search (swapped in when found)
  std::size_t pos_ = 0;
  GridCoord lo_{}, hi_{};      // bounding box of path_ (and the cells written into it since)
  std::uint64_t grid_id_ = 0;  // the grid (instance, version) last validated; 0: none
  std::uint64_t version_ = 0;
  int waited_ = 0;
  int hold_ = 0;  // ticks to wait before trying again after a replan that could not move us
  int fail_ticks_ = 0;
  SearchStatus fail_status_ = SearchStatus::found;
  bool has_goal_ = false;
  bool failed_ = false;
};

}  // namespace pathing
