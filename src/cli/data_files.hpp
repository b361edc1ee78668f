// src/cli/data_files.hpp: the piece and board files that come with xcount, found by name.
//
// `--pieces pentominoes` and `--board scott-8x8` name shipped files: a path that exists is
// taken as it is; otherwise a bare name is looked up (with or without .txt) in the folders of
// shipped files: ./problems/, then beside the running program (../share/xcount/ where it is
// installed, ../problems/ where it was built in a source tree's build folder).
#pragma once

#include <string>

namespace xcount::cli {

// The file `spec` names in `kind` ("pieces" or "boards"): `spec` itself when nothing better is
// found, so that the error names what the user typed.
std::string data_file(const std::string& spec, const std::string& kind);

// The folder `name` where it exists; otherwise the shipped one of that name beside the running
// program (../share/xcount/NAME installed, ../NAME in a source tree's build folder) where there
// is one; otherwise `name`.
std::string data_folder(const std::string& name);

}  // namespace xcount::cli
