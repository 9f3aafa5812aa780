// pathing: fast grid path-finding. MIT licensed.
//
// The contestant interface of the Grid-Based Path Planning Competition (GPPC) start kit,
// gppc-dev/startkit-classic, restated so that our entry (Entry.cpp) and our driver
// (check_entry.cpp) build in this repository. The kit ships its own Entry.h (not to be modified by
// contestants); inside a kit checkout the kit's file is the one used, and only Entry.cpp is copied
// there (tools/gppc/README.md). The declarations below are the interface the kit's main.cpp
// calls; the comments are ours.
#ifndef PATHING_TOOLS_GPPC_ENTRY_H
#define PATHING_TOOLS_GPPC_ENTRY_H

#include <cstdint>
#include <string>
#include <vector>

#if __has_include("GPPC.h")
#include "GPPC.h"  // inside a kit checkout: its own xyLoc
#else
namespace GPPC {
/// A cell of the map: column `x` (0 = left) and row `y` (0 = top), as the kit defines it.
struct xyLoc {
  std::int16_t x;  ///< Column.
  std::int16_t y;  ///< Row.
};
}  // namespace GPPC
#endif

/// The kit's name for a cell.
using xyLoc = GPPC::xyLoc;

/// Preprocessing run (`./run -pre MAP none`, or the first half of `-full`): may write data about
/// the map to the file `filename` (under the kit's `index_data/` directory, which the kit's
/// compile.sh creates); `PrepareForSearch` runs in another process and can read it back. `bits`
/// holds `width` * `height` cells row by row (cell (x, y) at y * width + x), true = traversable
/// (the kit reads `.`, `G` and `S` as traversable, every other character as an obstacle).
void PreprocessMap(const std::vector<bool>& bits, int width, int height,
                   const std::string& filename);

/// Called once before the queries of a run (`-run`, `-check`, `-full`), with the same map as
/// `PreprocessMap` and the same `filename`. Returns the searcher's state on the heap; the kit
/// passes it to every `GetPath` and never frees it.
void* PrepareForSearch(const std::vector<bool>& bits, int width, int height,
                       const std::string& filename);

/// One query from `s` to `g` on the map given to `PrepareForSearch` (`data` is its result). Writes
/// into `path` the points of a shortest path, `s` first and `g` last, each consecutive pair joined
/// by a horizontal, vertical or 45-degree diagonal segment over traversable cells that never cuts
/// a corner (8-connected moves, straight 1, diagonal sqrt 2; the length is the sum of the
/// Euclidean lengths of the segments; collinear points are allowed). `path` is empty when no path
/// exists and when `s == g`. Returns true when the answer is complete; false asks the kit to call
/// again (same `s`, `g` and `path`), for entries that return a path piece by piece. The kit clears
/// `path` only before the first call of each query.
bool GetPath(void* data, xyLoc s, xyLoc g, std::vector<xyLoc>& path);

/// The entry's name, fixed for the program's lifetime (the kit names the preprocessing file after
/// it: `index_data/NAME-MAPBASENAME`).
std::string GetName();

#endif  // PATHING_TOOLS_GPPC_ENTRY_H
