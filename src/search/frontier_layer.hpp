// src/search/frontier_layer.hpp: the frontier engine's layer (frontier.cpp): a shard of window
// states and their counts, each count a run of 64-bit words (a polynomial of them when the
// count is by marked options), and the box in which one thread hands states to another.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "xcount/error.hpp"

namespace xcount::layers {

// A count of `words` 64-bit words, least significant first: dst += src; false when it overflows.
inline bool add_words(std::uint64_t* dst, const std::uint64_t* src, std::size_t words) {
    unsigned char carry = 0;
    for (std::size_t k = 0; k < words; ++k) {
        const std::uint64_t a = dst[k], b = src[k];
        const std::uint64_t sum = a + b + carry;
        carry = static_cast<unsigned char>((sum < a) || (carry && sum == a));
        dst[k] = sum;
    }
    return carry == 0;
}

// How a state's count is kept: `terms` coefficients (the count by the number of marked options
// in the ways counted; 1 when nothing is marked), each `limb` words.
struct CountShape {
    std::size_t limb = 1, terms = 1;
    std::size_t words() const { return limb * terms; }
};

// dst += src, coefficient by coefficient; false when a coefficient overflows its limb.
inline bool add_count(std::uint64_t* dst, const std::uint64_t* src, CountShape shape) {
    bool fits = true;
    for (std::size_t t = 0; t < shape.terms; ++t) fits &= add_words(dst + t * shape.limb, src + t * shape.limb, shape.limb);
    return fits;
}

// A count times x (one more marked option): each coefficient moved up a term. The degree is
// bounded (CountShape::terms is more than the most marked options a solution can hold), so
// the top coefficient of a count that can still grow is 0.
inline void shift_count(std::uint64_t* dst, const std::uint64_t* src, CountShape shape) {
    std::fill_n(dst, shape.limb, 0);
    std::copy_n(src, shape.limb * (shape.terms - 1), dst + shape.limb);
}

template <class Key>
std::uint64_t hash_key(Key key) {
    std::uint64_t x = static_cast<std::uint64_t>(key);
    if constexpr (sizeof(Key) > 8) x ^= static_cast<std::uint64_t>(key >> 64) * 0xC2B2AE3D27D4EB4FULL;
    x ^= x >> 31;
    x *= 0x9E3779B97F4A7C15ULL;
    return x ^ (x >> 29);
}

// A key as 64-bit words, least significant first (a layer's entries and a box's states).
template <class Key>
constexpr std::size_t kKeyWords = sizeof(Key) / 8;

template <class Key>
void write_key(std::uint64_t* words, Key key) {
    for (std::size_t k = 0; k < kKeyWords<Key>; ++k) words[k] = static_cast<std::uint64_t>(key >> (64 * k));
}

template <class Key>
Key read_key(const std::uint64_t* words) {
    Key key{0};
    for (std::size_t k = 0; k < kKeyWords<Key>; ++k) key |= static_cast<Key>(words[k]) << (64 * k);
    return key;
}

// One shard of a layer: window states (keys) and their counts, each shape.words() words, kept
// as entries (a key's words, then its count's) in the order they came, under an open-addressing
// index whose slots hold an entry's place and its hash's high half: a probe reads an entry only
// where those match, so a state met again costs a probe and one entry, key and count together,
// and a new state no entry at all.
template <class Key>
class alignas(64) Layer {  // (aligned: each thread fills its own, sharing no cache line)
public:
    static constexpr std::size_t kNone = ~std::size_t{0};
    static constexpr std::size_t kKeyWords = layers::kKeyWords<Key>;

    // Empty, for a layer about as big as the one it held and keys of `key_bits` bits, each with
    // the adjacent bits `fixed` at `value` (the bits that number the shards of a layer placed by
    // them): an index sized for that (not for the biggest layer it ever held, to be cleared at
    // every step), the entries' room kept. Where the layer was dense (a slot for every key takes
    // no more room than the hashed index at half load), the index is direct: a key's slot is the
    // key less its fixed bits, and no probe meets another key.
    void reset(CountShape shape, std::size_t key_bits, Key fixed = Key{0}, Key value = Key{0}) {
        fixed_ = fixed, value_ = value & fixed;
        std::size_t gap = 0;  // the fixed bits' lowest
        while (gap < key_bits && fixed != Key{0} && ((fixed >> gap) & Key{1}) == Key{0}) ++gap;
        gap_width_ = 0;
        while (gap + gap_width_ < key_bits && ((fixed >> (gap + gap_width_)) & Key{1}) != Key{0}) ++gap_width_;
        if (gap + gap_width_ > 64) gap_width_ = 0;  // (past a word: no direct index to take them out of)
        below_gap_ = gap_width_ == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << gap) - 1;
        key_bits_ = key_bits;
        const std::size_t free_bits = key_bits - gap_width_;
        const std::size_t wanted = std::bit_ceil(std::max<std::size_t>(64, 4 * size_));
        direct_ = free_bits < 32 && (std::size_t{1} << free_bits) <= wanted / 2;
        if (direct_ && slots_.size() != std::size_t{1} << free_bits)
            slots_.assign(std::size_t{1} << free_bits, Slot{});
        else if (!direct_ && slots_.size() > 2 * wanted)
            slots_.assign(wanted, Slot{});
        else
            std::fill(slots_.begin(), slots_.end(), Slot{});
        shape_ = shape;
        stride_ = kKeyWords + shape.words();
        size_ = 0;
    }
    std::size_t size() const { return size_; }
    CountShape shape() const { return shape_; }
    bool direct() const { return direct_; }
    Key key(std::size_t i) const { return read_key<Key>(entries_.data() + i * stride_); }
    const std::uint64_t* count(std::size_t i) const { return entries_.data() + i * stride_ + kKeyWords; }

    std::size_t find(Key key) const {
        if ((key & fixed_) != value_ || slots_.empty() || (direct_ && (key >> key_bits_) != Key{0})) return kNone;
        const std::uint64_t hash = hash_key(key);
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t s = home(key, hash); slots_[s].at != 0; s = (s + 1) & mask)
            if (slots_[s].tag == tag_of(hash) && this->key(slots_[s].at - 1) == key) return slots_[s].at - 1;
        return kNone;
    }

    // Whether `more` states can be added before the index grows (which moves every key's first
    // slot), and that growth made now.
    bool has_room(std::size_t more) const { return direct_ || 2 * (size_ + more) <= slots_.size(); }
    void make_room(std::size_t more) {
        while (!has_room(more)) grow();
    }

    // A key's first slot (`hash`: hash_key(key)), until the index grows.
    std::size_t home(Key key, std::uint64_t hash) const {
        return direct_ ? slot_of(key) : static_cast<std::size_t>(hash & (slots_.size() - 1));
    }

    // Hints that add_at(home, ...) comes soon: first its slot of the index, then (the slot read)
    // its entry, where it has one.
    void prefetch_slot(std::size_t home) const { __builtin_prefetch(slots_.data() + home); }
    void prefetch_entry(std::size_t home, std::uint64_t hash) const {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t s = home; slots_[s].at != 0; s = (s + 1) & mask)
            if (slots_[s].tag == tag_of(hash)) return __builtin_prefetch(entries_.data() + (slots_[s].at - 1) * stride_);
    }

    // Adds a count to a state's; false when the sum needs more words. `merged` counts the
    // states met again.
    bool add(Key key, const std::uint64_t* count, std::uint64_t& merged) {
        make_room(1);
        const std::uint64_t hash = hash_key(key);
        return add_at(home(key, hash), key, hash, count, merged);
    }
    // The same, the key's first slot given, room made for it.
    bool add_at(std::size_t home, Key key, std::uint64_t hash, const std::uint64_t* count, std::uint64_t& merged) {
        const std::size_t mask = slots_.size() - 1;
        const std::size_t words = shape_.words();
        for (std::size_t s = home;; s = (s + 1) & mask) {
            const std::uint32_t at = slots_[s].at;
            if (at == 0) {
                const std::size_t end = size_ * stride_;
                slots_[s] = {static_cast<std::uint32_t>(++size_), tag_of(hash)};
                if (end + stride_ > entries_.size()) entries_.resize(end + 16384 * stride_);  // (16K at a time: little room touched ahead)
                write_key(entries_.data() + end, key);
                if (words == 1)  // (the common case, with no call to copy a run of unknown length)
                    entries_[end + kKeyWords] = *count;
                else
                    std::copy_n(count, words, entries_.data() + end + kKeyWords);
                return true;
            }
            if (slots_[s].tag != tag_of(hash)) continue;
            std::uint64_t* entry = entries_.data() + (at - 1) * stride_;
            if (read_key<Key>(entry) == key) {
                ++merged;
                if (shape_.terms == 1) return add_words(entry + kKeyWords, count, words);
                return add_count(entry + kKeyWords, count, shape_);
            }
        }
    }

    // The same counts with coefficients of more words.
    void widen(std::size_t limb) {
        const CountShape wide{limb, shape_.terms};
        const std::size_t stride = kKeyWords + wide.words();
        std::vector<std::uint64_t> wider(size_ * stride, 0);
        for (std::size_t i = 0; i < size_; ++i) {
            const std::uint64_t* from = entries_.data() + i * stride_;
            std::uint64_t* to = wider.data() + i * stride;
            std::copy_n(from, kKeyWords, to);
            for (std::size_t t = 0; t < shape_.terms; ++t)
                std::copy_n(from + kKeyWords + t * shape_.limb, shape_.limb, to + kKeyWords + t * limb);
        }
        entries_ = std::move(wider);
        shape_ = wide;
        stride_ = stride;
    }

private:
    // An index slot: its entry's place plus one (0: empty), and the high half of the entry's hash.
    struct Slot {
        std::uint32_t at = 0, tag = 0;
    };
    static std::uint32_t tag_of(std::uint64_t hash) { return static_cast<std::uint32_t>(hash >> 32); }
    // A key's slot in a direct index: its bits less the fixed ones.
    std::size_t slot_of(Key key) const {
        const auto word = static_cast<std::uint64_t>(key);  // (a direct index's keys fit a word)
        return static_cast<std::size_t>((word & below_gap_) | ((word >> gap_width_) & ~below_gap_));
    }

    void grow() {
        if (size_ >= std::numeric_limits<std::uint32_t>::max() - 1)
            throw InputError("counting by layers: a layer's shard holds 2^32 states; count with more threads");
        std::vector<Slot> slots(std::max<std::size_t>(64, 2 * slots_.size()));
        const std::size_t mask = slots.size() - 1;
        for (std::size_t i = 0; i < size_; ++i) {
            const std::uint64_t hash = hash_key(key(i));
            std::size_t s = hash & mask;
            while (slots[s].at != 0) s = (s + 1) & mask;
            slots[s] = {static_cast<std::uint32_t>(i + 1), tag_of(hash)};
        }
        slots_ = std::move(slots);
    }

    CountShape shape_;
    std::size_t stride_ = kKeyWords + 1, size_ = 0;
    std::vector<std::uint64_t> entries_;
    std::vector<Slot> slots_;
    bool direct_ = false;                          // a key's slot is the key (less its fixed bits)
    Key fixed_{0}, value_{0};                      // the bits every key holds, and their values
    std::uint64_t below_gap_ = ~std::uint64_t{0};  // the key bits below the fixed ones
    std::size_t gap_width_ = 0, key_bits_ = 0;
};

// States to add to layers, added 32 at a time: a layer is far bigger than the caches and a state
// lands anywhere in it, so each one's index slot is fetched when it is put, and its entry before
// the batch is added. Each count put must stay where it is until flush().
template <class Key>
class Adds {
public:
    explicit Adds(CountShape shape) : shape_(shape), scratch_(kBatch * shape.words()) {}
    Adds(const Adds&) = delete;

    // The count as it is, or times x (marked).
    void put(Layer<Key>& into, Key key, const std::uint64_t* count, bool marked = false) {
        if (!into.has_room(kBatch)) {  // (grown with nothing batched: the first slots batched stay right)
            flush();
            into.make_room(kBatch);
        } else if (batched_ == kBatch) {
            flush();
        }
        if (marked) {
            std::uint64_t* room = scratch_.data() + batched_ * shape_.words();
            shift_count(room, count, shape_);
            count = room;
        }
        const std::uint64_t hash = hash_key(key);
        const std::size_t home = into.home(key, hash);
        into.prefetch_slot(home);
        made_[batched_++] = {key, hash, home, &into, count};
    }
    // Adds what is put; `fits` turns false when a sum needed more words.
    void flush() {
        for (std::size_t k = 0; k < batched_; ++k) made_[k].into->prefetch_entry(made_[k].home, made_[k].hash);
        for (std::size_t k = 0; k < batched_; ++k) {
            const Made& made = made_[k];
            fits &= made.into->add_at(made.home, made.key, made.hash, made.count, merged);
        }
        batched_ = 0;
    }

    bool fits = true;
    std::uint64_t merged = 0;  // states met again

private:
    static constexpr std::size_t kBatch = 32;
    struct Made {
        Key key;
        std::uint64_t hash;
        std::size_t home;  // the key's first slot in `into`
        Layer<Key>* into;
        const std::uint64_t* count;
    };
    CountShape shape_;
    std::vector<std::uint64_t> scratch_;  // the counts times x
    std::array<Made, kBatch> made_;
    std::size_t batched_ = 0;
};

// States made, handed from one thread to another: each its key's words, then its count's.
template <class Key>
class alignas(64) Box {
public:
    static constexpr std::size_t kKeyWords = layers::kKeyWords<Key>;

    void clear(CountShape shape) {
        shape_ = shape;
        stride_ = kKeyWords + shape.words();
        used_ = 0;
    }
    // The count as it is, or times x (marked).
    void put(Key key, const std::uint64_t* count, bool marked) {
        if (used_ + stride_ > data_.size()) data_.resize(std::max<std::size_t>(1024, 2 * data_.size()));
        std::uint64_t* at = data_.data() + used_;
        write_key(at, key);
        if (marked)
            shift_count(at + kKeyWords, count, shape_);
        else
            std::copy_n(count, stride_ - kKeyWords, at + kKeyWords);
        used_ += stride_;
    }
    template <class Take>
    void each(Take&& take) const {
        each_in(words(), shape_, take);
    }
    // The states put, as words (what another process is sent).
    std::span<const std::uint64_t> words() const { return {data_.data(), used_}; }
    // Each state in words laid out as a box lays them (key, then count of this shape).
    template <class Take>
    static void each_in(std::span<const std::uint64_t> words, CountShape shape, Take&& take) {
        const std::size_t stride = kKeyWords + shape.words();
        for (std::size_t at = 0; at + stride <= words.size(); at += stride) {
            take(read_key<Key>(words.data() + at), words.data() + at + kKeyWords);
        }
    }

private:
    CountShape shape_;
    std::size_t stride_ = 1, used_ = 0;
    std::vector<std::uint64_t> data_;
};

}  // namespace xcount::layers
