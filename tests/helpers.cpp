#include "helpers.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace xcount::test {

Count brute_force_count(const Matrix& m) {
    const std::size_t n = m.option_count();
    if (n > 20) throw std::logic_error("brute_force_count: too many options");
    Count solutions = 0;
    std::vector<int> used(m.item_count());
    for (std::uint32_t subset = 0; subset < (1u << n); ++subset) {
        std::fill(used.begin(), used.end(), 0);
        for (std::size_t k = 0; k < n; ++k)
            if (subset >> k & 1u)
                for (ItemId i : m.option(static_cast<OptionId>(k))) ++used[static_cast<std::size_t>(i)];
        bool ok = true;
        for (std::size_t i = 0; i < m.item_count() && ok; ++i) ok = m.is_primary(static_cast<ItemId>(i)) ? used[i] == 1 : used[i] <= 1;
        solutions += ok ? 1 : 0;
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

}  // namespace xcount::test
