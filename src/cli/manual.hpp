// src/cli/manual.hpp: the manual page and the bash completion script, generated from the flag
// table, the commands and the models, so that they list exactly what --help does. The build
// writes them (xcount --man, xcount --bash-completion) and `cmake --install` installs them.
#pragma once

#include <string>

namespace xcount::cli {

std::string man_page();         // troff, for man(1)
std::string bash_completion();  // a script for bash-completion's completions/ folder

}  // namespace xcount::cli
