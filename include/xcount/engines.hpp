// xcount/engines.hpp: every engine by name, the one decision of which engine and rule a count
// takes, and how to get the engine.
//
//     const Method method = decide_method(matrix, MethodRequest{});  // auto: the engine that pays here
//     with_engine(method, matrix, [](auto& engine) { return engine.count(); });
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "xcount/bits.hpp"
#include "xcount/cells.hpp"
#include "xcount/dancer.hpp"
#include "xcount/frontier.hpp"
#include "xcount/memo.hpp"
#include "xcount/scan.hpp"
#include "xcount/small_bits.hpp"

namespace xcount {

// Every engine, once: X(name, unit of updates, one-line help, its types). A count takes the
// first of its types that fits the matrix and runs on this processor, else the last, which
// refuses the matrix (InputError). `links`: Knuth's DLX updates, one per node unlinked from an
// item's list (cells and bits compute the same figure); `options`: one per option a node tests
// (ScanCosts), also every engine's unit under ChooseRule::scan. Adding an engine is a line here
// and its own files; the enum, its word, the dispatch and the concept checks come from this list.
#define XCOUNT_ENGINES(X)                                                                                         \
    X(dlx, links, "dancing links (Knuth's DLX): any matrix, colours and multiplicities too", Dancer)              \
    X(cells, links, "sparse sets: dlx's search and figures", Cells)                                               \
    X(bits, links, "bitsets, up to 256 items: dlx's search and figures", SmallBits, SmallBits512, Bits, WideBits) \
    X(scan, options, "bitboards, up to 256 items: the scan rule's tree only", Scan, WideScan)                     \
    X(memo, options, "counts by merging equal states (Knuth's Algorithm Z), states of up to 1,024 bits",          \
      void XCOUNT_MEMO_WIDTHS(XCOUNT_MEMO_TYPE))                                                                  \
    X(frontier, options, "counts by layers (transfer matrices): states keyed by a window of up to 128 items, any length", Frontier)

#define XCOUNT_MEMO_TYPE(W) , MemoOf<W>
#define XCOUNT_ENGINE_KIND(name, ...) name,
// automatic: decided by decide_method; every other kind is an engine of the list above.
enum class EngineKind { automatic, XCOUNT_ENGINES(XCOUNT_ENGINE_KIND) };
#undef XCOUNT_ENGINE_KIND

namespace detail {
template <class E>
bool runs_here() {
    if constexpr (requires { E::runs_here(); })
        return E::runs_here();
    else
        return true;
}
// f.template operator()<E>() for the first of the types that fits the matrix and runs here, or
// the last (whose constructor refuses what it does not fit). A leading void stands for nothing.
template <class First, class... Rest, class F>
decltype(auto) first_fitting(const Matrix& matrix, F& f) {
    if constexpr (std::is_void_v<First>)
        return first_fitting<Rest...>(matrix, f);
    else if constexpr (sizeof...(Rest) == 0)
        return f.template operator()<First>();
    else if (First::fits(matrix) && runs_here<First>())
        return f.template operator()<First>();
    else
        return first_fitting<Rest...>(matrix, f);
}
// What the types of one engine are, as one: every one a SearchEngine; every one merging; one
// splitting coarsely (a leading void, as above, stands for nothing).
template <class... E>
struct Types;
template <class... E>
struct Types<void, E...> : Types<E...> {};
template <class... E>
struct Types {
    static constexpr bool search_engines = (SearchEngine<E> && ...);
    static constexpr bool merges = (E::kMerges && ...);
    template <class T>
    static constexpr bool coarse() {
        if constexpr (requires { T::kCoarseSplit; })
            return T::kCoarseSplit;
        else
            return false;
    }
    static constexpr bool splits_coarsely = (coarse<E>() || ...);
};
}  // namespace detail

#define XCOUNT_ENGINE_CHECK(name, unit, help, ...) \
    static_assert(detail::Types<__VA_ARGS__>::search_engines, "every type of engine " #name " is a SearchEngine (search.hpp)");
XCOUNT_ENGINES(XCOUNT_ENGINE_CHECK)
#undef XCOUNT_ENGINE_CHECK

struct EngineInfo {
    EngineKind kind;
    const char* word;  // as --engine takes it and reports print it
    const char* help;
    bool counts_options;  // its updates are options tested (else links removed)
    // It merges equal states (search.hpp's kMerges): its nodes depend on what its table held,
    // it counts Fix(g) on the problems the symmetries fix, and its splits are by count.
    bool merges;
    // A subproblem's count costs about the whole problem's (it shares nothing between
    // subproblems that a finer split would pay back: the frontier engine, kCoarseSplit), so the
    // automatic split is as coarse as the shards and ranks allow.
    bool splits_coarsely;
};
#define XCOUNT_ENGINE_INFO(name, unit, help, ...)    \
    EngineInfo{EngineKind::name,                     \
               #name,                                \
               help,                                 \
               std::string_view(#unit) == "options", \
               detail::Types<__VA_ARGS__>::merges,   \
               detail::Types<__VA_ARGS__>::splits_coarsely},
inline constexpr EngineInfo kEngines[] = {XCOUNT_ENGINES(XCOUNT_ENGINE_INFO)};
#undef XCOUNT_ENGINE_INFO

// The engine's line of the list (std::logic_error for automatic: decide first).
constexpr const EngineInfo& engine_info(EngineKind kind) {
    for (const EngineInfo& e : kEngines)
        if (e.kind == kind) return e;
    throw std::logic_error("engine_info: the engine is decided first (decide_method)");
}
const char* engine_name(EngineKind kind);  // auto, dlx, cells, bits, scan, memo, frontier

// What a count asks of its method: an engine (or auto) and an item-choice rule (or, where none
// is given, the engine's own: the scan rule for scan and memo, and auto's choice for auto).
struct MethodRequest {
    EngineKind engine = EngineKind::automatic;
    Choice choice;
    bool rule_given = true;
    bool prefers_scan = false;  // the model's word: its boards walk the scan rule well (flat boards)
};

// The engine and the rule a count walks: decided, never automatic.
struct Method {
    EngineKind engine = EngineKind::dlx;
    Choice choice;
    bool merges() const { return engine_info(engine).merges; }
    bool splits_coarsely() const { return engine_info(engine).splits_coarsely; }
    // What its updates count: "links removed" or "options tested" (the two are not comparable).
    const char* updates_unit() const;
};

// The one place an engine and a rule are decided, for the matrix that will be counted. Without
// a rule, scan and memo walk the scan rule, and auto takes it where the model prefers it and
// the scan engine takes the matrix, or where counting by layers or merging equal states pays.
// Then auto: frontier under the scan rule where counting by layers pays (frontier_pays); memo
// where merging pays (memo_pays: colours, or windows too wide for the frontier's keys); dlx
// for colours and multiplicities (the only engine that searches them as written); scan under
// the scan rule where the matrix fits it; else bits where the matrix fits it (at most 256
// items) and its options conflict densely (a choice removes a good share of the options left:
// tilings, queens, Langford pairs), or fits bits' option sets and conflicts at least
// moderately (Latin 5, Langford 16); dlx elsewhere (the benchmark's verdict, docs/benchmarks.md).
// With `why`: a line per engine weighed, saying why it was taken or not.
using MethodReasons = std::vector<std::string>;
Method decide_method(const Matrix& matrix, const MethodRequest& request, MethodReasons* why = nullptr);

// How much a choice removes: sum over items of (options holding it)^2 / options^2, times the
// mean option size (an upper bound of the share of options one option meets, times its size).
// Tilings 3.5-4, 13 queens 1.0, Langford 11 0.85, Langford 16 0.59, sudoku 2x3 grids 0.44, Latin
// squares 0.2-0.4 (9 / n^2), dominoes on 8x8 0.13.
double conflict_density(const Matrix& matrix);

// Whether merging equal states surely pays under the scan rule: the states the scan tree can
// reach are at most 2^28 in all, a bound from the matrix alone (at a node whose first open item
// is p, only the items that options led by earlier ones hold can be covered beyond p), and the
// tree itself is estimated at four times that or more; or, where the bound says nothing, the
// memo engine alone counts the whole matrix in a trial of 2^14 nodes and finds a million
// solutions or more. Dominoes in any number on boards up to 20 wide pass, trominoes up to 9
// wide, and strips of bigger pieces; a set of distinct pieces does not (every option
// holds its piece's item, past the cells in the scan order: the trial runs out), nor a small
// count.
bool memo_pays(const Matrix& matrix, MethodReasons* why = nullptr);
double memo_states_bound(const MemoLayout& layout);  // that bound
// Whether counting by layers surely pays: the frontier engine takes the matrix, its windows
// fit a key, and the states its layers can hold (Frontier::states_bound, at most 10^12 in all)
// are four times fewer than the nodes of the scan rule's tree (estimated), or merging equal
// states pays (`merging_pays`, memo_pays' answer); or, where the bound says nothing, the
// layers finish a trial of 2^16 states moved with four times fewer states than the tree's
// nodes. Dominoes on boards of any length up to about 30 wide pass, and strips of bigger
// pieces; a set of distinct pieces does not (the trial runs out), nor a small count.
bool frontier_pays(const Matrix& matrix, bool merging_pays, MethodReasons* why = nullptr);
double scan_tree_estimate(const MemoLayout& layout, int probes);  // the scan rule's tree: nodes, by Knuth's random paths (seed 1)

// Calls f.template operator()<Engine>() with the engine type (a SearchEngine) of the decided
// kind that fits `matrix`; returns what f does. std::logic_error for automatic (decide first).
template <class F>
decltype(auto) with_engine_type(EngineKind kind, const Matrix& matrix, F&& f) {
    switch (kind) {
#define XCOUNT_ENGINE_CASE(name, unit, help, ...) \
    case EngineKind::name: return detail::first_fitting<__VA_ARGS__>(matrix, f);
        XCOUNT_ENGINES(XCOUNT_ENGINE_CASE)
#undef XCOUNT_ENGINE_CASE
        case EngineKind::automatic: break;
    }
    throw std::logic_error("with_engine_type: the engine is decided first (decide_method)");
}

// The same for a kind known when compiling: only that engine's types are instantiated.
template <EngineKind Kind, class F>
decltype(auto) with_engine_type(const Matrix& matrix, F&& f) {
#define XCOUNT_ENGINE_STATIC(name, unit, help, ...)           \
    if constexpr (Kind == EngineKind::name)                   \
        return detail::first_fitting<__VA_ARGS__>(matrix, f); \
    else
    XCOUNT_ENGINES(XCOUNT_ENGINE_STATIC)
#undef XCOUNT_ENGINE_STATIC
    {
        throw std::logic_error("with_engine_type: the engine is decided first (decide_method)");
    }
}

// Calls f(engine) with an engine of the method's kind built on `matrix`, walking its rule;
// returns what f does.
template <class F>
decltype(auto) with_engine(const Method& method, const Matrix& matrix, F&& f) {
    return with_engine_type(method.engine, matrix, [&]<class Engine>() -> decltype(auto) {
        Engine engine(matrix);
        engine.set_choice(method.choice);
        return f(engine);
    });
}

// The same, where the engine keeps a table of states (the memo engine), with a table of at
// most `table_bytes` (0: default_memo_bytes()) that lives while f runs.
template <class F>
auto with_engine_within(const Method& method, const Matrix& matrix, std::size_t table_bytes, F&& f) {
    return with_engine(method, matrix, [&]<class Engine>(Engine& engine) {
        if constexpr (requires { typename Engine::Shared; }) {
            typename Engine::Shared table(table_bytes, nullptr);
            table.lend(engine);
            return f(engine);
        } else {
            return f(engine);
        }
    });
}

}  // namespace xcount
