// The counting operator new of tools/alloc_counter, under the names the tests use.
#pragma once

#include "alloc_counter/alloc_counter.hpp"

namespace pathing::test {
using counting::allocated_bytes;
using counting::allocation_count;
using counting::AllocationScope;
}  // namespace pathing::test
