// src/search/frontier_renaming.hpp: a window state's form up to renaming the symbols, the key
// under which the frontier engine (frontier.cpp) keeps it where the matrix declares sets of
// symbols (Matrix::symbol_sets; renaming.hpp is the memo engine's form of a whole state).
//
// The count below a layer's state depends only on which items are still open, and a renaming
// maps the matrix onto itself, so a state and its renaming have the same count below them. But
// a layer keys a state by its window's bits alone: before the window every position is covered,
// beyond it every one is free. So only the renamings that keep each position on its side (and in
// the window, in it) make a state of the same layer: per set, the symbols whose positions lie
// alike, slot by slot, are renamed among themselves, each such group sorted as renaming.hpp sorts
// a set (each symbol's window bits read as a pattern, the patterns given to the group's symbols in
// decreasing order). At a Latin square's row boundary all its symbols lie alike; a column's items
// lie alike with the other columns' only where the row's cells do.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include "xcount/renaming.hpp"

namespace xcount::layers {

// Where a position lies for a layer: covered before its window (or by a replayed option), in the
// window (then its bit there), or free beyond it.
struct Side {
    static constexpr std::uint32_t kCovered = ~std::uint32_t{0}, kFree = kCovered - 1;
    std::uint32_t bit = kFree;  // the window's bit, or one of the two above
};

template <class Key>
class WindowForm {
public:
    WindowForm() = default;
    // sets[s][k]: symbol k's positions in set s, slot by slot (as many for each symbol of a set);
    // side(q): where position q lies in the layer keyed.
    template <class SideOf>
    WindowForm(const std::vector<std::vector<std::vector<std::uint32_t>>>& sets, SideOf&& side) {
        std::size_t sets_with_groups = 0;
        for (const auto& symbols : sets) {
            std::map<std::vector<std::uint32_t>, std::vector<std::size_t>> alike;  // by where their positions lie
            for (std::size_t k = 0; k < symbols.size(); ++k) {
                std::vector<std::uint32_t> lies;
                for (std::uint32_t q : symbols[k]) {
                    const std::uint32_t bit = side(q).bit;
                    lies.push_back(bit == Side::kCovered || bit == Side::kFree ? bit : 0);  // in the window: its bit differs
                }
                alike[std::move(lies)].push_back(k);
            }
            const std::size_t before = groups_.size();
            for (const auto& [lies, members] : alike) add_group(symbols, members, side);
            sets_with_groups += groups_.size() > before ? 1 : 0;
        }
        rounds_ = sets_with_groups > 1 ? kMaxSortRounds : 1;
    }

    bool active() const { return !groups_.empty(); }

    // The state with each group's patterns sorted, greatest first, onto its symbols in order.
    Key of(Key state) const {
        sort_in_rounds(groups_, rounds_, state, &WindowForm::sort);
        return state;
    }

private:
    static constexpr std::size_t kMaxSymbols = sizeof(Key) * 8;  // each with a bit of the window at least

    struct Group {
        std::size_t symbols = 0, slots = 0;  // slots: of each symbol, in the window
        std::vector<std::uint8_t> bits;      // symbol by symbol, slot by slot
        Key all{0};
    };

    template <class SideOf>
    void add_group(const std::vector<std::vector<std::uint32_t>>& symbols, const std::vector<std::size_t>& members, SideOf& side) {
        if (members.size() < 2) return;
        Group group;
        group.symbols = members.size();
        for (std::size_t k : members)
            for (std::uint32_t q : symbols[k])
                if (const std::uint32_t bit = side(q).bit; bit != Side::kCovered && bit != Side::kFree) {
                    group.bits.push_back(static_cast<std::uint8_t>(bit));
                    group.all |= Key{1} << bit;
                }
        group.slots = group.bits.size() / group.symbols;
        if (group.slots > 0) groups_.push_back(std::move(group));
    }

    // Sorts the group's patterns in `state`; whether any symbol moved.
    static bool sort(const Group& group, Key& state) {
        Key patterns[kMaxSymbols];
        const std::uint8_t* bit = group.bits.data();
        for (std::size_t k = 0; k < group.symbols; ++k) {
            Key pattern{0};
            for (std::size_t j = 0; j < group.slots; ++j) pattern = (pattern << 1) | ((state >> *bit++) & Key{1});
            patterns[k] = pattern;
        }
        if (std::is_sorted(patterns, patterns + group.symbols, [](Key a, Key b) { return a > b; })) return false;
        std::sort(patterns, patterns + group.symbols, [](Key a, Key b) { return a > b; });
        Key form = state & ~group.all;
        bit = group.bits.data();
        for (std::size_t k = 0; k < group.symbols; ++k)
            for (std::size_t j = 0; j < group.slots; ++j, ++bit) form |= ((patterns[k] >> (group.slots - 1 - j)) & Key{1}) << *bit;
        state = form;
        return true;
    }

    std::vector<Group> groups_;
    int rounds_ = 1;
};

}  // namespace xcount::layers
