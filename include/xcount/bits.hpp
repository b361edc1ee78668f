// xcount/bits.hpp: exact cover on bitsets, for matrices of at most 256 items, behind the same
// interface as the Dancer, making the Dancer's decisions and reporting its figures.
//
// Each option is a mask of its items: 128 bits (Bits, up to 128 items) or 256 (WideBits, up to
// 256 items, at most 255 of them primary); with_engine picks the narrower one that fits. A
// tree node holds the list of the options still compatible with the choices above it (in
// option order), the mask of the items covered, and for each primary item how many options of
// the list hold it. A child's list is its parent's
// filtered by one AND per option (no pointers chased: the lists and masks stream through the
// cache), its counts the parent's less those of the options filtered out; nothing is undone on
// the way back, since each level keeps its own list.
//
// The tree is the Dancer's: the item chosen has the fewest options, ties to the lowest item id
// (DLX's ring order), its options are tried in option order, and a dead end (an item with no
// option) is a node too. The updates are DLX's as well, computed rather than performed: covering
// item i costs 1 + sum of (|o| - 1) over its options o, and covering the rest of a chosen option
// o costs |o| - 1 + sum of (|o'| - 1) over the options o' that meet o but not i, which are
// exactly the options the filter removes less those of i. So the counts, nodes, updates,
// profiles and splits of the three engines agree.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "xcount/mask.hpp"
#include "xcount/matrix.hpp"
#include "xcount/search.hpp"

namespace xcount {

template <std::size_t Words>
class BitsOf : public SearchSkeleton<BitsOf<Words>, std::uint32_t> {
    using Skeleton = SearchSkeleton<BitsOf<Words>, std::uint32_t>;

public:
    static constexpr std::size_t kMaxItems = 64 * Words;
    static constexpr std::size_t kMaxPrimary = 255;  // a primary item's bit, and the spare counter, fit a byte
    // InputError when the matrix has more than kMaxItems items or kMaxPrimary primary ones.
    explicit BitsOf(const Matrix& matrix);
    static bool fits(const Matrix& matrix) { return matrix.item_count() <= kMaxItems && matrix.primary_count() <= kMaxPrimary; }
    // The most its option lists can take: every level holding every option (in practice a
    // level holds a fraction of its parent's).
    static double worst_case_bytes(const Matrix& matrix) {
        return static_cast<double>(matrix.option_count()) * static_cast<double>(matrix.primary_count() + 2) * sizeof(std::uint32_t) * 2;
    }

    OptionId option_at(int level) const { return static_cast<OptionId>(chosen_[static_cast<std::size_t>(level)]); }
    std::uint64_t checksum() const;  // the levels down to depth(): what a search must leave as it found it
    std::size_t memory_bytes() const;

private:
    friend Skeleton;
    using Skeleton::choose_at;
    using Skeleton::depth_;
    using Skeleton::solution_;
    using Mask = xcount::Mask<Words>;
    using Id = std::uint32_t;
    struct Level {
        std::size_t begin = 0, end = 0;  // this node's live options: live_[begin, end)
        Mask covered;
        Id best = 0;                     // the item branched on
        std::size_t next = 0, last = 0;  // best's options still to try: options_[next, last)
        std::uint64_t best_cost = 0;     // sum of (|o| - 1) over best's options
    };

    Id choose(const Level& at, const std::uint32_t* counts) const;
    template <bool Weigh, class Fits>
    std::size_t select(const Id* from, std::size_t count, Id* out, std::uint64_t& cost, Fits fits) const;
    std::uint64_t enter(int level, Id option);  // builds level + 1 below option; returns its cost
    template <int Delta>
    void tally(std::uint32_t* counts, const Id* list, std::size_t n) const;  // counts += Delta per option's primary bit
    // Per level, a counter per primary bit and a spare one (the rows' padding lands there).
    std::uint32_t* counts(int level) { return counts_.data() + static_cast<std::size_t>(level) * (layout_.primary + 1); }
    const std::uint32_t* counts(int level) const { return counts_.data() + static_cast<std::size_t>(level) * (layout_.primary + 1); }
    Level& at(int level) { return levels_[static_cast<std::size_t>(level)]; }
    const Level& at(int level) const { return levels_[static_cast<std::size_t>(level)]; }

    // The skeleton's hooks (search.hpp).
    bool solved_at(int level) const { return layout_.primary_mask.without(at(level).covered).empty(); }
    bool is_open(int level, Id bit) const { return !at(level).covered.has(bit); }
    Id choose_mrv(int level) const { return choose(at(level), counts(level)); }
    template <class F>
    void for_each_open(int level, F f) const {
        for (Id b = 0; b < layout_.primary; ++b)
            if (is_open(level, b)) f(b, layout_.item_of_bit[b], std::uint64_t{counts(level)[b]});
    }
    ItemId item_id(Id bit) const { return layout_.item_of_bit[bit]; }
    bool dead_end(int level, Id bit) const { return counts(level)[bit] == 0; }
    std::uint64_t open(int level, Id best);  // sets up branching on best; returns the cover cost
    bool next(int level, std::uint64_t& cost) {
        Level& here = at(level);
        if (here.next == here.last) return false;
        const Id option = options_[here.next++];
        chosen_[static_cast<std::size_t>(level)] = option;
        cost = enter(level, option);
        return true;
    }
    void retreat(int) {}  // each level keeps its own list: nothing to undo
    void close(int) {}
    std::size_t option_count() const { return masks_.size(); }
    bool holds(OptionId option, Id bit) const { return masks_[static_cast<Id>(option)].has(bit); }
    bool is_live(int level, OptionId option, Id) const;
    PushCost take(int level, OptionId option, Id best);
    bool primary_item(ItemId id, Id& bit) const { return layout_.primary_bit(id, bit); }

    static const Matrix& checked(const Matrix& matrix);  // InputError unless it fits

    BitLayout<Words> layout_;          // the primary items in id order (the Dancer's ring order)
    std::vector<Mask> masks_;          // per option
    std::vector<std::uint32_t> cost_;  // per option: its size - 1
    static constexpr std::uint32_t kMixedCosts = ~std::uint32_t{0};
    std::uint32_t uniform_cost_ = kMixedCosts;  // every option's cost when they are all alike (no lookups then)
    std::vector<std::uint8_t> rows_;            // per option, its primary bits, row_width_ bytes
    std::vector<std::size_t> column_begin_;     // per primary bit, where its options start in column_
    std::vector<Id> column_;
    std::size_t row_width_ = 1;
    std::vector<Id> live_;               // the levels' option lists, one after another
    std::vector<Id> options_;            // the levels' options of their chosen items, likewise
    std::vector<Id> gone_;               // scratch: the options a child's filter removes
    std::vector<std::uint32_t> counts_;  // per level, per primary bit
    std::vector<Level> levels_;
    std::vector<Id> chosen_;  // option chosen at each level
};

template <std::size_t Words>
inline typename BitsOf<Words>::Id BitsOf<Words>::choose(const Level& at, const std::uint32_t* counts) const {
    // Fewest options, ties to the lowest bit (= item id order among the primary items).
    // Branch-free: each open item's key is its count above its bit, and the least key wins.
    const Mask open = layout_.primary_mask.without(at.covered);
    std::uint64_t least = ~std::uint64_t{0};
    for (std::size_t w = 0; w < Words; ++w)
        for (std::uint64_t m = open.word[w]; m != 0; m &= m - 1) {
            const std::uint64_t bit = w * 64 + static_cast<std::uint64_t>(__builtin_ctzll(m));
            least = std::min(least, (std::uint64_t{counts[bit]} << 8) | bit);
        }
    return static_cast<Id>(least & 255);
}

using Bits = BitsOf<2>;      // up to 128 items
using WideBits = BitsOf<4>;  // up to 256 items

}  // namespace xcount

// The instances compiled in bits.cpp (search.hpp's XCOUNT_COUNT_WALK).
#define XCOUNT_BITS_INSTANCES(KEYWORD) \
    XCOUNT_ENGINE_WIDTH(KEYWORD, BitsOf, 2, std::uint32_t) XCOUNT_ENGINE_WIDTH(KEYWORD, BitsOf, 4, std::uint32_t)
XCOUNT_BITS_INSTANCES(extern)
