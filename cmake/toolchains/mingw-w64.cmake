# Cross-compiles pathing for 64-bit Windows with Debian's MinGW-w64 (g++-mingw-w64-x86-64-posix:
# the POSIX thread model, which std::thread needs). Executables are linked statically (no
# libstdc++/winpthread DLLs to find) and run under Wine (Debian wine64) as the crosscompiling
# emulator, with a fresh WINEPREFIX inside the build tree and Wine's own logging off.
#   cmake --preset mingw      (CMakePresets.json; scripts/test.sh runs it)
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(PATHING_MINGW_TRIPLE x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${PATHING_MINGW_TRIPLE}-gcc-posix)
set(CMAKE_CXX_COMPILER ${PATHING_MINGW_TRIPLE}-g++-posix)
set(CMAKE_RC_COMPILER ${PATHING_MINGW_TRIPLE}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${PATHING_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")

find_program(PATHING_WINE NAMES wine wine64)
if(PATHING_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR
      /usr/bin/env WINEDEBUG=-all WINEPREFIX=${CMAKE_BINARY_DIR}/wineprefix ${PATHING_WINE})
endif()
