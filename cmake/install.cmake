# Install rules: headers, pathing::pathing (header-only) and pathing::io (static library), a
# CMake package (find_package(pathing) with a SameMajorVersion version file) and a pkg-config file.
include(CMakePackageConfigHelpers)

set(PATHING_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/pathing")

install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/pathing" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")

set(_pathing_install_targets pathing)
if(TARGET pathing_io)
  list(APPEND _pathing_install_targets pathing_io)
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

configure_file("${PROJECT_SOURCE_DIR}/cmake/pathing.pc.in" "${PROJECT_BINARY_DIR}/pathing.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/pathing.pc" DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
