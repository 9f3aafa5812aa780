# Install rules: headers, pathing::pathing (header-only) and pathing::io (static library), a
# CMake package (find_package(pathing) with a SameMajorVersion version file) and a pkg-config file.
include(CMakePackageConfigHelpers)

set(PATHING_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/pathing")

install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/pathing" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")

set(_pathing_install_targets pathing)
if(TARGET pathing_io)
  list(APPEND _pathing_install_targets pathing_io)
endif()
if(TARGET pathing_compiled)
  list(APPEND _pathing_install_targets pathing_compiled)
endif()
install(TARGETS ${_pathing_install_targets} EXPORT pathingTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(EXPORT pathingTargets NAMESPACE pathing:: DESTINATION "${PATHING_CMAKE_DIR}")

configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/pathingConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/pathingConfig.cmake" INSTALL_DESTINATION "${PATHING_CMAKE_DIR}")
write_basic_package_version_file("${PROJECT_BINARY_DIR}/pathingConfigVersion.cmake"
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES "${PROJECT_BINARY_DIR}/pathingConfig.cmake"
  "${PROJECT_BINARY_DIR}/pathingConfigVersion.cmake" DESTINATION "${PATHING_CMAKE_DIR}")

# pathing.pc is relocatable: prefix is found from the file's own place (${pcfiledir}), so the
# installed tree can move (cmake --install --prefix P, then mv P Q). Absolute install dirs are
# kept as they are.
set(_pc_dir "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
if(IS_ABSOLUTE "${_pc_dir}")
  set(PATHING_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _pc_up "/prefix/${_pc_dir}" "/prefix")
  string(REGEX REPLACE "/$" "" _pc_up "${_pc_up}")
  set(PATHING_PC_PREFIX "\${pcfiledir}/${_pc_up}")
endif()
foreach(_kind INCLUDEDIR LIBDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${_kind}}")
    set(PATHING_PC_${_kind} "${CMAKE_INSTALL_${_kind}}")
  else()
    set(PATHING_PC_${_kind} "\${prefix}/${CMAKE_INSTALL_${_kind}}")
  endif()
endforeach()
set(PATHING_PC_LIBS "")
if(TARGET pathing_io)
  set(PATHING_PC_LIBS "-L\${libdir} -lpathing_io")
endif()
configure_file("${PROJECT_SOURCE_DIR}/cmake/pathing.pc.in" "${PROJECT_BINARY_DIR}/pathing.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/pathing.pc" DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
