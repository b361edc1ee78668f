// src/cli/memory.hpp: refusing a problem whose matrix and engines would not fit in memory,
// before they are built (--max-memory), with the estimate in the message.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "registry.hpp"

namespace xcount::cli {

std::uint64_t default_max_memory();   // half of the memory this process may use (xcount::usable_memory)
std::string size_text(double bytes);  // "512.0 MiB", "1.9 GiB"
// "512M", "4G", "1.5T", "1000000" (bytes): a whole number of bytes, or a number of at least 1
// with K, M, G or T (powers of 1024); InputError on anything else ("0x10", "1e3", "0.5K").
std::uint64_t parse_memory(const std::string& text, const std::string& flag = "max-memory");
// The size of a matrix built: its options, nodes and items.
MatrixSize size_of(const Matrix& matrix);
// Bytes the count needs for a matrix of this size solved by `engines` engine copies (one per
// thread, one for the splitter): the matrix itself, and per engine its nodes and sets.
double memory_needed(const MatrixSize& size, int engines);
// InputError when memory_needed exceeds `limit`; `what` says whether it is an estimate.
void check_memory(const MatrixSize& size, int engines, std::uint64_t limit, const std::string& what);
// --memo-memory checked where it is given: InputError when it is more than this process may use
// (with the figure and which limit it is), or more than --max-memory.
void check_memo_memory(std::uint64_t memo_bytes, std::optional<std::uint64_t> max_memory);
// The memo engine's table bound for a count of a matrix of `size` on `engines` engine copies:
// `memo_bytes` as given (0: a quarter of what this process may use), within what `max_memory`
// (nullopt: all this process may use) leaves after the rest of the process (the matrix, the
// engines, their caches; InputError, with the figures, when a given table does not fit there).
std::size_t memo_table_bytes(std::uint64_t memo_bytes, std::optional<std::uint64_t> max_memory, const MatrixSize& size, int engines);

}  // namespace xcount::cli
