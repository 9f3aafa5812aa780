// pathing: fast grid path-finding. MIT licensed.
//
// Stamped per-node state of a search: g, open/closed stamp and parent, reset in O(1) per query.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathing/detail/nodes/generation_map.hpp"

namespace pathing::detail {

/// Sentinel parent: the start node.
inline constexpr std::uint8_t kNoParent = 0xFF;

/// One search node in 16 bytes (array of structs, so a neighbour check touches one cache line):
/// g in fixed point, the generation stamp (open when equal to the table's generation, closed when
/// one more) and the `Direction8` of the move that reached it (`kNoParent` at the start).
struct NodeRecord {
  std::uint64_t g = 0;
  std::uint32_t stamp = 0;
  std::uint8_t parent = kNoParent;
};
static_assert(sizeof(NodeRecord) == 16);

/// Generation-stamped node records with O(1) reset (see GenerationMap for the stamp scheme).
/// `Record` is any struct with a `std::uint32_t stamp` member whose value-initialised form
/// (`Record{}`) has stamp 0 (untouched): `NodeRecord` for A*, the jump point searches' own
/// record. Not thread-safe: one per searcher.
template <class Record>
class BasicNodeTable {
 public:
  /// Grows to at least `n` nodes; allocates only when n exceeds what was seen before.
  void ensure(std::size_t n) {
    if (nodes_.size() < n) nodes_.resize(n, Record{});
  }
  [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }
  [[nodiscard]] std::size_t bytes() const noexcept { return nodes_.capacity() * sizeof(Record); }
  /// Starts a new query. O(1) except once every 2^31 queries (wrap-around clears the stamps).
  void next_generation() noexcept {
    if (gen_.advance()) {
      for (Record& r : nodes_) r.stamp = 0;
    }
  }
  [[nodiscard]] std::uint32_t open_stamp() const noexcept { return gen_.value(); }
  [[nodiscard]] std::uint32_t closed_stamp() const noexcept { return gen_.value() + 1; }
  [[nodiscard]] Record& operator[](std::size_t i) noexcept { return nodes_[i]; }
  /// The records as an array (for hot loops; valid until the next `ensure`).
  [[nodiscard]] Record* data() noexcept { return nodes_.data(); }
  [[nodiscard]] const Record& operator[](std::size_t i) const noexcept { return nodes_[i]; }
  /// Parent direction of node `i` (valid for nodes touched by the current query; records with
  /// a `parent` member only).
  [[nodiscard]] std::uint8_t parent_of(std::size_t i) const noexcept { return nodes_[i].parent; }
  /// Whether node `i` was closed (expanded) by the current query.
  [[nodiscard]] bool is_closed(std::size_t i) const noexcept {
    return nodes_[i].stamp == gen_.value() + 1;
  }
  /// Testing hook: jump the counter (rounded down to even), e.g. near 2^32 to force a wrap.
  void force_generation(std::uint32_t g) noexcept { gen_.force(g); }

 private:
  std::vector<Record> nodes_;
  GenerationCounter gen_;
};

/// The node table of the grid A* searches (16-byte `NodeRecord`s).
using NodeTable = BasicNodeTable<NodeRecord>;

/// The per-node arrays of a search (struct of arrays): generation stamps (open/closed), g costs
/// (`Cost`), and how the node was reached (`Parent`: a `Direction8` value for the grid searches, a
/// node id for `GraphAStar`). 4 + sizeof(Cost) + sizeof(Parent) bytes a node. Owned by one
/// searcher; not thread-safe.
template <class Cost, class Parent>
struct BasicNodeWorkspace {
  GenerationMap stamps;
  std::vector<Cost> g;
  std::vector<Parent> parent;

  /// Grows to `n` nodes; allocates only when n exceeds what was seen before.
  void ensure(std::size_t n) {
    stamps.ensure(n);
    if (g.size() < n) g.resize(n);
    if (parent.size() < n) parent.resize(n);
  }
  [[nodiscard]] std::size_t bytes() const noexcept {
    return stamps.size() * sizeof(std::uint32_t) + g.size() * sizeof(Cost) +
           parent.size() * sizeof(Parent);
  }
  [[nodiscard]] std::uint8_t parent_of(std::size_t i) const noexcept { return parent[i]; }
};

/// The per-node arrays of a search that keeps no g (greedy best-first): generation stamps
/// (seen/closed) and the `Direction8` of the move that reached the node (`kNoParent` at the
/// start). 5 bytes a node. Owned by one searcher; not thread-safe.
struct ParentWorkspace {
  GenerationMap stamps;
  std::vector<std::uint8_t> parent;

  /// Grows to `n` nodes; allocates only when n exceeds what was seen before.
  void ensure(std::size_t n) {
    stamps.ensure(n);
    if (parent.size() < n) parent.resize(n);
  }
  [[nodiscard]] std::size_t bytes() const noexcept {
    return stamps.size() * sizeof(std::uint32_t) + parent.size();
  }
  [[nodiscard]] std::uint8_t parent_of(std::size_t i) const noexcept { return parent[i]; }
};

}  // namespace pathing::detail
