// xcount/error.hpp: the one exception type for bad input.
//
// Everything a user can get wrong (a malformed file, an unknown item, a flag out of range)
// is reported as an InputError. The CLI prints what() on one line and exits with status 2.
// Programming errors (a broken invariant) use std::logic_error and are never caught.
#pragma once

#include <stdexcept>
#include <string>

namespace xcount {

class InputError : public std::runtime_error {
public:
    explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

// "FILE:LINE:COLUMN: reason"; line and column are 1-based, 0 leaves them out.
std::string located(const std::string& file, long line, long column, const std::string& reason);

// 'name' in quotes for a message, cut to 40 bytes with "..." so a 10 MB token stays one line.
std::string quote_name(const std::string& name);

}  // namespace xcount
