// src/cli/data_files.hpp: the piece and board files that come with xcount, found by name.
//
// `--pieces pentominoes` and `--board scott-8x8` name shipped files: a path that exists is
// taken as it is; otherwise a bare name is looked up (with or without .txt) in the folders of
// shipped files: ./problems/, then beside the running program (../share/xcount/ where it is
// installed, ../problems/ where it was built in a source tree's build folder), then the source
// tree it was built from (a build folder anywhere else).
#pragma once

#include <string>
#include <vector>

namespace xcount::cli {

// The file `spec` names in `kind` ("pieces" or "boards"): `spec` itself when nothing better is
// found, so that the error names what the user typed.
std::string data_file(const std::string& spec, const std::string& kind);

// The names of the shipped files of `kind` (without .txt), sorted, from every folder searched.
std::vector<std::string> shipped_names(const std::string& kind);

// For a name that is no file: the names of the shipped files of `kind`, and where they were
// looked for.
std::string searched_text(const std::string& kind);

// The folder `name` where it exists; otherwise the shipped one of that name beside the running
// program (../share/xcount/NAME installed, ../NAME in a source tree's build folder) or in the
// source tree it was built from, where there is one; otherwise `name`.
std::string data_folder(const std::string& name);

// A job file's path: `path` where it exists; a relative jobs/NAME that is not here is the
// shipped one (data_folder("jobs")/NAME) where that exists.
std::string data_job(const std::string& path);

}  // namespace xcount::cli
