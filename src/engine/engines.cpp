#include "xcount/engines.hpp"

namespace xcount {

double conflict_density(const Matrix& matrix) {
    const std::size_t n = matrix.option_count();
    if (n == 0) return 0;
    std::vector<double> length(matrix.item_count(), 0);
    for (std::size_t o = 0; o < n; ++o)
        for (ItemId i : matrix.option(static_cast<OptionId>(o))) ++length[static_cast<std::size_t>(i)];
    double pairs = 0;
    for (double l : length) pairs += l * l;
    const double options = static_cast<double>(n);
    return pairs / (options * options) * (static_cast<double>(matrix.node_count()) / options);
}

EngineKind resolve_engine(EngineKind kind, const Matrix& matrix, const Choice& choice) {
    if (kind != EngineKind::automatic) return kind;
    if (matrix.has_colours() || matrix.has_multiplicities()) return EngineKind::dlx;  // the only engine that takes them
    if (choice.rule == ChooseRule::scan && WideScan::fits(matrix)) return EngineKind::scan;
    constexpr double kBitsMemory = 256.0 * 1024 * 1024;  // per thread, at worst
    // Where a choice removes few of the options left (Latin squares, sudoku: density 0.2-0.4),
    // the dancer touches only those while bits scans the whole list (docs/benchmarks.md,
    // "which engine auto picks").
    constexpr double kBitsDensity = 0.6;
    // With its option sets (up to 512 options) bits scans no list, but it still counts every open
    // item's options at each node where the dancer reads a length: it wins from a lower density.
    constexpr double kSetsDensity = 0.3;
    const bool sets = SmallBits512::fits(matrix) && SmallBits512::runs_here();
    const bool lists = WideBits::fits(matrix) && WideBits::worst_case_bytes(matrix) <= kBitsMemory;
    if (!sets && !lists) return EngineKind::dlx;
    const double density = conflict_density(matrix);  // a pass over the whole matrix: only where bits could take it
    return (sets && density >= kSetsDensity) || (lists && density >= kBitsDensity) ? EngineKind::bits : EngineKind::dlx;
}

const char* engine_name(EngineKind kind) {
    switch (kind) {
        case EngineKind::automatic: return "auto";
        case EngineKind::dlx: return "dlx";
        case EngineKind::cells: return "cells";
        case EngineKind::bits: return "bits";
        case EngineKind::scan: return "scan";
    }
    return "?";
}

}  // namespace xcount
