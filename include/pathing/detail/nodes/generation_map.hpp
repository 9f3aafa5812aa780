// pathing: fast grid path-finding. MIT licensed.
//
// Generation-stamped per-node state: O(1) reset between queries.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace pathing::detail {

/// The generation counter of every stamped table (`GenerationMap`, `BasicNodeTable`): even values
/// from 2, advanced by 2 a query; a stamp equal to the generation means open (seen) this query,
/// one more means closed, anything smaller untouched. When the counter would pass
/// `kLastGeneration` it restarts at 2 and `advance` tells the table to clear its stamps (O(n),
/// once per 2^31 queries). The one wrap-around rule of the library. O(1); not thread-safe.
class GenerationCounter {
 public:
  /// The largest generation used before a wrap-around clears the stamps.
  static constexpr std::uint32_t kLastGeneration = 0xFFFFFFFCu;

  /// Starts a new query. Returns true when the caller must reset every stamp to 0 first.
  [[nodiscard]] bool advance() noexcept {
    if (gen_ >= kLastGeneration) {
      gen_ = 2;
      return true;
    }
    gen_ += 2;
    return false;
  }
  /// The current generation (even; >= 2 once a query started).
  [[nodiscard]] std::uint32_t value() const noexcept { return gen_; }
  /// Testing hook (`detail::TestAccess`): jump the counter, rounded down to even.
  void force(std::uint32_t g) noexcept { gen_ = g & ~1u; }

 private:
  std::uint32_t gen_ = 0;
};

/// Per-node "seen this query" / "closed this query" flags whose reset costs O(1): each node holds
/// the generation in which it was last touched, and a new query bumps the generation (seed:
/// "generations map"; warthog's search-number stamps). A node is open (seen) in the current
/// query when its stamp equals `gen`, closed when it equals `gen + 1`; any smaller stamp means
/// untouched (`GenerationCounter`: wrap-around clears the stamps once per 2^31 queries).
///
/// Memory: 4 bytes a node. Not thread-safe: one per searcher.
class GenerationMap {
 public:
  /// Grows to at least `n` nodes (never shrinks). Allocates only when `n` exceeds the capacity.
  void ensure(std::size_t n) {
    if (stamps_.size() < n) stamps_.resize(n, 0);
  }
  /// Number of nodes tracked.
  [[nodiscard]] std::size_t size() const noexcept { return stamps_.size(); }

  /// Starts a new query: every node becomes untouched. O(1) except on wrap-around.
  void next_generation() noexcept {
    if (gen_.advance()) std::fill(stamps_.begin(), stamps_.end(), 0u);
  }

  [[nodiscard]] bool is_seen(std::size_t i) const noexcept { return stamps_[i] >= gen_.value(); }
  [[nodiscard]] bool is_open(std::size_t i) const noexcept { return stamps_[i] == gen_.value(); }
  [[nodiscard]] bool is_closed(std::size_t i) const noexcept {
    return stamps_[i] == gen_.value() + 1;
  }
  void mark_open(std::size_t i) noexcept { stamps_[i] = gen_.value(); }
  void mark_closed(std::size_t i) noexcept { stamps_[i] = gen_.value() + 1; }

  /// The stamps as an array (for hot loops; valid until the next `ensure`).
  [[nodiscard]] std::uint32_t* data() noexcept { return stamps_.data(); }

  /// Current generation (even, >= 2 once a query started).
  [[nodiscard]] std::uint32_t generation() const noexcept { return gen_.value(); }
  /// Testing hook: jump the counter (rounded down to even) to force the wrap-around path.
  void force_generation(std::uint32_t g) noexcept { gen_.force(g); }

  /// The largest generation used before a wrap-around clears the stamps.
  static constexpr std::uint32_t kLastGeneration = GenerationCounter::kLastGeneration;

 private:
  std::vector<std::uint32_t> stamps_;
  GenerationCounter gen_;
};

}  // namespace pathing::detail
