#include "xcount/split.hpp"

#include <stdexcept>

namespace xcount {

namespace {

struct CutPolicy {
    static constexpr bool cuts = true;
    int cut_depth;
    const Dancer& dancer;
    std::vector<OptionId>& options;
    std::vector<std::size_t>& begin;

    void cut(int level) {
        for (int k = 0; k < level; ++k) options.push_back(dancer.option_at(k));
        begin.push_back(options.size());
    }
    void solution(int) {}
};

constexpr int kAutoDepthCap = 12;

}  // namespace

Split split_at_depth(const Matrix& matrix, int depth, std::span<const ItemId> forced, std::span<const char> second_below, Choice choice) {
    if (depth < 0 || depth > kMaxSplitDepth)
        throw InputError("split depth must be between 0 and " + std::to_string(kMaxSplitDepth) + ", not " + std::to_string(depth));
    Split split;
    split.depth_ = depth;
    split.forced_.assign(forced.begin(), forced.end());
    split.second_below_.assign(second_below.begin(), second_below.end());
    split.choice_ = choice;
    Dancer dancer(matrix);
    dancer.set_forced_items(forced, second_below);
    dancer.set_choice(choice);
    dancer.set_profile(&split.above_profile_);
    CutPolicy policy{depth, dancer, split.options_, split.begin_};
    split.above_ = dancer.walk(policy, Limits{});
    return split;
}

void Split::set_weights(const std::function<Count(std::span<const OptionId>)>& weight_of) {
    if (static_cast<std::size_t>(depth_) < forced_.size())
        throw std::logic_error("Split::set_weights: the split must be as deep as the forced items");
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

Split split_automatically(const Matrix& matrix, std::size_t wanted, std::span<const ItemId> forced, std::span<const char> second_below,
                          int min_depth, Choice choice) {
    Split best = split_at_depth(matrix, min_depth, forced, second_below, choice);
    for (int depth = min_depth + 1; best.size() < wanted && depth <= kAutoDepthCap; ++depth) {
        Split next = split_at_depth(matrix, depth, forced, second_below, choice);
        if (next.size() == best.size() && next.above().nodes == best.above().nodes) break;  // the tree ended
        best = std::move(next);
    }
    return best;
}

}  // namespace xcount
