// Symbols that can be renamed: a declaration is checked against the matrix (a wrong one is
// refused, never trusted), and the memo engine, keying its states up to renaming, counts what
// brute force counts on random matrices closed under renaming, what it counts without
// renaming, and the published numbers of Latin squares and sudoku grids.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <random>

#include "helpers.hpp"
#include "latin.hpp"
#include "sudoku.hpp"
#include "xcount/dancer.hpp"
#include "xcount/frontier.hpp"
#include "xcount/memo.hpp"
#include "xcount/runner.hpp"
#include "xcount/split.hpp"
#include "xcount/symmetry.hpp"

using namespace xcount;

namespace {

constexpr Choice kScan{ChooseRule::scan, 0};

struct MemoRun {
    Count solutions = 0;
    std::uint64_t stored = 0;
};

MemoRun memo_run(const Matrix& m, Choice choice = kScan, std::size_t bytes = std::size_t{1} << 24) {
    Memo256::Table table(bytes);
    Memo256 e(m);
    e.share_table(&table);
    e.set_choice(choice);
    const SearchStats s = e.count();
    return {s.solutions, table.figures().stored};
}

struct LayersRun {
    Count solutions = 0;
    std::uint64_t states = 0;  // moved, over all the layers
};

LayersRun layers_run(const Matrix& m) {
    Frontier e(m);
    const SearchStats s = e.count();
    return {s.solutions, s.nodes};
}

// Every subproblem of a split at `depth` counted by layers (a prefix replayed), summed.
Count layers_split(const Matrix& m, int depth) {
    const RunReport r =
        run_split(m, split_at_depth(m, depth, {.choice = kScan}), {}, RunOptions{.threads = 2, .engine = EngineKind::frontier});
    return r.total.solutions;
}

// Items: `fixed` primary items that no renaming moves, then `symbols` symbols of `slots` items
// each (the slot's kind the same for every symbol). Random options, each closed under every
// renaming of the symbols, so that the declaration holds.
Matrix random_renamable(std::mt19937& rng, int fixed, int symbols, int slots, int options, bool coloured = false) {
    MatrixBuilder b;
    const ColourId colours[] = {0, b.colour("red"), b.colour("blue")};  // on a secondary item, where `coloured`
    for (int i = 0; i < fixed; ++i) b.add_item("f" + std::to_string(i), Kind::primary);
    std::vector<Kind> kind(static_cast<std::size_t>(slots));
    for (auto& k : kind) k = rng() % 3 == 0 ? Kind::secondary : Kind::primary;
    std::vector<std::vector<ItemId>> items(static_cast<std::size_t>(symbols));
    for (int s = 0; s < symbols; ++s)
        for (int j = 0; j < slots; ++j)
            items[static_cast<std::size_t>(s)].push_back(
                b.add_item("s" + std::to_string(s) + "." + std::to_string(j), kind[static_cast<std::size_t>(j)]));
    std::vector<int> order(static_cast<std::size_t>(symbols));
    for (int o = 0; o < options; ++o) {
        std::vector<ItemId> fixed_part;
        for (int i = 0; i < fixed; ++i)
            if (rng() % 3 == 0) fixed_part.push_back(i);
        std::vector<std::pair<int, int>> symbol_part;  // (symbol, slot)
        std::vector<ColourId> colour_part;             // per entry of symbol_part
        for (int s = 0; s < symbols; ++s)
            for (int j = 0; j < slots; ++j)
                if (rng() % 5 == 0) {
                    symbol_part.emplace_back(s, j);
                    const bool secondary = kind[static_cast<std::size_t>(j)] == Kind::secondary;
                    colour_part.push_back(coloured && secondary ? colours[rng() % 3] : 0);
                }
        if (fixed_part.empty() && symbol_part.empty()) fixed_part.push_back(static_cast<ItemId>(rng() % fixed));
        std::iota(order.begin(), order.end(), 0);
        do {  // every renaming of the option (an orbit's options each as often)
            std::vector<ItemId> option = fixed_part;
            std::vector<ColourId> option_colours(fixed_part.size(), 0);
            for (const auto& [s, j] : symbol_part)
                option.push_back(items[static_cast<std::size_t>(order[static_cast<std::size_t>(s)])][static_cast<std::size_t>(j)]);
            option_colours.insert(option_colours.end(), colour_part.begin(), colour_part.end());
            b.add_option(option, option_colours);
        } while (std::next_permutation(order.begin(), order.end()));
    }
    b.add_symbols(items);
    return std::move(b).build();
}

Matrix two_symbols(std::initializer_list<std::initializer_list<ItemId>> options, Kind second = Kind::primary) {
    MatrixBuilder b;
    b.add_item("x", Kind::primary);
    b.add_item("a", Kind::primary);
    b.add_item("b", second);
    for (auto option : options) b.add_option(option);
    b.add_symbols({{1}, {2}});
    return std::move(b).build();
}

}  // namespace

TEST_CASE("renaming: a declaration the options do not respect is refused, naming the option", "[renaming]") {
    CHECK_THROWS_WITH(two_symbols({{0, 1}, {2}}),
                      Catch::Contains("maps option 0 (x a) onto no option") && Catch::Contains("cannot be renamed"));
    CHECK_THROWS_WITH(two_symbols({{0, 1}, {0, 2}, {1}, {2}, {2}}), Catch::Contains("cannot be renamed"));  // repeats differ
    CHECK_THROWS_WITH(two_symbols({{0, 1}, {0, 2}, {1}}, Kind::secondary), Catch::Contains("differ in kind"));
    CHECK(test::brute_force_count(two_symbols({{0, 1}, {0, 2}, {1}, {2}})) == 2);
    MatrixBuilder b;
    for (const char* name : {"a", "b", "c"}) b.add_item(name, Kind::primary);
    CHECK_THROWS_WITH(b.add_symbols({{0}}), Catch::Contains("at least two"));
    CHECK_THROWS_WITH(b.add_symbols({{0}, {1, 2}}), Catch::Contains("the same number of items"));
    CHECK_THROWS_WITH(b.add_symbols({{0}, {0}}), Catch::Contains("named twice"));
    CHECK_THROWS_WITH(b.add_symbols({{0}, {7}}), Catch::Contains("no such item"));
}

TEST_CASE("renaming: the memo engine keyed up to renaming counts what brute force counts", "[renaming][oracle]") {
    std::mt19937 rng(53);
    for (int trial = 0; trial < 120; ++trial) {
        const int symbols = 2 + trial % 2;  // each option comes symbols! times: brute force takes 20
        const Matrix m = random_renamable(rng, 2 + trial % 4, symbols, 1 + trial % 3, symbols == 2 ? 3 + trial % 8 : 1 + trial % 3);
        INFO("trial " << trial);
        const Count truth = test::brute_force_count(m);
        for (ChooseRule rule : {ChooseRule::scan, ChooseRule::mrv}) {
            CHECK(memo_run(m, {rule, 0}).solutions == truth);
            CHECK(memo_run(without_symbols(m), {rule, 0}).solutions == truth);
            CHECK(memo_run(m, {rule, 0}, 1).solutions == truth);  // a table of one entry
        }
    }
}

TEST_CASE("renaming: the frontier engine keyed up to renaming counts what brute force counts", "[renaming][oracle][frontier]") {
    std::mt19937 rng(5350);
    int merged = 0;
    for (int trial = 0; trial < 160; ++trial) {
        const int symbols = 2 + trial % 2;
        const bool coloured = trial % 4 >= 2;
        const Matrix m =
            random_renamable(rng, 2 + trial % 4, symbols, 1 + trial % 3, symbols == 2 ? 3 + trial % 8 : 1 + trial % 3, coloured);
        INFO("trial " << trial << (coloured ? ", coloured" : ""));
        const Count truth = test::brute_force_count(m);
        const LayersRun renamed = layers_run(m), plain = layers_run(without_symbols(m));
        CHECK(renamed.solutions == truth);
        CHECK(plain.solutions == truth);
        CHECK(renamed.states <= plain.states);
        merged += renamed.states < plain.states;
        CHECK(layers_split(m, 1) == truth);  // a prefix replayed: its positions covered before the layers
    }
    CHECK(merged > 10);
}

TEST_CASE("renaming: Latin squares and sudoku grids, with and without renaming, as published", "[renaming][published]") {
    // OEIS A002860 (Latin squares of order n); OEIS A107739 (4x4 sudoku: 288); 6x6 sudoku with
    // 2x3 boxes: 28,200,960 (Pettersen, as quoted in Wikipedia's Mathematics of Sudoku).
    const Count latin[] = {1, 2, 12, 576, 161280};
    for (int n = 1; n <= 5; ++n) {
        const Matrix m = make_latin(n, false).matrix;
        CHECK(symbols_declared(m) == (n > 1 ? static_cast<std::size_t>(2 * n) : 0u));  // the symbols and the columns
        const MemoRun renamed = memo_run(m), plain = memo_run(without_symbols(m));
        CHECK(renamed.solutions == latin[n - 1]);
        CHECK(plain.solutions == latin[n - 1]);
        if (n >= 4) CHECK(renamed.stored * 4 < plain.stored);  // merging up to renaming stores far fewer states
    }
    CHECK(make_latin(4, true).matrix.symbol_sets().empty());  // a reduced square fixes its symbols
    const Matrix four = make_sudoku(2, 2, "").matrix;
    CHECK(memo_run(four).solutions == 288);
    CHECK(memo_run(without_symbols(four)).solutions == 288);
    CHECK(make_sudoku(2, 2, "1...............").matrix.symbol_sets().empty());  // givens fix the symbols
    const Matrix six = make_sudoku(2, 3, "").matrix;
    const RunReport r = run_split(six, split_at_depth(six, 3, {.choice = kScan}), {},
                                  RunOptions{.threads = 2, .engine = EngineKind::memo, .memo_bytes = std::size_t{1} << 24});
    CHECK(r.total.solutions == Count{28200960});
}

TEST_CASE("renaming: a fixed-point problem renames the symbols where its symmetry keeps them apart", "[renaming][symmetry]") {
    for (int n = 2; n <= 5; ++n) {
        const Problem latin = make_latin(n, false);
        const Group group = Group::generate(latin.matrix, latin.symmetries);
        bool renamed_somewhere = false;
        for (std::size_t k = 1; k < group.order(); ++k) {
            const Symmetry& g = group.element(k);
            const Matrix fixed = fixed_points_matrix(latin.matrix, g);
            INFO("n " << n << ", " << g.name);
            const auto sets = fixed.symbol_sets().size();
            if (g.name == "transpose") CHECK(sets == 1);  // the symbols; a column is now its row as well
            if (g.name == "relabel+1") CHECK(sets == 1);  // the columns; it moves the symbols themselves
            renamed_somewhere = renamed_somewhere || sets > 0;
            const Count plain = memo_run(without_symbols(fixed)).solutions;
            CHECK(memo_run(fixed).solutions == plain);
            CHECK(test::count_restoring<Dancer>(fixed, {}).solutions == plain);  // dancing links, no merging
            CHECK(layers_run(fixed).solutions == plain);
        }
        CHECK(renamed_somewhere);
    }
}

TEST_CASE("renaming: auto counts by layers where the symbols can be renamed, merging by memo where a window is too wide", "[renaming]") {
    const auto decided = [](const Matrix& m) {
        MethodReasons why;
        return decide_method(m, MethodRequest{.engine = EngineKind::automatic, .choice = {}, .rule_given = false}, &why);
    };
    const Method latin = decided(make_latin(5, false).matrix);
    CHECK(latin.engine == EngineKind::frontier);
    CHECK(latin.choice.rule == ChooseRule::scan);
    const Method ten = decided(make_sudoku(2, 5, "").matrix);  // a window of 130 items
    CHECK(ten.engine == EngineKind::memo);
    CHECK(ten.choice.rule == ChooseRule::scan);
}

namespace {

// Items: `fixed` primary items that no renaming moves, then a grid of rows x columns items, the
// rows one set of symbols and the columns another (each grid item in one row and one column).
// Random options, each closed under every renaming of rows and of columns; and, so that covers
// exist, perhaps each item alone.
Matrix random_grid_renamable(std::mt19937& rng, int fixed, int rows, int columns, int options) {
    MatrixBuilder b;
    for (int i = 0; i < fixed; ++i) b.add_item("f" + std::to_string(i), Kind::primary);
    std::vector<std::vector<ItemId>> grid(static_cast<std::size_t>(rows));
    const Kind kind = rng() % 3 == 0 ? Kind::secondary : Kind::primary;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c)
            grid[static_cast<std::size_t>(r)].push_back(b.add_item("g" + std::to_string(r) + "." + std::to_string(c), kind));
    std::vector<int> row_order(static_cast<std::size_t>(rows)), column_order(static_cast<std::size_t>(columns));
    for (int i = 0; i < fixed; ++i)
        if (rng() % 4 != 0) b.add_option({static_cast<ItemId>(i)});
    if (rng() % 4 != 0)
        for (const auto& row : grid)
            for (ItemId item : row) b.add_option({item});
    for (int o = 0; o < options; ++o) {
        std::vector<ItemId> fixed_part;
        for (int i = 0; i < fixed; ++i)
            if (rng() % 3 == 0) fixed_part.push_back(i);
        std::vector<std::pair<int, int>> grid_part;  // (row, column)
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < columns; ++c)
                if (rng() % 4 == 0) grid_part.emplace_back(r, c);
        if (fixed_part.empty() && grid_part.empty()) fixed_part.push_back(static_cast<ItemId>(rng() % fixed));
        std::iota(row_order.begin(), row_order.end(), 0);
        do {
            std::iota(column_order.begin(), column_order.end(), 0);
            do {
                std::vector<ItemId> option = fixed_part;
                for (const auto& [r, c] : grid_part)
                    option.push_back(grid[static_cast<std::size_t>(row_order[static_cast<std::size_t>(r)])]
                                         [static_cast<std::size_t>(column_order[static_cast<std::size_t>(c)])]);
                b.add_option(option);
            } while (std::next_permutation(column_order.begin(), column_order.end()));
        } while (std::next_permutation(row_order.begin(), row_order.end()));
    }
    SymbolSet by_row = grid, by_column(static_cast<std::size_t>(columns));
    for (int c = 0; c < columns; ++c)
        for (int r = 0; r < rows; ++r)
            by_column[static_cast<std::size_t>(c)].push_back(grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]);
    b.add_symbols(by_row);
    b.add_symbols(by_column);
    return std::move(b).build();
}

}  // namespace

// Brute force where the options are few enough (20), dancing links (no merging) beyond.
TEST_CASE("renaming: two sets sharing items, sorted in turn, count what brute force and dancing links count", "[renaming][oracle]") {
    std::mt19937 rng(5353);
    int merged_more = 0, brute = 0;
    for (int trial = 0; trial < 120; ++trial) {
        const int rows = 2 + trial % 2, columns = 2 + (trial / 2) % 2;
        const Matrix m = random_grid_renamable(rng, 2 + trial % 4, rows, columns, rows * columns == 4 ? 1 + trial % 8 : 1 + trial % 3);
        INFO("trial " << trial);
        REQUIRE(m.symbol_sets().size() == 2);
        const bool few = m.option_count() <= 20;
        brute += few;
        const Count truth = few ? test::brute_force_count(m) : test::count_restoring<Dancer>(m, {}).solutions;
        for (ChooseRule rule : {ChooseRule::scan, ChooseRule::mrv}) {
            const MemoRun both = memo_run(m, {rule, 0});
            CHECK(both.solutions == truth);
            CHECK(memo_run(m, {rule, 0}, 1).solutions == truth);  // a table of one entry
            Matrix rows_only = without_symbols(m);
            rows_only = with_symbols(rows_only, m.symbol_sets()[0]);
            const MemoRun one = memo_run(rows_only, {rule, 0});
            CHECK(one.solutions == truth);
            CHECK(both.stored <= one.stored);
            merged_more += both.stored < one.stored;
        }
    }
    CHECK(merged_more > 0);  // the second set merges states the first leaves apart
    CHECK(brute >= 30);
}

TEST_CASE("renaming: the frontier engine renames rows and columns in turn as brute force counts", "[renaming][oracle][frontier]") {
    std::mt19937 rng(5351);
    int brute = 0;
    for (int trial = 0; trial < 120; ++trial) {
        const int rows = 2 + trial % 2, columns = 2 + (trial / 2) % 2;
        const Matrix m = random_grid_renamable(rng, 2 + trial % 4, rows, columns, rows * columns == 4 ? 1 + trial % 8 : 1 + trial % 3);
        INFO("trial " << trial);
        const bool few = m.option_count() <= 20;
        brute += few;
        const Count truth = few ? test::brute_force_count(m) : test::count_restoring<Dancer>(m, {}).solutions;
        CHECK(layers_run(m).solutions == truth);
        CHECK(layers_split(m, 2) == truth);
    }
    CHECK(brute >= 30);
}

TEST_CASE("renaming: Latin squares of orders 6 to 8 and sudoku 2x4, renaming symbols and columns, as published", "[renaming][published]") {
    // OEIS A002860: 812,851,200; 61,479,419,904,000; 108,776,032,459,082,956,800 Latin squares
    // of orders 6, 7, 8 (McKay and Wanless 2005 for order 8). 8x8 sudoku with 2x4 boxes:
    // 29,136,487,207,403,520 (Russell and Jarvis, as quoted in Wikipedia's Mathematics of Sudoku).
    const char* latin[] = {"812851200", "61479419904000", "108776032459082956800"};
    for (int n = 6; n <= 8; ++n) {
        const Matrix m = make_latin(n, false).matrix;
        const RunReport r = run_split(m, split_at_depth(m, 2, {.choice = kScan}), {},
                                      RunOptions{.threads = 2, .engine = EngineKind::memo, .memo_bytes = std::size_t{1} << 28});
        CHECK(to_string(r.total.solutions) == latin[n - 6]);
    }
    const Matrix sudoku = make_sudoku(2, 4, "").matrix;
    CHECK(sudoku.symbol_sets().size() == 4);  // the digits, the columns of each of the 2 stacks, the stacks
    const RunReport r = run_split(sudoku, split_at_depth(sudoku, 2, {.choice = kScan}), {},
                                  RunOptions{.threads = 2, .engine = EngineKind::memo, .memo_bytes = std::size_t{1} << 28});
    CHECK(to_string(r.total.solutions) == "29136487207403520");
}

TEST_CASE("renaming: Latin squares of orders 1 to 8 and sudoku 2x2 to 2x4 by layers, as published", "[renaming][published][frontier]") {
    // OEIS A002860 (Latin squares of order n; McKay and Wanless 2005 for order 8); sudoku: 288
    // (OEIS A107739), 28,200,960 (Pettersen) and 29,136,487,207,403,520 (Russell and Jarvis), as
    // quoted in Wikipedia's Mathematics of Sudoku.
    const char* latin[] = {"1", "2", "12", "576", "161280", "812851200", "61479419904000", "108776032459082956800"};
    for (int n = 1; n <= 8; ++n) {
        const Matrix m = make_latin(n, false).matrix;
        const LayersRun renamed = layers_run(m);
        CHECK(to_string(renamed.solutions) == latin[n - 1]);
        if (n <= 5) {
            const LayersRun plain = layers_run(without_symbols(m));
            CHECK(plain.solutions == renamed.solutions);
            if (n >= 4) CHECK(renamed.states * 4 < plain.states);
        }
    }
    const char* sudoku[] = {"288", "28200960", "29136487207403520"};
    for (int cols = 2; cols <= 4; ++cols) CHECK(to_string(layers_run(make_sudoku(2, cols, "").matrix).solutions) == sudoku[cols - 2]);
    CHECK(to_string(layers_split(make_sudoku(2, 3, "").matrix, 3)) == "28200960");
    CHECK(layers_run(without_symbols(make_sudoku(2, 2, "").matrix)).solutions == 288);
}

TEST_CASE("frontier: an item that leads no option leaves the window after the last that leads one holding it", "[frontier][order]") {
    // The models list the cells first, then the row, column (and box) items. Moved after their
    // last cells, a row's items leave with their row and a box's with their box: at most the
    // column items, the band's boxes' and the row's (81 + 27 + 9 on 9x9 sudoku, 81 + 9 on Latin
    // squares of order 9), where they would otherwise stay to the end (over 128 items).
    CHECK(Frontier(make_sudoku(3, 3, "").matrix).widest_window() == 117);
    CHECK(Frontier(make_latin(9, false).matrix).widest_window() == 90);
}
