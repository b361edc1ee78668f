// xcount/renaming.hpp: a state's form up to the renaming of symbols, the key under which a
// merging engine stores it when the matrix declares sets of symbols (Matrix::symbol_sets).
//
// A renaming maps the matrix onto itself, so a state and every renaming of it have the same
// count. Each symbol's bits in the state, read slot by slot, make its pattern; a renaming
// permutes the patterns among the set's symbols and changes nothing else. Giving the patterns
// to the symbols in decreasing order is a renaming, so the form is the state renamed: equal
// forms, equal counts. With one set, two states have the same form exactly when one is a
// renaming of the other. With several (a Latin square's symbols and its columns), the sets are
// sorted in turn until none moves (or for a bounded number of rounds): still a renaming of the
// state, so exact, though two renamings of one state may then keep two forms.
//
//     SymbolForm<Words> form(layout.symbol_bits(matrix));   // inactive when none are declared
//     const Mask<Words> key = form.active() ? form.of(state) : state;
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "xcount/mask.hpp"

namespace xcount {

// Sorts each part of a state in turn (sort(part, state): whether it moved a symbol) until none
// moves, or for `rounds` rounds: each step a renaming, so the form is one too.
inline constexpr int kMaxSortRounds = 8;  // where several sets sort: one alone needs one round
template <class Parts, class State, class Sort>
void sort_in_rounds(const Parts& parts, int rounds, State& state, Sort&& sort) {
    for (int round = 0; round < rounds; ++round) {
        bool moved = false;
        for (const auto& part : parts) moved = sort(part, state) || moved;
        if (!moved) return;
    }
}

template <std::size_t Words>
class SymbolForm {
public:
    // Per set, per symbol, its bits slot by slot (the same number for each symbol of a set).
    using BitSets = std::vector<std::vector<std::vector<std::uint32_t>>>;

    SymbolForm() = default;
    // Sets of fewer than two symbols, or of symbols without bits, are left out.
    explicit SymbolForm(const BitSets& sets) {
        for (const auto& symbols : sets) {
            if (symbols.size() < 2 || symbols[0].empty()) continue;
            Set& set = sets_.emplace_back();
            set.slots = symbols[0].size();
            set.words = (set.slots + 63) / 64;
            for (const auto& symbol : symbols)
                for (std::uint32_t bit : symbol) {
                    set.bits.push_back(bit);
                    set.all.set(bit);
                }
            set.symbols = symbols.size();
            set.patterns.resize(set.symbols * set.words);
            set.order.resize(set.symbols);
            renamed_ += set.symbols;
        }
    }

    bool active() const { return !sets_.empty(); }
    // How many symbols, over all sets, a state is renamed by.
    std::size_t symbols() const { return renamed_; }

    // The state with each set's patterns sorted, greatest first, onto its symbols 0, 1, ...
    // Not thread-safe: each engine has its own.
    Mask<Words> of(const Mask<Words>& state) const {
        Mask<Words> form = state;
        sort_in_rounds(sets_, sets_.size() == 1 ? 1 : kMaxSortRounds, form, &SymbolForm::sort);
        return form;
    }

private:
    struct Set {
        std::size_t symbols = 0, slots = 0, words = 0;
        std::vector<std::uint32_t> bits;  // symbol by symbol, slot by slot
        Mask<Words> all;
        mutable std::vector<std::uint64_t> patterns;  // symbol by symbol, `words` each
        mutable std::vector<std::uint32_t> order;
    };

    // Sorts the set's patterns in `form`; whether any symbol moved.
    static bool sort(const Set& set, Mask<Words>& form) {
        std::fill(set.patterns.begin(), set.patterns.end(), 0);
        const std::uint32_t* bit = set.bits.data();
        for (std::size_t k = 0; k < set.symbols; ++k) {
            std::uint64_t* pattern = &set.patterns[k * set.words];
            for (std::size_t j = 0; j < set.slots; ++j)
                if (form.has(*bit++)) pattern[j / 64] |= std::uint64_t{1} << (63 - j % 64);
        }
        std::iota(set.order.begin(), set.order.end(), 0u);
        const auto greater = [&](std::uint32_t a, std::uint32_t b) {
            return std::lexicographical_compare(&set.patterns[b * set.words], &set.patterns[(b + 1) * set.words],
                                                &set.patterns[a * set.words], &set.patterns[(a + 1) * set.words]);
        };
        std::stable_sort(set.order.begin(), set.order.end(), greater);
        bool moved = false;
        for (std::size_t k = 0; k < set.symbols; ++k) moved = moved || set.order[k] != k;
        if (!moved) return false;
        form = form.without(set.all);
        bit = set.bits.data();
        for (std::size_t k = 0; k < set.symbols; ++k) {
            const std::uint64_t* pattern = &set.patterns[set.order[k] * set.words];
            for (std::size_t j = 0; j < set.slots; ++j, ++bit)
                if ((pattern[j / 64] >> (63 - j % 64)) & 1) form.set(*bit);
        }
        return true;
    }

    std::vector<Set> sets_;
    std::size_t renamed_ = 0;
};

}  // namespace xcount
