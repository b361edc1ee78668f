// xcount/mask.hpp: a set of up to 64 * Words items as a bitmask, for the bitset engines (bits,
// scan). Whole-word loops without early exits: the compiler unrolls them into a few
// branch-free instructions.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

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

}  // namespace xcount
