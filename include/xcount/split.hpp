// xcount/split.hpp: the search tree cut at a fixed depth into independent subproblems.
//
// The same search as Dancer::count, with the same item choice, stops at depth d: every tree
// node at depth d becomes a subproblem, named by its prefix (the options chosen on the way
// down). A solution or a dead end reached above depth d is a subproblem of its own. Every
// root-to-leaf path passes through exactly one subproblem, so
//
//     unsplit.solutions == sum of subproblem solutions
//     unsplit.updates   == split.above.updates + sum of subproblem updates   (same for nodes)
//
// Subproblem ids are positions in the search's own order: the same matrix and depth give the
// same list on every machine, which is what makes journals, shards and MPI ranks agree.
//
//     Split s = split_at_depth(matrix, 3);
//     Dancer d(matrix);
//     d.replay(s.prefix(7)); SearchStats below = d.count(); d.unwind();
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "xcount/dancer.hpp"

namespace xcount {

// A subproblem's weight from its prefix, as far down as the forced items: 0 drops it.
using Weigh = std::function<Count(std::span<const OptionId>)>;

class Split {
public:
    int depth() const { return depth_; }
    std::size_t size() const { return begin_.size() - 1; }
    std::span<const OptionId> prefix(std::size_t id) const { return {options_.data() + begin_[id], begin_[id + 1] - begin_[id]}; }
    const SearchStats& above() const { return above_; }                   // the work of the tree above the cut
    const LevelProfile& above_profile() const { return above_profile_; }  // that work per level
    const TreeShape& shape() const { return shape_; }       // what the prefixes were found with: engines replaying them take it
    const Choice& choice() const { return shape_.choice; }  // its item-choice rule

    // Weighted counting (symmetry reduction): subproblem id stands for weight(id) times its
    // own solutions (see split_at_depth's `weigh`).
    Count weight(std::size_t id) const { return weights_.empty() ? 1 : weights_[id]; }

private:
    friend Split split_at_depth(const Matrix&, int, const TreeShape&, const Weigh&, const std::atomic<bool>*);
    void set_weights(const Weigh& weigh);  // drops the subproblems of weight 0 and numbers the rest
    int depth_ = 0;
    TreeShape shape_;
    std::vector<OptionId> options_;
    std::vector<std::size_t> begin_{0};
    std::vector<Count> weights_;
    SearchStats above_;
    LevelProfile above_profile_;
};

constexpr int kMaxSplitDepth = 64;

// The subproblems at `depth` (0 <= depth <= kMaxSplitDepth; 0 gives one: the whole problem), in
// the tree of `shape` (every engine that replays the split takes it too: Split::shape()).
// With `weigh` (a symmetry reduction: Reduction::weight), each subproblem stands for
// weigh(prefix) times its own solutions, and the branches of weight 0 (stand-ins for other
// members of an orbit) are left at the level where their weight is decided (the forced
// items'), so that the work above the cut is the same at every depth. Needs depth >= forced
// items then. Stopped once `stop` is raised (looked at on every node of the walk).
Split split_at_depth(const Matrix& matrix, int depth, const TreeShape& shape = {}, const Weigh& weigh = {},
                     const std::atomic<bool>* stop = nullptr);

// The smallest depth >= min_depth giving at least `wanted` subproblems, or the deepest useful
// one when the tree never gets that wide (the count stops growing), capped at 12. By count
// alone: a count's plan (make_plan) also weighs the work of a long count.
Split split_automatically(const Matrix& matrix, std::size_t wanted, const TreeShape& shape = {}, int min_depth = 0, const Weigh& weigh = {},
                          const std::atomic<bool>* stop = nullptr);

// The ids of shard I/K among `subproblems`: I, I + K, I + 2K, ...; and how many there are.
std::vector<std::size_t> shard_ids(std::size_t index, std::size_t count, std::size_t subproblems);
std::size_t shard_size(std::size_t index, std::size_t count, std::size_t subproblems);

}  // namespace xcount
