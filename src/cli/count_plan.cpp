#include "count_plan.hpp"

#include <algorithm>
#include <iostream>

#include "xcount/distributed.hpp"
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
                       : split_automatically(*plan.matrix, wanted, forced, below, min_depth, settings.choice);
    if (settings.mpi && !mpi_worker) mpi_agree("", 0, std::to_string(plan.split.depth()));
    if (plan.reduction) plan.split.set_weights([&r = *plan.reduction](std::span<const OptionId> p) { return r.weight(p); });
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
