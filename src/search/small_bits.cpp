// Compiled with the popcount instruction on x86-64 (CMakeLists.txt): the explicit
// instantiations below put the whole walks of count() and search() here, every hook inlined.
#include "xcount/small_bits.hpp"

#include <map>
#include <string>

#include "xcount/error.hpp"
#include "xcount/hash.hpp"

namespace xcount {

template <std::size_t OptionWords>
bool SmallBitsOf<OptionWords>::runs_here() {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_cpu_supports("popcnt");
#else
    return true;
#endif
}

template <std::size_t OptionWords>
const Matrix& SmallBitsOf<OptionWords>::checked(const Matrix& matrix) {
    require_no_colours(matrix, "bits");
    if (matrix.option_count() > kMaxOptions)
        throw InputError("the small bits engine takes up to " + std::to_string(kMaxOptions) + " options; this matrix has " +
                         std::to_string(matrix.option_count()));
    if (matrix.primary_count() > kMaxPrimary)
        throw InputError("the small bits engine takes up to " + std::to_string(kMaxPrimary) + " primary items; this matrix has " +
                         std::to_string(matrix.primary_count()));
    return matrix;
}

template <std::size_t OptionWords>
SmallBitsOf<OptionWords>::SmallBitsOf(const Matrix& matrix) : Skeleton(checked(matrix)), layout_(matrix) {
    const std::size_t n = matrix.option_count();
    std::vector<Options> by_item(matrix.item_count());  // every item's options, secondary ones too
    items_.resize(n);
    cost_.resize(n);
    std::map<std::uint32_t, Options> classes;
    for (std::size_t o = 0; o < n; ++o) {
        const auto items = matrix.option(static_cast<OptionId>(o));
        cost_[o] = static_cast<std::uint32_t>(items.size()) - 1;
        classes[cost_[o]].set(static_cast<Id>(o));
        for (ItemId item : items) {
            by_item[static_cast<std::size_t>(item)].set(static_cast<Id>(o));
            if (const Id bit = layout_.bit_of_item[static_cast<std::size_t>(item)]; bit < layout_.primary) items_[o].set(bit);
        }
    }
    conflicts_.resize(n);
    for (std::size_t o = 0; o < n; ++o)
        for (ItemId item : matrix.option(static_cast<OptionId>(o))) conflicts_[o] = conflicts_[o] | by_item[static_cast<std::size_t>(item)];
    for (Id b = 0; b < layout_.primary; ++b) holding_.push_back(by_item[static_cast<std::size_t>(layout_.item_of_bit[b])]);
    for (const auto& [cost, options] : classes) {
        class_cost_.push_back(cost);
        cost_classes_.push_back(options);
    }
    if (cost_classes_.empty()) {  // no options: weight() still reads one class
        class_cost_.push_back(0);
        cost_classes_.emplace_back();
    }
    const std::size_t levels = layout_.primary + 2;
    levels_.assign(levels, Level{});
    chosen_.assign(levels, 0);
    for (std::size_t o = 0; o < n; ++o) levels_[0].live.set(static_cast<Id>(o));
    levels_[0].open = layout_.primary_mask;
    solution_.reserve(levels);
}

template <std::size_t OptionWords>
PushCost SmallBitsOf<OptionWords>::take(int level, OptionId option, Id best) {
    const auto o = static_cast<Id>(option);
    PushCost cost;
    cost.item = open(level, best);
    // The walk's place in best's options, so that a walk resumed below can back up through it:
    // the options after o are still to try.
    Level& opened = at(level);
    for (Id w = 0; w < OptionWords; ++w) {
        const Id first = w * 64;
        if (o >= first + 63)
            opened.pending.word[w] = 0;
        else if (o >= first)
            opened.pending.word[w] &= ~std::uint64_t{0} << (o - first + 1);
    }
    chosen_[static_cast<std::size_t>(level)] = o;
    cost.rest = enter(level, o);
    return cost;
}

template <std::size_t OptionWords>
std::uint64_t SmallBitsOf<OptionWords>::checksum() const {
    // Every level down to the depth: its live options and open items; above the depth, also the
    // item branched on, its cost, the options left to try there and the one chosen.
    Hash64 h;
    for (int level = 0; level <= depth_; ++level) {
        const Level& here = at(level);
        for (std::uint64_t word : here.live.word) h.add(word);
        for (std::uint64_t word : here.open.word) h.add(word);
        if (level == depth_) break;
        h.add(std::uint64_t{here.best}).add(here.best_cost).add(std::uint64_t{chosen_[static_cast<std::size_t>(level)]});
        for (std::uint64_t word : here.pending.word) h.add(word);
    }
    h.add(static_cast<std::uint64_t>(depth_));
    return h.value();
}

template <std::size_t OptionWords>
std::size_t SmallBitsOf<OptionWords>::memory_bytes() const {
    return (conflicts_.capacity() + holding_.capacity() + cost_classes_.capacity()) * sizeof(Options) + items_.capacity() * sizeof(Items) +
           (cost_.capacity() + class_cost_.capacity() + chosen_.capacity()) * 4 + levels_.capacity() * sizeof(Level) +
           (layout_.bit_of_item.capacity() + layout_.item_of_bit.capacity()) * 4;
}

template <std::size_t OptionWords>
SearchStats SmallBitsOf<OptionWords>::search_with(const Visitor& visit, const Limits& limits) {
    return Skeleton::search(visit, limits);
}

}  // namespace xcount

XCOUNT_SMALL_BITS_INSTANCES()
