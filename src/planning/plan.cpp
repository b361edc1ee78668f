#include "xcount/plan.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <random>

#include "xcount/error.hpp"
#include "xcount/estimate.hpp"
#include "xcount/hash.hpp"

namespace xcount {

namespace {

// Estimated updates of the whole tree below the split's root: `probes` random paths, seed 1
// (the same on every machine, so that shards and ranks decide alike).
double whole_tree_updates(const Matrix& matrix, const Split& split, int probes, const std::atomic<bool>* stop) {
    Dancer dancer = split_prober(matrix, split);
    std::mt19937_64 rng(1);
    double updates = 0;
    for (int p = 0; p < probes; ++p) updates += probe_below(dancer, rng, stop).updates;
    return updates / probes;
}

// The split a count takes when no depth is given; the depth is decided here alone, by count
// and then by work. By count: the smallest depth >= min_depth with request.subproblems(method) (enough
// for the threads, shards or ranks to share: split_automatically). By work, for a count of
// ten minutes and more on one thread: deeper while its largest subproblem is estimated at over
// 0.5% of the work (a kill loses less, the last subproblem leaves less idle), up to 20,000
// subproblems; the estimates (deterministic: fixed seeds and probe counts) are kept in `work`
// for the largest-first order, the whole tree's in `estimated`. Not for a count that cannot end
// (kHopeless): its probes alone would take hours. The memo engine, which merges equal states
// within a subproblem, keeps the split by count.
Split automatic_split(const Matrix& matrix, const PlanRequest& request, const Method& method, const TreeShape& shape, int min_depth,
                      const Weigh& weigh, std::vector<double>& work, double& estimated) {
    constexpr double kDeepenFromUpdates = 3e11, kLargestShare = 0.005;  // ten minutes and more on one thread
    constexpr std::size_t kMostSubproblems = 20000;
    constexpr std::uint64_t kProbesPerLevel = 20000;
    const std::atomic<bool>* stop = request.stop;
    Split split = split_automatically(matrix, request.subproblems(method), shape, min_depth, weigh, stop);
    if (method.merges() || split.size() < 2 || matrix.node_count() > 10'000'000) return split;
    estimated = whole_tree_updates(matrix, split, 64, stop);
    if (estimated < kDeepenFromUpdates || estimated > kHopeless) return split;
    const auto estimate = [&](const Split& s) {
        return subproblem_work(matrix, s, std::clamp<std::uint64_t>(kProbesPerLevel / s.size(), 4, 32), 2, stop);
    };
    const auto largest_share = [](const std::vector<double>& w) {
        const double total = std::accumulate(w.begin(), w.end(), 0.0);
        return total > 0 ? *std::max_element(w.begin(), w.end()) / total : 0.0;
    };
    work = estimate(split);
    while (largest_share(work) > kLargestShare && split.depth() < kMaxSplitDepth) {
        Split next = split_at_depth(matrix, split.depth() + 1, shape, weigh, stop);
        if (next.size() > kMostSubproblems || next.size() == split.size()) break;
        split = std::move(next);
        work = estimate(split);
    }
    return split;
}

std::string reduction_note(const Matrix& matrix, const Group& group, const Reduction& r) {
    if (r.by_orbit()) {
        std::string names;
        for (ItemId item : r.items) names += (names.empty() ? "" : " ") + matrix.item(item).name;
        return "reduced by the whole group of " + std::to_string(group.order()) + " symmetries, which permutes items " + names +
               ": they go first, and of the ways to cover them one per orbit is searched, weighted by the orbit's size";
    }
    return "reduced by the " + std::to_string(r.stabiliser.size()) + " of " + std::to_string(group.order()) + " symmetries that fix item " +
           matrix.item(r.items[0]).name + ": it goes first, with " + std::to_string(r.orbits) + " of its " +
           std::to_string(r.options_before) + " options (one per orbit, weighted by the orbit's size)" +
           (r.items.size() > 1
                ? "; below the placements some symmetries still fix, item " + matrix.item(r.items[1]).name + " is reduced the same way"
                : "");
}

// Sets the mode, the group and the reduction the request asks for.
void plan_symmetry(Plan& plan, const Matrix& matrix, std::span<const Symmetry> symmetries, SymmetryMode asked,
                   const std::atomic<bool>* stop) {
    plan.mode = asked;
    if (plan.mode == SymmetryMode::automatic) plan.mode = symmetries.empty() ? SymmetryMode::none : SymmetryMode::check;
    if (plan.mode == SymmetryMode::none) return;
    if (symmetries.empty()) throw InputError("--symmetry check or reduce: the problem has no symmetry group");
    plan.group = Group::generate(matrix, {symmetries.begin(), symmetries.end()}, stop);
    plan.note = "group of order " + std::to_string(plan.group->order());  // its elements are named where Fix(g) is reported
    if (plan.mode != SymmetryMode::reduce) return;
    plan.reduction = reduce(matrix, *plan.group);
    if (plan.reduction) {
        plan.note = reduction_note(matrix, *plan.group, *plan.reduction);
        if (plan.reduction->counts_fixed()) plan.group->keep_conjugates();
    } else {
        plan.warning =
            "no item is fixed by any symmetry but the identity, and every orbit of items has more than 8, "
            "so --symmetry reduce cannot apply; checking instead";
        plan.mode = SymmetryMode::check;
    }
}

}  // namespace

Weigh weigh_of(const Reduction& reduction) {
    return [&reduction](std::span<const OptionId> prefix) { return reduction.weight(prefix); };
}

Split split_reduced(const Reduction& reduction, int depth, const Choice& choice) {
    const int forced = static_cast<int>(reduction.items.size());
    return split_at_depth(reduction.matrix, std::max(depth, forced), {reduction.items, reduction.second_below, choice},
                          weigh_of(reduction));
}

std::size_t PlanRequest::subproblems(const Method& method) const {
    constexpr std::size_t kPerThread = 64, kPerShareholder = 256;
    const std::size_t per_shareholder = method.splits_coarsely() ? 1 : kPerShareholder;
    if (ranks > 0) return method.splits_coarsely() ? 1 : per_shareholder * static_cast<std::size_t>(ranks);  // the ranks share its layers
    if (shards > 0) return per_shareholder * shards;
    return method.splits_coarsely() ? 1 : kPerThread * static_cast<std::size_t>(std::max(threads, 1));
}

Plan make_plan(const Matrix& matrix, std::span<const Symmetry> symmetries, const PlanRequest& request) {
    Plan plan;
    plan_symmetry(plan, matrix, symmetries, request.symmetry, request.stop);
    plan.problem = &matrix;
    plan.method = decide_method(plan.matrix(), request.method);  // the matrix counted: the reduction's, where there is one
    TreeShape shape{.choice = plan.method.choice};
    if (plan.reduction) shape.forced = plan.reduction->items, shape.second_below = plan.reduction->second_below;
    const int min_depth = static_cast<int>(shape.forced.size());  // weights sit on the forced choices
    Weigh weigh;
    if (plan.reduction) weigh = weigh_of(*plan.reduction);
    plan.split = request.depth
                     ? split_at_depth(plan.matrix(), std::max(*request.depth, min_depth), shape, weigh, request.stop)
                     : automatic_split(plan.matrix(), request, plan.method, shape, min_depth, weigh, plan.work, plan.estimated_updates);
    return plan;
}

std::optional<Schedule> schedule(const Plan& plan, const std::atomic<bool>* stop) {
    // A probe takes about 50 us on the tilings: up to 256 (and 50 ms) judge the whole tree,
    // then up to 32 go below each prefix.
    constexpr double kOrderFromUpdates = 3e10;  // about a minute on one thread
    constexpr std::uint64_t kProbeBudget = 50000;
    constexpr std::size_t kSampledFrom = 2048, kStrata = 16;
    if (plan.split.size() < 2 || plan.method.merges() || plan.estimated_updates > kHopeless) return std::nullopt;
    std::vector<double> work = plan.work;  // estimated when the depth was chosen
    if (work.empty()) {
        Dancer dancer = split_prober(plan.matrix(), plan.split);
        std::mt19937_64 rng(1);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
        double updates = 0;
        int probes = 0;
        while (probes < 256 && std::chrono::steady_clock::now() < deadline) updates += probe_below(dancer, rng, stop).updates, ++probes;
        if (probes == 0 || updates / probes < kOrderFromUpdates) return std::nullopt;
        work = subproblem_work(plan.matrix(), plan.split, std::clamp<std::uint64_t>(kProbeBudget / plan.split.size(), 4, 32), 2, stop);
    }
    if (work.size() < kSampledFrom) return Schedule{largest_first(work), {}};
    StratifiedOrder sampled = stratified_order(work, kStrata, 3);
    return Schedule{std::move(sampled.order), std::move(sampled.stratum)};
}

const Group* Plan::fixed_group() const {
    if (mode == SymmetryMode::check) return &*group;
    if (mode == SymmetryMode::reduce && reduction->counts_fixed() && group->has_conjugates()) return &*group;
    return nullptr;
}

std::string fingerprint_mode(const Plan& plan) {
    // Another choice rule cuts the tree elsewhere: its subproblems are not MRV's. The scan
    // rule's tree also depends on the scan order.
    const Choice& rule = plan.method.choice;
    std::string choice = rule.rule == ChooseRule::mrv ? "" : "+choose=" + choice_text(rule);
    if (rule.rule == ChooseRule::scan) {
        Hash64 order;
        for (ItemId item : plan.matrix().scan_order()) order.add(static_cast<std::uint64_t>(item));
        choice += "/" + order.hex();
    }
    // The memo engine walks every other subproblem in the reverse order: its positions are its own.
    if (plan.method.merges()) choice += "+merged";
    switch (plan.mode) {
        case SymmetryMode::check: return "count+check/" + std::to_string(plan.group->order()) + choice;
        case SymmetryMode::reduce:
            return "count+reduce/" + std::to_string(plan.group->order()) + (plan.reduction->by_orbit() ? "/orbit" : "") +
                   (plan.fixed_group() ? "+fixed" : "") + choice;
        default: return "count" + choice;
    }
}

}  // namespace xcount
