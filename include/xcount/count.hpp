// xcount/count.hpp: a solution count, exact at any size, and its exact decimal form.
//
// Published totals pass 2^64 (L(2,27) Langford pairings, 9x9 sudoku grids) and, counted by
// merging equal states, 2^128 (the domino tilings of 18x18). A Count below 2^127 is one
// machine integer and every operation on it is a few instructions and a branch; a result of
// 2^127 or more spills into an arbitrary-precision integer on the heap, and one that falls
// back below returns to the machine integer. No operation wraps, and none throws on size.
#pragma once

#include <compare>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xcount {

class Count {
public:
    constexpr Count() noexcept = default;
    // Every machine integer is a count (an int converts as its unsigned value).
    constexpr Count(unsigned __int128 value) : bits_(value) {  // NOLINT(google-explicit-constructor)
        if (value >> 127) spill(value);
    }
    Count(const Count& other) : bits_(other.bits_) {
        if (other.wide()) copy_wide(other);
    }
    Count(Count&& other) noexcept : bits_(other.bits_) { other.bits_ = 0; }
    Count& operator=(const Count& other) {
        if (!(wide() || other.wide())) [[likely]] {
            bits_ = other.bits_;
            return *this;
        }
        return assign_wide(other);
    }
    Count& operator=(Count&& other) noexcept {
        if (this == &other) return *this;
        if (wide()) release();
        bits_ = other.bits_;
        other.bits_ = 0;
        return *this;
    }
    constexpr ~Count() {
        if (wide()) release();
    }

    Count& operator++() {
        if (bits_ < kSpill - 1) [[likely]]
            ++bits_;
        else
            add_wide(Count{1});
        return *this;
    }
    Count& operator+=(const Count& other) {
        if (((bits_ | other.bits_) >> 127) == 0) {  // both below 2^127: the sum fits 128 bits
            const unsigned __int128 sum = bits_ + other.bits_;
            if (sum < kSpill) [[likely]] {
                bits_ = sum;
                return *this;
            }
        }
        return add_wide(other);
    }
    // Only a smaller or equal count may be subtracted (std::domain_error otherwise).
    Count& operator-=(const Count& other) {
        if (!(wide() || other.wide()) && other.bits_ <= bits_) [[likely]] {
            bits_ -= other.bits_;
            return *this;
        }
        return subtract_wide(other);
    }
    Count& operator*=(const Count& other);
    // By a non-zero count (std::domain_error on zero).
    Count& operator/=(const Count& other);
    Count& operator%=(const Count& other);

    friend Count operator+(Count a, const Count& b) { return a += b; }
    friend Count operator-(Count a, const Count& b) { return a -= b; }
    friend Count operator*(Count a, const Count& b) { return a *= b; }
    friend Count operator/(Count a, const Count& b) { return a /= b; }
    friend Count operator%(Count a, const Count& b) { return a %= b; }
    friend bool operator==(const Count& a, const Count& b) {
        return !(a.wide() || b.wide()) ? a.bits_ == b.bits_ : compare_wide(a, b) == 0;
    }
    friend std::strong_ordering operator<=>(const Count& a, const Count& b) {
        if (!(a.wide() || b.wide())) return a.bits_ <=> b.bits_;
        return compare_wide(a, b) <=> 0;
    }

    explicit operator bool() const { return bits_ != 0; }
    // True from 2^127 on: the value is held on the heap.
    constexpr bool wide() const { return (bits_ >> 127) != 0; }
    // The value as a machine integer of at most 128 bits, nullopt if it is larger.
    std::optional<unsigned __int128> narrow() const;
    // The same within 64 bits.
    std::optional<std::uint64_t> to_u64() const;
    double to_double() const;
    // The value in 64-bit limbs, least significant first (none for zero), and back: how a
    // count travels as words (MPI).
    std::vector<std::uint64_t> limbs() const;
    static Count from_limbs(std::span<const std::uint64_t> limbs);

private:
    struct Wide;
    static constexpr unsigned __int128 kSpill = static_cast<unsigned __int128>(1) << 127;

    void hold(Wide* wide) { bits_ = kSpill | reinterpret_cast<std::uintptr_t>(wide); }  // takes it over (this count is not wide)
    void spill(unsigned __int128 value);
    void copy_wide(const Count& other);
    void release();
    Count& add_wide(const Count& other);
    Count& subtract_wide(const Count& other);
    Count& assign_wide(const Count& other);
    static int compare_wide(const Count& a, const Count& b);
    const Wide& wide_value() const;

    // Below 2^127: the value. Otherwise the top bit is set and the low bits point to a Wide.
    unsigned __int128 bits_ = 0;

    friend std::string to_string(const Count& value);
    friend struct CountBig;
};

std::string to_string(const Count& value);
std::ostream& operator<<(std::ostream& out, const Count& value);

// Parses a non-negative decimal of any length (digits only, no sign, no spaces); nullopt on
// anything else.
std::optional<Count> parse_count(std::string_view text);

}  // namespace xcount
