#include "sudoku_generator.hpp"

#include <algorithm>
#include <numeric>
#include <random>

#include "sudoku.hpp"
#include "xcount/dancer.hpp"

namespace xcount {

namespace {

char symbol_char(int d) { return d < 9 ? static_cast<char>('1' + d) : static_cast<char>('A' + d - 9); }

// The same matrix with its options in the given order.
Matrix reordered(const Matrix& m, const std::vector<OptionId>& order) {
    MatrixBuilder b;
    for (std::size_t i = 0; i < m.item_count(); ++i)
        b.add_item(m.item(static_cast<ItemId>(i)).name, m.is_primary(static_cast<ItemId>(i)) ? Kind::primary : Kind::secondary);
    for (OptionId o : order) b.add_option(m.option(o));
    return std::move(b).build();
}

std::string random_grid(const SudokuRequest& request, std::mt19937_64& rng) {
    const int n = request.box_rows * request.box_cols;
    const Problem empty = make_sudoku(request.box_rows, request.box_cols, "");
    std::vector<OptionId> order(empty.matrix.option_count());
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    Dancer dancer(reordered(empty.matrix, order));
    dancer.set_choice({ChooseRule::mrv_random, rng()});
    std::string grid(static_cast<std::size_t>(n * n), '.');
    dancer.search(
        [&](std::span<const OptionId> solution) {
            for (OptionId o : solution) {
                const OptionId original = order[static_cast<std::size_t>(o)];  // (cell * n + d) in the grid matrix
                grid[static_cast<std::size_t>(original / n)] = symbol_char(original % n);
            }
        },
        Limits{.max_solutions = 1});
    return grid;
}

}  // namespace

std::uint64_t sudoku_solutions(int box_rows, int box_cols, const std::string& givens, std::uint64_t stop_at) {
    Dancer dancer(make_sudoku(box_rows, box_cols, givens).matrix);
    return *dancer.count(Limits{.max_solutions = stop_at}).solutions.to_u64();  // at most stop_at
}

SudokuPuzzle generate_sudoku(const SudokuRequest& request, std::uint64_t index) {
    std::seed_seq seq{static_cast<std::uint32_t>(request.seed), static_cast<std::uint32_t>(request.seed >> 32),
                      static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32)};
    std::mt19937_64 rng(seq);
    SudokuPuzzle puzzle;
    puzzle.solution = random_grid(request, rng);
    std::string givens = puzzle.solution;
    const auto cells = static_cast<int>(givens.size());
    std::vector<int> order(static_cast<std::size_t>(cells));
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    for (int cell : order) {
        const int partner = request.symmetric ? cells - 1 - cell : cell;
        if (givens[static_cast<std::size_t>(cell)] == '.') continue;  // gone with its partner
        const std::string before = givens;
        givens[static_cast<std::size_t>(cell)] = givens[static_cast<std::size_t>(partner)] = '.';
        if (sudoku_solutions(request.box_rows, request.box_cols, givens, 2) != 1) givens = before;
    }
    puzzle.givens = givens;
    puzzle.clues = static_cast<int>(std::count_if(givens.begin(), givens.end(), [](char c) { return c != '.'; }));
    return puzzle;
}

}  // namespace xcount
