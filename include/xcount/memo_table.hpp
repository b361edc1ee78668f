// xcount/memo_table.hpp: the table of the memo engine: search states (their exact masks) to
// the count below them, shared by the threads of a run, within a memory bound.
//
// An entry is the whole state, never a hash of it: a lookup compares every word, so two
// states are merged only when they are equal. The table is cut into shards by the top bits
// of the hash, each an open-addressing array with its own lock, a flag no thread waits for: a
// lookup in a busy shard is a miss, a store there keeps nothing. A shard doubles while
// the table's bound allows; past it, a store that finds its probe window full replaces the
// entry below which the least work was done. A lost entry only costs the time to count its
// state again: a count read from the table is always one stored whole. Where the system
// refuses the memory to grow (a ulimit, a cgroup's limit), the table stays the size it is and
// evicts from then on.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <tuple>
#include <vector>

#include "xcount/count.hpp"
#include "xcount/mask.hpp"

// The widths of state the memo engine is compiled for, in 64-bit words, narrowest first.
#define XCOUNT_MEMO_WIDTHS(X) X(1) X(2) X(4) X(8) X(16)

namespace xcount {

struct MemoFigures {
    std::uint64_t stored = 0;     // entries written (new states)
    std::uint64_t evicted = 0;    // of which replaced another entry, the table being full
    std::uint64_t dropped = 0;    // not stored: another thread held the shard
    std::size_t entries = 0;      // held now
    std::size_t bytes = 0;        // the table's memory now
    bool growth_refused = false;  // the system refused the table more memory (it then stopped growing)
};

template <std::size_t Words>
class MemoTable {
public:
    // A table that grows to at most about max_bytes (at least one entry).
    explicit MemoTable(std::size_t max_bytes);
    ~MemoTable();
    MemoTable(const MemoTable&) = delete;
    MemoTable& operator=(const MemoTable&) = delete;

    bool find(const Mask<Words>& key, Count& count) const { return find(key, hash(key), count); }
    // `work`: the nodes searched below the state, what eviction keeps the largest of.
    bool store(const Mask<Words>& key, Count count, std::uint64_t work) { return store(key, hash(key), count, work); }
    // The same with the key's hash(key) at hand.
    bool find(const Mask<Words>& key, std::uint64_t h, Count& count) const;
    // Whether the state was written (not when held already, or another thread held its shard).
    bool store(const Mask<Words>& key, std::uint64_t h, Count count, std::uint64_t work);
    std::size_t max_entries() const { return max_bytes_ / sizeof(Entry); }
    MemoFigures figures() const;

    static std::uint64_t hash(const Mask<Words>& key);

private:
    struct Entry {
        Mask<Words> key;
        Count count = 0;
        std::uint64_t work = 0;  // 0: the slot is free
    };

public:
    static constexpr std::size_t kEntryBytes = sizeof(Entry);

private:
    struct alignas(64) Shard {
        mutable std::atomic<bool> busy{false};
        std::vector<Entry> slots;  // a power of two, or none before the shard's first store
        std::size_t used = 0;
    };
    class Lock;
    Shard& shard_of(std::uint64_t h) const { return shards_[shard_bits_ == 0 ? 0 : h >> (64 - shard_bits_)]; }
    // Under the shard's lock: its first slots (reserved in bytes_ from the start), and its
    // doubling; false when the bound or the system refuses the memory.
    bool open(Shard& shard);
    bool grow(Shard& shard);

    std::size_t max_bytes_;
    unsigned shard_bits_ = 0;
    std::size_t first_slots_ = 1;
    std::unique_ptr<Shard[]> shards_;
    std::atomic<std::size_t> bytes_{0};
    std::atomic<std::uint64_t> stored_{0}, evicted_{0}, dropped_{0};
    std::atomic<bool> refused_{false};  // an allocation failed: the table grows no more
};

// One thread's own table in front of the shared one: a direct-mapped array of the states it
// stored or found last, exact like the table (a slot holds a whole state), read and written
// without a lock. Most states are met again close to where they were counted, so most lookups
// end here and the threads rarely touch each other's cache lines. It starts small and grows
// (forgetting what it held, which the table still has) as states are put in it.
template <std::size_t Words>
class MemoCache {
public:
    static constexpr std::size_t kSlots = std::size_t{1} << 15;       // at most
    static constexpr std::size_t kFirstSlots = std::size_t{1} << 10;  // at first
    // At most as many slots as the table holds entries, so that a small table stays small.
    void fit(std::size_t entries) {
        limit_ = std::bit_floor(std::clamp<std::size_t>(entries, 1, kSlots));
        slots_.assign(std::min(limit_, kFirstSlots), Slot{});
        puts_ = 0;
    }
    bool find(const Mask<Words>& key, std::uint64_t h, Count& count) const {
        const Slot& s = slots_[h & (slots_.size() - 1)];
        if (!s.used || !(s.key == key)) return false;
        count = s.count;
        return true;
    }
    void put(const Mask<Words>& key, std::uint64_t h, Count count) {
        if (++puts_ > 2 * slots_.size() && slots_.size() < limit_) {
            slots_.assign(std::min(limit_, 4 * slots_.size()), Slot{});
            puts_ = 0;
        }
        slots_[h & (slots_.size() - 1)] = {key, count, true};
    }
    std::size_t bytes() const { return slots_.size() * sizeof(Slot); }

private:
    struct Slot {
        Mask<Words> key;
        Count count = 0;
        bool used = false;
    };
    std::vector<Slot> slots_;  // none until fit()
    std::size_t limit_ = 1;    // the most slots it grows to
    std::uint64_t puts_ = 0;   // since it last grew
};

// The default bound of a memo table: a quarter of the memory this process may use (usable_memory()).
std::size_t default_memo_bytes();

// The bytes of the memo tables alive in this process, all together (what their figures()
// call bytes, summed).
std::size_t memo_bytes_held();

// A run's table for each width of state, made on first use within one bound: what a caller
// keeps to share states between runs (an MPI rank's chunks of subproblems).
class MemoTables {
public:
    explicit MemoTables(std::size_t max_bytes) : max_bytes_(max_bytes == 0 ? default_memo_bytes() : max_bytes) {}
    template <std::size_t Words>
    MemoTable<Words>& get() {
        auto& slot = std::get<std::unique_ptr<MemoTable<Words>>>(tables_);
        if (!slot) slot = std::make_unique<MemoTable<Words>>(max_bytes_);
        return *slot;
    }
    MemoFigures figures() const;  // summed over the tables made
    std::size_t max_bytes() const { return max_bytes_; }

private:
    std::size_t max_bytes_;
#define XCOUNT_MEMO_TABLE_SLOT(W) , std::unique_ptr<MemoTable<W>>
    std::tuple<std::nullptr_t XCOUNT_MEMO_WIDTHS(XCOUNT_MEMO_TABLE_SLOT)> tables_;  // a leading nothing, then a table per width
#undef XCOUNT_MEMO_TABLE_SLOT
};

}  // namespace xcount

#define XCOUNT_MEMO_TABLE_EXTERN(W) extern template class xcount::MemoTable<W>;
XCOUNT_MEMO_WIDTHS(XCOUNT_MEMO_TABLE_EXTERN)
