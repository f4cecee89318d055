# adgen_add_derivatives: run adgen as a build step and add the generated
# derivative sources (and the adgen runtime) to a target.
#
#   adgen_add_derivatives(TARGET <tgt>
#                         SOURCES <a.cpp> [<b.cpp> ...]
#                         [CUDA]
#                         [CHECKPOINT <policy>...]
#                         [OUTPUT_EXTENSION .cpp|.cu|...]
#                         [ARGS <extra adgen arguments>...])
#
# For each source <dir>/<stem>.<ext> it generates
# ${CMAKE_CURRENT_BINARY_DIR}/<stem>_adgen<OUTPUT_EXTENSION> with
#   adgen <abs source> -o <output> [--checkpoint=<policy>] <ARGS>
# regenerated when the source or the adgen executable changes (the `adgen`
# target in adgen's own build, the installed file of adgen::adgen otherwise;
# headers the source includes are not tracked), and adds it and the runtime
# (adgen_runtime / adgen::runtime) to <tgt>.
#
#   CUDA              generate the CUDA flavour: OUTPUT_EXTENSION defaults to
#                     .cu instead of .cpp. When the CUDA language is not enabled
#                     in the project, the .cu file is compiled as C++ (the
#                     generated code compiles with either compiler; it
#                     gets `-x c++` with g++ and clang++). With
#                     project(... LANGUAGES CXX CUDA) nvcc compiles it.
#   CHECKPOINT p...   default loop checkpoint policy, passed as
#                     --checkpoint=<p...> (values joined with spaces, so both
#                     CHECKPOINT "every 4" and CHECKPOINT every 4 work).
#   OUTPUT_EXTENSION  extension of the generated file (the dot is optional);
#                     adgen picks its target flavour from it.
#   ARGS              passed to adgen after -o (e.g. -I dirs, -D defines,
#                     `-- <clang args>`).
#
# The adgen executable is the `adgen` target when this file is used inside
# the adgen build tree, otherwise the imported `adgen::adgen` target (from
# find_package(adgen)). ADGEN_EXECUTABLE, if set, overrides both.
include_guard(GLOBAL)

function(_adgen_resolve_executable out_exe out_dep)
  if(ADGEN_EXECUTABLE)
    set(${out_exe} "${ADGEN_EXECUTABLE}" PARENT_SCOPE)
    set(${out_dep} "${ADGEN_EXECUTABLE}" PARENT_SCOPE)
  elseif(TARGET adgen)
    set(${out_exe} "$<TARGET_FILE:adgen>" PARENT_SCOPE)
    set(${out_dep} adgen PARENT_SCOPE)
  elseif(TARGET adgen::adgen)
    set(${out_exe} "$<TARGET_FILE:adgen::adgen>" PARENT_SCOPE)
    # The installed executable's file: a new adgen installed over it (or a
    # touch) regenerates the derivatives.
    set(${out_dep} "$<TARGET_FILE:adgen::adgen>" PARENT_SCOPE)
  else()
    message(FATAL_ERROR
      "adgen_add_derivatives: no adgen executable: neither the `adgen` nor "
      "the `adgen::adgen` target exists (use find_package(adgen) or set "
      "ADGEN_EXECUTABLE)")
  endif()
endfunction()

function(_adgen_resolve_runtime out_runtime)
  if(TARGET adgen_runtime)
    set(${out_runtime} adgen_runtime PARENT_SCOPE)
  elseif(TARGET adgen::runtime)
    set(${out_runtime} adgen::runtime PARENT_SCOPE)
  else()
    message(FATAL_ERROR
      "adgen_add_derivatives: neither `adgen_runtime` nor `adgen::runtime` "
      "target exists")
  endif()
endfunction()

function(adgen_add_derivatives)
  cmake_parse_arguments(PARSE_ARGV 0 ARG
    "CUDA" "TARGET;OUTPUT_EXTENSION" "SOURCES;ARGS;CHECKPOINT")

  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "adgen_add_derivatives: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_TARGET)
    message(FATAL_ERROR "adgen_add_derivatives: TARGET is required")
  endif()
  if(NOT TARGET ${ARG_TARGET})
    message(FATAL_ERROR
      "adgen_add_derivatives: `${ARG_TARGET}` is not a target")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "adgen_add_derivatives: SOURCES is required")
  endif()
  if("CHECKPOINT" IN_LIST ARG_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "adgen_add_derivatives: CHECKPOINT needs a policy")
  endif()

  if(ARG_OUTPUT_EXTENSION)
    set(ext "${ARG_OUTPUT_EXTENSION}")
    if(NOT ext MATCHES "^\\.")
      set(ext ".${ext}")
    endif()
  elseif(ARG_CUDA)
    set(ext ".cu")
  else()
    set(ext ".cpp")
  endif()

  set(adgen_args)
  if(ARG_CHECKPOINT)
    list(JOIN ARG_CHECKPOINT " " policy)
    list(APPEND adgen_args "--checkpoint=${policy}")
  endif()
  list(APPEND adgen_args ${ARG_ARGS})

  _adgen_resolve_executable(adgen_exe adgen_dep)
  _adgen_resolve_runtime(adgen_runtime)

  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)

  set(outputs)
  set(srcs_abs)
  foreach(src IN LISTS ARG_SOURCES)
    get_filename_component(src_abs "${src}" ABSOLUTE
      BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(stem "${src_abs}" NAME_WLE)
    set(out "${CMAKE_CURRENT_BINARY_DIR}/${stem}_adgen${ext}")
    if(out IN_LIST outputs)
      message(FATAL_ERROR
        "adgen_add_derivatives: two sources named `${stem}` would both "
        "generate ${out}")
    endif()
    list(APPEND outputs "${out}")
    list(APPEND srcs_abs "${src_abs}")

    file(RELATIVE_PATH src_rel "${PROJECT_SOURCE_DIR}" "${src_abs}")
    add_custom_command(
      OUTPUT "${out}"
      COMMAND "${adgen_exe}" "${src_abs}" -o "${out}" ${adgen_args}
      DEPENDS "${src_abs}" ${adgen_dep}
      COMMENT "adgen: differentiating ${src_rel}"
      VERBATIM)

    # A .cu file compiles as C++ when the project has not enabled CUDA
    # (compiled by the C++ compiler, with `-x c++`).
    if(ext STREQUAL ".cu" AND NOT "CUDA" IN_LIST languages)
      set_source_files_properties("${out}" TARGET_DIRECTORY ${ARG_TARGET}
        PROPERTIES LANGUAGE CXX)
      # CMake adds `-x c++` itself only under policy CMP0119 (NEW from
      # cmake_minimum_required 3.20); without it g++ would take the .cu for a
      # linker input. A second `-x c++` is harmless.
      if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
        set_property(SOURCE "${out}" TARGET_DIRECTORY ${ARG_TARGET}
          APPEND PROPERTY COMPILE_OPTIONS -x c++)
      endif()
    endif()
  endforeach()

  target_sources(${ARG_TARGET} PRIVATE ${outputs})
  target_link_libraries(${ARG_TARGET} PRIVATE ${adgen_runtime})

  # What each call differentiated, for tools and tests that re-run adgen on
  # the same inputs (adgen's own test/cmake compiles every example's CUDA
  # flavour with nvcc): the global property ADGEN_CALLS counts the calls; call
  # i (from 1) has the global properties ADGEN_CALL_<i>_TARGET,
  # ADGEN_CALL_<i>_SOURCES (absolute inputs) and ADGEN_CALL_<i>_ARGS (adgen's
  # arguments after -o), ADGEN_CALL_<i>_WORKING_DIRECTORY (where adgen runs).
  get_property(ncalls GLOBAL PROPERTY ADGEN_CALLS)
  if(NOT ncalls)
    set(ncalls 0)
  endif()
  math(EXPR ncalls "${ncalls} + 1")
  set_property(GLOBAL PROPERTY ADGEN_CALLS ${ncalls})
  set_property(GLOBAL PROPERTY ADGEN_CALL_${ncalls}_TARGET ${ARG_TARGET})
  set_property(GLOBAL PROPERTY ADGEN_CALL_${ncalls}_SOURCES ${srcs_abs})
  set_property(GLOBAL PROPERTY ADGEN_CALL_${ncalls}_ARGS ${adgen_args})
  set_property(GLOBAL PROPERTY ADGEN_CALL_${ncalls}_WORKING_DIRECTORY
    "${CMAKE_CURRENT_BINARY_DIR}")
endfunction()
