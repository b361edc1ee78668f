// xcount/count.hpp: the 128-bit solution counter and its exact decimal form.
//
// Published totals exceed 2^64 (L(2,27) Langford pairings, 9x9 sudoku grids), so every
// solution count is an unsigned __int128. Neither iostreams nor printf know that type;
// these two functions are the only way counts go to and from text.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace xcount {

using Count = unsigned __int128;

std::string to_string(Count value);

// Parses a non-negative decimal (digits only, no sign, no spaces); nullopt on anything else,
// including values of 2^128 or more.
std::optional<Count> parse_count(std::string_view text);

// a + b and a * b, or std::overflow_error when the result would not fit in 128 bits: a total
// that wrapped around would be a wrong count, never to be printed.
Count checked_add(Count a, Count b);
Count checked_multiply(Count a, Count b);

}  // namespace xcount
