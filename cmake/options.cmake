# pathing_auto_option(<option> <what> <debian packages> <package>...): resolves an ON / OFF / AUTO
# cache option into a normal variable of the same name (ON or OFF) in the caller's scope.
#   AUTO: ON when pathing is the top-level project and every <package> is found (each is the
#         arguments of one find_package call, e.g. "CLI11 CONFIG"); else OFF, with a status message
#         naming what is missing and the Debian packages that bring it. Re-evaluated on every
#         configure, so installing the packages later turns the part on.
#   ON:   every <package> must be found, else a configure error says what to install.
#   OFF:  off; nothing is searched for.
function(pathing_auto_option option what debian)
  set(value "${${option}}")
  string(TOUPPER "${value}" value_upper)
  if(value_upper STREQUAL "AUTO" AND NOT PROJECT_IS_TOP_LEVEL)
    set(${option} OFF PARENT_SCOPE)
    return()
  endif()
  if(NOT value_upper STREQUAL "AUTO" AND NOT value)
    set(${option} OFF PARENT_SCOPE)
    return()
  endif()
  set(missing "")
  foreach(package IN LISTS ARGN)
    separate_arguments(args UNIX_COMMAND "${package}")
    list(GET args 0 name)
    find_package(${args} QUIET)
    if(NOT ${name}_FOUND)
      list(APPEND missing "${name}")
    endif()
  endforeach()
  if(NOT missing)
    set(${option} ON PARENT_SCOPE)
  elseif(value_upper STREQUAL "AUTO")
    list(JOIN missing ", " missing)
    message(STATUS "pathing: ${option} is OFF: ${missing} not found for ${what} "
                   "(Debian: apt-get install ${debian}; then reconfigure)")
    set(${option} OFF PARENT_SCOPE)
  else()
    list(JOIN missing ", " missing)
    message(FATAL_ERROR "pathing: ${option}=${value} but ${missing} not found for ${what}. "
                        "Install them (Debian: apt-get install ${debian}) or set ${option}=OFF "
                        "(or AUTO: build ${what} only when found).")
  endif()
endfunction()
