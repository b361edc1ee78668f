// xcount/renaming.hpp: a state's form up to the renaming of symbols, the key under which a
// merging engine stores it when the matrix declares symbols (Matrix::symbols).
//
// A renaming maps the matrix onto itself, so a state and every renaming of it have the same
// count. Each symbol's bits in the state, read slot by slot, make its pattern; a renaming
// permutes the patterns among the symbols and changes nothing else. Giving the patterns to the
// symbols in decreasing order yields one state per orbit: two states have the same form exactly
// when one is a renaming of the other (the full symmetric group on the symbols is declared).
//
//     SymbolForm<Words> form(layout.symbol_bits(matrix));   // inactive when none are declared
//     const Mask<Words> key = form.active() ? form.of(state) : state;
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include "xcount/mask.hpp"

namespace xcount {

template <std::size_t Words>
class SymbolForm {
public:
    static constexpr std::size_t kMaxPattern = 64;  // bits of one symbol's pattern

    SymbolForm() = default;
    // Per symbol, its bits slot by slot (the same number for each). Inactive when there are
    // fewer than two symbols, or a symbol has more than kMaxPattern bits.
    explicit SymbolForm(std::vector<std::vector<std::uint32_t>> bits) {
        if (bits.size() < 2 || bits[0].empty() || bits[0].size() > kMaxPattern) return;
        slots_ = bits[0].size();
        for (const auto& symbol : bits)
            for (std::uint32_t bit : symbol) {
                bits_.push_back(bit);
                all_.set(bit);
            }
        symbols_ = bits.size();
        patterns_.resize(symbols_);
    }

    bool active() const { return symbols_ > 0; }
    std::size_t symbols() const { return symbols_; }

    // The state with its symbols' patterns sorted, greatest first, onto symbols 0, 1, ...
    // Not thread-safe: each engine has its own.
    Mask<Words> of(const Mask<Words>& state) const {
        const std::uint32_t* bit = bits_.data();
        for (std::size_t k = 0; k < symbols_; ++k) {
            std::uint64_t pattern = 0;
            for (std::size_t j = 0; j < slots_; ++j) pattern = pattern << 1 | static_cast<std::uint64_t>(state.has(*bit++));
            patterns_[k] = pattern;
        }
        std::sort(patterns_.begin(), patterns_.end(), std::greater<>());
        Mask<Words> form = state.without(all_);
        bit = bits_.data();
        for (std::size_t k = 0; k < symbols_; ++k)
            for (std::size_t j = 0; j < slots_; ++j, ++bit)
                if ((patterns_[k] >> (slots_ - 1 - j)) & 1) form.set(*bit);
        return form;
    }

private:
    std::size_t symbols_ = 0, slots_ = 0;
    std::vector<std::uint32_t> bits_;  // symbol by symbol, slot by slot
    Mask<Words> all_;
    mutable std::vector<std::uint64_t> patterns_;
};

}  // namespace xcount
