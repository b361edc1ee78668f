#include "xcount/split.hpp"

#include <algorithm>
#include <stdexcept>

namespace xcount {

namespace {

struct CutPolicy {
    static constexpr bool cuts = true;
    int cut_depth;
    const Dancer& dancer;
    std::vector<OptionId>& options;
    std::vector<std::size_t>& begin;
    const Weigh& weigh;
    int weigh_level;  // where a branch's weight is decided
    std::vector<OptionId> path;

    // A stand-in for another member of an orbit: left without a record or any work below.
    bool drops(int level) {
        if (!weigh || level != weigh_level) return false;
        path.clear();
        for (int k = 0; k < level; ++k) path.push_back(dancer.option_at(k));
        return weigh(path) == 0;
    }
    void cut(int level) {
        for (int k = 0; k < level; ++k) options.push_back(dancer.option_at(k));
        begin.push_back(options.size());
    }
    void solution(int) {}
};

constexpr int kAutoDepthCap = 12;

}  // namespace

Split split_at_depth(const Matrix& matrix, int depth, const TreeShape& shape, const Weigh& weigh, const std::atomic<bool>* stop) {
    if (depth < 0 || depth > kMaxSplitDepth)
        throw InputError("split depth must be between 0 and " + std::to_string(kMaxSplitDepth) + ", not " + std::to_string(depth));
    if (weigh && static_cast<std::size_t>(depth) < shape.forced.size())
        throw std::logic_error("split_at_depth: a weighted split must be as deep as the forced items");
    Split split;
    split.depth_ = depth;
    split.shape_ = shape;
    Dancer dancer(matrix);
    dancer.set_shape(shape);
    dancer.set_profile(&split.above_profile_);
    CutPolicy policy{depth, dancer, split.options_, split.begin_, weigh, static_cast<int>(shape.forced.size()), {}};
    throw_if_stopped(stop);
    split.above_ = dancer.walk(policy, Limits{.stop = stop});
    if (!split.above_.complete) throw Stopped();
    if (weigh) split.set_weights(weigh);
    return split;
}

void Split::set_weights(const Weigh& weight_of) {
    std::vector<OptionId> options;
    std::vector<std::size_t> begin{0};
    std::vector<Count> weights;
    for (std::size_t id = 0; id < size(); ++id) {
        const Count w = weight_of(prefix(id));
        if (w == 0) continue;
        options.insert(options.end(), prefix(id).begin(), prefix(id).end());
        begin.push_back(options.size());
        weights.push_back(w);
    }
    options_ = std::move(options);
    begin_ = std::move(begin);
    weights_ = std::move(weights);
}

Split split_automatically(const Matrix& matrix, std::size_t wanted, const TreeShape& shape, int min_depth, const Weigh& weigh,
                          const std::atomic<bool>* stop) {
    Split best = split_at_depth(matrix, min_depth, shape, weigh, stop);
    // A level that does not branch (forced choices: a reduced Latin square's fixed first row and
    // column) is not counted against the cap, so that every thread still gets work below it.
    int cap = kAutoDepthCap;
    for (int depth = min_depth + 1; best.size() < wanted && depth <= std::min(cap, kMaxSplitDepth); ++depth) {
        Split next = split_at_depth(matrix, depth, shape, weigh, stop);
        if (next.size() == best.size() && next.above().nodes == best.above().nodes) break;  // the tree ended
        if (next.size() == best.size()) ++cap;
        best = std::move(next);
    }
    return best;
}

std::vector<std::size_t> shard_ids(std::size_t index, std::size_t count, std::size_t subproblems) {
    std::vector<std::size_t> ids;
    for (std::size_t id = index; id < subproblems; id += count) ids.push_back(id);
    return ids;
}

std::size_t shard_size(std::size_t index, std::size_t count, std::size_t subproblems) {
    return subproblems / count + (index < subproblems % count ? 1 : 0);
}

}  // namespace xcount
