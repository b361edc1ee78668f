#include "memory.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>

#include "xcount/error.hpp"

namespace xcount::cli {

namespace {

// Per node: the matrix keeps an item id (4 bytes) and the builder had one too; an engine keeps
// a 12-byte node and its option id (dancer) or an 8-byte node, a set entry and the option id
// (cells). Per option: offsets, a spacer node, and the engines' per-option arrays.
constexpr double kMatrixPerNode = 8, kEnginePerNode = 16, kPerOption = 32;

}  // namespace

std::string size_text(double bytes) {
    char text[32];
    if (bytes >= 1024.0 * 1024 * 1024)
        std::snprintf(text, sizeof text, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
    else if (bytes >= 1024.0 * 1024)
        std::snprintf(text, sizeof text, "%.1f MiB", bytes / (1024.0 * 1024));
    else if (bytes >= 1024.0)
        std::snprintf(text, sizeof text, "%.1f KiB", bytes / 1024.0);
    else
        std::snprintf(text, sizeof text, "%.0f B", bytes);
    return text;
}

std::uint64_t default_max_memory() {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) return std::uint64_t{8} << 30;
    return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) / 2;
}

std::uint64_t parse_memory(const std::string& text, const std::string& flag) {
    std::size_t used = 0;
    double value = -1;
    try {
        value = std::stod(text, &used);
    } catch (...) {
        used = 0;
    }
    double scale = 1;
    const std::string unit = text.substr(used);
    if (unit == "K" || unit == "k")
        scale = 1024.0;
    else if (unit == "M")
        scale = 1024.0 * 1024;
    else if (unit == "G")
        scale = 1024.0 * 1024 * 1024;
    else if (unit == "T")
        scale = 1024.0 * 1024 * 1024 * 1024;
    else if (!unit.empty())
        used = 0;
    const double bytes = value * scale;
    if (used == 0 || !(bytes >= 1) || bytes > 1e18)
        throw InputError("--" + flag + " must be a size such as 512M, 4G or 1.5T (or bytes), not " + quote_name(text));
    return static_cast<std::uint64_t>(bytes);
}

double memory_needed(const MatrixSize& size, int engines) {
    return size.nodes * (kMatrixPerNode + kEnginePerNode * engines) + size.options * kPerOption * (1 + engines);
}

void check_memory(const MatrixSize& size, int engines, std::uint64_t limit, const std::string& what) {
    const double need = memory_needed(size, engines);
    if (need <= static_cast<double>(limit)) return;
    char figures[96];
    std::snprintf(figures, sizeof figures, "%.3g options, %.3g nodes, %d engine copies", size.options, size.nodes, engines);
    throw InputError("the problem needs " + what + " " + size_text(need) + " (" + figures + "), more than --max-memory " +
                     size_text(static_cast<double>(limit)) + "; use fewer --threads or a larger --max-memory");
}

}  // namespace xcount::cli
