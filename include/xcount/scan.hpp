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

#include "xcount/dancer.hpp"
#include "xcount/mask.hpp"
#include "xcount/matrix.hpp"

namespace xcount {

template <std::size_t Words>
class ScanOf {
public:
    static constexpr bool kResumesInside = true;  // a stopped walk carries on from its position
    static constexpr std::size_t kMaxItems = 64 * Words;
    // InputError when the matrix has more than kMaxItems items.
    explicit ScanOf(const Matrix& matrix);
    static bool fits(const Matrix& matrix) { return matrix.item_count() <= kMaxItems; }

    SearchStats count(const Limits& limits = {});
    template <class Visit>
    SearchStats search(Visit&& visit, const Limits& limits = {});

    void replay(std::span<const OptionId> prefix);
    void push(OptionId option);
    void pop() { --depth_; }
    void unwind() { depth_ = 0; }
    int depth() const { return depth_; }
    void set_forced_items(std::span<const ItemId> items, std::span<const char> second_below = {});
    void set_choice(Choice choice);  // InputError unless the rule is scan: the only tree this engine walks
    void set_profile(LevelProfile* profile) { profile_ = profile; }

    template <class Policy>
    SearchStats walk(Policy& policy, const Limits& limits);

    OptionId option_at(int level) const { return static_cast<OptionId>(chosen_[static_cast<std::size_t>(level)]); }
    std::uint64_t checksum() const;  // the levels down to depth(): what a search must leave as it found it
    std::size_t memory_bytes() const;

private:
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

    bool forced_at(int level, Id bit) const;
    Id choose_at(int level) const;
    void open(int level, Id bit);  // sets the level's entries to try

    std::size_t primary_ = 0;      // primary items are bits 0 .. primary_-1, in the scan order
    Mask primary_mask_;
    std::vector<Id> bit_of_item_;  // item id -> bit
    std::vector<Mask> masks_;      // per option
    Lists led_;                    // per bit: the options it leads
    Lists holding_;                // per bit: every option holding it (forced levels)
    std::vector<const Lists*> lists_;  // per level: which lists its entries index
    std::vector<Level> levels_;
    std::vector<Id> chosen_;       // option chosen at each level
    int depth_ = 0;
    std::vector<Id> forced_;       // bits forced at levels 0, 1, ...
    std::vector<char> second_below_;
    LevelProfile* profile_ = nullptr;
    std::vector<OptionId> solution_;
};

template <std::size_t Words>
inline bool ScanOf<Words>::forced_at(int level, Id bit) const {
    const auto l = static_cast<std::size_t>(level);
    return detail::forcing_applies(*this, level, forced_.size(), second_below_) && forced_[l] == bit && !levels_[l].covered.has(bit);
}

template <std::size_t Words>
inline typename ScanOf<Words>::Id ScanOf<Words>::choose_at(int level) const {
    const auto l = static_cast<std::size_t>(level);
    if (l < forced_.size() && forced_at(level, forced_[l])) return forced_[l];
    return levels_[l].covered.lowest_clear(primary_mask_);
}

template <std::size_t Words>
inline void ScanOf<Words>::open(int level, Id bit) {
    const auto l = static_cast<std::size_t>(level);
    const Lists* lists = forced_at(level, bit) ? &holding_ : &led_;
    lists_[l] = lists;
    levels_[l].next = lists->begin[bit];
    levels_[l].last = lists->begin[bit + 1];
}

template <std::size_t Words>
template <class Policy>
SearchStats ScanOf<Words>::walk(Policy& policy, const Limits& limits) {
    SearchStats stats;
    std::uint64_t updates = 0, nodes = 0;
    const int base = limits.resume_base >= 0 ? limits.resume_base : depth_;
    int level = depth_;

forward:
    if ((limits.stop != nullptr && limits.stop->load(std::memory_order_relaxed)) || (limits.max_nodes != 0 && nodes >= limits.max_nodes)) {
        detail::record_position(*this, limits, base, level);
        goto interrupted;
    }
    if (levels_[static_cast<std::size_t>(level)].covered.covers(primary_mask_)) {
        if constexpr (Policy::cuts) {
            policy.cut(level);
        } else {
            ++nodes;
            if (profile_) profile_->record(level, 1, 0);
            ++stats.solutions;
            policy.solution(level);
            if (limits.max_solutions != 0 && stats.solutions >= limits.max_solutions) goto interrupted;
        }
        goto backup;
    }
    if constexpr (Policy::cuts) {
        if (level >= policy.cut_depth) {
            policy.cut(level);
            goto backup;
        }
    }
    {
        open(level, choose_at(level));
        const Level& at = levels_[static_cast<std::size_t>(level)];
        if constexpr (Policy::cuts) {  // a dead end above the cut is a subproblem of its own
            const Lists& lists = *lists_[static_cast<std::size_t>(level)];
            bool any = false;
            for (std::uint32_t k = at.next; k < at.last && !any; ++k) any = !lists.mask[k].meets(at.covered);
            if (!any) {
                policy.cut(level);
                goto backup;
            }
        }
        ++nodes;
        updates += at.last - at.next;
        if (profile_) profile_->record(level, 1, at.last - at.next);
    }

advance: {
        Level& at = levels_[static_cast<std::size_t>(level)];
        const Lists& lists = *lists_[static_cast<std::size_t>(level)];
        const Mask covered = at.covered;
        std::uint32_t k = at.next;
        while (k < at.last && lists.mask[k].meets(covered)) ++k;
        if (k == at.last) goto backup;
        at.next = k + 1;
        chosen_[static_cast<std::size_t>(level)] = lists.id[k];
        levels_[static_cast<std::size_t>(level) + 1].covered = covered | lists.mask[k];
        if (profile_) profile_->record(level, 0, 0);
        ++level;
        goto forward;
    }

backup:
    if (level == base) goto done;
    --level;
    goto advance;

interrupted:
    stats.complete = false;

done:
    depth_ = base;  // a resumed walk has backed up through the levels replayed for it
    stats.updates = updates;
    stats.nodes = nodes;
    return stats;
}

template <std::size_t Words>
template <class Visit>
SearchStats ScanOf<Words>::search(Visit&& visit, const Limits& limits) {
    detail::VisitPolicy<ScanOf<Words>, std::remove_reference_t<Visit>> policy{.visit = visit, .engine = *this, .scratch = solution_};
    return walk(policy, limits);
}

using Scan = ScanOf<2>;      // up to 128 items
using WideScan = ScanOf<4>;  // up to 256 items

extern template class ScanOf<2>;
extern template class ScanOf<4>;

}  // namespace xcount
