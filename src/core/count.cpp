#include "xcount/count.hpp"

#include <stdexcept>

#include <algorithm>

namespace xcount {

std::string to_string(Count value) {
    if (value == 0) return "0";
    std::string digits;
    while (value != 0) {
        digits.push_back(static_cast<char>('0' + static_cast<int>(value % 10)));
        value /= 10;
    }
    std::reverse(digits.begin(), digits.end());
    return digits;
}

std::optional<Count> parse_count(std::string_view text) {
    if (text.empty()) return std::nullopt;
    const Count max = ~Count{0};
    Count value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        const unsigned digit = static_cast<unsigned>(c - '0');
        if (value > (max - digit) / 10) return std::nullopt;
        value = value * 10 + digit;
    }
    return value;
}

Count checked_add(Count a, Count b) {
    Count sum;
    if (__builtin_add_overflow(a, b, &sum)) throw std::overflow_error("a count exceeds 2^128-1");
    return sum;
}

Count checked_multiply(Count a, Count b) {
    Count product;
    if (__builtin_mul_overflow(a, b, &product)) throw std::overflow_error("a count exceeds 2^128-1");
    return product;
}

}  // namespace xcount
