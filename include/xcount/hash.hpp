// xcount/hash.hpp: the project's two hashes. Hash64, a 64-bit FNV-1a hash of bytes, for
// fingerprints, journal line checks and engine state checksums: not cryptographic, it detects
// accidents (a torn write, a hand edit, a foreign file, a link not restored). mix64, the
// splitmix64 finaliser, for drawing well-spread numbers from a seed (the random choice rules)
// and for order-free set checksums (a sum of mixed members).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace xcount {

inline std::uint64_t mix64(std::uint64_t v) {
    v += 0x9e3779b97f4a7c15ull;
    v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9ull;
    v = (v ^ (v >> 27)) * 0x94d049bb133111ebull;
    return v ^ (v >> 31);
}

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
