// xcount/text_file.hpp: reading a whole input file, and writing a whole output file, with the
// errors every reader and writer gives alike.
#pragma once

#include <fstream>
#include <string>
#include <string_view>

namespace xcount {

// The file's bytes, less a leading UTF-8 byte-order mark. InputError "PATH: is a directory,
// not a WHAT" or "PATH: cannot open the WHAT: REASON", where `what` names the kind of file
// ("piece file", "job file", ...).
std::string read_text_file(const std::string& path, const std::string& what);

// The file opened to read in binary; InputError "PATH: FAILURE: REASON" (the system's reason,
// "No such file or directory") when it cannot be.
std::ifstream open_to_read(const std::string& path, const std::string& failure);

// Writes `text` to PATH.part, flushes it to the disk and renames it to PATH, so that PATH is
// the old file or the whole new one, never a torn one. On any failure PATH.part is removed and
// InputError names the path and the system's reason ("No space left on device").
void write_text_file(const std::string& path, std::string_view text);

// Every byte of `data` to `fd`, retrying short writes; false (errno set) when one fails.
bool write_all(int fd, std::string_view data);

// Refuses, before any work, an output path that cannot be written or that holds a file not
// written by xcount (one that does not start with `magic`): it would be lost.
void check_output_path(const std::string& path, std::string_view magic, const std::string& what);

}  // namespace xcount
