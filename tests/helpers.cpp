#include "helpers.hpp"

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
        for (std::size_t i = 0; i < m.item_count() && ok; ++i)
            ok = m.is_primary(static_cast<ItemId>(i)) ? used[i] == 1 : used[i] <= 1;
        solutions += ok ? 1 : 0;
    }
    return solutions;
}

}  // namespace xcount::test
