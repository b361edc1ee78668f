#include "memory.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <utility>
#include <cstdio>

#include "xcount/error.hpp"
#include "xcount/memory_limit.hpp"

namespace xcount::cli {

namespace {

// Per node: the matrix keeps an item id (4 bytes) and the builder had one too; an engine keeps
// a 12-byte node and its option id (dancer) or an 8-byte node, a set entry and the option id
// (cells). Per option: offsets, a spacer node, and the engines' per-option arrays. Per item: its
// name, kind and index entry in the matrix (measured: about 100 bytes), and per engine its
// header, list and set (measured: about 40 bytes).
constexpr double kMatrixPerNode = 8, kEnginePerNode = 16, kPerOption = 32, kMatrixPerItem = 120, kEnginePerItem = 48;
// Beside the matrix and the engines: the program, its libraries and the plan (measured: 16 to
// 25 MiB), and per engine copy its thread's stack and the memo engine's own cache (up to 2 MiB
// for the widest states).
constexpr double kProcessBytes = 32.0 * 1024 * 1024, kPerEngineBytes = 4.0 * 1024 * 1024;
// The least table worth making: below it a count would mostly recount what it forgot.
constexpr double kLeastTable = 1024.0 * 1024;

double rest_of_process(const MatrixSize& size, int engines) {
    return memory_needed(size, engines) + kProcessBytes + kPerEngineBytes * engines;
}

}  // namespace

std::string size_text(double bytes) {
    char text[32];
    if (bytes >= 0x1p40)
        std::snprintf(text, sizeof text, "%.1f TiB", bytes / 0x1p40);
    else if (bytes >= 1024.0 * 1024 * 1024)
        std::snprintf(text, sizeof text, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
    else if (bytes >= 1024.0 * 1024)
        std::snprintf(text, sizeof text, "%.1f MiB", bytes / (1024.0 * 1024));
    else if (bytes >= 1024.0)
        std::snprintf(text, sizeof text, "%.1f KiB", bytes / 1024.0);
    else
        std::snprintf(text, sizeof text, "%.0f B", bytes);
    return text;
}

std::uint64_t default_max_memory() { return usable_memory().bytes / 2; }

std::uint64_t parse_memory(const std::string& text, const std::string& flag) {
    const auto refuse = [&] {
        return InputError("--" + flag +
                          " is a size: a whole number of bytes, or a number of at least 1 with K, M, G or T (powers of 1024), " +
                          "such as 512M or 1.5G; not " + quote_name(text));
    };
    const std::size_t digits = text.find_first_not_of("0123456789");
    const std::size_t number_end = digits < text.size() && text[digits] == '.' ? text.find_first_not_of("0123456789", digits + 1) : digits;
    const std::string number = text.substr(0, number_end), unit = text.substr(std::min(number_end, text.size()));
    const bool fraction = number.find('.') != std::string::npos;
    if (number.empty() || digits == 0 || number.back() == '.' || (fraction && unit.empty())) throw refuse();
    static constexpr std::pair<const char*, double> kUnits[] = {{"", 1},       {"K", 0x1p10}, {"k", 0x1p10},
                                                                {"M", 0x1p20}, {"G", 0x1p30}, {"T", 0x1p40}};
    const auto* scale = std::find_if(std::begin(kUnits), std::end(kUnits), [&](const auto& u) { return unit == u.first; });
    if (scale == std::end(kUnits)) throw refuse();
    const double value = std::strtod(number.c_str(), nullptr), bytes = value * scale->second;
    if (value < 1 || bytes > 1e18) throw refuse();
    return static_cast<std::uint64_t>(bytes);
}

MatrixSize size_of(const Matrix& matrix) {
    return {static_cast<double>(matrix.option_count()), static_cast<double>(matrix.node_count()), static_cast<double>(matrix.item_count())};
}

double memory_needed(const MatrixSize& size, int engines) {
    return size.nodes * (kMatrixPerNode + kEnginePerNode * engines) + size.options * kPerOption * (1 + engines) +
           size.items * (kMatrixPerItem + kEnginePerItem * engines);
}

void check_memory(const MatrixSize& size, int engines, std::uint64_t limit, const std::string& what) {
    const double need = memory_needed(size, engines);
    if (need <= static_cast<double>(limit)) return;
    char items[32] = "", figures[128];
    if (size.items > 0) std::snprintf(items, sizeof items, "%.3g items, ", size.items);
    std::snprintf(figures, sizeof figures, "%s%.3g options, %.3g nodes, %d engine copies", items, size.options, size.nodes, engines);
    throw InputError("the problem needs " + what + " " + size_text(need) + " (" + figures + "), more than --max-memory " +
                     size_text(static_cast<double>(limit)) + "; use fewer --threads or a larger --max-memory");
}

void check_memo_memory(std::uint64_t memo_bytes, std::optional<std::uint64_t> max_memory) {
    const MemoryLimit usable = usable_memory();
    if (memo_bytes > usable.bytes)
        throw InputError("--memo-memory " + size_text(static_cast<double>(memo_bytes)) + " is more than this process may use: " +
                         size_text(static_cast<double>(usable.bytes)) + " (" + usable.source + ")");
    if (max_memory && memo_bytes > *max_memory)
        throw InputError("--memo-memory " + size_text(static_cast<double>(memo_bytes)) + " is more than --max-memory " +
                         size_text(static_cast<double>(*max_memory)) + ": the table is part of what --max-memory bounds");
}

std::size_t memo_table_bytes(std::uint64_t memo_bytes, std::optional<std::uint64_t> max_memory, const MatrixSize& size, int engines) {
    const MemoryLimit usable = usable_memory();
    const double bound = static_cast<double>(max_memory ? *max_memory : usable.bytes);
    const double rest = rest_of_process(size, engines), room = bound - rest;
    if (memo_bytes != 0 && static_cast<double>(memo_bytes) > room)
        throw InputError(
            "--memo-memory " + size_text(static_cast<double>(memo_bytes)) + " and the rest of the count (about " + size_text(rest) +
            ": the matrix, " + std::to_string(engines) + " engine copies, the program) pass " +
            (max_memory ? "--max-memory " + size_text(bound) + "; give a smaller --memo-memory or a larger --max-memory"
                        : "what this process may use, " + size_text(bound) + " (" + usable.source + "); give a smaller --memo-memory"));
    if (memo_bytes != 0) return static_cast<std::size_t>(memo_bytes);
    const double table = std::min(static_cast<double>(usable.bytes) / 4, room);
    return static_cast<std::size_t>(std::max(table, kLeastTable));
}

}  // namespace xcount::cli
