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

Split split_at_depth(const Matrix& matrix, int depth, ItemId first_item) {
    if (depth < 0 || depth > kMaxSplitDepth)
        throw InputError("split depth must be between 0 and " + std::to_string(kMaxSplitDepth) + ", not " +
                         std::to_string(depth));
    Split split;
    split.depth_ = depth;
    split.first_item_ = first_item;
    Dancer dancer(matrix);
    dancer.set_first_item(first_item);
    CutPolicy policy{depth, dancer, split.options_, split.begin_};
    split.above_ = dancer.walk(policy, Limits{});
    return split;
}

void Split::set_weights(std::span<const Count> option_weight) {
    if (depth_ < 1) throw std::logic_error("Split::set_weights: weights need a split depth of at least 1");
    weights_.assign(size(), 1);
    for (std::size_t id = 0; id < size(); ++id)
        if (!prefix(id).empty()) weights_[id] = option_weight[static_cast<std::size_t>(prefix(id)[0])];
}

Split split_automatically(const Matrix& matrix, std::size_t wanted, ItemId first_item, int min_depth) {
    Split best = split_at_depth(matrix, min_depth, first_item);
    for (int depth = min_depth + 1; best.size() < wanted && depth <= kAutoDepthCap; ++depth) {
        Split next = split_at_depth(matrix, depth, first_item);
        if (next.size() == best.size() && next.above().nodes == best.above().nodes) break;  // the tree ended
        best = std::move(next);
    }
    return best;
}

}  // namespace xcount
