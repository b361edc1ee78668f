// xcount/scan.hpp: exact cover the way the specialised bitboard solvers do it, for any matrix
// of at most 256 items, behind the same interface as the Dancer.
//
// The primary items take bits 0.. in the matrix's scan order (Matrix::scan_order: for a board,
// its cells along the short side, then the pieces), the secondary items the bits after them.
// Every option is a mask, filed under its lowest primary bit: its lead. A node is the mask of
// the items covered; it branches on the lowest open primary bit b and tries the options led by
// b, each with one AND against the covered mask. Nothing else is kept or undone: no counts per
// item, no lists to filter. Options holding b but led by a lower bit need no test: that bit is
// covered. Where symmetry reduction forces an item at a level, the node tries every option
// holding it instead.
//
// The tree is that of ChooseRule::scan, on which every engine can run (slowly), making the same
// choices and reporting the same figures: nodes as always, updates in this engine's unit (one
// per option tested: ScanCosts). So splits, journals, shards and MPI work across engines too.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "xcount/mask.hpp"
#include "xcount/matrix.hpp"
#include "xcount/search.hpp"

namespace xcount {

template <std::size_t Words>
class ScanOf : public SearchSkeleton<ScanOf<Words>, std::uint32_t> {
    using Skeleton = SearchSkeleton<ScanOf<Words>, std::uint32_t>;

public:
    static constexpr bool kResumesInside = true;  // a stopped walk carries on from its position
    static constexpr bool kScanUnits = true;
    static constexpr std::size_t kMaxItems = 64 * Words;
    // InputError when the matrix has more than kMaxItems items.
    explicit ScanOf(const Matrix& matrix);
    static bool fits(const Matrix& matrix) { return matrix.item_count() <= kMaxItems; }

    void set_choice(Choice choice);  // InputError unless the rule is scan: the only tree this engine walks

    OptionId option_at(int level) const { return static_cast<OptionId>(chosen_[static_cast<std::size_t>(level)]); }
    std::uint64_t checksum() const;  // the levels down to depth(): what a search must leave as it found it
    std::size_t memory_bytes() const;

private:
    friend Skeleton;
    using Skeleton::depth_;
    using Skeleton::solution_;
    using Mask = xcount::Mask<Words>;
    using Id = std::uint32_t;
    struct Level {
        Mask covered;
        std::uint32_t next = 0, last = 0;  // the options still to try: entries [next, last)
    };
    // The options tried on branching on a bit, as masks and ids side by side (in option order).
    struct Lists {
        std::vector<std::uint32_t> begin;  // per primary bit, into mask/id
        std::vector<Mask> mask;
        std::vector<Id> id;
    };
    Level& at(int level) { return levels_[static_cast<std::size_t>(level)]; }
    const Level& at(int level) const { return levels_[static_cast<std::size_t>(level)]; }

    // The skeleton's hooks (search.hpp).
    bool solved_at(int level) const { return at(level).covered.covers(layout_.primary_mask); }
    bool is_open(int level, Id bit) const { return !at(level).covered.has(bit); }
    Id choose_mrv(int level) const { return choose_by_rule(level); }  // never asked: set_choice takes scan only
    Id choose_by_rule(int level) const { return at(level).covered.lowest_clear(layout_.primary_mask); }
    ItemId item_id(Id bit) const { return layout_.item_of_bit[bit]; }
    bool dead_end(int level, Id bit);
    std::uint64_t open(int level, Id bit) {  // the entries to try; their number is the cost
        const Lists* lists = this->forced_at(level, bit) ? &holding_ : &led_;
        lists_[static_cast<std::size_t>(level)] = lists;
        at(level).next = lists->begin[bit];
        at(level).last = lists->begin[bit + 1];
        return at(level).last - at(level).next;
    }
    bool next(int level, std::uint64_t&) {
        Level& here = at(level);
        const Lists& lists = *lists_[static_cast<std::size_t>(level)];
        const Mask covered = here.covered;
        std::uint32_t k = here.next;
        while (k < here.last && lists.mask[k].meets(covered)) ++k;
        if (k == here.last) return false;
        here.next = k + 1;
        chosen_[static_cast<std::size_t>(level)] = lists.id[k];
        at(level + 1).covered = covered | lists.mask[k];
        return true;
    }
    void retreat(int) {}  // each level keeps its own mask: nothing to undo
    void close(int) {}
    std::size_t option_count() const { return masks_.size(); }
    bool holds(OptionId option, Id bit) const { return masks_[static_cast<Id>(option)].has(bit); }
    bool is_live(int level, OptionId option, Id) const { return !masks_[static_cast<Id>(option)].meets(at(level).covered); }
    PushCost take(int level, OptionId option, Id bit);
    bool primary_item(ItemId id, Id& bit) const { return layout_.primary_bit(id, bit); }

    static const Matrix& checked(const Matrix& matrix);  // InputError unless it fits

    BitLayout<Words> layout_;          // the primary items in the scan order
    std::vector<Mask> masks_;          // per option
    Lists led_;                        // per bit: the options it leads
    Lists holding_;                    // per bit: every option holding it (forced levels)
    std::vector<const Lists*> lists_;  // per level: which lists its entries index
    std::vector<Level> levels_;
    std::vector<Id> chosen_;  // option chosen at each level
};

template <std::size_t Words>
bool ScanOf<Words>::dead_end(int level, Id bit) {
    open(level, bit);
    const Level& here = at(level);
    const Lists& lists = *lists_[static_cast<std::size_t>(level)];
    for (std::uint32_t k = here.next; k < here.last; ++k)
        if (!lists.mask[k].meets(here.covered)) return false;
    return true;
}

using Scan = ScanOf<2>;      // up to 128 items
using WideScan = ScanOf<4>;  // up to 256 items

extern template class ScanOf<2>;
extern template class ScanOf<4>;

}  // namespace xcount
