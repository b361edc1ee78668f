// xcount/plan.hpp: what a count runs, decided before it runs: the symmetry mode, the group,
// the matrix (the problem's or its symmetry reduction), the engine and rule that count it, its
// split into subproblems, and the order to solve them in. What `xcount count` does before
// counting, for any program:
//
//     const xcount::Plan plan = xcount::make_plan(matrix, symmetries, {.symmetry = xcount::SymmetryMode::reduce, .threads = 8});
//     const auto order = xcount::schedule(plan);
//     xcount::RunOptions options{.threads = 8, .engine = plan.method.engine, .order = order ? &order->order : nullptr};
//     const xcount::RunReport r = xcount::run_split(plan.matrix(), plan.split, {}, options);
//     // r.total.solutions: the full count (each reduced subproblem weighted by its orbit)
#pragma once

#include <atomic>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "xcount/engines.hpp"
#include "xcount/split.hpp"
#include "xcount/symmetry.hpp"

namespace xcount {

// automatic: check where there is a symmetry group, none elsewhere.
enum class SymmetryMode { automatic, none, check, reduce };

struct PlanRequest {
    SymmetryMode symmetry = SymmetryMode::automatic;
    MethodRequest method;      // the engine and rule asked for (auto: decided by the plan)
    std::optional<int> depth;  // a fixed split depth (nullopt: chosen from the work)
    // Who shares the subproblems. The automatic depth gives at least 64 per thread; where shards
    // (a result file each) or MPI ranks share them, 256 per shard or rank, whatever the threads,
    // so that shards and ranks on machines of other sizes cut the tree alike.
    int threads = 1;
    std::size_t shards = 0;                   // 0: no shard files
    int ranks = 0;                            // 0: no MPI
    const std::atomic<bool>* stop = nullptr;  // raised: planning ends at once with Stopped

    // What the automatic depth gives at least: as above, or for an engine that splits coarsely
    // (splits_coarsely) one per shard, and one for a single process or for all the MPI ranks
    // (they share every layer of it).
    std::size_t subproblems(const Method& method) const;
};

// Updates of a count that cannot end (10^20: over 100,000 years at 30 million a second): the
// plan does not probe such a tree further to balance or order its subproblems.
constexpr double kHopeless = 1e20;

struct Plan {
    SymmetryMode mode = SymmetryMode::none;  // resolved: none, check or reduce
    std::optional<Group> group;
    std::optional<Reduction> reduction;
    const Matrix* problem = nullptr;  // the problem's matrix (the caller's: valid while it lives)
    Split split;
    std::string note;     // what the group does, for a report
    std::string warning;  // why the plan is not quite what was asked ("" : it is)
    // The engine that counts matrix() and the rule the split was made with, decided on matrix()
    // (decide_method): a merging engine's subproblems are cut by count alone (its work is not
    // their trees') and solved in id order.
    Method method;
    // A long count's estimated work per subproblem (updates; empty for a short one): what its
    // automatic depth was chosen by, and the order it is solved in.
    std::vector<double> work;
    // The whole tree's updates by 64 random paths (fixed seed), where the automatic depth judged
    // them (an enumerating engine, no depth given); 0: not judged.
    double estimated_updates = 0;

    // The matrix the split is of: the reduction's, or the problem's.
    const Matrix& matrix() const { return reduction ? reduction->matrix : *problem; }
    // The group whose Fix(g) the count finds: under check; under reduce where the whole group
    // acts on the representatives (Reduction::counts_fixed) and its conjugates are kept;
    // otherwise nullptr. RunOptions{.group = fixed_group(), .reduction = fixed_reduction()}.
    const Group* fixed_group() const;
    const Reduction* fixed_reduction() const { return mode == SymmetryMode::reduce && fixed_group() ? &*reduction : nullptr; }
    // The group whose Fix(g) the run tallies as it visits the solutions: fixed_group(), but for a
    // merging engine, which visits none (its Fix(g) are counted apart, by recount_fixed).
    const Group* tallied_group() const { return method.merges() ? nullptr : fixed_group(); }
};

// Plans a count of `matrix` with these symmetries (option permutations; may be empty unless
// the request asks for check or reduce). The automatic depth is the smallest giving the
// requested number of subproblems; for a count of ten minutes and more (judged from random
// paths with fixed seeds, so that every shard and rank decides alike) it goes deeper while its
// largest subproblem is estimated at over 0.5% of the work, up to 20,000 subproblems.
// InputError when check or reduce is asked for without symmetries; Stopped when request.stop
// is raised before the plan is made.
Plan make_plan(const Matrix& matrix, std::span<const Symmetry> symmetries, const PlanRequest& request);

// reduction.weight as a split's Weigh (the reduction must outlive it).
Weigh weigh_of(const Reduction& reduction);
// The reduced matrix split at `depth` (at least the reduction's forced levels): its items
// forced first, each subproblem weighted, the branches of weight 0 left out.
Split split_reduced(const Reduction& reduction, int depth, const Choice& choice = {});

// The order to solve the subproblems in (ids), and with it, for a sampled order, each id's
// stratum (else empty).
struct Schedule {
    std::vector<std::size_t> order;
    std::vector<std::uint32_t> strata;
};
// For a long count cut into fewer than 2048 subproblems, largest-estimated-first, so that the
// threads (and ranks) finish close together; into more, a stratified random order
// (stratified_order, 16 strata), so that the progress display can extrapolate the time left
// from the subproblems finished; nullopt (id order) for a short count, where the probes would
// cost more than they save. Stopped once `stop` is raised.
std::optional<Schedule> schedule(const Plan& plan, const std::atomic<bool>* stop = nullptr);

// The mode part of a journal's or shard file's fingerprint: "count", "count+check/8", ...
std::string fingerprint_mode(const Plan& plan);

}  // namespace xcount
