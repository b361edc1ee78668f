#include "xcount/estimate.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

namespace xcount {

namespace {

struct Moments {
    double sum = 0, squares = 0;
    void add(double x) { sum += x, squares += x * x; }
    EstimateFigure figure(double n) const {
        const double mean = sum / n;
        const double variance = n > 1 ? std::max(0.0, (squares - n * mean * mean) / (n - 1)) : 0;
        return {mean, std::sqrt(variance / n)};
    }
};

}  // namespace

ProbeResult probe_below(Dancer& dancer, std::mt19937_64& rng, const std::atomic<bool>* stop) {
    const int start = dancer.depth();
    ProbeResult r;
    double weight = 1;
    while (true) {
        if (stop != nullptr && stop->load(std::memory_order_relaxed)) {
            while (dancer.depth() > start) dancer.pop();
            throw Stopped();
        }
        r.nodes += weight;
        if (dancer.solved()) {
            r.solutions = weight;
            break;
        }
        const std::vector<OptionId> options = dancer.branch_options();
        if (options.empty()) {
            r.updates += weight * static_cast<double>(dancer.dead_end_cost());
            break;
        }
        const auto d = static_cast<double>(options.size());
        const OptionId taken = options[std::uniform_int_distribution<std::size_t>(0, options.size() - 1)(rng)];
        const PushCost cost = dancer.push(taken);
        r.updates += weight * (static_cast<double>(cost.item) + d * static_cast<double>(cost.rest));
        weight *= d;
    }
    r.depth = dancer.depth() - start;
    while (dancer.depth() > start) dancer.pop();
    return r;
}

TreeEstimate estimate_tree(const Matrix& matrix, std::uint64_t probes, std::uint64_t seed, Choice choice, const std::atomic<bool>* stop) {
    Dancer dancer(matrix);
    dancer.set_choice(choice);
    std::mt19937_64 rng(seed);
    Moments nodes, updates, solutions;
    double depths = 0;
    std::uint64_t made = 0;
    for (; made < probes; ++made) {
        ProbeResult r;
        try {
            r = probe_below(dancer, rng, stop);
        } catch (const Stopped&) {
            break;
        }
        depths += r.depth;
        nodes.add(r.nodes);
        updates.add(r.updates);
        solutions.add(r.solutions);
    }
    const auto n = static_cast<double>(made);
    return {made, nodes.figure(n), updates.figure(n), solutions.figure(n), made ? depths / n : 0};
}

TreeEstimate estimate_split(const Matrix& matrix, const Split& split, std::uint64_t probes, std::uint64_t seed,
                            const std::atomic<bool>* stop) {
    Dancer dancer(matrix);
    dancer.set_shape(split.shape());
    std::mt19937_64 rng(seed);
    Moments nodes, updates, solutions;
    double depths = 0;
    const auto subproblems = static_cast<double>(split.size());
    std::uint64_t made = 0;
    for (; made < probes && split.size() > 0; ++made) {
        const std::size_t id = std::uniform_int_distribution<std::size_t>(0, split.size() - 1)(rng);
        const std::span<const OptionId> prefix = split.prefix(id);
        dancer.place(prefix);
        ProbeResult r;
        try {
            r = probe_below(dancer, rng, stop);
        } catch (const Stopped&) {
            dancer.unwind();
            break;
        }
        dancer.unwind();
        depths += static_cast<double>(prefix.size()) + r.depth;
        nodes.add(subproblems * r.nodes);
        updates.add(subproblems * r.updates);
        solutions.add(subproblems * split.weight(id).to_double() * r.solutions);
    }
    const auto n = static_cast<double>(made);
    TreeEstimate e{made, nodes.figure(n), updates.figure(n), solutions.figure(n), made ? depths / n : 0};
    e.nodes.mean += static_cast<double>(split.above().nodes);      // the tree above the cut, as it was walked
    e.updates.mean += static_cast<double>(split.above().updates);  // (its solutions are subproblems of their own)
    return e;
}

std::vector<std::size_t> largest_first(const Matrix& matrix, const Split& split, std::uint64_t probes, std::uint64_t seed) {
    return largest_first(subproblem_work(matrix, split, probes, seed));
}

Dancer split_prober(const Matrix& matrix, const Split& split) {
    // The scan rule's paths are long and uneven (it never branches on a forced item): too
    // noisy to weigh subproblems by. Below a scan prefix, MRV's tree is probed instead.
    TreeShape shape = split.shape();
    if (shape.choice.rule == ChooseRule::scan) shape.choice = {};
    Dancer dancer(matrix);
    dancer.set_shape(shape);
    return dancer;
}

std::vector<double> subproblem_work(const Matrix& matrix, const Split& split, std::uint64_t probes, std::uint64_t seed,
                                    const std::atomic<bool>* stop) {
    Dancer dancer = split_prober(matrix, split);
    std::mt19937_64 rng(seed);
    std::vector<double> work(split.size(), 0);
    for (std::size_t id = 0; id < split.size(); ++id) {
        throw_if_stopped(stop);  // a dancer of a huge matrix takes long to place
        dancer.place(split.prefix(id));
        for (std::uint64_t p = 0; p < probes; ++p) work[id] += probe_below(dancer, rng, stop).updates;
        dancer.unwind();
    }
    return work;
}

StratifiedOrder stratified_order(const std::vector<double>& work, std::size_t strata, std::uint64_t seed) {
    const std::vector<std::size_t> ranked = largest_first(work);
    const std::size_t n = ranked.size();
    strata = std::clamp<std::size_t>(strata, 1, std::max<std::size_t>(n, 1));
    StratifiedOrder result{{}, std::vector<std::uint32_t>(n)};
    std::vector<std::pair<double, std::size_t>> keyed;  // (place within its stratum, 0..1; id)
    std::mt19937_64 rng(seed);
    for (std::size_t s = 0; s < strata; ++s) {
        std::vector<std::size_t> members(ranked.begin() + static_cast<std::ptrdiff_t>(s * n / strata),
                                         ranked.begin() + static_cast<std::ptrdiff_t>((s + 1) * n / strata));
        for (std::size_t k = members.size(); k > 1; --k) std::swap(members[k - 1], members[rng() % k]);  // Fisher-Yates
        for (std::size_t k = 0; k < members.size(); ++k) {
            keyed.emplace_back((static_cast<double>(k) + 0.5) / static_cast<double>(members.size()), members[k]);
            result.stratum[members[k]] = static_cast<std::uint32_t>(s);
        }
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [place, id] : keyed) result.order.push_back(id);
    return result;
}

std::vector<std::size_t> largest_first(const std::vector<double>& work) {
    std::vector<std::size_t> order(work.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&work](std::size_t a, std::size_t b) { return work[a] > work[b]; });
    return order;
}

}  // namespace xcount
