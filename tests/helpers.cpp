#include "helpers.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "queens.hpp"

namespace xcount::test {

Count brute_force_count(const Matrix& m) { return brute_force_solutions(m).size(); }

std::vector<std::vector<OptionId>> brute_force_solutions(const Matrix& m) {
    const std::size_t n = m.option_count();
    if (n > 20) throw std::logic_error("brute_force_solutions: too many options");
    std::vector<std::vector<OptionId>> solutions;
    std::vector<int> used(m.item_count());
    constexpr ColourId kUnset = ~ColourId{0};
    std::vector<ColourId> colour(m.item_count());
    for (std::uint32_t subset = 0; subset < (1u << n); ++subset) {
        std::fill(used.begin(), used.end(), 0);
        std::fill(colour.begin(), colour.end(), kUnset);
        bool agree = true;  // every option holding a secondary item gives it the same colour, not none
        for (std::size_t k = 0; k < n; ++k) {
            if (!(subset >> k & 1u)) continue;
            const auto items = m.option(static_cast<OptionId>(k));
            const auto colours = m.option_colours(static_cast<OptionId>(k));
            for (std::size_t j = 0; j < items.size(); ++j) {
                const auto i = static_cast<std::size_t>(items[j]);
                ++used[i];
                if (m.is_primary(items[j])) continue;  // counted against its bounds below
                const ColourId c = colours.empty() ? 0 : colours[j];
                if (colour[i] != kUnset && (colour[i] != c || c == 0)) agree = false;
                colour[i] = c;
            }
        }
        bool ok = agree;
        for (std::size_t i = 0; i < m.item_count() && ok; ++i) {
            const Matrix::Bounds b = m.item_bounds(static_cast<ItemId>(i));
            ok = !m.is_primary(static_cast<ItemId>(i)) || (used[i] >= static_cast<int>(b.lo) && used[i] <= static_cast<int>(b.hi));
        }
        if (!ok) continue;
        std::vector<OptionId>& found = solutions.emplace_back();
        for (std::size_t k = 0; k < n; ++k)
            if (subset >> k & 1u) found.push_back(static_cast<OptionId>(k));
    }
    return solutions;
}

// A random matrix with `options` options over `primary` + `secondary` items.
Matrix random_matrix(std::mt19937& rng, int primary, int secondary, int options) {
    MatrixBuilder b;
    for (int i = 0; i < primary; ++i) b.add_item("p" + std::to_string(i), Kind::primary);
    for (int i = 0; i < secondary; ++i) b.add_item("s" + std::to_string(i), Kind::secondary);
    const int items = primary + secondary;
    std::uniform_int_distribution<int> size(1, std::min(4, items)), pick(0, items - 1);
    for (int k = 0; k < options; ++k) {
        std::vector<ItemId> option;
        const int want = size(rng);
        while (static_cast<int>(option.size()) < want) {
            const ItemId i = pick(rng);
            if (std::find(option.begin(), option.end(), i) == option.end()) option.push_back(i);
        }
        b.add_option(option);
    }
    return std::move(b).build();
}

Matrix random_coloured_matrix(std::mt19937& rng, int primary, int secondary, int options, int colours) {
    MatrixBuilder b;
    for (int i = 0; i < primary; ++i) b.add_item("p" + std::to_string(i), Kind::primary);
    for (int i = 0; i < secondary; ++i) b.add_item("s" + std::to_string(i), Kind::secondary);
    std::vector<ColourId> palette;
    for (int c = 0; c < colours; ++c) palette.push_back(b.colour("c" + std::to_string(c)));
    const int items = primary + secondary;
    std::uniform_int_distribution<int> size(1, std::min(4, items)), pick(0, items - 1), tint(0, colours);
    for (int k = 0; k < options; ++k) {
        std::vector<ItemId> option;
        std::vector<ColourId> tints;
        const int want = size(rng);
        while (static_cast<int>(option.size()) < want) {
            const ItemId i = pick(rng);
            if (std::find(option.begin(), option.end(), i) != option.end()) continue;
            option.push_back(i);
            const int t = tint(rng);
            tints.push_back(i >= primary && t > 0 ? palette[static_cast<std::size_t>(t - 1)] : 0);
        }
        b.add_option(option, tints);
    }
    return std::move(b).build();
}

std::vector<Case> split_cases() {
    std::vector<Case> out;
    for (int n : {1, 4, 6, 8, 9}) out.push_back({"queens " + std::to_string(n), make_queens(n).matrix});
    out.push_back({"knuth", test::dlx(test::kKnuthExample)});
    out.push_back({"solutions at depth 1 and 2", test::dlx("a b | s\na b\na s\nb s\na\nb\n")});
    std::mt19937 rng(7);
    for (int k = 0; k < 6; ++k) {
        MatrixBuilder b;
        for (int i = 0; i < 7; ++i) b.add_item("p" + std::to_string(i), Kind::primary);
        for (int i = 0; i < 2; ++i) b.add_item("s" + std::to_string(i), Kind::secondary);
        std::uniform_int_distribution<int> pick(0, 8);
        for (int o = 0; o < 24; ++o) {
            std::vector<ItemId> option{static_cast<ItemId>(o % 7)};
            for (int extra = 0; extra < 2; ++extra) {
                const ItemId i = pick(rng);
                if (std::find(option.begin(), option.end(), i) == option.end()) option.push_back(i);
            }
            b.add_option(option);
        }
        out.push_back({"random " + std::to_string(k), std::move(b).build()});
    }
    return out;
}

}  // namespace xcount::test
