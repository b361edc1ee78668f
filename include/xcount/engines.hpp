// xcount/engines.hpp: the four engines by name, which one a count takes, and how to get one.
//
//     with_engine(EngineKind::automatic, matrix, [](auto& engine) { return engine.count(); });
#pragma once

#include "xcount/bits.hpp"
#include "xcount/cells.hpp"
#include "xcount/dancer.hpp"
#include "xcount/memo.hpp"
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
// memo counts by merging equal states (memo.hpp): any rule, colours too, a state of up to
// 1,024 bits; its nodes depend on what its table held. `automatic` takes it under the scan rule
// where memo_pays says so.
enum class EngineKind { automatic, dlx, cells, bits, scan, memo };

static_assert(SearchEngine<Dancer> && SearchEngine<Cells> && SearchEngine<Bits> && SearchEngine<WideBits> && SearchEngine<SmallBits> &&
                  SearchEngine<SmallBits512> && SearchEngine<Scan> && SearchEngine<WideScan> && SearchEngine<Memo64> &&
                  SearchEngine<Memo128> && SearchEngine<Memo256> && SearchEngine<Memo512> && SearchEngine<Memo1024>,
              "every engine with_engine_type can hand out is a SearchEngine (search.hpp)");

EngineKind resolve_engine(EngineKind kind, const Matrix& matrix, const Choice& choice = {});  // never automatic
// resolve_engine(...) == EngineKind::memo, without weighing the other engines (a pass over a big matrix).
bool resolves_to_memo(EngineKind kind, const Matrix& matrix, const Choice& choice);
// How much a choice removes: sum over items of (options holding it)^2 / options^2, times the
// mean option size (an upper bound of the share of options one option meets, times its size).
// Tilings 3.5-4, 13 queens 1.0, Langford 11 0.85, Langford 16 0.59, sudoku 2x3 grids 0.44, Latin
// squares 0.2-0.4 (9 / n^2), dominoes on 8x8 0.13.
double conflict_density(const Matrix& matrix);
const char* engine_name(EngineKind kind);  // auto, dlx, cells, bits, scan, memo
// What `updates` count for an engine (resolved) under a rule. "links removed": Knuth's DLX
// updates, one per node unlinked from an item's list, done by dlx and computed alike by cells
// and bits. "options tested": one per option a node tests (ScanCosts), the scan engine's unit,
// the memo engine's, and every engine's under ChooseRule::scan. The two are not comparable.
const char* updates_unit(EngineKind resolved, const Choice& choice);

// Whether merging equal states surely pays under the scan rule: the states the scan tree can
// reach are at most 2^28 in all, a bound from the matrix alone (at a node whose first open item
// is p, only the items that options led by earlier ones hold can be covered beyond p), and the
// tree itself is estimated at four times that or more; or, where the bound says nothing, the
// memo engine alone counts the whole matrix in a trial of 2^14 nodes and finds a million
// solutions or more. Dominoes in any number on boards up to 20 wide pass, trominoes up to 9
// wide, and strips of bigger pieces; a set of distinct pieces does not (every option
// holds its piece's item, past the cells in the scan order: the trial runs out), nor a small
// count.
bool memo_pays(const Matrix& matrix);
double memo_states_bound(const MemoLayout& layout);               // that bound
double scan_tree_estimate(const MemoLayout& layout, int probes);  // the scan rule's tree: nodes, by Knuth's random paths (seed 1)

// Calls f.template operator()<Memo>() with the narrowest memo engine whose state holds
// `matrix`'s (the widest, which refuses it, when none does); returns what f does.
template <class F>
decltype(auto) with_memo_type(const Matrix& matrix, F&& f) {
    if (Memo64::fits(matrix)) return f.template operator()<Memo64>();
    if (Memo128::fits(matrix)) return f.template operator()<Memo128>();
    if (Memo256::fits(matrix)) return f.template operator()<Memo256>();
    if (Memo512::fits(matrix)) return f.template operator()<Memo512>();
    return f.template operator()<Memo1024>();  // InputError when it does not fit
}

// Calls f.template operator()<Engine>() with the engine type (a SearchEngine) of the resolved
// kind that fits `matrix`; returns what f does.
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
        case EngineKind::memo: return with_memo_type(matrix, std::forward<F>(f));
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
