// xcount/small_bits.hpp: the bits engine for small matrices (at most 64 * OptionWords options
// and 128 primary items): a node's live options are one bitset instead of a list.
//
// Each option has the set of the options it meets (its conflicts, itself included) and each
// primary item the set of the options holding it. A child's live set is its parent's less the
// conflicts of the option taken (OptionWords ANDs), an item's count is the population of its
// set within the live one, and the options to try at a node are the chosen item's set within
// the live one, lowest first. So the counts are not kept per level but read where needed: no
// list to filter, no counters to update, a node's state is a few words.
//
// The tree and the figures are the bits engine's, which are the Dancer's (bits.hpp): the item
// with the fewest options, ties to the lowest id, its options in option order, covering item i
// costs 1 + the sum of (|o| - 1) over its options o, and the rest of a chosen option its own
// |o| - 1 plus that sum over the options it removes that do not hold i. It stands in for the
// bits engine wherever the matrix fits and the processor counts bits in one instruction
// (fits, runs_here: engines.hpp picks it), with the same journals, splits and shards.
//
// The walks of count() and search() are compiled in small_bits.cpp with the popcount
// instruction (x86-64 machines before 2008 lack it; there this engine is not used); the
// splitter's walk, above the cut depth only, is compiled where it is called, with the portable
// popcount.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "xcount/mask.hpp"
#include "xcount/matrix.hpp"
#include "xcount/search.hpp"

namespace xcount {

template <std::size_t OptionWords>
class SmallBitsOf : public SearchSkeleton<SmallBitsOf<OptionWords>, std::uint32_t> {
    using Skeleton = SearchSkeleton<SmallBitsOf<OptionWords>, std::uint32_t>;

public:
    static constexpr std::size_t kMaxOptions = 64 * OptionWords;
    static constexpr std::size_t kMaxPrimary = 128;
    // InputError when the matrix does not fit (colours, multiplicities, too many options or
    // primary items).
    explicit SmallBitsOf(const Matrix& matrix);
    static bool fits(const Matrix& matrix) {
        return matrix.option_count() <= kMaxOptions && matrix.primary_count() <= kMaxPrimary && !matrix.has_colours() &&
               !matrix.has_multiplicities();
    }
    static bool runs_here();  // the processor has the popcount instruction this engine's walk uses

    // The skeleton's search(), through a std::function, so that its walk too is compiled in
    // small_bits.cpp with the popcount instruction (the visitor costs a call per solution).
    using Visitor = std::function<void(std::span<const OptionId>)>;
    template <class Visit>
    SearchStats search(Visit&& visit, const Limits& limits = {}) {
        return search_with(Visitor(std::ref(visit)), limits);
    }
    SearchStats search_with(const Visitor& visit, const Limits& limits);

    OptionId option_at(int level) const { return static_cast<OptionId>(chosen_[static_cast<std::size_t>(level)]); }
    std::uint64_t checksum() const;  // the levels down to depth(): what a search must leave as it found it
    std::size_t memory_bytes() const;

private:
    friend Skeleton;
    using Skeleton::depth_;
    using Skeleton::solution_;
    using Options = Mask<OptionWords>;  // a set of options, bit o for option o
    using Items = Mask<2>;              // a set of primary items, by bit
    using Id = std::uint32_t;
    struct Level {
        Options live;                 // the options compatible with every choice above
        Options pending;              // the chosen item's options not tried yet
        Items open;                   // the primary items still to cover
        Id best = 0;                  // the item branched on
        std::uint64_t best_cost = 0;  // sum of (|o| - 1) over best's options
    };
    Level& at(int level) { return levels_[static_cast<std::size_t>(level)]; }
    const Level& at(int level) const { return levels_[static_cast<std::size_t>(level)]; }

    static std::uint32_t population(const Options& set) {
        std::uint32_t n = 0;
        for (std::uint64_t word : set.word) n += static_cast<std::uint32_t>(__builtin_popcountll(word));
        return n;
    }
    std::uint32_t options_of(const Level& here, Id bit) const { return population(here.live.seen_through(holding_[bit])); }
    // Sum of (|o| - 1) over the options of a set.
    std::uint64_t weight(const Options& set) const {
        if (cost_classes_.size() == 1) return std::uint64_t{class_cost_[0]} * population(set);
        std::uint64_t sum = 0;
        for (std::size_t c = 0; c < cost_classes_.size(); ++c)
            sum += std::uint64_t{class_cost_[c]} * population(set.seen_through(cost_classes_[c]));
        return sum;
    }
    std::uint64_t enter(int level, Id option) {  // builds level + 1 below option; returns its cost
        const Level& parent = at(level);
        Level& child = at(level + 1);
        child.live = parent.live.without(conflicts_[option]);
        child.open = parent.open.without(items_[option]);
        return cost_[option] + weight(parent.live.seen_through(conflicts_[option])) - parent.best_cost;
    }

    // The skeleton's hooks (search.hpp).
    bool solved_at(int level) const { return at(level).open.empty(); }
    bool is_open(int level, Id bit) const { return at(level).open.has(bit); }
    Id choose_mrv(int level) const {
        // Fewest options, ties to the lowest bit (= item id order among the primary items); an
        // item without options is the answer at once.
        const Level& here = at(level);
        std::uint64_t least = ~std::uint64_t{0};
        for (std::size_t w = 0; w < 2; ++w)
            for (std::uint64_t m = here.open.word[w]; m != 0; m &= m - 1) {
                const std::uint64_t bit = w * 64 + static_cast<std::uint64_t>(__builtin_ctzll(m));
                const std::uint32_t n = options_of(here, static_cast<Id>(bit));
                if (n == 0) return remember(level, static_cast<Id>(bit), 0);
                least = std::min(least, (std::uint64_t{n} << 8) | bit);
            }
        return remember(level, static_cast<Id>(least & 255), static_cast<std::uint32_t>(least >> 8));
    }
    // choose_mrv's answer and its count, for the open() that follows it to take (uniform costs
    // only); open() forgets it, so a choice made otherwise (a forced item) never sees it.
    struct ChosenCount {
        int level = -1;
        Id bit = 0;
        std::uint32_t options = 0;
    };
    mutable ChosenCount chosen_count_;
    Id remember(int level, Id bit, std::uint32_t options) const {
        chosen_count_ = {level, bit, options};
        return bit;
    }
    template <class F>
    void for_each_open(int level, F f) const {
        for (Id b = 0; b < layout_.primary; ++b)
            if (is_open(level, b)) f(b, layout_.item_of_bit[b], std::uint64_t{options_of(at(level), b)});
    }
    ItemId item_id(Id bit) const { return layout_.item_of_bit[bit]; }
    bool dead_end(int level, Id bit) const { return options_of(at(level), bit) == 0; }
    std::uint64_t open(int level, Id best) {  // sets up branching on best; returns the cover cost
        Level& here = at(level);
        here.best = best;
        here.pending = here.live.seen_through(holding_[best]);
        here.best_cost = cost_classes_.size() == 1 && chosen_count_.level == level && chosen_count_.bit == best
                             ? std::uint64_t{class_cost_[0]} * chosen_count_.options
                             : weight(here.pending);
        chosen_count_.level = -1;
        return 1 + here.best_cost;
    }
    bool next(int level, std::uint64_t& cost) {
        // The first word with an option left, found without a branch per word.
        Level& here = at(level);
        std::uint32_t words = 0;
        for (std::size_t w = 0; w < OptionWords; ++w) words |= static_cast<std::uint32_t>(here.pending.word[w] != 0) << w;
        if (words == 0) return false;
        const auto w = static_cast<std::size_t>(__builtin_ctz(words));
        const std::uint64_t word = here.pending.word[w];
        here.pending.word[w] = word & (word - 1);
        const auto option = static_cast<Id>(w * 64) + static_cast<Id>(__builtin_ctzll(word));
        chosen_[static_cast<std::size_t>(level)] = option;
        cost = enter(level, option);
        return true;
    }
    void retreat(int) {}  // each level keeps its own sets: nothing to undo
    void close(int) {}
    std::size_t option_count() const { return conflicts_.size(); }
    bool holds(OptionId option, Id bit) const { return items_[static_cast<Id>(option)].has(bit); }
    bool is_live(int level, OptionId option, Id) const { return at(level).live.has(static_cast<Id>(option)); }
    PushCost take(int level, OptionId option, Id best);
    bool primary_item(ItemId id, Id& bit) const { return layout_.primary_bit(id, bit); }

    static const Matrix& checked(const Matrix& matrix);  // InputError unless it fits

    BitLayout<2> layout_;                    // the primary items in id order (the Dancer's ring order)
    std::vector<Options> conflicts_;         // per option: the options sharing an item with it, itself included
    std::vector<Items> items_;               // per option: its primary items
    std::vector<std::uint32_t> cost_;        // per option: its size - 1
    std::vector<Options> holding_;           // per primary bit: the options holding it
    std::vector<Options> cost_classes_;      // the options of each size
    std::vector<std::uint32_t> class_cost_;  // per class: its options' size - 1
    std::vector<Level> levels_;
    std::vector<Id> chosen_;  // option chosen at each level
};

using SmallBits = SmallBitsOf<4>;     // up to 256 options
using SmallBits512 = SmallBitsOf<8>;  // up to 512 options

}  // namespace xcount

// The instances compiled in small_bits.cpp (search.hpp's XCOUNT_COUNT_WALK).
#define XCOUNT_SMALL_BITS_INSTANCES(KEYWORD) \
    XCOUNT_ENGINE_WIDTH(KEYWORD, SmallBitsOf, 4, std::uint32_t) XCOUNT_ENGINE_WIDTH(KEYWORD, SmallBitsOf, 8, std::uint32_t)
XCOUNT_SMALL_BITS_INSTANCES(extern)
