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

Split split_at_depth(const Matrix& matrix, int depth) {
    if (depth < 0 || depth > kMaxSplitDepth)
        throw InputError("split depth must be between 0 and " + std::to_string(kMaxSplitDepth) + ", not " +
                         std::to_string(depth));
    Split split;
    split.depth_ = depth;
    Dancer dancer(matrix);
    CutPolicy policy{depth, dancer, split.options_, split.begin_};
    split.above_ = dancer.walk(policy, Limits{});
    return split;
}

Split split_automatically(const Matrix& matrix, std::size_t wanted) {
    Split best = split_at_depth(matrix, 0);
    for (int depth = 1; best.size() < wanted && depth <= kAutoDepthCap; ++depth) {
        Split next = split_at_depth(matrix, depth);
        if (next.size() == best.size() && next.above().nodes == best.above().nodes) break;  // the tree ended
        best = std::move(next);
    }
    return best;
}

}  // namespace xcount
