#include "xcount/memo_table.hpp"

#include <algorithm>
#include <bit>
#include <mutex>
#include <new>

#include "xcount/memory_limit.hpp"

namespace xcount {

namespace {

constexpr unsigned kMaxShardBits = 10;       // 1024 shards
constexpr std::size_t kFirstSlots = 4;       // per shard, at first
constexpr std::size_t kProbeWindow = 16;     // slots a lookup reads at most
constexpr std::size_t kMinShardSlots = 256;  // a shard is worth a lock of its own from this size

std::size_t floor_power_of_two(std::size_t n) { return n == 0 ? 1 : std::bit_floor(n); }

std::atomic<std::size_t> g_bytes_held{0};  // memo_bytes_held()

}  // namespace

template <std::size_t Words>
class MemoTable<Words>::Lock {
public:
    explicit Lock(const Shard& shard) : busy_(shard.busy) {
        while (busy_.exchange(true, std::memory_order_acquire))
            while (busy_.load(std::memory_order_relaxed)) __builtin_ia32_pause();
    }
    // Taken only if free (held() says): no thread waits for another's store or a shard's
    // doubling; a lookup then counts the state itself, a store keeps nothing.
    Lock(const Shard& shard, std::try_to_lock_t) : busy_(shard.busy) {
        held_ = !busy_.load(std::memory_order_relaxed) && !busy_.exchange(true, std::memory_order_acquire);
    }
    bool held() const { return held_; }
    ~Lock() {
        if (held_) busy_.store(false, std::memory_order_release);
    }
    Lock(const Lock&) = delete;
    Lock& operator=(const Lock&) = delete;

private:
    std::atomic<bool>& busy_;
    bool held_ = true;
};

template <std::size_t Words>
MemoTable<Words>::MemoTable(std::size_t max_bytes) : max_bytes_(std::max(max_bytes, sizeof(Entry))) {
    const std::size_t slots = max_bytes_ / sizeof(Entry);
    const std::size_t shards = std::min<std::size_t>(std::size_t{1} << kMaxShardBits, floor_power_of_two(slots / kMinShardSlots));
    shard_bits_ = static_cast<unsigned>(std::countr_zero(shards));
    shards_ = std::make_unique<Shard[]>(shards);
    first_slots_ = std::min(kFirstSlots, floor_power_of_two(slots / shards));
    bytes_ = shards * first_slots_ * sizeof(Entry);  // reserved now, allocated at a shard's first store
    g_bytes_held += bytes_.load();
}

template <std::size_t Words>
MemoTable<Words>::~MemoTable() {
    g_bytes_held -= bytes_.load();
}

template <std::size_t Words>
std::uint64_t MemoTable<Words>::hash(const Mask<Words>& key) {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    for (std::uint64_t w : key.word) {
        h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    h *= 0x94D049BB133111EBull;
    return h ^ (h >> 29);
}

template <std::size_t Words>
bool MemoTable<Words>::find(const Mask<Words>& key, std::uint64_t h, Count& count) const {
    const Shard& shard = shard_of(h);
    const Lock lock(shard, std::try_to_lock);
    if (!lock.held()) return false;
    const std::size_t mask = shard.slots.size() - 1, window = std::min(kProbeWindow, shard.slots.size());
    for (std::size_t k = 0; k < window; ++k) {
        const Entry& e = shard.slots[(h + k) & mask];
        if (e.work == 0) return false;
        if (e.key == key) {
            count = e.count;
            return true;
        }
    }
    return false;
}

template <std::size_t Words>
bool MemoTable<Words>::store(const Mask<Words>& key, std::uint64_t h, Count count, std::uint64_t work) {
    Shard& shard = shard_of(h);
    const Lock lock(shard, std::try_to_lock);
    if (!lock.held()) {  // another thread is storing or doubling there: keep nothing (a state met again costs one node, its children are
                         // here)
        dropped_.fetch_add(1, std::memory_order_relaxed);
        return false;
    }
    work = std::max<std::uint64_t>(work, 1);
    if (shard.slots.empty() && !open(shard)) {
        dropped_.fetch_add(1, std::memory_order_relaxed);
        return false;
    }
    for (;;) {
        const std::size_t mask = shard.slots.size() - 1, window = std::min(kProbeWindow, shard.slots.size());
        Entry* lightest = nullptr;
        for (std::size_t k = 0; k < window; ++k) {
            Entry& e = shard.slots[(h + k) & mask];
            if (e.work == 0) {
                e = {key, count, work};
                ++shard.used;
                stored_.fetch_add(1, std::memory_order_relaxed);
                if (2 * shard.used > shard.slots.size()) grow(shard);
                return true;
            }
            if (e.key == key) return false;  // another thread counted it too
            if (lightest == nullptr || e.work < lightest->work) lightest = &e;
        }
        if (grow(shard)) continue;
        *lightest = {key, count, work};
        stored_.fetch_add(1, std::memory_order_relaxed);
        evicted_.fetch_add(1, std::memory_order_relaxed);
        return true;
    }
}

template <std::size_t Words>
bool MemoTable<Words>::open(Shard& shard) {
    try {
        shard.slots.resize(first_slots_);
        return true;
    } catch (const std::bad_alloc&) {
        refused_.store(true, std::memory_order_relaxed);
        return false;
    }
}

template <std::size_t Words>
bool MemoTable<Words>::grow(Shard& shard) {
    if (refused_.load(std::memory_order_relaxed)) return false;
    const std::size_t more = shard.slots.size() * sizeof(Entry);
    std::size_t now = bytes_.load(std::memory_order_relaxed);
    do {
        if (now + more > max_bytes_) return false;
    } while (!bytes_.compare_exchange_weak(now, now + more, std::memory_order_relaxed));
    std::vector<Entry> old;
    try {
        old.resize(shard.slots.size() * 2);
    } catch (const std::bad_alloc&) {  // the system has no more for this process (a ulimit, a cgroup): full from now on
        bytes_ -= more;
        refused_.store(true, std::memory_order_relaxed);
        return false;
    }
    g_bytes_held += more;
    old.swap(shard.slots);
    shard.used = 0;
    const std::size_t mask = shard.slots.size() - 1;
    for (const Entry& e : old) {
        if (e.work == 0) continue;
        const std::uint64_t h = hash(e.key);
        for (std::size_t k = 0; k < std::min(kProbeWindow, shard.slots.size()); ++k)  // one that finds no room is dropped: time only
            if (Entry& slot = shard.slots[(h + k) & mask]; slot.work == 0) {
                slot = e;
                ++shard.used;
                break;
            }
    }
    return true;
}

template <std::size_t Words>
MemoFigures MemoTable<Words>::figures() const {
    MemoFigures f;
    f.stored = stored_.load();
    f.evicted = evicted_.load();
    f.dropped = dropped_.load();
    f.bytes = bytes_.load();
    f.growth_refused = refused_.load();
    const std::size_t shards = std::size_t{1} << shard_bits_;
    for (std::size_t s = 0; s < shards; ++s) {
        const Lock lock(shards_[s]);
        f.entries += shards_[s].used;
    }
    return f;
}

std::size_t default_memo_bytes() { return static_cast<std::size_t>(usable_memory().bytes / 4); }

std::size_t memo_bytes_held() { return g_bytes_held.load(); }

MemoFigures MemoTables::figures() const {
    MemoFigures sum;
    std::apply(
        [&](std::nullptr_t, const auto&... table) {
            const auto add = [&](const auto& t) {
                if (!t) return;
                const MemoFigures f = t->figures();
                sum.stored += f.stored, sum.evicted += f.evicted, sum.dropped += f.dropped, sum.entries += f.entries, sum.bytes += f.bytes;
                sum.growth_refused = sum.growth_refused || f.growth_refused;
            };
            (add(table), ...);
        },
        tables_);
    return sum;
}

}  // namespace xcount

#define XCOUNT_MEMO_TABLE_INSTANCE(W) template class xcount::MemoTable<W>;
XCOUNT_MEMO_WIDTHS(XCOUNT_MEMO_TABLE_INSTANCE)
