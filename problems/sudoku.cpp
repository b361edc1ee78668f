#include "sudoku.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <sstream>
#include <optional>
#include <vector>

#include "conjugacy.hpp"
#include "xcount/count.hpp"

namespace xcount {

namespace {

constexpr int kMaxSymbols = 35;  // 1-9 then A-Z

char symbol_char(int d) { return d < 9 ? static_cast<char>('1' + d) : static_cast<char>('A' + d - 9); }

int symbol_value(char c) {
    if (c >= '1' && c <= '9') return c - '1';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 9;
    if (c >= 'a' && c <= 'z') return c - 'a' + 9;
    return -1;
}

// One entry per cell: -1 empty, else the symbol.
std::vector<int> parse_givens(const std::string& text, int n) {
    std::vector<int> cells;
    if (text.empty()) return std::vector<int>(static_cast<std::size_t>(n * n), -1);
    for (char c : text) {
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
        if (c == '.' || c == '0') {
            cells.push_back(-1);
            continue;
        }
        const int d = symbol_value(c);
        if (d < 0 || d >= n)
            throw InputError("--givens: '" + std::string(1, c) + "' at cell " + std::to_string(cells.size() + 1) +
                             " is not a symbol of this grid (1.." + std::string(1, symbol_char(n - 1)) + ", or . for empty)");
        cells.push_back(d);
    }
    if (cells.size() != static_cast<std::size_t>(n * n))
        throw InputError("--givens: " + std::to_string(cells.size()) + " cells given, the grid has " + std::to_string(n * n));
    return cells;
}

// The cells a text gives (its characters less blanks).
std::size_t cell_count(const std::string& text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return c != ' ' && c != '\t' && c != '\r'; }));
}

}  // namespace

std::vector<Puzzle> puzzles_by_line(const std::string& text, int n) {
    std::vector<Puzzle> puzzles;
    std::istringstream lines(text);
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number) {
        const std::size_t cells = cell_count(line);
        if (cells == 0 || line[line.find_first_not_of(" \t")] == '#') continue;
        if (cells != static_cast<std::size_t>(n * n)) return {};
        puzzles.push_back({number, line});
    }
    return puzzles;
}

void check_givens(const std::string& givens, int n) { parse_givens(givens, n); }

std::pair<int, int> parse_box(const std::string& text) {
    const auto x = text.find('x');
    const std::optional<Count> rows = parse_count(text.substr(0, x));
    const std::optional<Count> cols = x == std::string::npos ? std::nullopt : parse_count(text.substr(x + 1));
    if (!rows || !cols) throw InputError("--box must be RxC (such as 3x3), not " + quote_name(text));
    if (*rows < 1 || *cols < 1 || *rows > kMaxSymbols || *cols > kMaxSymbols || *rows * *cols > kMaxSymbols)
        throw InputError("--box " + quote_name(text) + ": a grid of R*C symbols needs R, C >= 1 and R*C <= " + std::to_string(kMaxSymbols) +
                         " (1-9 then A-Z), here " + to_string(*rows * *cols));
    return {static_cast<int>(*rows->to_u64()), static_cast<int>(*cols->to_u64())};
}

namespace {

// What can be renamed in a grid without givens (items numbered as make_sudoku numbers them):
// the digits; the columns within each stack; the stacks.
void add_sudoku_symbols(MatrixBuilder& b, int box_rows, int box_cols) {
    const int n = box_rows * box_cols, stacks = box_rows, bands = box_cols;
    auto id = [n](int family, int a, int d) { return static_cast<ItemId>((family * n + a) * n + d); };
    SymbolSet digits(static_cast<std::size_t>(n));  // digit d: its row items, column items and box items
    for (int d = 0; d < n; ++d)
        for (int family = 1; family <= 3; ++family)
            for (int a = 0; a < n; ++a) digits[static_cast<std::size_t>(d)].push_back(id(family, a, d));
    b.add_symbols(std::move(digits));
    auto add_column = [&](std::vector<ItemId>& items, int c) {  // its cells, then its digits
        for (int r = 0; r < n; ++r) items.push_back(id(0, r, c));
        for (int d = 0; d < n; ++d) items.push_back(id(2, c, d));
    };
    if (box_cols > 1)
        for (int t = 0; t < stacks; ++t) {
            SymbolSet columns(static_cast<std::size_t>(box_cols));
            for (int i = 0; i < box_cols; ++i) add_column(columns[static_cast<std::size_t>(i)], t * box_cols + i);
            b.add_symbols(std::move(columns));
        }
    if (stacks > 1) {
        SymbolSet stack_set(static_cast<std::size_t>(stacks));  // stack t: its columns, then its boxes' digits
        for (int t = 0; t < stacks; ++t) {
            auto& items = stack_set[static_cast<std::size_t>(t)];
            for (int i = 0; i < box_cols; ++i) add_column(items, t * box_cols + i);
            for (int band = 0; band < bands; ++band)
                for (int d = 0; d < n; ++d) items.push_back(id(3, band * box_rows + t, d));
        }
        b.add_symbols(std::move(stack_set));
    }
}

// The grid's geometry as permutations of its cells: rows within each band, the bands, columns
// within each stack, the stacks, and for square boxes the transpose.
std::vector<Permutation> sudoku_geometry(int box_rows, int box_cols) {
    const int n = box_rows * box_cols;
    const auto cells_where = [n](auto&& to) {  // the permutation taking (r, c) to to(r, c)
        Permutation p(static_cast<std::size_t>(n * n));
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                const auto [r2, c2] = to(r, c);
                p[static_cast<std::size_t>(r * n + c)] = r2 * n + c2;
            }
        return p;
    };
    const auto swap = [](int x, int a, int b) { return x == a ? b : x == b ? a : x; };
    const auto swap_blocks = [](int x, int size, int a, int b) {
        return x / size == a ? x + (b - a) * size : x / size == b ? x - (b - a) * size : x;
    };
    std::vector<Permutation> generators;
    for (int band = 0; band < box_cols; ++band)
        for (int i = 0; i + 1 < box_rows; ++i) {
            const int a = band * box_rows + i;
            generators.push_back(cells_where([&](int r, int c) { return std::pair{swap(r, a, a + 1), c}; }));
        }
    for (int band = 0; band + 1 < box_cols; ++band)
        generators.push_back(cells_where([&](int r, int c) { return std::pair{swap_blocks(r, box_rows, band, band + 1), c}; }));
    for (int stack = 0; stack < box_rows; ++stack)
        for (int j = 0; j + 1 < box_cols; ++j) {
            const int a = stack * box_cols + j;
            generators.push_back(cells_where([&](int r, int c) { return std::pair{r, swap(c, a, a + 1)}; }));
        }
    for (int stack = 0; stack + 1 < box_rows; ++stack)
        generators.push_back(cells_where([&](int r, int c) { return std::pair{r, swap_blocks(c, box_cols, stack, stack + 1)}; }));
    if (box_rows == box_cols) generators.push_back(cells_where([](int r, int c) { return std::pair{c, r}; }));
    return generators;
}

// A group's order, exact while a double holds it ("3359232"), else "1.2e+34".
std::string order_text(double order) {
    if (order < 1e15) return std::to_string(static_cast<unsigned long long>(std::llround(order)));
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", order);
    return text;
}

// The whole group of a grid without givens: the geometry's classes times the digits' (the two
// commute, so each class is a pair of classes), each element as a map of the options.
ClassedGroup sudoku_group(int box_rows, int box_cols) {
    constexpr std::size_t kMaxGeometry = 1000000;  // 8x8 grids' is 442,368; 9x9 grids' 3,359,232
    const int n = box_rows * box_cols;
    ClassedGroup group{"relabelling x band, stack, row and column permutations" + std::string(box_rows == box_cols ? " x transpose" : ""),
                       {}};
    if (n == 1) return {group.name, {{grid_symmetry("identity", {0}, {0}), 1}}};
    const auto factorial = [](int k) { return std::tgamma(k + 1.0); };
    const double geometry_order = std::pow(factorial(box_rows), box_cols) * factorial(box_cols) * std::pow(factorial(box_cols), box_rows) *
                                  factorial(box_rows) * (box_rows == box_cols ? 2 : 1);
    if (geometry_order > static_cast<double>(kMaxGeometry))
        throw InputError("its band, stack, row and column permutations are " + order_text(geometry_order) + " elements, more than the " +
                         std::to_string(kMaxGeometry) + " whose classes are found here");
    const std::vector<PermutationClass> geometry = conjugacy_classes(sudoku_geometry(box_rows, box_cols), kMaxGeometry);
    const std::vector<PermutationClass> digits = symmetric_group_classes(n);
    std::map<std::string, int> named;  // classes of the geometry with the same cycle type on the cells, numbered
    for (const PermutationClass& g : geometry) {
        const std::string cells = cycle_type_text(g.element);
        const int seen = named[cells]++;
        const std::string where = "cells " + cells + (seen ? " (#" + std::to_string(seen + 1) + ")" : "");
        for (const PermutationClass& d : digits) {
            const std::string name = group.classes.empty() ? "identity" : "(" + where + "; digits " + cycle_type_text(d.element) + ")";
            group.classes.push_back({grid_symmetry(name, g.element, d.element), g.size * d.size});
        }
    }
    return group;
}

}  // namespace

Problem make_sudoku(int box_rows, int box_cols, const std::string& givens) {
    if (box_rows < 1 || box_cols < 1 || box_rows * box_cols > kMaxSymbols)
        throw InputError("sudoku: --box RxC needs R, C >= 1 and R*C <= " + std::to_string(kMaxSymbols));
    const int n = box_rows * box_cols;
    const std::vector<int> given = parse_givens(givens, n);
    MatrixBuilder b;
    auto id = [n](int family, int a, int d) { return static_cast<ItemId>((family * n + a) * n + d); };
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) b.add_item("p" + std::to_string(r) + "," + std::to_string(c), Kind::primary);
    const char* families[] = {"r", "c", "b"};
    for (const char* f : families)
        for (int a = 0; a < n; ++a)
            for (int d = 0; d < n; ++d) b.add_item(std::string(f) + std::to_string(a) + "=" + symbol_char(d), Kind::primary);
    auto placements = std::make_shared<std::vector<std::pair<int, int>>>();  // (cell, symbol) per option
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const int cell = r * n + c, box = (r / box_rows) * box_rows + c / box_cols;
            for (int d = 0; d < n; ++d) {
                const int g = given[static_cast<std::size_t>(cell)];
                if (g >= 0 && g != d) continue;
                b.add_option({id(0, r, c), id(1, r, d), id(2, c, d), id(3, box, d)});
                placements->emplace_back(cell, d);
            }
        }
    if (givens.empty() && n > 1) add_sudoku_symbols(b, box_rows, box_cols);
    Problem p{"sudoku " + std::to_string(box_rows) + "x" + std::to_string(box_cols) + (givens.empty() ? "" : " with givens"),
              std::move(b).build()};
    if (givens.empty()) {  // option (r*n + c)*n + d writes d in (r, c)
        auto option = [n](int r, int c, int d) { return static_cast<OptionId>((r * n + c) * n + d); };
        for (int shift = 1; shift < n; ++shift) {
            Symmetry relabel{"relabel+" + std::to_string(shift), std::vector<OptionId>(static_cast<std::size_t>(n * n * n)), {}};
            for (int r = 0; r < n; ++r)
                for (int c = 0; c < n; ++c)
                    for (int d = 0; d < n; ++d) relabel.options[static_cast<std::size_t>(option(r, c, d))] = option(r, c, (d + shift) % n);
            p.symmetries.push_back(std::move(relabel));
        }
        p.full_group = [box_rows, box_cols] { return sudoku_group(box_rows, box_cols); };
        if (box_rows == box_cols) {
            Symmetry transpose{"transpose", std::vector<OptionId>(static_cast<std::size_t>(n * n * n)), {}};
            for (int r = 0; r < n; ++r)
                for (int c = 0; c < n; ++c)
                    for (int d = 0; d < n; ++d) transpose.options[static_cast<std::size_t>(option(r, c, d))] = option(c, r, d);
            p.symmetries.push_back(std::move(transpose));
        }
    }
    const auto grid_of = [placements, n](std::span<const OptionId> solution) {
        std::string grid(static_cast<std::size_t>(n * n), '.');
        for (OptionId o : solution) {
            const auto [cell, d] = (*placements)[static_cast<std::size_t>(o)];
            grid[static_cast<std::size_t>(cell)] = symbol_char(d);
        }
        return grid;
    };
    p.line = grid_of;  // the --givens format
    p.render = [grid_of, n, box_rows, box_cols](std::span<const OptionId> solution) {
        const std::string grid = grid_of(solution);
        std::string out;
        for (int r = 0; r < n; ++r) {
            if (r > 0 && r % box_rows == 0) out += "\n";
            for (int c = 0; c < n; ++c) {
                if (c > 0) out += c % box_cols == 0 ? "  " : " ";
                out += grid[static_cast<std::size_t>(r * n + c)];
            }
            out += "\n";
        }
        return out;
    };
    p.picture = [placements, n, box_rows, box_cols](std::span<const OptionId> solution) {
        LabelGrid grid{.rows = n,
                       .columns = n,
                       .box_rows = box_rows,
                       .box_columns = box_cols,
                       .checkered = false,
                       .labels = std::vector<std::string>(static_cast<std::size_t>(n * n))};
        for (OptionId o : solution) {
            const auto [cell, d] = (*placements)[static_cast<std::size_t>(o)];
            grid.labels[static_cast<std::size_t>(cell)] = std::string(1, symbol_char(d));
        }
        return Picture{{Panel{.title = "", .pieces = {}, .grid = std::move(grid)}}};
    };
    return p;
}

}  // namespace xcount
