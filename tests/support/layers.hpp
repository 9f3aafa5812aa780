// Layers shared by several test files. One definition here, not one a file: the test binaries
// are built in unity batches (tests/CMakeLists.txt), where the files of a batch share one
// translation unit and two namespace-scope `kWalk`s would clash.
#pragma once

#include "pathing/map/layer.hpp"

namespace pathing::test {

/// Tag 0 costs 1; every other tag and blocked cells are impassable.
inline const GridLayer kWalk{1};

}  // namespace pathing::test
