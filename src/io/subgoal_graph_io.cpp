// pathing: fast grid path-finding. MIT licensed.
//
// SubgoalGraph's payload in a precomputed file (docs/precomputed.md): the
// options and the contraction; the subgoals and their edges are recomputed from
// the grid, the contraction checked.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/precompute/subgoal_graph.hpp"
#include "precomputed_container.hpp"

namespace pathing {

using io::kPrecomputedHeaderBytes;
using io::PrecomputedError;
using namespace io::detail;  // the container: Reader, PayloadWriter, checks, messages

namespace {

// Fixed fields of the payload: the options (20 bytes), N, C (u32), E (u64).
constexpr std::size_t kSubgoalFixed = 36;
// The most contracted edges a file may hold, a cell on average (a built graph
// has at most a few).
constexpr std::uint64_t kSubgoalEdgesPerCell = 32;

}  // namespace

// The payload's writer, reader and checks: members of SubgoalGraph (a nested
// class), so they read its private parts.
struct SubgoalGraph::Payload {
  // Whether the scan of subgoal a emits b (the graph's direct edge a -> b).
  static bool scan_edge(const SubgoalGraph& g, std::uint32_t a, std::uint32_t b) noexcept {
    const std::uint32_t key = g.subgoals_[b];
    for (std::uint32_t e = g.offsets_[a]; e < g.offsets_[a + 1]; ++e)
      if (g.edges_[e] == key) return true;
    return false;
  }

  static std::string subgoal_text(const SubgoalGraph& g, std::uint32_t id) {
    const GridCoord c = g.subgoal_cell(id);
    return "subgoal " + std::to_string(id) + " " + cell_text(c.x, c.y);
  }

  static void save(io::detail::PayloadWriter& w, const SubgoalGraph& g) {
    const auto n = static_cast<std::uint64_t>(g.subgoals_.size());
    const std::uint64_t contracted = n - g.core_count_;
    const std::uint64_t e = g.ch_edges_.size();
    const std::uint64_t cells =
        static_cast<std::uint64_t>(g.cols_) * static_cast<std::uint64_t>(g.rows_);
    if (e > kSubgoalEdgesPerCell * cells) {
      throw std::invalid_argument("pathing::io::serialize_subgoal_graph: " + std::to_string(e) +
                                  " contracted edges, more than a file may hold (" +
                                  std::to_string(kSubgoalEdgesPerCell) + " a cell)");
    }
    const std::uint64_t payload = kSubgoalFixed + (contracted > 0 ? 5 * n + 16 * e : 0);
    w.reserve_payload(payload);
    w.u32(g.options_.contract ? 1u : 0u);
    w.u32(static_cast<std::uint32_t>(g.options_.max_edge_difference));
    w.u32(static_cast<std::uint32_t>(g.options_.witness_settle_limit));
    w.u64(g.options_.max_witness_work);
    w.u32(static_cast<std::uint32_t>(n));
    w.u32(static_cast<std::uint32_t>(contracted));
    w.u64(e);
    if (contracted > 0) {
      for (const std::uint8_t c : g.core_) w.u8(c);
      for (std::uint64_t i = 0; i < n; ++i) w.u32(g.ch_offsets_[i + 1] - g.ch_offsets_[i]);
      for (const SubgoalEdge& x : g.ch_edges_) {
        w.u32(x.to);
        w.u32(x.mid);
        w.u64(x.cost);
      }
    }
  }

  static SubgoalGraph load(const io::detail::PayloadReader& in, const Grid& grid,
                           const GridLayer& layer) {
    const std::string& name = in.name();
    const std::size_t payload = in.size();
    const std::size_t base = kPrecomputedHeaderBytes;
    if (payload < kSubgoalFixed) {
      throw PrecomputedError(name, kPayloadSizeAt,
                             "payload of " + std::to_string(payload) +
                                 " bytes; a subgoal graph has at least " +
                                 std::to_string(kSubgoalFixed));
    }
    Reader r = in.at(base);
    const std::uint32_t contract = r.u32();
    SubgoalOptions o;
    o.max_edge_difference = static_cast<int>(static_cast<std::int32_t>(r.u32()));
    const std::uint32_t settle = r.u32();
    o.max_witness_work = r.u64();
    const std::uint32_t file_n = r.u32();
    const std::uint32_t file_contracted = r.u32();
    const std::uint64_t file_e = r.u64();
    if (contract > 1)
      bad_payload(name, base, "contract flag " + std::to_string(contract) + " is not 0 or 1");
    o.contract = contract == 1;
    if (settle > 65536u) {
      bad_payload(name, base + 8,
                  "pathing::SubgoalGraph: witness_settle_limit = " + std::to_string(settle) +
                      " is outside [1, 65536]");
    }
    o.witness_settle_limit = static_cast<int>(settle);
    if (Error e; !SubgoalGraph::validate(o, &e)) {
      bad_payload(name,
                  o.max_edge_difference < -64 || o.max_edge_difference > 64 ? base + 4 : base + 8,
                  e.message);
    }
    // The subgoals, clearances and scan edges, recomputed from the grid (a
    // build without the contraction); the file must name exactly as many
    // subgoals.
    SubgoalGraph g;
    SubgoalOptions plain = o;
    plain.contract = false;
    g.compute(grid, layer, plain);
    g.options_ = o;
    const auto n = static_cast<std::uint32_t>(g.subgoals_.size());
    if (file_n != n) {
      bad_payload(name, base + 20,
                  std::to_string(file_n) + " subgoals; this grid has " + std::to_string(n));
    }
    if (file_contracted > n || (!o.contract && file_contracted != 0)) {
      bad_payload(name, base + 24,
                  std::to_string(file_contracted) + " contracted subgoals, " +
                      (o.contract ? "more than the " + std::to_string(n) + " subgoals"
                                  : std::string("in a graph saved without contraction")));
    }
    if (file_contracted == 0 && file_e != 0) {
      bad_payload(
          name, base + 28,
          std::to_string(file_e) + " contracted edges in a graph with no contracted subgoal");
    }
    if (file_e > kSubgoalEdgesPerCell * std::uint64_t{grid.cell_count()}) {
      bad_payload(name, base + 28,
                  std::to_string(file_e) + " contracted edges, more than " +
                      std::to_string(kSubgoalEdgesPerCell) + " a cell");
    }
    const std::uint64_t want =
        kSubgoalFixed + (file_contracted > 0 ? 5 * std::uint64_t{n} + 16 * file_e : 0);
    if (payload != want) {
      throw PrecomputedError(name, kPayloadSizeAt,
                             "payload of " + std::to_string(payload) +
                                 " bytes; a subgoal graph of " + std::to_string(n) +
                                 " subgoals and " + std::to_string(file_e) +
                                 " contracted edges has " + std::to_string(want));
    }
    if (file_contracted == 0) return g;  // searched as the plain graph
    const std::size_t core_at = base + kSubgoalFixed;
    const std::size_t count_at = core_at + n;
    const std::size_t edge_at = count_at + 4 * std::size_t{n};
    std::uint32_t contracted = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint8_t c = r.u8();
      if (c > 1) {
        bad_payload(
            name, core_at + i,
            "core flag " + std::to_string(c) + " of " + subgoal_text(g, i) + " is not 0 or 1");
      }
      g.core_[i] = c;
      if (c == 0) ++contracted;
    }
    if (contracted != file_contracted) {
      bad_payload(name, base + 24,
                  std::to_string(file_contracted) + " contracted subgoals; the core flags say " +
                      std::to_string(contracted));
    }
    g.core_count_ = n - contracted;
    g.ch_offsets_.assign(std::size_t{n} + 1, 0);
    std::uint64_t total = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
      total += r.u32();
      if (total > file_e) {
        bad_payload(name, count_at + 4 * std::size_t{i},
                    "the edge counts of subgoals 0 to " + std::to_string(i) + " add up to " +
                        std::to_string(total) + ", more than the " + std::to_string(file_e) +
                        " contracted edges");
      }
      g.ch_offsets_[i + 1] = static_cast<std::uint32_t>(total);
    }
    if (total != file_e) {
      bad_payload(
          name, count_at,
          "the edge counts add up to " + std::to_string(total) + ", not " + std::to_string(file_e));
    }
    g.ch_edges_.resize(static_cast<std::size_t>(file_e));
    for (SubgoalEdge& x : g.ch_edges_) {
      x.to = r.u32();
      x.mid = r.u32();
      x.cost = r.u64();
    }
    check_contraction(g, name, edge_at);
    return g;
  }

  // The contracted edges against the recomputed graph (parse_subgoal_graph's
  // contract): every edge that is no shortcut is a scan edge (either way) at
  // the octile distance of its ends; a shortcut's middle is a contracted
  // subgoal whose own edges reach both ends and cost exactly the shortcut's
  // cost (the cheapest of each, as the path unpacking takes them); core
  // subgoals keep to the core; and the edges of contracted subgoals form no
  // cycle. So every edge unpacks, in finitely many steps, into a walk of the
  // grid of exactly its cost.
  static void check_contraction(const SubgoalGraph& g, const std::string& name,
                                std::size_t edge_at) {
    const auto n = static_cast<std::uint32_t>(g.subgoals_.size());
    auto at = [&](std::uint32_t e, std::size_t field) {
      return edge_at + 16 * std::size_t{e} + field;
    };
    // The cheapest edge from subgoal a to b in a's list, or nullptr.
    auto cheapest = [&](std::uint32_t a, std::uint32_t b) -> const SubgoalEdge* {
      const SubgoalEdge* best = nullptr;
      for (std::uint32_t e = g.ch_offsets_[a]; e < g.ch_offsets_[a + 1]; ++e)
        if (g.ch_edges_[e].to == b && (best == nullptr || g.ch_edges_[e].cost < best->cost))
          best = &g.ch_edges_[e];
      return best;
    };
    std::vector<std::uint32_t> indegree(n, 0);
    for (std::uint32_t u = 0; u < n; ++u) {
      for (std::uint32_t e = g.ch_offsets_[u]; e < g.ch_offsets_[u + 1]; ++e) {
        const SubgoalEdge& x = g.ch_edges_[e];
        const std::string from =
            "edge " + std::to_string(e - g.ch_offsets_[u]) + " of " + subgoal_text(g, u);
        if (x.to >= n || x.to == u) {
          bad_payload(name, at(e, 0),
                      from + " leads to subgoal " + std::to_string(x.to) +
                          (x.to == u ? " (itself)" : " (there are " + std::to_string(n) + ")"));
        }
        if (g.core_[u] != 0 && g.core_[x.to] == 0) {
          bad_payload(name, at(e, 0),
                      from + " (in the core) leads to contracted " + subgoal_text(g, x.to));
        }
        if (g.core_[u] == 0 && g.core_[x.to] == 0) ++indegree[x.to];
        if (x.mid == SubgoalEdge::kNoMiddle) {
          const std::uint64_t octile =
              octile_distance_fixed(g.subgoal_cell(u), g.subgoal_cell(x.to));
          if (!scan_edge(g, u, x.to) && !scan_edge(g, x.to, u)) {
            bad_payload(name, at(e, 4),
                        from + " to " + subgoal_text(g, x.to) +
                            " is no shortcut, but neither subgoal reaches the "
                            "other directly");
          }
          if (x.cost != octile) {
            bad_payload(name, at(e, 8),
                        from + " costs " + std::to_string(x.cost) +
                            "; the octile distance of its ends is " + std::to_string(octile));
          }
          continue;
        }
        const std::uint32_t m = x.mid;
        if (m >= n || m == u || m == x.to || g.core_[m] != 0) {
          bad_payload(name, at(e, 4),
                      from + " is a shortcut through subgoal " + std::to_string(m) +
                          ", which is not a contracted subgoal other than its ends");
        }
        const SubgoalEdge* a = cheapest(m, u);
        const SubgoalEdge* b = cheapest(m, x.to);
        if (a == nullptr || b == nullptr || a->cost + b->cost != x.cost) {
          bad_payload(name, at(e, 8),
                      from + " is a shortcut through " + subgoal_text(g, m) + " costing " +
                          std::to_string(x.cost) + ", but that subgoal's edges to its ends " +
                          (a == nullptr || b == nullptr ? std::string("are missing")
                                                        : "cost " + std::to_string(a->cost) +
                                                              " + " + std::to_string(b->cost)));
        }
      }
    }
    // No cycle among the contracted subgoals' edges (Kahn's algorithm): a
    // contraction order.
    std::vector<std::uint32_t> ready;
    std::uint32_t contracted = 0;
    for (std::uint32_t u = 0; u < n; ++u) {
      if (g.core_[u] != 0) continue;
      ++contracted;
      if (indegree[u] == 0) ready.push_back(u);
    }
    std::uint32_t ordered = 0;
    while (!ready.empty()) {
      const std::uint32_t u = ready.back();
      ready.pop_back();
      ++ordered;
      for (std::uint32_t e = g.ch_offsets_[u]; e < g.ch_offsets_[u + 1]; ++e) {
        const std::uint32_t v = g.ch_edges_[e].to;
        if (g.core_[v] == 0 && --indegree[v] == 0) ready.push_back(v);
      }
    }
    if (ordered != contracted) {
      std::uint32_t u = 0;
      while (g.core_[u] != 0 || indegree[u] == 0) ++u;
      bad_payload(name, at(g.ch_offsets_[u], 0),
                  "the contracted subgoals' edges form a cycle (through " + subgoal_text(g, u) +
                      "): no contraction order gives them");
    }
  }
};

void SubgoalGraph::save_payload(io::detail::PayloadWriter& out) const {
  Payload::save(out, *this);
}

SubgoalGraph SubgoalGraph::load_payload(const io::detail::PayloadReader& in, const Grid& grid,
                                        const GridLayer& layer) {
  return Payload::load(in, grid, layer);
}

namespace io {

std::uint64_t max_subgoal_graph_file_bytes(const Grid& grid) noexcept {
  const std::uint64_t cells = grid.cell_count();
  return detail::kMinFile + kSubgoalFixed + 5 * cells + 16 * kSubgoalEdgesPerCell * cells;
}

}  // namespace io

}  // namespace pathing
