# Embeds each template as a raw string constant: templates/NAME.tpl becomes
# adgen::templates::NAME in Templates.h. Run with -DOUT=... -DSOURCES=a;b
string(REPLACE "|" ";" SOURCES "${SOURCES}")
set(text "// Generated from templates/*.tpl at build time. Do not edit.\n#pragma once\n\nnamespace adgen::templates {\n")
foreach(src ${SOURCES})
  get_filename_component(name ${src} NAME_WE)
  file(READ ${src} body)
  string(APPEND text "inline constexpr const char *${name} = R\"adgen_tpl(${body})adgen_tpl\";\n")
endforeach()
string(APPEND text "} // namespace adgen::templates\n")
file(WRITE ${OUT}.tmp "${text}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${OUT}.tmp ${OUT})
