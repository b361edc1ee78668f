// xcount/hash.hpp: a 64-bit FNV-1a hash, for fingerprints and journal line checks.
// Not cryptographic: it detects accidents (a torn write, a hand edit, a foreign file).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace xcount {

class Hash64 {
public:
    Hash64& add(std::string_view bytes) {
        for (unsigned char c : bytes) value_ = (value_ ^ c) * 0x100000001b3ull;
        return *this;
    }
    Hash64& add(std::uint64_t number) {
        for (int k = 0; k < 8; ++k) value_ = (value_ ^ ((number >> (8 * k)) & 0xff)) * 0x100000001b3ull;
        return *this;
    }
    std::uint64_t value() const { return value_; }
    std::string hex() const;

private:
    std::uint64_t value_ = 0xcbf29ce484222325ull;
};

}  // namespace xcount
