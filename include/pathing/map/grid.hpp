// pathing: fast grid path-finding. MIT licensed.
//
// The packed tile grid: 4 bits a cell (3-bit tile tag + blocked bit).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"

#if !PATHING_HAS_ATOMIC_BUILTINS
#include <atomic>
#endif
#include "pathing/detail/nodes/cell_key.hpp"
#include "pathing/error.hpp"

namespace pathing {

class ClearanceMap;

namespace detail {
/// A process-wide unique number that is renewed whenever the object holding it is constructed,
/// copied, moved or assigned: with a counter of mutations it identifies the contents of a
/// `Grid` for derived structures (JPS bitmaps, caches), even when a grid is destroyed and another
/// one later lives at the same address, or a grid is assigned a new map. O(1), thread-safe (one
/// relaxed atomic increment).
class InstanceId {
 public:
  InstanceId() noexcept : value_(next()) {}
  InstanceId(const InstanceId&) noexcept : value_(next()) {}
  InstanceId& operator=(const InstanceId&) noexcept {
    value_ = next();
    return *this;
  }
  ~InstanceId() = default;
  /// The id, never 0.
  [[nodiscard]] std::uint64_t value() const noexcept { return value_; }

 private:
  static std::uint64_t next() noexcept {
#if PATHING_HAS_ATOMIC_BUILTINS
    static std::uint64_t counter = 0;  // only ever read and written by the atomic built-in
    return __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED);
#else
    static std::atomic<std::uint64_t> counter{0};
    return counter.fetch_add(1, std::memory_order_relaxed) + 1;
#endif
  }
  std::uint64_t value_;
};
}  // namespace detail

/// A rectangular map of tiles, 4 bits a cell: bits 0..2 are the tile tag (0..7, the meaning is the
/// user's: plains, sand, water...) and bit 3 is the "blocked" flag (a wall or a unit standing
/// there). A `GridLayer` turns the 4-bit cell value into a move cost, so one grid serves walkers,
/// swimmers and fliers (seed: "Zero alloc pathfinding in Go", the tile grid and layers).
///
/// Shape and limits: `cols` x `rows` cells, each side in [1, `kMaxSide`] (32768) and at most
/// `kMaxCells` (2^28, e.g. 16384 x 16384) cells in all; memory is `rows * stride_bytes()` bytes,
/// where a row takes ceil(cols / 2) bytes rounded up to a multiple of 8 (so each row starts 64-bit
/// aligned): about 0.5 bytes a cell.
///
/// Out-of-bounds reads: the getters return tag 0 / not blocked, the searches treat every cell
/// outside the grid as impassable; out-of-bounds writes are ignored and return false.
///
/// Errors (docs/errors.md): the constructor throws on bad sizes; `create` is its non-throwing form.
/// Built with exceptions disabled, the constructor given bad sizes makes the empty 0 x 0 grid
/// (`empty()`), on which every cell is out of bounds and every search returns `invalid_endpoint`.
///
/// Complexity: every cell accessor is O(1). Thread-safety: const member functions may be called
/// from any number of threads at once (a `const Grid&` can be shared by many searchers); a mutation
/// must not run concurrently with anything else on the same grid.
class Grid {
 public:
  /// Largest number of columns or rows.
  static constexpr int kMaxSide = 32768;
  static_assert(kMaxSide <= (1 << (detail::kCellKeyShift - 1)), "cell keys hold x and y");
  /// Largest number of cells (cols * rows).
  static constexpr std::int64_t kMaxCells = std::int64_t{1} << 28;
  /// The blocked flag inside a 4-bit cell value.
  static constexpr std::uint8_t kBlockedBit = 0x8;
  /// Mask of the tile tag inside a 4-bit cell value.
  static constexpr std::uint8_t kTagMask = 0x7;

  /// Makes a `cols` x `rows` grid whose every cell has tag `default_tile` (0..7) and is not
  /// blocked. O(cells).
  /// @throws std::invalid_argument naming the offending value when a side is outside
  ///         [1, kMaxSide], the cell count exceeds kMaxCells, or `default_tile` > 7. Without
  ///         exceptions (PATHING_HAS_EXCEPTIONS == 0) the same inputs make the empty 0 x 0 grid.
  Grid(int cols, int rows, std::uint8_t default_tile = 0) {
    Error e;
    if (!validate(cols, rows, default_tile, &e)) {
      PATHING_THROW(std::invalid_argument(e.message));
      return;  // no exceptions: the empty 0 x 0 grid
    }
    init(cols, rows, default_tile);
  }

  /// The non-throwing form of the constructor: the grid, or nothing when the constructor would
  /// throw; then `*error` (when not null) receives `ErrorCode::invalid_size` (a side outside
  /// [1, kMaxSide] or more than kMaxCells cells) or `ErrorCode::invalid_tile` (`default_tile` > 7)
  /// and the constructor's message, e.g. "pathing::Grid: cols = 0 is outside [1, 32768]".
  /// Works with and without exceptions. O(cells). Out of memory terminates (noexcept).
  [[nodiscard]] static std::optional<Grid> create(int cols, int rows, std::uint8_t default_tile = 0,
                                                  Error* error = nullptr) noexcept {
    if (!validate(cols, rows, default_tile, error)) return std::nullopt;
    Grid g{Empty{}};
    g.init(cols, rows, default_tile);
    return std::optional<Grid>{std::move(g)};
  }

  /// True for the 0 x 0 grid (only made by the throwing constructor with bad sizes when exceptions
  /// are disabled): no cell is in bounds, every setter returns false, every search returns
  /// `invalid_endpoint`.
  [[nodiscard]] bool empty() const noexcept { return cols_ == 0; }

  /// Number of columns (cells along x).
  [[nodiscard]] int cols() const noexcept { return cols_; }
  /// Number of rows (cells along y).
  [[nodiscard]] int rows() const noexcept { return rows_; }
  /// Number of cells, cols * rows.
  [[nodiscard]] std::size_t cell_count() const noexcept {
    return static_cast<std::size_t>(cols_) * static_cast<std::size_t>(rows_);
  }
  /// Bytes from the start of one row to the next (a multiple of 8).
  [[nodiscard]] std::size_t stride_bytes() const noexcept { return stride_; }
  /// Bytes of cell storage (rows * stride_bytes()).
  [[nodiscard]] std::size_t memory_bytes() const noexcept { return bytes_.size(); }

  /// True when `c` lies on the grid.
  [[nodiscard]] bool in_bounds(GridCoord c) const noexcept {
    return static_cast<unsigned>(c.x) < static_cast<unsigned>(cols_) &&
           static_cast<unsigned>(c.y) < static_cast<unsigned>(rows_);
  }

  /// The raw 4-bit cell value (tag | blocked bit); 0 outside the grid.
  [[nodiscard]] std::uint8_t cell(GridCoord c) const noexcept {
    return in_bounds(c) ? cell_unchecked(c.x, c.y) : std::uint8_t{0};
  }
  /// The tile tag (0..7) of a cell; 0 outside the grid.
  [[nodiscard]] std::uint8_t tile(GridCoord c) const noexcept { return cell(c) & kTagMask; }
  /// Whether a cell carries the blocked flag; false outside the grid.
  [[nodiscard]] bool is_blocked(GridCoord c) const noexcept { return (cell(c) & kBlockedBit) != 0; }

  /// Sets the tile tag (0..7), keeping the blocked flag. Returns false (and changes nothing)
  /// outside the grid or when `tag` > 7.
  bool set_tile(GridCoord c, std::uint8_t tag) noexcept {
    if (!in_bounds(c) || tag > kTagMask) return false;
    set_cell_unchecked(c.x, c.y,
                       static_cast<std::uint8_t>((cell_unchecked(c.x, c.y) & kBlockedBit) | tag));
    return true;
  }
  /// Sets or clears the blocked flag, keeping the tag. Returns false (no change) outside the grid.
  bool set_blocked(GridCoord c, bool blocked) noexcept {
    if (!in_bounds(c)) return false;
    const std::uint8_t v = cell_unchecked(c.x, c.y);
    set_cell_unchecked(c.x, c.y,
                       static_cast<std::uint8_t>(blocked ? (v | kBlockedBit) : (v & kTagMask)));
    return true;
  }
  /// Sets the whole 4-bit value (tag | blocked bit, 0..15). Returns false (and changes nothing)
  /// outside the grid or when `value` > 15.
  bool set_cell(GridCoord c, std::uint8_t value) noexcept {
    if (!in_bounds(c) || value > 0xF) return false;
    set_cell_unchecked(c.x, c.y, value);
    return true;
  }

  /// The 4-bit value at (x, y) without a bounds check: the caller guarantees 0 <= x < cols and
  /// 0 <= y < rows. This is what the searches read in their hot loops.
  [[nodiscard]] std::uint8_t cell_unchecked(int x, int y) const noexcept {
    const std::uint8_t b =
        bytes_[static_cast<std::size_t>(y) * stride_ + (static_cast<unsigned>(x) >> 1)];
    return static_cast<std::uint8_t>((b >> ((x & 1) * 4)) & 0xF);
  }

  /// Counter bumped by every successful mutation; lets derived structures (JPS bitmaps, caches)
  /// notice that the grid changed. Starts at 0.
  [[nodiscard]] std::uint64_t version() const noexcept { return version_; }

  /// A process-wide unique id of this grid object, renewed by construction, copy, move and
  /// assignment (never by the cell setters, which bump `version()` instead). Two grids alive at
  /// the same time never share an id and an id is never reused, so the pair (instance_id(),
  /// version()) identifies the grid's contents: derived structures (`JpsMap`, `JpsPlusMap`)
  /// record it and rebuild when it changes. Not part of `operator==`.
  [[nodiscard]] std::uint64_t instance_id() const noexcept { return id_.value(); }

  /// Pointer to the packed cell bytes (row-major, `stride_bytes()` per row, low nibble = even x).
  [[nodiscard]] const std::uint8_t* data() const noexcept { return bytes_.data(); }

  /// Same size and same cells. O(cells).
  friend bool operator==(const Grid& a, const Grid& b) noexcept {
    return a.cols_ == b.cols_ && a.rows_ == b.rows_ && a.bytes_ == b.bytes_;
  }

  // --- Edit log (stale-cache safety) ---------------------------------------------------------
  // The grid remembers the cells of its last kEditLogCapacity successful cell writes, so that a
  // structure derived from it (`JpsMap`, `JpsPlusMap`) can catch up with a few edits instead of
  // rebuilding: see `JpsMap::sync`.

  /// How many of the most recent cell writes the edit log holds.
  static constexpr std::size_t kEditLogCapacity = 64;
  /// Returned by `edits_since` when the log does not cover the edits asked for.
  static constexpr std::size_t kEditsUnknown = ~std::size_t{0};

  /// The cells written since this grid was at version `since` (every successful `set_tile`,
  /// `set_blocked`, `set_cell` bumps `version()` by one and logs its cell), oldest first, into
  /// the first n entries of `out`; returns n = version() - since (a cell written twice appears
  /// twice; a write that stored the value already there counts too). Returns `kEditsUnknown`,
  /// writing nothing, when `since` > version(), when the log no longer holds them all (more than
  /// `kEditLogCapacity` writes since `since`, or `since` predates the grid's construction or
  /// last assignment), or when `out` is shorter than n. The caller must know that `since` was a
  /// version of this very grid object (compare `instance_id()`): the log says nothing about
  /// other grids. O(n), no allocation; the log itself is a fixed ring inside the grid (256 bytes,
  /// one store per cell write). Thread-safety: as every const member.
  [[nodiscard]] std::size_t edits_since(std::uint64_t since,
                                        std::span<GridCoord> out) const noexcept {
    if (since > version_ || since < log_floor_) return kEditsUnknown;
    const std::uint64_t n = version_ - since;
    if (n > kEditLogCapacity || n > out.size()) return kEditsUnknown;
    for (std::uint64_t i = 0; i < n; ++i) {
      // Version v's cell sits at slot (v - 1) % capacity.
      const std::uint32_t packed = edit_log_[(since + i) % kEditLogCapacity];
      out[static_cast<std::size_t>(i)] = detail::cell_of_key(packed);
    }
    return static_cast<std::size_t>(n);
  }

 private:
  friend class ClearanceMap;  // fills its unit grids in bulk (unlogged_write, end_unlogged)

  struct Empty {};
  explicit Grid(Empty) noexcept {}

  // Bulk writes that bypass the edit log: each `unlogged_write` stores a value (0..15) at an
  // in-bounds cell; `end_unlogged` then bumps the version once and raises the log floor to it, so
  // that no derived structure replays an incomplete log (they rebuild instead).
  void unlogged_write(int x, int y, std::uint8_t v) noexcept {
    std::uint8_t& b =
        bytes_[static_cast<std::size_t>(y) * stride_ + (static_cast<unsigned>(x) >> 1)];
    const int shift = (x & 1) * 4;
    b = static_cast<std::uint8_t>((b & ~(0xF << shift)) | (v << shift));
  }
  void end_unlogged() noexcept {
    ++version_;
    log_floor_ = version_;
  }

  /// True when the constructor accepts the arguments; else reports why in `*error` (if not null).
  static bool validate(int cols, int rows, std::uint8_t default_tile,
                       Error* error) noexcept;  // map/grid_impl.hpp

  /// Precondition: validate(cols, rows, default_tile) holds.
  void init(int cols, int rows, std::uint8_t default_tile) {
    cols_ = cols;
    rows_ = rows;
    stride_ = ((static_cast<std::size_t>(cols) + 1) / 2 + 7) & ~std::size_t{7};
    const auto fill = static_cast<std::uint8_t>(default_tile | (default_tile << 4));
    bytes_.assign(stride_ * static_cast<std::size_t>(rows), fill);
  }

  void set_cell_unchecked(int x, int y, std::uint8_t v) noexcept {
    std::uint8_t& b =
        bytes_[static_cast<std::size_t>(y) * stride_ + (static_cast<unsigned>(x) >> 1)];
    const int shift = (x & 1) * 4;
    b = static_cast<std::uint8_t>((b & ~(0xF << shift)) | (v << shift));
    // Edit log: the write that makes version v sits at slot (v - 1) % capacity.
    edit_log_[version_ % kEditLogCapacity] = detail::cell_key(x, y);
    ++version_;
  }

  int cols_ = 0;
  int rows_ = 0;
  std::size_t stride_ = 0;
  std::uint64_t version_ = 0;
  std::vector<std::uint8_t> bytes_;
  detail::InstanceId id_;
  // Edit log (see `edits_since`): cells packed x | y << 16, and the oldest version from which
  // the log is complete (a change of many cells that does not log them must raise it to the new
  // version).
  std::uint64_t log_floor_ = 0;
  std::array<std::uint32_t, kEditLogCapacity> edit_log_{};
};

}  // namespace pathing

#if !PATHING_COMPILED
#include "pathing/map/grid_impl.hpp"
#endif
