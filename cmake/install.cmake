# SPDX-License-Identifier: MIT OR Apache-2.0
include(CMakePackageConfigHelpers)
install(TARGETS irikit_static irikit_shared EXPORT irikitTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/irikit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT irikitTargets NAMESPACE irikit:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/irikit)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/irikitConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/irikitConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/irikit)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/irikitConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/irikitConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/irikitConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/irikit)
# pkg-config file relocatable: the prefix is found relative to the .pc file itself.
file(RELATIVE_PATH IRIKIT_PC_TO_PREFIX "/root/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/root")
configure_file(${CMAKE_CURRENT_LIST_DIR}/irikit.pc.in ${CMAKE_CURRENT_BINARY_DIR}/irikit.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/irikit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IRIKIT_BUILD_TOOLS)
  install(TARGETS iri RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(IRIKIT_BUILD_TOOLS)
  install(FILES ${PROJECT_SOURCE_DIR}/docs/iri.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()
