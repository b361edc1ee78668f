// xcount/error.hpp: the one exception type for bad input.
//
// Everything a user can get wrong (a malformed file, an unknown item, a flag out of range)
// is reported as an InputError. The CLI prints what() on one line and exits with status 2.
// Programming errors (a broken invariant) use std::logic_error and are never caught.
#pragma once

#include <atomic>
#include <stdexcept>
#include <string>

namespace xcount {

class InputError : public std::runtime_error {
public:
    explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

// Thrown by a long step of the library (splitting, probing, planning, recounting) that saw
// its stop flag raised: the step did not finish and returns nothing. A caller reports what it
// has as partial (the CLI: exit 3).
class Stopped : public std::runtime_error {
public:
    Stopped() : std::runtime_error("stopped before the end") {}
};

inline void throw_if_stopped(const std::atomic<bool>* stop) {
    if (stop != nullptr && stop->load(std::memory_order_relaxed)) throw Stopped();
}

// "FILE:LINE:COLUMN: reason"; line and column are 1-based, 0 leaves them out.
std::string located(const std::string& file, long line, long column, const std::string& reason);

// 'name' in quotes for a message, cut to 40 bytes with "..." so a 10 MB token stays one line.
std::string quote_name(const std::string& name);

}  // namespace xcount
