// pathing: fast grid path-finding. MIT licensed.
//
// GridPath: a 16-byte path of up to 56 four-connected steps.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"

namespace pathing {

/// A path as a sequence of 4-connected steps (right, down, left, up), 2 bits a step, in a 16-byte
/// value: 14 bytes of steps, a length and an iterator position (seed: "The Path Object
/// Representation"). Copying it copies the whole path; it never touches the heap.
///
/// Limits: at most `kMaxSteps` (56) steps. Iteration starts at the first step from the start
/// cell; `next()` advances, `rewind()` starts over. Steps are stored last-step-first so a search
/// can prepend them while walking back from the goal, with no reversal.
///
/// All members are O(1) except `truncated` and `to_string` (O(len)). Thread-safety: a value type;
/// concurrent reads are safe, a mutation needs exclusive access.
class GridPath {
 public:
  /// The most steps a GridPath holds.
  static constexpr int kMaxSteps = 56;

  /// An empty path (len 0, has_next false).
  constexpr GridPath() noexcept = default;

  /// A path of the given steps, first step first.
  /// @throws std::length_error when more than 56 steps are given. Without exceptions
  ///   (docs/errors.md) that makes the empty path.
  GridPath(std::initializer_list<Direction> steps) {
    if (steps.size() > kMaxSteps) {
      PATHING_THROW(std::length_error("pathing::GridPath: " + std::to_string(steps.size()) +
                                      " steps given, at most 56 fit"));
      return;  // no exceptions: the empty path
    }
    for (auto it = steps.end(); it != steps.begin();) push_front(*--it);
  }

  /// Prepends a step: it becomes the first step of the path and the iterator is rewound.
  /// Returns false (path unchanged) when the path already holds 56 steps or `d` is `none`.
  constexpr bool push_front(Direction d) noexcept {
    if (len_ >= kMaxSteps || d == Direction::none) return false;
    const unsigned i = len_;
    bytes_[i / 4] =
        static_cast<std::uint8_t>(bytes_[i / 4] | (static_cast<unsigned>(d) << ((i % 4) * 2)));
    ++len_;
    pos_ = len_;
    return true;
  }

  /// A path from its packed form, the layout a GridPath keeps: step i counted from the last one
  /// (0 = the last step) in bits 2i and 2i + 1 of the 112-bit value `high`:`low` (value of
  /// `Direction`), `len` steps (clamped to 0..56), bits past the last step ignored. The iterator
  /// is rewound. O(1). Lets a search collect steps in registers, two bits a step, and hand them
  /// over at once.
  [[nodiscard]] static GridPath from_packed(std::uint64_t low, std::uint64_t high,
                                            int len) noexcept {
    len = len < 0 ? 0 : len > kMaxSteps ? kMaxSteps : len;
    const int bits = 2 * len;
    if (bits < 64) {
      low &= (std::uint64_t{1} << bits) - 1;
      high = 0;
    } else {
      high &= (std::uint64_t{1} << (bits - 64)) - 1;  // bits - 64 <= 48
    }
    GridPath p;
    for (int i = 0; i < 8; ++i)
      p.bytes_[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(low >> (8 * i));
    for (int i = 0; i < 6; ++i) {
      p.bytes_[static_cast<std::size_t>(8 + i)] = static_cast<std::uint8_t>(high >> (8 * i));
    }
    p.len_ = static_cast<std::uint8_t>(len);
    p.pos_ = p.len_;
    return p;
  }

  /// Total number of steps, whatever the iterator position.
  [[nodiscard]] constexpr int len() const noexcept { return len_; }
  /// True when no step is stored.
  [[nodiscard]] constexpr bool empty() const noexcept { return len_ == 0; }
  /// Steps left to iterate.
  [[nodiscard]] constexpr int remaining() const noexcept { return pos_; }
  /// True while steps are left to iterate.
  [[nodiscard]] constexpr bool has_next() const noexcept { return pos_ != 0; }
  /// The next step without advancing; `none` at the end.
  [[nodiscard]] constexpr Direction peek() const noexcept { return get(pos_ - 1); }
  /// The next two steps without advancing; `none` for each one past the end. Used by the seed's
  /// diagonal shortcut (an L-turn of two steps can become one diagonal move).
  [[nodiscard]] constexpr std::pair<Direction, Direction> peek2() const noexcept {
    return {get(pos_ - 1), get(pos_ - 2)};
  }
  /// Returns the next step and advances; `none` (and no change) at the end.
  constexpr Direction next() noexcept {
    if (pos_ == 0) return Direction::none;
    const Direction d = get(pos_ - 1);
    --pos_;
    return d;
  }
  /// Advances over `n` steps (clamped to the steps left; negative n does nothing).
  constexpr void skip(int n) noexcept {
    if (n <= 0) return;
    pos_ = static_cast<std::uint8_t>(n >= pos_ ? 0 : pos_ - n);
  }
  /// Restarts the iteration at the first step.
  constexpr void rewind() noexcept { pos_ = len_; }

  /// The step at index `i` counted from the first step (0 = first); `none` outside [0, len).
  [[nodiscard]] constexpr Direction at(int i) const noexcept {
    return (i < 0 || i >= len_) ? Direction::none : get(len_ - 1 - i);
  }

  /// A rewound copy holding the first `n` steps (all of them when n >= len, none when n <= 0),
  /// whatever the iterator position. (The seed's Truncated kept the last n steps once the path
  /// had been iterated; this keeps the route's prefix, which is what a caller moving a unit
  /// along the first n cells wants.)
  [[nodiscard]] constexpr GridPath truncated(int n) const noexcept {
    GridPath out;
    if (n <= 0) return out;
    if (n > len_) n = len_;
    for (int i = n - 1; i >= 0; --i) out.push_front(at(i));
    return out;
  }

  /// The cell reached from `start` after all steps.
  [[nodiscard]] constexpr GridCoord end_from(GridCoord start) const noexcept {
    for (int i = 0; i < len_; ++i) start = start + step_offset(at(i));
    return start;
  }

  /// Debug text: "{right,down,down}". Allocates; not for hot paths.
  [[nodiscard]] std::string to_string() const {
    std::string s = "{";
    for (int i = 0; i < len_; ++i) {
      if (i) s += ',';
      s += pathing::to_string(at(i));
    }
    s += '}';
    return s;
  }

  /// Paths are equal when they hold the same steps (the iterator position is ignored).
  friend constexpr bool operator==(const GridPath& a, const GridPath& b) noexcept {
    return a.len_ == b.len_ && a.bytes_ == b.bytes_;
  }

 private:
  [[nodiscard]] constexpr Direction get(int i) const noexcept {
    if (i < 0 || i >= len_) return Direction::none;
    const unsigned u = static_cast<unsigned>(i);
    return static_cast<Direction>((bytes_[u / 4] >> ((u % 4) * 2)) & 0x3);
  }

  std::array<std::uint8_t, 14> bytes_{};
  std::uint8_t len_ = 0;
  std::uint8_t pos_ = 0;
};

static_assert(sizeof(GridPath) == 16, "GridPath must stay a 16-byte value");

}  // namespace pathing
