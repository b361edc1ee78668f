// xcount/scan.hpp: exact cover the way the specialised bitboard solvers do it, for any matrix
// of at most 256 items, behind the same interface as the Dancer.
//
// The primary items take bits 0.. in the matrix's scan order (Matrix::scan_order: for a board,
// its cells along the short side, then the pieces), the secondary items the bits after them.
// Every option is a mask, filed under its lowest primary bit: its lead. A node is the mask of
// the items covered; it branches on the lowest open primary bit b and tries the options led by
// b. Options holding b but led by a lower bit need no test: that bit is covered. Nothing is
// undone on the way back: each level keeps its own state.
//
// Two ways to find the options led by b that are still free (ScanMethod). each_option tests
// them one by one, one AND each against the covered mask. conflict_masks keeps, per level, one
// bit per led option of the bits still to come (64 to a word, in chunks per lead): set once the
// option meets something chosen. Taking an option ORs its precomputed row of conflicts into the
// next level's words, and a node reads its free options off its lead's chunks, lowest bit first
// (the n-queens solvers' trick, for any matrix). Both try the same options in the same order.
// Where symmetry reduction forces an item at a level, the node tries every option holding it,
// one by one.
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

// How the scan engine finds the free options at a node (see above). automatic: conflict_masks
// where its table takes at most kConflictTableWords words and the leads hold 4 options or
// more on average, each_option elsewhere.
enum class ScanMethod { automatic, each_option, conflict_masks };

template <std::size_t Words>
class ScanOf : public SearchSkeleton<ScanOf<Words>, std::uint32_t> {
    using Skeleton = SearchSkeleton<ScanOf<Words>, std::uint32_t>;

public:
    static constexpr bool kScanUnits = true;
    static constexpr std::size_t kMaxItems = 64 * Words;
    // InputError when the matrix has more than kMaxItems items.
    static constexpr std::size_t kConflictTableWords = std::size_t{1} << 20;  // 8 MiB per engine
    explicit ScanOf(const Matrix& matrix, ScanMethod method = ScanMethod::automatic);
    static bool fits(const Matrix& matrix) { return matrix.item_count() <= kMaxItems; }

    void set_choice(Choice choice);  // InputError unless the rule is scan: the only tree this engine walks

    OptionId option_at(int level) const { return static_cast<OptionId>(chosen_[static_cast<std::size_t>(level)]); }
    std::uint64_t checksum() const;  // the levels down to depth(): what a search must leave as it found it
    std::size_t memory_bytes() const;
    ScanMethod method() const { return by_conflicts_ ? ScanMethod::conflict_masks : ScanMethod::each_option; }

private:
    friend Skeleton;
    using Skeleton::depth_;
    using Skeleton::solution_;
    using Mask = xcount::Mask<Words>;
    using Id = std::uint32_t;
    struct Level {
        Mask covered;
        std::uint32_t next = 0, last = 0;  // each_option: the entries still to try, [next, last)
        // conflict_masks: the chunk being read, the end of the lead's chunks, and the current
        // chunk's free options not yet tried.
        std::uint32_t chunk = 0, chunk_end = 0;
        std::uint64_t pending = 0;
        bool by_conflicts = false;
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
        const bool forced = this->forced_at(level, bit);
        const Lists* lists = forced ? &holding_ : &led_;
        lists_[static_cast<std::size_t>(level)] = lists;
        Level& here = at(level);
        here.next = lists->begin[bit];
        here.last = lists->begin[bit + 1];
        here.by_conflicts = by_conflicts_ && !forced;
        if (here.by_conflicts) {
            here.chunk = chunk_begin_[bit];
            here.chunk_end = chunk_begin_[bit + 1];
            here.pending = here.chunk < here.chunk_end ? ~blocked(level)[here.chunk] : 0;
        }
        return here.last - here.next;
    }
    bool next(int level, std::uint64_t&) {
        Level& here = at(level);
        if (here.by_conflicts) {
            while (here.pending == 0) {
                if (++here.chunk >= here.chunk_end) return false;
                here.pending = ~blocked(level)[here.chunk];
            }
            const std::uint32_t entry = chunk_entry_[here.chunk] + static_cast<std::uint32_t>(__builtin_ctzll(here.pending));
            here.pending &= here.pending - 1;
            take_led(level, entry);
            return true;
        }
        const Lists& lists = *lists_[static_cast<std::size_t>(level)];
        const Mask covered = here.covered;
        std::uint32_t k = here.next;
        while (k < here.last && lists.mask[k].meets(covered)) ++k;
        if (k == here.last) return false;
        here.next = k + 1;
        chosen_[static_cast<std::size_t>(level)] = lists.id[k];
        at(level + 1).covered = covered | lists.mask[k];
        if (by_conflicts_) block_anew(level + 1);
        return true;
    }
    // conflict_masks: the level's word per chunk (a bit set: that led option is not free).
    std::uint64_t* blocked(int level) { return blocked_.data() + static_cast<std::size_t>(level) * chunks_; }
    const std::uint64_t* blocked(int level) const { return blocked_.data() + static_cast<std::size_t>(level) * chunks_; }
    // Takes led entry e at a level branching on its lead: the next level's words are this
    // level's with e's conflicts added, for the chunks of the leads after e's (the only ones
    // read below it: the lowest open bit only grows).
    void take_led(int level, std::uint32_t entry) {
        chosen_[static_cast<std::size_t>(level)] = led_.id[entry];
        at(level + 1).covered = at(level).covered | led_.mask[entry];
        const std::uint32_t from = conflict_from_[entry], n = chunks_ - from;
        const std::uint64_t* __restrict row = conflicts_.data() + conflict_begin_[entry];
        const std::uint64_t* __restrict here = blocked(level) + from;
        std::uint64_t* __restrict below = blocked(level + 1) + from;
        for (std::uint32_t c = 0; c < n; ++c) below[c] = here[c] | row[c];
    }
    void block_anew(int level);  // the level's words from its covered mask, one test per led option
    void retreat(int) {}         // each level keeps its own mask: nothing to undo
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

    // conflict_masks (empty for each_option).
    bool by_conflicts_ = false;
    std::uint32_t chunks_ = 0;                  // 64 led entries a chunk, each lead's own chunks
    std::vector<std::uint32_t> chunk_begin_;    // per primary bit, its first chunk (and the end)
    std::vector<std::uint32_t> chunk_entry_;    // per chunk, the led entry of its bit 0
    std::vector<std::uint32_t> conflict_from_;  // per led entry, the first chunk of its row
    std::vector<std::size_t> conflict_begin_;   // per led entry, where its row starts in conflicts_
    std::vector<std::uint64_t> conflicts_;      // the rows: the led options each meets, chunks from conflict_from_ on
    std::vector<std::uint64_t> absent_;         // per chunk, the bits past its lead's options (always blocked)
    std::vector<std::uint64_t> blocked_;        // per level, per chunk
    void build_conflicts(ScanMethod method);
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

}  // namespace xcount

// The instances compiled in scan.cpp (search.hpp's XCOUNT_COUNT_WALK).
#define XCOUNT_SCAN_INSTANCES(KEYWORD) \
    XCOUNT_ENGINE_WIDTH(KEYWORD, ScanOf, 2, std::uint32_t) XCOUNT_ENGINE_WIDTH(KEYWORD, ScanOf, 4, std::uint32_t)
XCOUNT_SCAN_INSTANCES(extern)
