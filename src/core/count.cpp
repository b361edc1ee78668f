#include "xcount/count.hpp"

#include <algorithm>
#include <limits>
#include <boost/multiprecision/cpp_int.hpp>
#include <ostream>
#include <stdexcept>

namespace xcount {

using Big = boost::multiprecision::cpp_int;

struct Count::Wide {
    Big value;
};

namespace {

Big big_of(unsigned __int128 value) {
    Big b = static_cast<std::uint64_t>(value >> 64);
    b <<= 64;
    b += static_cast<std::uint64_t>(value);
    return b;
}

// A Big known to be below 2^128, as the machine integer.
unsigned __int128 narrow_of(const Big& value) {
    const auto high = static_cast<std::uint64_t>(value >> 64);
    const auto low = static_cast<std::uint64_t>(value & std::numeric_limits<std::uint64_t>::max());
    return static_cast<unsigned __int128>(high) << 64 | low;
}

std::string small_to_string(unsigned __int128 value) {
    if (value == 0) return "0";
    std::string digits;
    while (value != 0) {
        digits.push_back(static_cast<char>('0' + static_cast<int>(value % 10)));
        value /= 10;
    }
    std::reverse(digits.begin(), digits.end());
    return digits;
}

}  // namespace

// Any value as a Big, and a Big back into a Count (the machine integer when it fits).
struct CountBig {
    static Big of(const Count& c);
    static Count from(Big value);
};

const Count::Wide& Count::wide_value() const { return *reinterpret_cast<const Wide*>(static_cast<std::uintptr_t>(bits_)); }

Big CountBig::of(const Count& c) { return c.wide() ? c.wide_value().value : big_of(c.bits_); }

void Count::spill(unsigned __int128 value) { hold(new Wide{big_of(value)}); }

void Count::copy_wide(const Count& other) { hold(new Wide{other.wide_value()}); }

void Count::release() {
    delete &wide_value();
    bits_ = 0;
}

Count& Count::assign_wide(const Count& other) {
    if (this == &other) return *this;
    if (wide()) release();
    if (other.wide())
        copy_wide(other);
    else
        bits_ = other.bits_;
    return *this;
}

Count CountBig::from(Big value) {
    if (boost::multiprecision::msb(value | 1) < 127) return Count{narrow_of(value)};
    Count c;
    c.hold(new Count::Wide{std::move(value)});
    return c;
}

Count& Count::add_wide(const Count& other) { return *this = CountBig::from(CountBig::of(*this) + CountBig::of(other)); }

Count& Count::subtract_wide(const Count& other) {
    if (*this < other) throw std::domain_error("a count less a larger count");
    return *this = CountBig::from(CountBig::of(*this) - CountBig::of(other));
}

Count& Count::operator*=(const Count& other) {
    unsigned __int128 product;
    if (!(wide() || other.wide()) && !__builtin_mul_overflow(bits_, other.bits_, &product) && product < kSpill) {
        bits_ = product;
        return *this;
    }
    return *this = CountBig::from(CountBig::of(*this) * CountBig::of(other));
}

Count& Count::operator/=(const Count& other) {
    if (other == 0) throw std::domain_error("a count divided by zero");
    if (!(wide() || other.wide())) {
        bits_ /= other.bits_;
        return *this;
    }
    return *this = CountBig::from(CountBig::of(*this) / CountBig::of(other));
}

Count& Count::operator%=(const Count& other) {
    if (other == 0) throw std::domain_error("a count divided by zero");
    if (!(wide() || other.wide())) {
        bits_ %= other.bits_;
        return *this;
    }
    return *this = CountBig::from(CountBig::of(*this) % CountBig::of(other));
}

int Count::compare_wide(const Count& a, const Count& b) {
    if (a.wide() != b.wide()) return a.wide() ? 1 : -1;  // a wide count is at least 2^127, a narrow one below
    return a.wide_value().value.compare(b.wide_value().value);
}

std::optional<unsigned __int128> Count::narrow() const {
    if (!wide()) return bits_;
    const Big& v = wide_value().value;
    if (boost::multiprecision::msb(v) >= 128) return std::nullopt;
    return narrow_of(v);
}

std::optional<std::uint64_t> Count::to_u64() const {
    if (wide() || (bits_ >> 64) != 0) return std::nullopt;
    return static_cast<std::uint64_t>(bits_);
}

double Count::to_double() const { return wide() ? wide_value().value.convert_to<double>() : static_cast<double>(bits_); }

std::vector<std::uint64_t> Count::limbs() const {
    std::vector<std::uint64_t> out;
    Big v = CountBig::of(*this);
    while (v != 0) {
        out.push_back(static_cast<std::uint64_t>(v & std::numeric_limits<std::uint64_t>::max()));
        v >>= 64;
    }
    return out;
}

Count Count::from_limbs(std::span<const std::uint64_t> limbs) {
    Big v = 0;
    for (auto it = limbs.rbegin(); it != limbs.rend(); ++it) {
        v <<= 64;
        v += *it;
    }
    return CountBig::from(std::move(v));
}

std::string to_string(const Count& value) { return value.wide() ? value.wide_value().value.str() : small_to_string(value.bits_); }

std::ostream& operator<<(std::ostream& out, const Count& value) { return out << to_string(value); }

std::optional<Count> parse_count(std::string_view text) {
    if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) return std::nullopt;
    text.remove_prefix(std::min(text.find_first_not_of('0'), text.size() - 1));  // a leading 0 would read as octal
    constexpr std::size_t kNarrowDigits = 38;                                    // 10^38 - 1 < 2^127
    if (text.size() <= kNarrowDigits) {
        unsigned __int128 value = 0;
        for (char c : text) value = value * 10 + static_cast<unsigned>(c - '0');
        return Count{value};
    }
    return CountBig::from(Big(std::string(text)));
}

}  // namespace xcount
