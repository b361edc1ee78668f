#include "langford.hpp"

#include <map>
#include <memory>
#include <vector>

namespace xcount {

Problem make_langford(int n, bool up_to_reversal) {
    if (n < 1 || n > 64) throw InputError("langford: --n must be between 1 and 64, not " + std::to_string(n));
    MatrixBuilder b;
    for (int k = 1; k <= n; ++k) b.add_item("v" + std::to_string(k), Kind::primary);
    for (int i = 0; i < 2 * n; ++i) b.add_item("s" + std::to_string(i), Kind::primary);
    auto pairs = std::make_shared<std::vector<std::pair<int, int>>>();  // (value, first position)
    for (int k = 1; k <= n; ++k)
        for (int i = 0; i + k + 1 < 2 * n; ++i) {
            if (up_to_reversal && k == 1 && i > n - 2) continue;
            b.add_option({static_cast<ItemId>(k - 1), static_cast<ItemId>(n + i), static_cast<ItemId>(n + i + k + 1)});
            pairs->emplace_back(k, i);
        }
    std::vector<ItemId> scan;  // the scan engine fills the positions left to right, the values then fill by themselves
    for (int i = 0; i < 3 * n; ++i) scan.push_back(static_cast<ItemId>((n + i) % (3 * n)));
    b.set_scan_order(std::move(scan));
    Problem p{"langford n=" + std::to_string(n) + (up_to_reversal ? " up to reversal" : ""), std::move(b).build()};
    if (!up_to_reversal) {  // reversal: the pair k at (i, i+k+1) goes to (2n-2-i-k, 2n-1-i)
        std::map<std::pair<int, int>, OptionId> option_of;
        for (std::size_t o = 0; o < pairs->size(); ++o) option_of[(*pairs)[o]] = static_cast<OptionId>(o);
        Symmetry reversal{"reversal", std::vector<OptionId>(pairs->size()), {}};
        for (std::size_t o = 0; o < pairs->size(); ++o) {
            const auto [k, i] = (*pairs)[o];
            reversal.options[o] = option_of.at({k, 2 * n - 2 - i - k});
        }
        p.symmetries.push_back(std::move(reversal));
        p.distinct_flag = "--up-to-reversal";
    }
    p.render = [pairs, n](std::span<const OptionId> solution) {
        std::vector<int> row(static_cast<std::size_t>(2 * n));
        for (OptionId o : solution) {
            const auto [k, i] = (*pairs)[static_cast<std::size_t>(o)];
            row[static_cast<std::size_t>(i)] = row[static_cast<std::size_t>(i + k + 1)] = k;
        }
        std::string out;
        for (int v : row) out += (out.empty() ? "" : " ") + std::to_string(v);
        return out + "\n";
    };
    p.line = [render = p.render](std::span<const OptionId> solution) { return rows_on_one_line(render(solution)); };
    p.picture = [pairs, n](std::span<const OptionId> solution) {
        LabelGrid grid{.rows = 1,
                       .columns = 2 * n,
                       .box_rows = 0,
                       .box_columns = 0,
                       .checkered = false,
                       .labels = std::vector<std::string>(static_cast<std::size_t>(2 * n))};
        for (OptionId o : solution) {
            const auto [k, i] = (*pairs)[static_cast<std::size_t>(o)];
            grid.labels[static_cast<std::size_t>(i)] = grid.labels[static_cast<std::size_t>(i + k + 1)] = std::to_string(k);
        }
        return Picture{{Panel{.title = "", .pieces = {}, .grid = std::move(grid)}}};
    };
    return p;
}

}  // namespace xcount
