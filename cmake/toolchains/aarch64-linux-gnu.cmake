# Cross-compiles pathing for 64-bit ARM Linux (AArch64: phones, consoles, Apple silicon under
# Linux) with Debian's g++-aarch64-linux-gnu; the tests run under qemu-user (package qemu-user:
# qemu-aarch64) as the crosscompiling emulator, with the cross C library in /usr/aarch64-linux-gnu
# as its root for the dynamic loader and shared libraries.
#   cmake --preset arm64      (CMakePresets.json; scripts/test.sh runs it)
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(PATHING_ARM64_TRIPLE aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${PATHING_ARM64_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${PATHING_ARM64_TRIPLE}-g++)
set(PATHING_ARM64_SYSROOT /usr/${PATHING_ARM64_TRIPLE})
set(CMAKE_FIND_ROOT_PATH ${PATHING_ARM64_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

find_program(PATHING_QEMU_AARCH64 NAMES qemu-aarch64 qemu-aarch64-static)
if(NOT PATHING_QEMU_AARCH64)
  message(FATAL_ERROR "pathing: the arm64 build runs its tests under qemu-aarch64, which was not "
    "found: install Debian's qemu-user (scripts/deps.sh --platforms)")
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR ${PATHING_QEMU_AARCH64} -L ${PATHING_ARM64_SYSROOT})
