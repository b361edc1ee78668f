// xcount/runner.hpp: solves the subproblems of a Split on OpenMP threads.
//
// Each thread builds its own engine (engines.hpp) from the shared, immutable Matrix once, then takes
// subproblems one at a time (dynamic schedule): replay the prefix, count below it, unwind.
// Each result goes into its subproblem's slot and the totals are summed in subproblem order,
// so every figure (solutions, updates, nodes) is identical for every thread count. A split
// with weights (symmetry reduction) counts each subproblem's solutions times its weight;
// updates and nodes stay the work actually done.
//
//     Split split = split_automatically(matrix, 64 * threads);
//     RunReport r = run_split(matrix, split, {}, RunOptions{.threads = 8});
//     // r.total.solutions: the count; r.total.complete: every subproblem finished
//
// `done` may hold results known from an earlier run (a checkpoint journal): finished ones are
// skipped and their figures counted; partial ones carry on from their position. With
// slice_nodes, a subproblem is walked in slices of that many nodes; between slices, and when a
// stop or the node limit ends the run in the middle of one, `on_partial` sees how far it got
// (its figures so far and the position to carry on from), so nothing it did is lost.
// `on_finished` sees every subproblem finished in this run. Both are called one at a time (the
// runner serialises them; they are not on the hot path). A partial subproblem is never counted.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "xcount/engines.hpp"
#include "xcount/split.hpp"
#include "xcount/stop.hpp"
#include "xcount/subproblem.hpp"
#include "xcount/symmetry.hpp"

namespace xcount {

struct RunOptions {
    int threads = 0;                      // 0: all cores
    EngineKind engine = EngineKind::dlx;  // decided (decide_method, a Plan's method): never automatic
    const Group* group = nullptr;         // count Fix(g) for every solution (the visitor path)
    // Every solution of subproblem `id` (the visitor path), from the thread solving it, in the
    // order its walk finds them. A subproblem walked in slices or resumed from its position
    // shows only the solutions after it: a stream takes no slices and no partial results.
    std::function<void(std::size_t id, std::span<const OptionId> solution)> on_solution = nullptr;
    // With `group`, the reduction whose representatives the split's subproblems are: each
    // solution counts for its orbit (Group::count_fixed_below). Needs counts_fixed().
    const Reduction* reduction = nullptr;
    // What ends the run early (xcount/stop.hpp): the caller's flag, a time limit, a node budget.
    // None: the run goes to the end. A Stop may serve several runs; its budget is spent by all.
    Stop* stop = nullptr;
    bool profile = false;  // record nodes and updates per tree level (RunReport::profile)
    std::function<void(std::size_t id, const SubproblemResult& result)> on_finished = nullptr;
    std::function<void(std::size_t id)> on_started = nullptr;  // from the thread about to solve it
    // Walk each subproblem in slices of this many nodes (0: in one piece), calling on_partial
    // after each slice that ends inside it; `final` when the run stops there (a stop or the
    // node limit) rather than carrying on.
    std::uint64_t slice_nodes = 0;
    std::function<void(std::size_t id, const SubproblemResult& partial, bool final)> on_partial = nullptr;
    // Solve only the subproblems whose id is shard_index modulo shard_count; the totals are
    // then this share's (the work above the cut goes to shard 0).
    std::size_t shard_index = 0, shard_count = 1;
    // When set, solve exactly these ids instead (an MPI worker's chunk); totals cover them.
    const std::vector<std::size_t>* ids = nullptr;
    // When set, take the subproblems in this order (ids; largest_first gives one) rather than
    // by id. Results and totals are the same either way: they are summed by id.
    const std::vector<std::size_t>* order = nullptr;
    // The memo engine's table, shared by the threads: its memory bound (0: default_memo_bytes()),
    // or the caller's tables, kept from one run to the next.
    std::size_t memo_bytes = 0;
    MemoTables* memo_tables = nullptr;
    // Engines that count by layers save each subproblem's last whole layer to this path + "."
    // + its id as they go, and carry on from it in a later run ("": not saved).
    std::string layers_file = {};
    // Engines that count by layers: where subproblem `id` is, after each position (the next
    // position, of how many, the states there), from the thread counting it.
    std::function<void(std::size_t id, std::size_t position, std::size_t positions, std::uint64_t states)> on_layer = nullptr;
    // Engines that count by layers: the processes that share every layer with this one (MPI
    // ranks, frontier.hpp). Each of them runs the same split with the same results known; the
    // subproblems are taken one at a time, by id, all threads on one, and every stop is agreed.
    LayerPeers* layer_peers = nullptr;
};

struct RunReport {
    SearchStats total;                      // above the cut + every finished subproblem (weighted)
    std::vector<Count> fixed;               // with a group: Fix(g) summed over the subproblems
    std::vector<SubproblemResult> results;  // one per subproblem, in id order
    int threads = 1;
    std::size_t finished_now = 0;  // subproblems solved by this run (not resumed)
    std::vector<std::size_t> own;  // the ids this run is responsible for (its shard)
    LevelProfile profile;          // with options.profile: above the cut + subproblems solved now
    MemoFigures memo;              // the memo engine's table at the end (all zero for the other engines)
    // Layers shared among processes (RunOptions::layer_peers): the most states one of them
    // moved, summed over the subproblems counted now (total.nodes: what all of them moved).
    std::uint64_t largest_share = 0;
};

int resolve_threads(int requested);  // 0 -> all cores

RunReport run_split(const Matrix& matrix, const Split& split, std::vector<SubproblemResult> done, const RunOptions& options);

// The report's totals from its results: the work above the cut (when the report's share is
// shard 0's of the whole split), then every finished subproblem of report.own in id order,
// weighted, with its Fix(g) and profile; incomplete if any of them is unfinished.
void add_up(const Split& split, const RunOptions& options, RunReport& report);

}  // namespace xcount
