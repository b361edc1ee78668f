// xcount/text_file.hpp: reading a whole input file, with the errors every reader gives alike.
#pragma once

#include <string>

namespace xcount {

// The file's bytes. InputError "PATH: is a directory, not a WHAT" or "PATH: cannot open the
// WHAT", where `what` names the kind of file ("piece file", "job file", ...).
std::string read_text_file(const std::string& path, const std::string& what);

}  // namespace xcount
