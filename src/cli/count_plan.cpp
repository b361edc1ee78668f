#include "count_plan.hpp"

#include <algorithm>
#include <iostream>
#include <numeric>
#include <random>

#include "xcount/distributed.hpp"
#include "xcount/estimate.hpp"
#include "xcount/hash.hpp"
#include "xcount/journal.hpp"

namespace xcount::cli {

namespace {

// The split depth a resumed run must use, when the journal says and the user does not.
std::optional<int> fixed_depth(const Settings& settings) {
    if (settings.split_depth) return settings.split_depth;
    if (!settings.checkpoint.empty())
        if (const auto header = read_journal_header(settings.checkpoint)) return header->depth;
    return std::nullopt;
}

// Estimated updates of the whole tree below the split's root: 64 probes, seed 1 (the same on
// every machine, so that shards and ranks decide alike).
double whole_tree_updates(const Matrix& matrix, const Split& split) {
    Dancer dancer = split_prober(matrix, split);
    std::mt19937_64 rng(1);
    double updates = 0;
    for (int p = 0; p < 64; ++p) updates += probe_below(dancer, rng).updates;
    return updates / 64;
}

// For a count of ten minutes and more, the automatic split goes deeper while its largest
// subproblem is estimated at over 0.5% of the work (a kill loses less, the last subproblem
// leaves less idle), up to 20,000 subproblems. The estimates (deterministic: fixed seeds and
// probe counts) are kept for the largest-first order.
Split deepened(const Matrix& matrix, Split split, std::span<const ItemId> forced, std::span<const char> below, Choice choice,
               std::vector<double>& work) {
    constexpr double kLongUpdates = 3e11, kLargestShare = 0.005;
    constexpr std::size_t kMostSubproblems = 20000;
    constexpr std::uint64_t kProbesPerLevel = 20000;
    if (split.size() < 2 || matrix.node_count() > 10'000'000 || whole_tree_updates(matrix, split) < kLongUpdates) return split;
    const auto estimate = [&](const Split& s) { return subproblem_work(matrix, s, std::clamp<std::uint64_t>(kProbesPerLevel / s.size(), 4, 32), 2); };
    const auto largest_share = [](const std::vector<double>& w) {
        const double total = std::accumulate(w.begin(), w.end(), 0.0);
        return total > 0 ? *std::max_element(w.begin(), w.end()) / total : 0.0;
    };
    work = estimate(split);
    while (largest_share(work) > kLargestShare && split.depth() < kMaxSplitDepth) {
        Split next = split_at_depth(matrix, split.depth() + 1, forced, below, choice);
        if (next.size() > kMostSubproblems || next.size() == split.size()) break;
        split = std::move(next);
        work = estimate(split);
    }
    return split;
}

std::string names_of(const Group& group) {
    std::string names;
    for (std::size_t k = 0; k < group.order(); ++k) names += (k ? ", " : "") + group.element(k).name;
    return names;
}

}  // namespace

Plan make_plan(const Problem& problem, const Settings& settings, int threads) {
    Plan plan;
    plan.choice = settings.choice;
    plan.mode = settings.symmetry;
    if (plan.mode == SymmetryMode::automatic) plan.mode = problem.symmetries.empty() ? SymmetryMode::none : SymmetryMode::check;
    if (plan.mode != SymmetryMode::none) {
        if (problem.symmetries.empty())
            throw InputError("--symmetry: " + problem.name + " has no symmetry group (a DLX file, or a model without one)");
        plan.group = Group::generate(problem.matrix, problem.symmetries);
        plan.note = "group of order " + std::to_string(plan.group->order()) + ": " + names_of(*plan.group);
    }
    if (plan.mode == SymmetryMode::reduce) {
        plan.reduction = reduce(problem.matrix, *plan.group);
        if (plan.reduction) {
            const Reduction& r = *plan.reduction;
            plan.note = "reduced by the " + std::to_string(r.stabiliser.size()) + " of " + std::to_string(plan.group->order()) +
                        " symmetries that fix item " + problem.matrix.item(r.items[0]).name + ": it goes first, with " +
                        std::to_string(r.orbits) + " of its " + std::to_string(r.options_before) +
                        " options (one per orbit, weighted by the orbit's size)" +
                        (r.items.size() > 1 ? "; below the placements some symmetries still fix, item " +
                                                  problem.matrix.item(r.items[1]).name + " is reduced the same way"
                                            : "");
        } else {
            std::cerr << "xcount: no item is fixed by any symmetry but the identity, so --symmetry reduce cannot apply; checking instead\n";
            plan.mode = SymmetryMode::check;
        }
    }
    plan.matrix = plan.reduction ? &plan.reduction->matrix : &problem.matrix;
    const std::vector<ItemId> forced = plan.reduction ? plan.reduction->items : std::vector<ItemId>{};
    const int min_depth = static_cast<int>(forced.size());  // weights sit on the forced choices
    // Under MPI rank 0 alone decides the depth (it alone may see the journal) and tells the
    // others; a rank that never gets here (it failed) makes every rank fail in mpi_agree.
    const bool mpi_worker = settings.mpi && mpi_rank() != 0;
    const auto depth = mpi_worker ? std::optional<int>(std::stoi(mpi_agree(""))) : fixed_depth(settings);
    // Shards run on machines with different core counts, yet must cut the tree alike: their
    // automatic depth depends on K only (256 subproblems per shard).
    // Likewise MPI ranks, whose nodes may differ: 256 subproblems per rank.
    std::size_t wanted = 64 * static_cast<std::size_t>(threads);
    if (!settings.out.empty()) wanted = 256 * settings.shard_count;
    if (settings.mpi) wanted = 256 * static_cast<std::size_t>(mpi_size());
    const std::vector<char> below = plan.reduction ? plan.reduction->refined : std::vector<char>{};
    plan.split = depth ? split_at_depth(*plan.matrix, std::max(*depth, min_depth), forced, below, settings.choice)
                       : deepened(*plan.matrix, split_automatically(*plan.matrix, wanted, forced, below, min_depth, settings.choice),
                                  forced, below, settings.choice, plan.work);
    if (settings.mpi && !mpi_worker) mpi_agree("", 0, std::to_string(plan.split.depth()));
    if (plan.reduction) {
        const auto weight = [&r = *plan.reduction](std::span<const OptionId> p) { return r.weight(p); };
        if (!plan.work.empty()) {  // set_weights drops the weight-0 subproblems: drop their estimates too
            std::vector<double> kept;
            for (std::size_t id = 0; id < plan.split.size(); ++id)
                if (weight(plan.split.prefix(id)) != 0) kept.push_back(plan.work[id]);
            plan.work = std::move(kept);
        }
        plan.split.set_weights(weight);
    }
    return plan;
}

std::string fingerprint_mode(const Plan& plan) {
    // Another choice rule cuts the tree elsewhere: its subproblems are not MRV's. The scan
    // rule's tree also depends on the scan order.
    std::string choice = plan.choice.rule == ChooseRule::mrv ? "" : "+choose=" + choice_text(plan.choice);
    if (plan.choice.rule == ChooseRule::scan) {
        Hash64 order;
        for (ItemId item : plan.matrix->scan_order()) order.add(static_cast<std::uint64_t>(item));
        choice += "/" + order.hex();
    }
    switch (plan.mode) {
        case SymmetryMode::check: return "count+check/" + std::to_string(plan.group->order()) + choice;
        case SymmetryMode::reduce: return "count+reduce/" + std::to_string(plan.group->order()) + choice;
        default: return "count" + choice;
    }
}

}  // namespace xcount::cli
