// xcount/estimate.hpp: Knuth's Monte Carlo estimate of the size of a search tree.
//
// A probe walks from the root to a leaf, at each node taking one of the d options the search
// would try there uniformly at random and multiplying a weight by d. The weight at a node is an
// unbiased estimate of how many nodes of the tree are like it, so summed along the path it
// estimates the tree's nodes; at a solution leaf it estimates the solutions; with the updates
// of one option scaled by d it estimates the updates. The mean of many probes, with its
// standard error, is the estimate (TAOCP 7.2.2, after Knuth 1975). The search is the dancer's
// with the given choice rule, so the estimate is of the tree `count` would search.
#pragma once

#include <atomic>
#include <cstdint>
#include <random>
#include <vector>

#include "xcount/dancer.hpp"
#include "xcount/split.hpp"

namespace xcount {

struct EstimateFigure {
    double mean = 0;
    double error = 0;  // standard error of the mean
};

struct TreeEstimate {
    std::uint64_t probes = 0;
    EstimateFigure nodes, updates, solutions;
    double mean_depth = 0;  // of the probes' leaves
};

// One probe from where the dancer stands (the root, or a replayed prefix) down to a leaf of
// the subtree below, and back: each figure is an unbiased estimate of that subtree's.
struct ProbeResult {
    double nodes = 0, updates = 0, solutions = 0;
    int depth = 0;  // levels below the starting point
};
// Stopped (the dancer back where it stood) once `stop` is raised, looked at on every level.
ProbeResult probe_below(Dancer& dancer, std::mt19937_64& rng, const std::atomic<bool>* stop = nullptr);

// A dancer to probe `split`'s tree and its subproblems with (enter a prefix with place()): its
// forced items and its choice rule, except MRV below the scan rule's prefixes, whose own random
// paths vary too much to weigh subproblems by. Its updates are then MRV's: the work of a count
// is judged, and its subproblems weighed, in MRV's unit whatever tree it walks.
Dancer split_prober(const Matrix& matrix, const Split& split);

// With `stop`: once it is raised, the estimate of the probes made so far (TreeEstimate::probes
// says how many), which is no less unbiased for being fewer.
TreeEstimate estimate_tree(const Matrix& matrix, std::uint64_t probes, std::uint64_t seed, Choice choice = {},
                           const std::atomic<bool>* stop = nullptr);

// The tree a count of `split` walks (with its forced items and choice rule): above the cut as
// it was walked, and below it `probes` paths, each below a subproblem drawn uniformly at random
// and scaled by their number; solutions scaled by the subproblem's weight as well, so that
// under a symmetry reduction they estimate the full count while the nodes and updates are the
// reduced count's own. `stop` as for estimate_tree.
TreeEstimate estimate_split(const Matrix& matrix, const Split& split, std::uint64_t probes, std::uint64_t seed,
                            const std::atomic<bool>* stop = nullptr);

// The subproblems of `split` ordered by their estimated work, largest first: the mean update
// estimate of `probes` random paths below each prefix (the geometric mean, steadier for the
// progress display's weights, ranked 11 queens' subproblems almost backwards: it favours trees
// whose paths rarely die early). Solving them in this order leaves the small ones for the end,
// so that the threads finish close together.
std::vector<std::size_t> largest_first(const Matrix& matrix, const Split& split, std::uint64_t probes, std::uint64_t seed);
// The estimates behind it: per subproblem, the sum of `probes` paths' update estimates.
// Stopped once `stop` is raised.
std::vector<double> subproblem_work(const Matrix& matrix, const Split& split, std::uint64_t probes, std::uint64_t seed,
                                    const std::atomic<bool>* stop = nullptr);
// The ids in that order, largest first.
std::vector<std::size_t> largest_first(const std::vector<double>& work);

// The ids cut into `strata` strata of (nearly) equal size by estimated work, stratum 0 the
// largest, and taken from all of them in turn, in a random order (from `seed`) within each: at
// any point of the order, what came before is a stratified random sample of the whole, from
// which the rest can be extrapolated (estimate_sampled in work_model.hpp). With thousands of
// subproblems the biggest are no longer worth running first: the estimates below a prefix rank
// them poorly, and none is large.
struct StratifiedOrder {
    std::vector<std::size_t> order;
    std::vector<std::uint32_t> stratum;  // per id
};
StratifiedOrder stratified_order(const std::vector<double>& work, std::size_t strata, std::uint64_t seed);

}  // namespace xcount
