#include "latin.hpp"

#include <memory>
#include <vector>

#include "conjugacy.hpp"

namespace xcount {

namespace {

// The isotopies: rows, columns and symbols each permuted, the three commuting, so a class is a
// cycle type of each; each element as a map of the options.
ClassedGroup latin_isotopies(int n) {
    constexpr std::size_t kMaxClasses = 30000;  // order 9's 27,000 (a map of the options each)
    ClassedGroup group{"isotopies (rows x columns x symbols permuted)", {}};
    const std::vector<PermutationClass> types = symmetric_group_classes(n);
    const std::size_t classes = types.size() * types.size() * types.size();
    if (classes > kMaxClasses)
        throw InputError("its isotopies fall in " + std::to_string(classes) +
                         " conjugacy classes (a cycle type each of rows, columns and symbols), more than the " +
                         std::to_string(kMaxClasses) + " counted here");
    for (const PermutationClass& rows : types)
        for (const PermutationClass& columns : types)
            for (const PermutationClass& symbols : types) {
                Permutation cells(static_cast<std::size_t>(n * n));  // (r, c) to (rows(r), columns(c))
                for (int r = 0; r < n; ++r)
                    for (int c = 0; c < n; ++c)
                        cells[static_cast<std::size_t>(r * n + c)] =
                            rows.element[static_cast<std::size_t>(r)] * n + columns.element[static_cast<std::size_t>(c)];
                const std::string name = group.classes.empty()
                                             ? "identity"
                                             : "(rows " + cycle_type_text(rows.element) + "; columns " + cycle_type_text(columns.element) +
                                                   "; symbols " + cycle_type_text(symbols.element) + ")";
                group.classes.push_back({grid_symmetry(name, cells, symbols.element), rows.size * columns.size * symbols.size});
            }
    return group;
}

}  // namespace

Problem make_latin(int n, bool reduced) {
    if (n < 1 || n > 64) throw InputError("latin: --n must be between 1 and 64, not " + std::to_string(n));
    MatrixBuilder b;
    auto name = [](const char* f, int a, int s) { return std::string(f) + std::to_string(a) + "=" + std::to_string(s); };
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) b.add_item("p" + std::to_string(r) + "," + std::to_string(c), Kind::primary);
    for (int r = 0; r < n; ++r)
        for (int s = 0; s < n; ++s) b.add_item(name("r", r, s), Kind::primary);
    for (int c = 0; c < n; ++c)
        for (int s = 0; s < n; ++s) b.add_item(name("c", c, s), Kind::primary);
    auto cells = std::make_shared<std::vector<std::pair<int, int>>>();  // (cell, symbol) per option
    const auto nn = static_cast<ItemId>(n * n);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            for (int s = 0; s < n; ++s) {
                if (reduced && r == 0 && s != c) continue;
                if (reduced && c == 0 && s != r) continue;
                b.add_option(
                    {static_cast<ItemId>(r * n + c), static_cast<ItemId>(nn + r * n + s), static_cast<ItemId>(2 * nn + c * n + s)});
                cells->emplace_back(r * n + c, s);
            }
    if (!reduced && n > 1) {
        SymbolSet symbols(static_cast<std::size_t>(n)), columns(static_cast<std::size_t>(n));
        for (int k = 0; k < n; ++k) {
            auto& symbol = symbols[static_cast<std::size_t>(k)];  // its row items, then its column items
            for (int r = 0; r < n; ++r) symbol.push_back(nn + r * n + k);
            for (int c = 0; c < n; ++c) symbol.push_back(2 * nn + c * n + k);
            auto& column = columns[static_cast<std::size_t>(k)];  // its cells, then its symbols
            for (int r = 0; r < n; ++r) column.push_back(r * n + k);
            for (int s = 0; s < n; ++s) column.push_back(2 * nn + k * n + s);
        }
        b.add_symbols(std::move(symbols));
        b.add_symbols(std::move(columns));
    }
    Problem p{"latin n=" + std::to_string(n) + (reduced ? " reduced" : ""), std::move(b).build()};
    if (!reduced) p.shortcuts.push_back("--reduced (the reduced squares: the count is n!(n-1)! times theirs)");
    if (!reduced) {  // option (r*n + c)*n + s puts s in (r, c)
        auto option = [n](int r, int c, int s) { return static_cast<OptionId>((r * n + c) * n + s); };
        Symmetry transpose{"transpose", std::vector<OptionId>(static_cast<std::size_t>(n * n * n)), {}};
        Symmetry relabel{"relabel+1", std::vector<OptionId>(static_cast<std::size_t>(n * n * n)), {}};
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                for (int s = 0; s < n; ++s) {
                    transpose.options[static_cast<std::size_t>(option(r, c, s))] = option(c, r, s);
                    relabel.options[static_cast<std::size_t>(option(r, c, s))] = option(r, c, (s + 1) % n);
                }
        p.symmetries.push_back(std::move(transpose));
        p.full_group = [n] { return latin_isotopies(n); };
        if (n > 1) p.symmetries.push_back(std::move(relabel));
    }
    p.render = [cells, n](std::span<const OptionId> solution) {
        std::vector<int> grid(static_cast<std::size_t>(n * n));
        for (OptionId o : solution)
            grid[static_cast<std::size_t>((*cells)[static_cast<std::size_t>(o)].first)] = (*cells)[static_cast<std::size_t>(o)].second;
        std::string out;
        for (int r = 0; r < n; ++r) {
            for (int c = 0; c < n; ++c) out += (c ? " " : "") + std::to_string(grid[static_cast<std::size_t>(r * n + c)]);
            out += "\n";
        }
        return out;
    };
    p.line = [render = p.render](std::span<const OptionId> solution) { return rows_on_one_line(render(solution)); };
    p.picture = [cells, n](std::span<const OptionId> solution) {
        LabelGrid grid{.rows = n,
                       .columns = n,
                       .box_rows = 0,
                       .box_columns = 0,
                       .checkered = false,
                       .labels = std::vector<std::string>(static_cast<std::size_t>(n * n))};
        for (OptionId o : solution) {
            const auto [cell, symbol] = (*cells)[static_cast<std::size_t>(o)];
            grid.labels[static_cast<std::size_t>(cell)] = std::to_string(symbol);
        }
        return Picture{{Panel{.title = "", .pieces = {}, .grid = std::move(grid)}}};
    };
    return p;
}

}  // namespace xcount
