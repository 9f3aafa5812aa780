// pathing: fast grid path-finding. MIT licensed.
//
// The two types through which each precomputed structure (`JpsPlusMap`, `LandmarkMap`,
// `HierarchyMap`, `SubgoalGraph`) writes and reads its own payload in pathing::io's files
// (docs/precomputed.md). Only declared here, so that a structure's header can name them in its
// `save_payload` / `load_payload` without including anything of pathing::io; they are defined,
// with those members, in the compiled pathing_io library (src/io/precomputed_container.hpp).
#pragma once

namespace pathing::io::detail {

/// Appends a payload to a precomputed file being written (little-endian fields).
class PayloadWriter;
/// The payload of a precomputed file whose header was checked: its bytes, name and version.
class PayloadReader;

}  // namespace pathing::io::detail
