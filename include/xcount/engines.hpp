// xcount/engines.hpp: the four engines by name, which one a count takes, and how to get one.
//
//     with_engine(EngineKind::automatic, matrix, [](auto& engine) { return engine.count(); });
#pragma once

#include "xcount/bits.hpp"
#include "xcount/cells.hpp"
#include "xcount/dancer.hpp"
#include "xcount/scan.hpp"
#include "xcount/small_bits.hpp"

namespace xcount {

// Which exact-cover engine solves the subproblems. dlx, cells and bits make the same choices
// under every rule, so every split replays on any of them and every figure (solutions,
// updates, nodes) is the same; scan walks only the tree of ChooseRule::scan, where it is the
// fast one (the others walk it too, with the same figures). `automatic`: under the scan rule,
// scan where the matrix fits it; otherwise bits where the matrix fits it (at most 256 items)
// and its options conflict densely (a choice removes a good share of the options left:
// tilings, queens, Langford pairs), or fits bits' option sets and conflicts at least
// moderately (Latin 5, Langford 16), dlx elsewhere (the benchmark's verdict). bits is its
// option sets (SmallBitsOf) where the matrix has at most 512 options and 128 primary items
// and the processor counts bits in one instruction, else its option lists; bits' lists and
// scan are their 128-bit versions up to 128 items, the 256-bit ones above. A matrix with colours
// or multiplicities goes to dlx, the one engine that takes them (the others refuse it,
// InputError; expand_multiplicities gives them an exact-cover matrix to count instead).
enum class EngineKind { automatic, dlx, cells, bits, scan };

EngineKind resolve_engine(EngineKind kind, const Matrix& matrix, const Choice& choice = {});  // never automatic
// How much a choice removes: sum over items of (options holding it)^2 / options^2, times the
// mean option size (an upper bound of the share of options one option meets, times its size).
// Tilings 3.5-4, 13 queens 1.0, Langford 11 0.85, Langford 16 0.59, sudoku 2x3 grids 0.44, Latin
// squares 0.2-0.4 (9 / n^2), dominoes on 8x8 0.13.
double conflict_density(const Matrix& matrix);
const char* engine_name(EngineKind kind);  // auto, dlx, cells, bits, scan

// Calls f.template operator()<Engine>() with the engine type of the resolved kind that fits
// `matrix`; returns what f does.
template <class F>
decltype(auto) with_engine_type(EngineKind kind, const Matrix& matrix, const Choice& choice, F&& f) {
    switch (resolve_engine(kind, matrix, choice)) {
        case EngineKind::cells: return f.template operator()<Cells>();
        case EngineKind::bits:
            if (SmallBits::fits(matrix) && SmallBits::runs_here()) return f.template operator()<SmallBits>();
            if (SmallBits512::fits(matrix) && SmallBits512::runs_here()) return f.template operator()<SmallBits512>();
            if (Bits::fits(matrix)) return f.template operator()<Bits>();
            return f.template operator()<WideBits>();  // InputError when it does not fit either
        case EngineKind::scan:
            if (Scan::fits(matrix)) return f.template operator()<Scan>();
            return f.template operator()<WideScan>();
        default: return f.template operator()<Dancer>();
    }
}

// Calls f(engine) with an engine of the resolved kind built on `matrix`, following `choice`;
// returns what f does.
template <class F>
decltype(auto) with_engine(EngineKind kind, const Matrix& matrix, F&& f, const Choice& choice = {}) {
    return with_engine_type(kind, matrix, choice, [&]<class Engine>() -> decltype(auto) {
        Engine engine(matrix);
        engine.set_choice(choice);
        return f(engine);
    });
}

}  // namespace xcount
