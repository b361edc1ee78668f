// xcount/memo.hpp: the engine that counts by merging equal states (Knuth's Algorithm
// 7.2.2.1Z, his DLX6; Nishino, Yasuda, Minato and Nagata's DXZ), for any matrix whose state
// fits in 1,024 bits.
//
// The count below a node depends only on its state: which primary items are covered and what
// each secondary item has taken (nothing, a colour, or all of it). That state is a mask here:
// the primary items take bits 0.. in the matrix's scan order, each secondary item one bit for
// "held" plus, where options give it colours, one per colour for "held in another colour".
// An option has a test mask (free when it meets nothing covered) and a set mask (what it
// covers): for a primary item both are its bit; X:c tests X's bit for c and sets X's other
// bits; X without a colour tests "held" and sets all of X's bits. Two states with the same
// mask have the same completions, one for one.
//
// A node asks the table (memo_table.hpp) for its mask; a hit adds the count stored there and
// the walk backs up. Otherwise it branches as every engine does (any ChooseRule; on the lowest
// open bit under the scan rule it tries only the options that bit leads, as the scan engine
// does) and stores its count once its subtree is done. The table is the run's, shared by its
// threads (share_table), or the engine's own when none is given. Counts are exact whatever the
// table holds; nodes depend on it (what other subproblems and threads stored first).
//
// A matrix with multiplicities is counted on its expansion (multiplicity.hpp), as by the
// other engines that do not take them.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "xcount/mask.hpp"
#include "xcount/matrix.hpp"
#include "xcount/memo_table.hpp"
#include "xcount/renaming.hpp"
#include "xcount/search.hpp"

namespace xcount {

// The bits of a matrix's state as the memo engine keeps it (see above).
std::size_t memo_bits(const Matrix& matrix);

// The bits each option tests and sets, and which primary item each primary bit is.
struct MemoLayout {
    explicit MemoLayout(const Matrix& matrix);
    std::size_t bits = 0, primary = 0;
    std::vector<std::uint32_t> bit_of_item;                      // primary items only
    std::vector<ItemId> item_of_bit;                             // per primary bit
    std::vector<std::vector<std::uint32_t>> tests, sets;         // per option
    std::vector<std::uint32_t> held_bit;                         // secondary items only
    std::vector<std::map<ColourId, std::uint32_t>> colour_bits;  // per secondary item, its bit per colour

    // An item's bits: a primary item's one; a secondary item's "held" bit, then its colours' in
    // colour order (so that items giving the same colours have their bits in the same order).
    std::vector<std::uint32_t> bits_of(const Matrix& matrix, ItemId item) const;
    // Per set of symbols the matrix declares (Matrix::symbol_sets), per symbol, the bits of its
    // items slot by slot.
    std::vector<std::vector<std::vector<std::uint32_t>>> symbol_bits(const Matrix& matrix) const;
};

template <std::size_t Words>
class MemoOf : public SearchSkeleton<MemoOf<Words>, std::uint32_t> {
    using Skeleton = SearchSkeleton<MemoOf<Words>, std::uint32_t>;

public:
    static constexpr bool kMerges = true;
    static constexpr std::size_t kMaxBits = 64 * Words;
    using Table = MemoTable<Words>;
    static constexpr std::size_t kOwnTableBytes = std::size_t{256} << 20;  // without a shared table

    explicit MemoOf(const Matrix& matrix);  // InputError when its state takes more than kMaxBits
    static bool fits(const Matrix& matrix) { return memo_bits(matrix) <= kMaxBits; }

    void share_table(Table* table) {  // the run's (nullptr: the engine's own)
        table_ = table;
        if (table) cache_.fit(table->max_entries());  // else on the first lookup, with the engine's own
    }
    // Tries the options at every node in the reverse order (a tree of its own: a position it
    // stops at is carried on by an engine in the same order only). Threads that walk
    // neighbouring subproblems in opposite orders store different states first, and each finds
    // the other's, where walking alike they would count the same states side by side.
    void set_reversed(bool reversed) { reversed_ = reversed; }
    const Table* table() const { return table_; }
    // How many symbols, over every set, a state is keyed up to renaming of (0: none; see
    // renaming.hpp).
    std::size_t renamed_symbols() const { return symbol_form_.symbols(); }

    // What a run's threads share (the runner's hook for an engine that has one): one table,
    // the caller's (kept from run to run) or the run's own of `bytes` (0: default_memo_bytes()).
    class Shared {
    public:
        Shared(std::size_t bytes, MemoTables* tables) : table_((tables ? *tables : own_.emplace(bytes)).template get<Words>()) {}
        void lend(MemoOf& engine) { engine.share_table(&table_); }
        // Neighbouring subproblems are walked in opposite orders (set_reversed).
        static void vary(MemoOf& engine, std::size_t id) { engine.set_reversed(id % 2 == 1); }
        MemoFigures figures() const { return table_.figures(); }

    private:
        std::optional<MemoTables> own_;
        Table& table_;
    };

    OptionId option_at(int level) const { return static_cast<OptionId>(chosen_[static_cast<std::size_t>(level)]); }
    std::uint64_t checksum() const;    // the levels down to depth(): what a search must leave as it found it
    std::size_t memory_bytes() const;  // the engine's, without its table

private:
    friend Skeleton;
    using Skeleton::depth_;
    using Mask = xcount::Mask<Words>;
    using Id = std::uint32_t;
    struct Lists {  // per primary bit, the options to try there, in option order
        std::vector<std::uint32_t> begin;
        std::vector<Mask> test, set;
        std::vector<Id> id;
    };
    struct Level {
        Mask covered;
        Mask key;                          // covered's form up to renaming, where the matrix declares symbols
        std::uint32_t next = 0, last = 0;  // the entries still to try, [next, last)
        const Lists* lists = nullptr;
    };
    Level& at(int level) { return levels_[static_cast<std::size_t>(level)]; }
    const Level& at(int level) const { return levels_[static_cast<std::size_t>(level)]; }
    bool free(const Mask& test, int level) const { return !test.meets(at(level).covered); }
    std::uint64_t free_options(int level, Id bit) const;

    // The skeleton's hooks (search.hpp).
    bool solved_at(int level) const { return at(level).covered.covers(primary_mask_); }
    bool is_open(int level, Id bit) const { return !at(level).covered.has(bit); }
    Id choose_mrv(int level) const;
    Id choose_by_rule(int level) const {
        return this->rule_.rule == ChooseRule::scan ? at(level).covered.lowest_clear(primary_mask_) : Skeleton::choose_by_rule(level);
    }
    template <class F>
    void for_each_open(int level, F f) const {
        for (Id bit : bits_by_id_)
            if (is_open(level, bit)) f(bit, item_of_bit_[bit], free_options(level, bit));
    }
    ItemId item_id(Id bit) const { return item_of_bit_[bit]; }
    bool dead_end(int level, Id bit) {
        open(level, bit);
        const Level& here = at(level);
        for (std::uint32_t k = here.next; k < here.last; ++k)
            if (free(here.lists->test[k], level)) return false;
        return true;
    }
    std::uint64_t open(int level, Id bit) {
        Level& here = at(level);
        // On the lowest open bit, an option holding it but led by a lower one meets a covered bit.
        const bool lowest = here.covered.lowest_clear(primary_mask_) == bit;
        here.lists = lowest ? &led_ : &holding_;
        here.next = here.lists->begin[bit];
        here.last = here.lists->begin[bit + 1];
        return here.last - here.next;
    }
    bool next(int level, std::uint64_t&) {
        Level& here = at(level);
        const Lists& lists = *here.lists;
        std::uint32_t k;
        if (reversed_) {
            k = here.last;
            while (k > here.next && lists.test[k - 1].meets(here.covered)) --k;
            if (k == here.next) return false;
            here.last = --k;
        } else {
            k = here.next;
            while (k < here.last && lists.test[k].meets(here.covered)) ++k;
            if (k == here.last) return false;
            here.next = k + 1;
        }
        chosen_[static_cast<std::size_t>(level)] = lists.id[k];
        at(level + 1).covered = here.covered | lists.set[k];
        return true;
    }
    void retreat(int) {}  // each level keeps its own mask: nothing to undo
    void close(int) {}
    std::size_t option_count() const { return tests_.size(); }
    bool holds(OptionId option, Id bit) const { return bit < primary_ && tests_[static_cast<Id>(option)].has(bit); }
    bool is_live(int level, OptionId option, Id) const { return free(tests_[static_cast<Id>(option)], level); }
    PushCost take(int level, OptionId option, Id bit);
    bool primary_item(ItemId id, Id& bit) const;

    // The key of a node's state: the state itself, or its form up to renaming the matrix's
    // symbols (kept in the level, so that remember() finds the one recall() made).
    const Mask& key(int level) {
        Level& here = at(level);
        if (!symbol_form_.active()) return here.covered;
        here.key = symbol_form_.of(here.covered);
        return here.key;
    }
    const Mask& key_made(int level) const { return symbol_form_.active() ? at(level).key : at(level).covered; }

    bool recall(int level, Count& count) {
        Table& shared = table();
        const Mask& state = key(level);
        const std::uint64_t h = Table::hash(state);
        if (cache_.find(state, h, count)) return true;
        if (!shared.find(state, h, count)) return false;
        cache_.put(state, h, count);
        return true;
    }
    void remember(int level, Count count, std::uint64_t nodes) {
        Table& shared = table();
        const Mask& state = key_made(level);
        const std::uint64_t h = Table::hash(state);
        cache_.put(state, h, count);
        if (shared.store(state, h, count, nodes) && this->profile_) {
            const Id first_open = at(level).covered.lowest_clear(primary_mask_);
            this->profile_->record_stored(first_open, item_of_bit_[first_open], 1);
        }
    }
    Table& table() {
        if (table_ == nullptr) {
            own_ = std::make_unique<Table>(kOwnTableBytes);
            share_table(own_.get());
        }
        return *table_;
    }

    std::size_t primary_ = 0;
    Mask primary_mask_;
    std::vector<std::uint32_t> bit_of_item_;  // primary items
    std::vector<ItemId> item_of_bit_;         // primary bits
    std::vector<Id> bits_by_id_;              // the primary bits in the order of their items' ids
    std::vector<Mask> tests_, sets_;          // per option
    Lists led_;                               // per bit: the options whose lowest primary bit it is
    Lists holding_;                           // per bit: every option holding it
    std::vector<Level> levels_;
    std::vector<Id> chosen_;
    Table* table_ = nullptr;
    std::unique_ptr<Table> own_;
    MemoCache<Words> cache_;
    SymbolForm<Words> symbol_form_;
    bool reversed_ = false;
};

using Memo64 = MemoOf<1>;
using Memo128 = MemoOf<2>;
using Memo256 = MemoOf<4>;
using Memo512 = MemoOf<8>;
using Memo1024 = MemoOf<16>;

}  // namespace xcount

// The instances compiled in memo.cpp (search.hpp's XCOUNT_COUNT_WALK).
#define XCOUNT_MEMO_EXTERN(W) XCOUNT_ENGINE_WIDTH(extern, MemoOf, W, std::uint32_t)
#define XCOUNT_MEMO_INSTANCE(W) XCOUNT_ENGINE_WIDTH(, MemoOf, W, std::uint32_t)
XCOUNT_MEMO_WIDTHS(XCOUNT_MEMO_EXTERN)
