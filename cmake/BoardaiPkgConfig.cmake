# boardai_install_pkgconfig(TEMPLATE NAME): configures the pkg-config file TEMPLATE into NAME.pc
# and installs it under <libdir>/pkgconfig. The prefix is found from the .pc file's own place
# (${pcfiledir}), so the file stays right for `cmake --install --prefix <other>`, DESTDIR staging
# and a moved tree. The template uses @BOARDAI_PC_PREFIX@, @BOARDAI_PC_LIBDIR@,
# @BOARDAI_PC_INCLUDEDIR@ and @PROJECT_VERSION@.
include(GNUInstallDirs)
function(boardai_install_pkgconfig template name)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
    set(BOARDAI_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
    set(BOARDAI_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
  else()
    file(RELATIVE_PATH _pc_up "/p/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/p")
    string(REGEX REPLACE "/$" "" _pc_up "${_pc_up}")
    set(BOARDAI_PC_PREFIX "\${pcfiledir}/${_pc_up}")
    set(BOARDAI_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  endif()
  if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
    set(BOARDAI_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
  else()
    set(BOARDAI_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
  endif()
  configure_file(${template} ${CMAKE_CURRENT_BINARY_DIR}/${name}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${name}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endfunction()
