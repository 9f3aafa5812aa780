// Exception assertions that also compile with -fno-exceptions (the `noexcept` preset): there the
// statement just runs (the library then takes the documented fallback, see docs/errors.md).
#pragma once

#include <gtest/gtest.h>

#include "pathing/detail/compiler.hpp"

#if PATHING_HAS_EXCEPTIONS
#define PATHING_EXPECT_THROW(statement, exception) EXPECT_THROW(statement, exception)
#define PATHING_ASSERT_NO_THROW(statement) ASSERT_NO_THROW(statement)
#else
#define PATHING_EXPECT_THROW(statement, exception) statement
#define PATHING_ASSERT_NO_THROW(statement) statement
#endif
