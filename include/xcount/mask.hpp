// xcount/mask.hpp: a set of up to 64 * Words items as a bitmask, for the bitset engines (bits,
// scan). Whole-word loops without early exits: the compiler unrolls them into a few
// branch-free instructions.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "xcount/matrix.hpp"

namespace xcount {

template <std::size_t Words>
struct alignas(16) Mask {
    std::array<std::uint64_t, Words> word{};
    bool meets(const Mask& m) const {
        std::uint64_t any = 0;
        for (std::size_t k = 0; k < Words; ++k) any |= word[k] & m.word[k];
        return any != 0;
    }
    bool has(std::uint32_t bit) const { return ((word[bit / 64] >> (bit % 64)) & 1) != 0; }
    void set(std::uint32_t bit) { word[bit / 64] |= std::uint64_t{1} << (bit % 64); }
    Mask operator|(const Mask& m) const {
        Mask r;
        for (std::size_t k = 0; k < Words; ++k) r.word[k] = word[k] | m.word[k];
        return r;
    }
    Mask without(const Mask& m) const {
        Mask r;
        for (std::size_t k = 0; k < Words; ++k) r.word[k] = word[k] & ~m.word[k];
        return r;
    }
    bool empty() const {
        std::uint64_t any = 0;
        for (std::size_t k = 0; k < Words; ++k) any |= word[k];
        return any == 0;
    }
    Mask seen_through(const Mask& m) const {
        Mask r;
        for (std::size_t k = 0; k < Words; ++k) r.word[k] = word[k] & m.word[k];
        return r;
    }
    // Every item of m is here.
    bool covers(const Mask& m) const {
        std::uint64_t missing = 0;
        for (std::size_t k = 0; k < Words; ++k) missing |= m.word[k] & ~word[k];
        return missing == 0;
    }
    // The lowest bit of `within` not set here; `within` must have one.
    std::uint32_t lowest_clear(const Mask& within) const {
        for (std::size_t k = 0;; ++k)
            if (const std::uint64_t open = within.word[k] & ~word[k]; open != 0)
                return static_cast<std::uint32_t>(k * 64) + static_cast<std::uint32_t>(__builtin_ctzll(open));
    }
    bool operator==(const Mask& m) const {  // branch-free (a defaulted == stops at the first difference)
        std::uint64_t diff = 0;
        for (std::size_t k = 0; k < Words; ++k) diff |= word[k] ^ m.word[k];
        return diff == 0;
    }
};

// Which bit each item of a matrix takes in the bitset engines: the primary items 0.. in the
// order given, then the secondary items in id order.
template <std::size_t Words>
struct BitLayout {
    std::vector<std::uint32_t> bit_of_item;  // item id -> bit
    std::vector<ItemId> item_of_bit;         // primary bit -> item id
    std::size_t primary = 0;                 // primary items are bits 0 .. primary-1
    Mask<Words> primary_mask;

    explicit BitLayout(const Matrix& matrix) : BitLayout(matrix, primary_in_id_order(matrix)) {}  // the Dancer's ring order
    BitLayout(const Matrix& matrix, std::span<const ItemId> primary_order) : bit_of_item(matrix.item_count(), 0) {
        std::uint32_t next = 0;
        for (ItemId item : primary_order) {
            bit_of_item[static_cast<std::size_t>(item)] = next++;
            item_of_bit.push_back(item);
        }
        primary = next;
        for (std::size_t i = 0; i < matrix.item_count(); ++i)
            if (!matrix.is_primary(static_cast<ItemId>(i))) bit_of_item[i] = next++;
        for (std::uint32_t b = 0; b < primary; ++b) primary_mask.set(b);
    }
    // The bit of a primary item (false for any other id).
    bool primary_bit(ItemId id, std::uint32_t& bit) const {
        if (id < 0 || static_cast<std::size_t>(id) >= bit_of_item.size()) return false;
        bit = bit_of_item[static_cast<std::size_t>(id)];
        return bit < primary;
    }

private:
    static std::vector<ItemId> primary_in_id_order(const Matrix& matrix) {
        std::vector<ItemId> items;
        for (std::size_t i = 0; i < matrix.item_count(); ++i)
            if (matrix.is_primary(static_cast<ItemId>(i))) items.push_back(static_cast<ItemId>(i));
        return items;
    }
};

}  // namespace xcount
