// pathing: fast grid path-finding. MIT licensed.
//
// Precomputed structures (JpsPlusMap, LandmarkMap, HierarchyMap, SubgoalGraph) saved to and loaded
// from a versioned, checksummed, endian-defined binary format -- the compiled pathing::io library.
// docs/precomputed.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "pathing/error.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/precompute/landmark_map.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/subgoal_search.hpp"

namespace pathing::io {

/// A precomputed-structure file that cannot be used: malformed, corrupted, made for another grid,
/// layer, kind or format version, or unreadable. `what()` reads "FILE: byte N: message" (N: the
/// offset, from 0, of the offending field), or "FILE: message" when the error is about the whole
/// file (it cannot be opened or read, or it is truncated).
class PrecomputedError : public std::runtime_error {
 public:
  /// An error in `file` at byte `byte` (-1: the whole file) described by `message`; `code` is
  /// `ErrorCode::parse_error` (the contents) or `ErrorCode::io_error` (opening or reading).
  PrecomputedError(std::string file, std::int64_t byte, const std::string& message,
                   ErrorCode code = ErrorCode::parse_error)
      : std::runtime_error(file + ": " +
                           (byte >= 0 ? "byte " + std::to_string(byte) + ": " : std::string()) +
                           message),
        file_(std::move(file)),
        byte_(byte),
        code_(code) {}
  /// The file (or the name given to a parse function).
  [[nodiscard]] const std::string& file() const noexcept { return file_; }
  /// Offset of the offending field, in bytes from the start of the file (-1: the whole file).
  [[nodiscard]] std::int64_t byte() const noexcept { return byte_; }
  /// `ErrorCode::parse_error` or `ErrorCode::io_error` (what the `try_` forms report).
  [[nodiscard]] ErrorCode code() const noexcept { return code_; }

 private:
  std::string file_;
  std::int64_t byte_;
  ErrorCode code_;
};

/// The file format: constants of the header (docs/precomputed.md has the whole layout).
///
/// Every integer is little-endian, written and read byte by byte, so a file is the same bytes on
/// every platform. A file is a 60-byte header, a payload and an 8-byte checksum:
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 8 | magic `PATHPREP` |
/// | 8 | 4 | format version (`kPrecomputedFormatVersion`) |
/// | 12 | 4 | kind (`PrecomputedKind`) |
/// | 16 | 4 | library version that wrote it (`PATHING_VERSION`; informative, not checked) |
/// | 20 | 4 | grid columns |
/// | 24 | 4 | grid rows |
/// | 28 | 8 | grid hash (`grid_hash`) |
/// | 36 | 16 | the layer: `cost_of_cell(v)` for v = 0..15 |
/// | 52 | 8 | payload size P in bytes |
/// | 60 | P | payload (by kind, below) |
/// | 60 + P | 8 | checksum: FNV-1a 64 of bytes [0, 60 + P) |
///
/// JPS+ payload: cols x rows cells in row-major order, each 8 int16 jump distances in `Direction8`
/// order (`JpsPlusMap::distances`); the passability bitmaps are rebuilt from the grid. Landmark
/// payload: options.count (u32), options.connectivity (u32: 4 or 8), landmarks placed k (u32),
/// fraction bits (u32), k landmarks as (x u32, y u32), then cols x rows x k distances (u32,
/// cell-major as `LandmarkMap::distances`); the cost copy is rebuilt from the grid and layer.
/// Hierarchy payload: sector side (u32), connectivity (u32: 4 or 8), nodes N (u32), matrix
/// entries M (u64), then for each sector (row-major) its node count (u16), then every sector's
/// node cells (u32 y * cols + x, ascending), then every sector's count x count cost matrix (u32,
/// row = from, `HierarchyMap::kNoPath` = no path inside the sector); at format version 2 (a map
/// with landmarks or clusters) then: landmarks k (u32, 0-16), symmetric (u32: 1 = one table,
/// d(n, L) = d(L, n); always 1 when k = 0), the k landmarks' node numbers (u32: nodes numbered
/// in the order of the node cells above), nodes x k d(L, n) (u32, node-major,
/// `HierarchyMap::kNoPath` = unreached) and, when not symmetric, nodes x k d(n, L); then the
/// cluster side in sectors (u32: 0 = no clusters, else 2-16), level-2 nodes N2 (u32), level-2
/// matrix entries M2 (u64), each cluster's level-2 node count (u32, clusters row-major; none when
/// the side is 0), then every cluster's count x count matrix (u64, 1/256 cost units, row = from,
/// `HierarchyMap::kNoClusterPath` = no path inside the cluster). Subgoal graph payload: the
/// options (contract u32 0/1, max_edge_difference i32, witness_settle_limit u32,
/// max_witness_work u64), subgoals N (u32), contracted subgoals C (u32), contracted edges E (u64);
/// when C > 0, each subgoal's core flag (u8, 1 = core), each subgoal's contracted edge count
/// (u32), then the E edges (to u32, mid u32 or 0xFFFFFFFF, cost u64 in `cost::kStraight` units).
/// Format version 2 adds a hierarchy's landmarks and clusters after its matrices (layout below);
/// format version 3 is a hierarchy for units larger than a cell (`HierarchyOptions::max_unit_size`
/// K above 1): after the entries M, K (u32, 2-32) and the unit matrix entries U (u64); then the
/// layout of version 2 (clusters side 0); then for each size k = 2..K, each sector's matrix
/// between the nodes serving k (u32, in node order; which nodes serve k is recomputed from the
/// grid). A file is written at the lowest version that holds it, and all three are read.
inline constexpr std::uint32_t kPrecomputedFormatVersion = 3;
/// Bytes of the header before the payload.
inline constexpr std::size_t kPrecomputedHeaderBytes = 60;
/// Bytes of the checksum after the payload.
inline constexpr std::size_t kPrecomputedChecksumBytes = 8;

/// What a precomputed file holds (the header's kind field).
enum class PrecomputedKind : std::uint32_t {
  jps_plus = 1,       ///< A `JpsPlusMap`.
  landmarks = 2,      ///< A `LandmarkMap`.
  hierarchy = 3,      ///< A `HierarchyMap` (HPA*'s sector graph).
  subgoal_graph = 4,  ///< A `SubgoalGraph` (subgoals, and the contraction when contracted).
};

/// The 64-bit hash of a grid's cells recorded in a file: FNV-1a 64 over the cell values
/// (`Grid::cell`, 0..15, one byte each) in row-major order. Two grids of the same size with the
/// same hash are taken to be the same grid. O(cells). Thread-safe for a const grid.
[[nodiscard]] std::uint64_t grid_hash(const Grid& grid) noexcept;

/// The file bytes of `map`, built (and current) for `grid` under `map.layer()`.
/// Size: 68 + 16 bytes a cell. Complexity: O(cells). Thread-safe for const arguments.
/// @throws std::invalid_argument, writing nothing, when `!map.is_current(grid)` (never built, or
///         built for another grid object or version: sync it first); std::bad_alloc.
[[nodiscard]] std::string serialize_jps_plus(const JpsPlusMap& map, const Grid& grid);

/// The file bytes of `map`, built (and current) for `grid` under its layer.
/// Size: 84 + 8 count() + 4 count() bytes a cell. Complexity: O(cells x count()).
/// @throws std::invalid_argument when the map is not current for `grid` (as serialize_jps_plus).
[[nodiscard]] std::string serialize_landmarks(const LandmarkMap& map, const Grid& grid,
                                              const GridLayer& layer);

/// The file bytes of `map`, built (and current) for `grid` under `map.layer()`, with its
/// landmarks and clusters when it holds them (format version 2; version 1 otherwise). Each sector
/// is written compactly (its nodes and its count x count matrix only), so a map synced after edits
/// gives the same bytes as a fresh build of the edited grid (with the same clusters; landmarks as
/// held). Size: 88 + 2 bytes a sector + 4 bytes a node + 4 bytes a node pair of each sector (about
/// 1 byte a cell on game maps at side 32); with landmarks or clusters, 24 bytes more, 4 (k
/// symmetric) or 8 (not) bytes a node for k landmarks, 4 bytes a cluster and 8 bytes a pair of
/// level-2 nodes of each cluster. Complexity: O(bytes). Thread-safe for const arguments.
/// A map for units larger than a cell (`max_unit_size()` K above 1) is format version 3: 12 bytes
/// more and 4 bytes a pair of nodes serving each size above 1 in each sector.
/// @throws std::invalid_argument when `!map.is_current(grid, map.layer())`; std::bad_alloc.
[[nodiscard]] std::string serialize_hierarchy(const HierarchyMap& map, const Grid& grid);

/// The file bytes of `graph`, built (and current) for `grid` under `graph.layer()`: its options
/// and, for a contracted graph, the contraction (core flags and contracted edges); the subgoals
/// and scan edges are not stored (the loader recomputes them from the grid: O(cells + scans)).
/// Size: 104 bytes, plus 5 bytes a subgoal and 16 bytes a contracted edge when any subgoal was
/// contracted. Complexity: O(bytes). Thread-safe for const arguments.
/// @throws std::invalid_argument when `!graph.is_current(grid)`, or (never for a built graph) when
/// it
///         has more than 32 contracted edges a cell; std::bad_alloc.
[[nodiscard]] std::string serialize_subgoal_graph(const SubgoalGraph& graph, const Grid& grid);

/// Reads a JPS+ table from file bytes for `grid` under `layer`: the result equals
/// `JpsPlusMap(grid, layer)` (operator==) and `is_current(grid, layer)` holds.
///
/// Checks, in order (each failure throws, naming the byte of the field): the magic, the format
/// version ("made for format version 3, this library reads 1"), the size ("truncated: N bytes, the
/// header says M", or bytes after the checksum), the checksum ("checksum mismatch"), the kind, the
/// grid ("made for a 512 x 512 grid whose cells hash to X; this grid is 64 x 64 and its cells hash
/// to Y"), the layer, the payload size for this grid, and every jump distance against the JPS+
/// recurrence from its neighbour ("payload values out of range: ..."), so no file, however made,
/// yields a table other than the one `build` gives. Nothing is allocated beyond 16 bytes a cell
/// of `grid`, whatever the file says. Complexity: O(bytes + cells), about the cost of a build.
/// @param name used in error messages (a file name). Thread-safe for const arguments.
/// @throws PrecomputedError as above; std::bad_alloc.
[[nodiscard]] JpsPlusMap parse_jps_plus(std::string_view bytes, const Grid& grid,
                                        const GridLayer& layer, const std::string& name);

/// Reads a landmark map from file bytes for `grid` under `layer`: the result has the options,
/// landmarks, fraction bits and distances of the saved map, and `is_current(grid, layer)` holds
/// (the cost copy is taken from `grid`). Header checks as `parse_jps_plus`; then the payload:
/// options (count in [1, 32], connectivity 4 or 8), landmarks placed in [0, count] (0 only when
/// no cell is passable), fraction bits in [1, 24], each landmark a passable cell of the grid at
/// distance 0 from itself, impassable cells unreached, and on every move of the map's
/// connectivity both cells reached or both not, their distances differing by at most the move's
/// length in the landmark metric: so the heuristic of any file that loads is admissible and
/// consistent (A* stays optimal; a tampered file can only make it weaker). Allocation bounded by
/// the grid (at most 4 x 32 bytes a cell). Complexity: O(bytes + cells x count x 8), far below a
/// build (count + 2 Dijkstra searches). Thread-safe for const arguments.
/// @throws PrecomputedError; std::bad_alloc.
[[nodiscard]] LandmarkMap parse_landmarks(std::string_view bytes, const Grid& grid,
                                          const GridLayer& layer, const std::string& name);

/// Reads a hierarchy from file bytes for `grid` under `layer`: for a file saved from a map of
/// `grid` the result has the same options, sectors, nodes (same numbers) and matrices as
/// `HierarchyMap(grid, layer, options)`, the landmarks and clusters the saved map held (format
/// version 2), and `is_current(grid, layer)` holds.
///
/// Header checks as `parse_jps_plus`; then the payload: sector side in [4, 128], connectivity 4
/// or 8; the nodes are recomputed from the grid (each sector's transitions: O(cells / side) plus
/// a sort, no search) and the file's node total, matrix entry total, payload size, per-sector
/// counts and node cells must be exactly those; each matrix is checked against the sector's
/// cells: 0 on the diagonal, `kNoPath` exactly for the pairs no path inside the sector joins
/// (one flood fill a sector), every other entry within [the octile (four: Manhattan) distance x
/// 256 x the layer's least passable cost, (sector cells - 1) x 362 (four: 256) x its largest
/// cost]. The entries are not recomputed (that is the build's one Dijkstra per node): a tampered
/// file with a valid checksum can change costs within those bounds, which can only change which
/// route `HpaStar` picks and the abstract cost `plan` reports; every path it returns is still a
/// path of the grid, found whenever one exists, and `find_path` reports its exact cost.
///
/// Format version 2: landmarks count at most 16, the flag 0 or 1, each landmark a node at
/// distance 0 from and to itself, and the tables a feasible potential of the graph the map holds
/// (on every edge u -> v of cost c, per landmark: d(L, u) known implies d(L, v) known and at most
/// d(L, u) + c; d(v, L) known implies d(u, L) known and at most c + d(v, L)), which is all the
/// landmark bound needs to stay admissible and consistent: a tampered table can only weaken it.
/// Cluster side 0 or in [2, 16]; the level-2 nodes are recomputed and the file's counts must be
/// theirs; each cluster matrix has 0 on the diagonal, `kNoClusterPath` exactly between level-2
/// nodes no path inside the cluster joins (a union-find over the cluster's edges), every other
/// entry within [the octile (four: Manhattan) distance x 256 x the least passable cost, (cluster
/// cells - 1) x 362 (four: 256) x the largest cost] and, for two nodes of one sector, at most
/// that sector's entry. Entries are not recomputed (the build's confined Dijkstra searches): as
/// for sector matrices, a tampered entry within the bounds changes routes and reported abstract
/// costs, never a path's validity or whether one is found.
/// Allocation: bounded by the grid (the map itself plus one sector's scratch). Complexity:
/// O(bytes + cells + edges x landmarks), far below a build. Thread-safe for const arguments.
/// @throws PrecomputedError; std::bad_alloc.
[[nodiscard]] HierarchyMap parse_hierarchy(std::string_view bytes, const Grid& grid,
                                           const GridLayer& layer, const std::string& name);

/// Reads a subgoal graph from file bytes for `grid` under `layer`: for a file saved from a graph
/// of `grid` the result has the options, subgoals (same numbers), scan edges, core and
/// contracted edges of the saved graph (so the same answers as it), and `is_current(grid)` holds.
///
/// Header checks as `parse_jps_plus`; then the payload: the options within
/// `SubgoalGraph`'s limits (named); the subgoals, clearances and scan edges are **recomputed**
/// (a build without the contraction: O(cells + scans)) and the file's subgoal count must be
/// theirs; the contraction is **checked, not recomputed** (without the build's witness searches;
/// timings: docs/benchmarks.md): core flags 0 or 1 and their count as stated, edge counts
/// adding up to E (at most 32 a cell), every edge to another subgoal, core subgoals' edges to
/// core subgoals, every edge without a middle a scan edge (either way) costing the octile
/// distance of its ends, every shortcut's middle a contracted subgoal whose cheapest edges to
/// the two ends cost exactly the shortcut's cost, and no cycle among the contracted subgoals'
/// edges. So every edge of a graph that loads unpacks into a walk of the grid of exactly its
/// cost: a tampered file with a valid checksum can cost `SubgoalSearch` optimality or a path (a
/// missing edge), never validity (every path it returns is a path of the grid, cost exact).
/// Allocation: the recomputed graph plus at most the payload's own size. Complexity: O(bytes +
/// cells + scans + edges x degree). Thread-safe for const arguments.
/// @throws PrecomputedError; std::bad_alloc.
[[nodiscard]] SubgoalGraph parse_subgoal_graph(std::string_view bytes, const Grid& grid,
                                               const GridLayer& layer, const std::string& name);

/// The most bytes `load_jps_plus` reads for `grid`: exactly the size of its file.
[[nodiscard]] std::uint64_t max_jps_plus_file_bytes(const Grid& grid) noexcept;
/// The most bytes `load_landmarks` reads for `grid`: the size of a file of 32 landmarks.
[[nodiscard]] std::uint64_t max_landmarks_file_bytes(const Grid& grid) noexcept;
/// The most bytes `load_hierarchy` reads for `grid`: the largest file any sector size could
/// give if every border cell of every sector were a node (real files are far smaller). O(1).
[[nodiscard]] std::uint64_t max_hierarchy_file_bytes(const Grid& grid) noexcept;
/// The most bytes `load_subgoal_graph` reads for `grid`: a file of one subgoal a cell and 32
/// contracted edges a cell (real files are far smaller). O(1).
[[nodiscard]] std::uint64_t max_subgoal_graph_file_bytes(const Grid& grid) noexcept;

/// Reads and parses a JPS+ file (a regular file only, as `load_map`); error messages name `file`
/// as given. Reads at most `max_jps_plus_file_bytes(grid)` + 1 bytes.
/// @throws PrecomputedError as parse_jps_plus; with code `io_error` and no byte: "cannot open the
///         file: REASON", "cannot read the file: REASON", "is not a regular file (...)"; "the file
///         goes on past N bytes, the size of a JPS+ file for a W x H grid".
[[nodiscard]] JpsPlusMap load_jps_plus(const std::filesystem::path& file, const Grid& grid,
                                       const GridLayer& layer);
/// Reads and parses a landmark file (as load_jps_plus; at most `max_landmarks_file_bytes(grid)`
/// + 1 bytes). @throws PrecomputedError.
[[nodiscard]] LandmarkMap load_landmarks(const std::filesystem::path& file, const Grid& grid,
                                         const GridLayer& layer);
/// Reads and parses a hierarchy file (as load_jps_plus; at most `max_hierarchy_file_bytes(grid)`
/// + 1 bytes). @throws PrecomputedError.
[[nodiscard]] HierarchyMap load_hierarchy(const std::filesystem::path& file, const Grid& grid,
                                          const GridLayer& layer);

/// Reads and parses a subgoal graph file (as load_jps_plus; at most
/// `max_subgoal_graph_file_bytes(grid)` + 1 bytes). @throws PrecomputedError.
[[nodiscard]] SubgoalGraph load_subgoal_graph(const std::filesystem::path& file, const Grid& grid,
                                              const GridLayer& layer);

/// Reads the kind field of file bytes after checking the magic and the format version (no
/// checksum, grid or payload check: use it to choose the loader). O(1).
/// @throws PrecomputedError for a bad magic, another format version or an unknown kind.
[[nodiscard]] PrecomputedKind precomputed_kind(std::string_view bytes, const std::string& name);

/// The non-throwing form of `parse_jps_plus`: the table, or nothing with `*error` (when not null)
/// set to `ErrorCode::parse_error` and the PrecomputedError's text, or `out_of_memory`.
/// Usable from code built with -fno-exceptions (see docs/errors.md).
[[nodiscard]] std::optional<JpsPlusMap> try_parse_jps_plus(std::string_view bytes, const Grid& grid,
                                                           const GridLayer& layer,
                                                           const std::string& name,
                                                           Error* error = nullptr) noexcept;
/// The non-throwing form of `parse_landmarks` (errors as `try_parse_jps_plus`).
[[nodiscard]] std::optional<LandmarkMap> try_parse_landmarks(std::string_view bytes,
                                                             const Grid& grid,
                                                             const GridLayer& layer,
                                                             const std::string& name,
                                                             Error* error = nullptr) noexcept;
/// The non-throwing form of `parse_hierarchy` (errors as `try_parse_jps_plus`).
[[nodiscard]] std::optional<HierarchyMap> try_parse_hierarchy(std::string_view bytes,
                                                              const Grid& grid,
                                                              const GridLayer& layer,
                                                              const std::string& name,
                                                              Error* error = nullptr) noexcept;
/// The non-throwing form of `parse_subgoal_graph` (errors as `try_parse_jps_plus`).
[[nodiscard]] std::optional<SubgoalGraph> try_parse_subgoal_graph(std::string_view bytes,
                                                                  const Grid& grid,
                                                                  const GridLayer& layer,
                                                                  const std::string& name,
                                                                  Error* error = nullptr) noexcept;
/// The non-throwing form of `load_jps_plus`: as `try_parse_jps_plus`, and `ErrorCode::io_error`
/// when the file cannot be opened or read or is not a regular file.
[[nodiscard]] std::optional<JpsPlusMap> try_load_jps_plus(const std::filesystem::path& file,
                                                          const Grid& grid, const GridLayer& layer,
                                                          Error* error = nullptr) noexcept;
/// The non-throwing form of `load_landmarks` (errors as `try_load_jps_plus`).
[[nodiscard]] std::optional<LandmarkMap> try_load_landmarks(const std::filesystem::path& file,
                                                            const Grid& grid,
                                                            const GridLayer& layer,
                                                            Error* error = nullptr) noexcept;
/// The non-throwing form of `load_hierarchy` (errors as `try_load_jps_plus`).
[[nodiscard]] std::optional<HierarchyMap> try_load_hierarchy(const std::filesystem::path& file,
                                                             const Grid& grid,
                                                             const GridLayer& layer,
                                                             Error* error = nullptr) noexcept;
/// The non-throwing form of `load_subgoal_graph` (errors as `try_load_jps_plus`).
[[nodiscard]] std::optional<SubgoalGraph> try_load_subgoal_graph(const std::filesystem::path& file,
                                                                 const Grid& grid,
                                                                 const GridLayer& layer,
                                                                 Error* error = nullptr) noexcept;
/// The non-throwing form of `serialize_jps_plus`: the bytes, or nothing with `*error` set to
/// `ErrorCode::invalid_argument` (map not current) or `out_of_memory`.
[[nodiscard]] std::optional<std::string> try_serialize_jps_plus(const JpsPlusMap& map,
                                                                const Grid& grid,
                                                                Error* error = nullptr) noexcept;
/// The non-throwing form of `serialize_landmarks` (errors as `try_serialize_jps_plus`).
[[nodiscard]] std::optional<std::string> try_serialize_landmarks(const LandmarkMap& map,
                                                                 const Grid& grid,
                                                                 const GridLayer& layer,
                                                                 Error* error = nullptr) noexcept;
/// The non-throwing form of `serialize_hierarchy` (errors as `try_serialize_jps_plus`).
[[nodiscard]] std::optional<std::string> try_serialize_hierarchy(const HierarchyMap& map,
                                                                 const Grid& grid,
                                                                 Error* error = nullptr) noexcept;

/// The non-throwing form of `serialize_subgoal_graph` (errors as `try_serialize_jps_plus`).
[[nodiscard]] std::optional<std::string> try_serialize_subgoal_graph(
    const SubgoalGraph& graph, const Grid& grid, Error* error = nullptr) noexcept;

}  // namespace pathing::io
